import { otherSide, Side, SIDES } from '../../forces';
import { Hex, log, roll } from './context';
import { mustCheckMorale } from './formulas';

/**
 * Segment 3: each unit at or below moraleAt% of its health checks RND(20) - morale, attacker
 * first; a unit that fails retreats and checks discipline for a rout. A routed defender makes
 * the attacker check for berserk. True when a unit retreated (the combat goes to segment 4).
 */
export function morale(h: Hex): boolean {
  const { st, o } = h;
  const gone: Side[] = [];
  const routed: Side[] = [];
  for (const side of SIDES) {
    const army = st.sides[side].army!;
    if (!mustCheckMorale(army.health, army.spec.maxHealth, o.moraleAt)) continue;
    const what = `round ${st.round}, morale: ${army.spec.name}'s morale check`;
    const check = roll(h, o.checkDie, what);
    const margin = check.value - army.spec.morale;
    log(h, {
      side,
      segment: '3 morale',
      unit: army.spec.name,
      draw: check,
      detail: `health ${army.health}/${army.spec.maxHealth}: RND(${o.checkDie}) ${check.value} - morale ${army.spec.morale} = ${margin}`,
      result: margin > 0 ? 'fails: retreats' : 'passes',
    });
    if (margin <= 0) continue;
    army.status = 'retreated';
    gone.push(side);
    if (disciplineCheck(h, side, '3 morale')) routed.push(side);
  }
  if (gone.length === 0) return false;
  if (gone.length === 2) {
    st.armies = { outcome: 'disengaged', winner: null };
    return true;
  }
  st.armies = { outcome: routed.length > 0 ? 'routed' : 'retreated', winner: otherSide(gone[0]) };
  if (routed.includes('defender')) berserkCheck(h, 'attacker', '3 morale');
  return true;
}

/**
 * RND(20) - discipline: above 0 fails. `apply` records the result before the row is logged, so
 * that the row shows the unit routed or berserk.
 */
function disciplineRoll(
  h: Hex,
  side: Side,
  segment: string,
  what: string,
  results: [string, string],
  apply: (fails: boolean) => void,
): boolean {
  const { st, o } = h;
  const army = st.sides[side].army!;
  const check = roll(h, o.checkDie, `round ${st.round}, ${army.spec.name}'s ${what}`);
  const margin = check.value - army.spec.discipline;
  apply(margin > 0);
  log(h, {
    side,
    segment,
    unit: army.spec.name,
    draw: check,
    detail: `RND(${o.checkDie}) ${check.value} - discipline ${army.spec.discipline} = ${margin}`,
    result: margin > 0 ? results[0] : results[1],
  });
  return margin > 0;
}

/** A retreating unit's discipline check: true when it routs. */
export function disciplineCheck(h: Hex, side: Side, segment: string): boolean {
  const army = h.st.sides[side].army!;
  return disciplineRoll(
    h,
    side,
    segment,
    'discipline check',
    ['routs', 'retreats in order'],
    (f) => {
      if (f) army.status = 'routed';
    },
  );
}

/** The attacker of a routed defender checks discipline: above 0 it goes berserk. */
export function berserkCheck(h: Hex, side: Side, segment: string): void {
  const army = h.st.sides[side].army!;
  const results: [string, string] = ['goes berserk: pursues the routed unit next turn', 'holds'];
  disciplineRoll(h, side, segment, 'berserk check', results, (f) => (army.berserk = f));
}
