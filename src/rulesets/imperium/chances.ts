import { damageResult } from './damage';
import { factorsOf, Unit } from './state';

/** The chances of one attack's results, for standing orders that choose targets and splits. */

const HIT = 1 / 3;
const pmfCache: number[][] = [];

/** P(k hits of n dice), each die hitting on 5 or 6. */
export function binomial(n: number): number[] {
  const cached = pmfCache[n];
  if (cached) return cached;
  let dist = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((p, k) => {
      next[k] += p * (1 - HIT);
      next[k + 1] += p * HIT;
    });
    dist = next;
  }
  pmfCache[n] = dist;
  return dist;
}

/** The chance that `dice` beams (or torpedoes, against the target's countermeasures) destroy or damage `target`. */
export function attackChances(
  dice: number,
  target: Unit,
  torpedo: boolean,
): { destroy: number; harm: number } {
  const hits = binomial(dice);
  const cancels = torpedo ? binomial(factorsOf(target).cm) : [1];
  let destroy = 0;
  let harm = 0;
  hits.forEach((ph, h) =>
    cancels.forEach((pc, c) => {
      const r = damageResult(target, Math.max(0, h - c));
      if (r === 'destroyed') destroy += ph * pc;
      if (r !== 'no effect') harm += ph * pc;
    }),
  );
  return { destroy, harm };
}

/** A unit's strength for allocation and targeting: its beam and torpedo factors now. */
export const strength = (u: Unit): number => factorsOf(u).beam + factorsOf(u).torpedo;
