import { disengageFraction, Orders } from './options';
import { jumpCapable } from './speed';
import { factorsOf, ImperiumState, inBattle, Range, Unit } from './state';

const total = (units: Unit[], f: 'beam' | 'torpedo') =>
  units.reduce((a, u) => a + factorsOf(u)[f], 0);

/**
 * The initiative holder's range from its standing orders. Disengage first: when its beam and
 * torpedo factors are under the `disengage` fraction of the enemy's and it has a ship that can
 * jump, it steps toward disengaging (short -> long, long -> disengage). Otherwise by `range`:
 * `beams` closes to short when its beam factors exceed the enemy's, else goes to long; `close`,
 * `long`, or `hold` (unchanged).
 */
export function chooseRange(st: ImperiumState, side: 0 | 1, orders: Orders): Range | 'disengage' {
  const own = inBattle(st, side);
  const enemy = inBattle(st, side === 0 ? 1 : 0);
  const ratio = disengageFraction(orders.disengage);
  const ownFactors = BigInt(total(own, 'beam') + total(own, 'torpedo'));
  const enemyFactors = BigInt(total(enemy, 'beam') + total(enemy, 'torpedo'));
  // Under num/den of the enemy's, in whole numbers: 7 is not under 0.28 x 25.
  if (ratio && own.some(jumpCapable) && ownFactors * ratio.den < ratio.num * enemyFactors) {
    return st.range === 'short' ? 'long' : 'disengage';
  }
  switch (orders.range) {
    case 'hold':
      return st.range;
    case 'close':
      return 'short';
    case 'long':
      return 'long';
    case 'beams':
      return total(own, 'beam') > total(enemy, 'beam') ? 'short' : 'long';
  }
}
