import { attackChances, strength, targetKey } from './chances';
import { Orders } from './options';
import { Unit } from './state';

/** Whom a unit fires at, and how a capital ship splits its factors: from standing orders. */

export interface FirePart {
  target: Unit;
  dice: number;
}

/** The candidates best first, by the `target` order; ties keep the group's order. */
export function rankTargets(
  dice: number,
  candidates: readonly Unit[],
  torpedo: boolean,
  policy: Orders['target'],
): Unit[] {
  const keyed = candidates.map((u, i) => {
    const c = attackChances(dice, u, torpedo);
    const s = strength(u);
    const key = policy === 'destroy' ? [c.destroy, c.harm, s] : policy === 'strongest' ? [s] : [-s];
    return { u, i, key };
  });
  keyed.sort((a, b) => {
    for (let k = 0; k < a.key.length; k++) {
      if (Math.abs(a.key[k] - b.key[k]) > 1e-12) return b.key[k] - a.key[k];
    }
    return a.i - b.i;
  });
  return keyed.map((k) => k.u);
}

/**
 * The parts of a unit's fire: one target, or for a capital ship with split orders and two or
 * more targets, two. `even` gives the better target half its factors, rounded up; `auto` splits
 * only when it raises the expected number of ships destroyed.
 */
export function planFire(
  firer: Unit,
  dice: number,
  candidates: readonly Unit[],
  torpedo: boolean,
  orders: Orders,
): FirePart[] {
  if (candidates.length === 1) return [{ target: candidates[0], dice }];
  const ranked = rankTargets(dice, candidates, torpedo, orders.target);
  const single = [{ target: ranked[0], dice }];
  if (firer.cls !== 'capital' || ranked.length < 2 || dice < 2 || orders.split === 'never') {
    return single;
  }
  if (orders.split === 'even') {
    const first = Math.ceil(dice / 2);
    return [
      { target: ranked[0], dice: first },
      { target: ranked[1], dice: dice - first },
    ];
  }
  let best = attackChances(dice, ranked[0], torpedo).destroy;
  let plan: FirePart[] = single;
  // Targets alike (targetKey) give alike splits: the first two of each kind stand for the rest,
  // as a later pair of alike targets never does better than the earlier pair already tried.
  const seen = new Map<string, number>();
  const pool = ranked.filter((u) => {
    const key = targetKey(u, torpedo);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n < 2;
  });
  for (let i = 0; i < pool.length; i++) {
    for (let j = 0; j < pool.length; j++) {
      if (i === j) continue;
      for (let k = dice - 1; k >= 1; k--) {
        const expected =
          attackChances(k, pool[i], torpedo).destroy +
          attackChances(dice - k, pool[j], torpedo).destroy;
        if (expected > best + 1e-12) {
          best = expected;
          plan = [
            { target: pool[i], dice: k },
            { target: pool[j], dice: dice - k },
          ];
        }
      }
    }
  }
  return plan;
}
