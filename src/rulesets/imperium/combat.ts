import { Dice } from '../../dice';
import { SIDES } from '../../forces';
import { Allocation } from './allocation';
import { applyDamage, damageResult } from './damage';
import { FireEvent, ImperiumEvent, ImperiumLeft, leftOf } from './events';
import { Orders } from './options';
import { planFire } from './targets';
import { factorsOf, ImperiumState, Unit } from './state';

/** `n` dice; when they run out (scripted dice), `st.at` says what was being rolled. */
function roll(st: ImperiumState, dice: Dice, n: number, at: () => string): number[] {
  const rolled: number[] = [];
  try {
    for (let i = 0; i < n; i++) rolled.push(dice.d6());
  } catch (e) {
    st.at = at();
    throw e;
  }
  return rolled;
}
const successes = (rolled: number[]) => rolled.filter((d) => d >= 5).length;

/**
 * A beam or torpedo step. The initiative holder's units fire first, in allocation order, then
 * the other side's; each fires the factors it has as the step begins (a unit destroyed during
 * the step still fires; a unit destroyed before it does not), at enemy units of its group not
 * yet destroyed. Each part of its fire is one die group: its dice, then for torpedoes, hit or
 * not, the target's countermeasure dice (its rating now, each 5 or 6 cancelling one hit).
 */
export function combatStep(
  st: ImperiumState,
  step: 'beam' | 'torpedo',
  alloc: Allocation,
  holder: 0 | 1,
  orders: [Orders, Orders],
  dice: Dice,
  emit: (e: ImperiumEvent) => void,
  /** The survivors as the step begins; the step's events share them until a unit is hit. */
  left: ImperiumLeft,
): ImperiumLeft {
  const torpedo = step === 'torpedo';
  const groupOf = new Map<Unit, Unit[]>();
  for (const g of alloc.groups) for (const u of g) groupOf.set(u, g);
  const firers = [holder, holder === 0 ? 1 : 0].flatMap((s) =>
    alloc.order
      .filter((u) => u.side === s && u.status === 'in')
      .map((u) => ({ u, factor: factorsOf(u)[step] }))
      .filter((x) => x.factor > 0),
  );
  for (const { u, factor } of firers) {
    const candidates = groupOf.get(u)!.filter((t) => t.side !== u.side && t.status === 'in');
    if (candidates.length === 0) continue;
    const parts = planFire(u, factor, candidates, torpedo, orders[u.side]);
    parts.forEach(({ target, dice: n }, i) => {
      const side = SIDES[u.side];
      const rolled = roll(
        st,
        dice,
        n,
        () => `when the ${side}'s ${u.name} was to fire ${step}s at ${target.name}`,
      );
      const hits = successes(rolled);
      // The spec: the target rolls its countermeasures against every torpedo attack, hit or not.
      const cmDice = torpedo
        ? roll(
            st,
            dice,
            factorsOf(target).cm,
            () => `when the ${SIDES[target.side]}'s ${target.name} was to roll countermeasures`,
          )
        : [];
      const cancelled = Math.min(hits, successes(cmDice));
      const screen = factorsOf(target).screen;
      const result = damageResult(target, hits - cancelled);
      applyDamage(target, result);
      if (result !== 'no effect') left = leftOf(st);
      const event: FireEvent = {
        kind: 'fire',
        round: st.round,
        side,
        step,
        unit: u.name,
        target: target.name,
        dice: rolled,
        hits,
        cmDice,
        cancelled,
        screen,
        result,
        left,
      };
      if (parts.length > 1) event.part = (i + 1) as 1 | 2;
      emit(event);
    });
  }
  return left;
}
