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

/**
 * What an attack's chances depend on besides its dice: the target's screen now, its
 * countermeasures against torpedoes, and whether any damaging result destroys it (a ship
 * already damaged, or one without a damaged side). Targets alike in these are alike to fire at.
 */
export const targetKey = (target: Unit, torpedo: boolean): string =>
  `${factorsOf(target).screen}/${torpedo ? factorsOf(target).cm : '-'}/${target.damaged || !target.hasDamagedSide ? 1 : 0}`;

type Chances = { destroy: number; harm: number };
const chancesCache = new Map<string, Chances>();
/** Enough for every dice count, screen and countermeasures the unit table's caps allow. */
const CHANCES_CACHE_SIZE = 100_000;

/** The chance that `dice` beams (or torpedoes, against the target's countermeasures) destroy or damage `target`. */
export function attackChances(dice: number, target: Unit, torpedo: boolean): Chances {
  const key = `${dice}:${targetKey(target, torpedo)}`;
  const cached = chancesCache.get(key);
  if (cached) return cached;
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
  if (chancesCache.size >= CHANCES_CACHE_SIZE) chancesCache.clear();
  const chances = { destroy, harm };
  chancesCache.set(key, chances);
  return chances;
}

/** A unit's strength for allocation and targeting: its beam and torpedo factors now. */
export const strength = (u: Unit): number => factorsOf(u).beam + factorsOf(u).torpedo;
