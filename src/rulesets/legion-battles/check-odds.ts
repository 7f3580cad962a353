import { DIE_FACES, DIE_KINDS, Pool } from './dice';

/**
 * Exact odds of a check by convolution, die by die: every outcome is an integer number of ways
 * out of the product of the dice sizes, so 2 Mastery + 1 Ability at Average is exactly 245/384.
 */

/** One outcome of a roll: net Successes, net Boons, and whether Triumph or Calamity shows. */
export interface Outcome {
  net: number;
  boons: number;
  triumph: boolean;
  calamity: boolean;
  /** Ways out of `CheckDistribution.total`. */
  ways: number;
}

export interface CheckDistribution {
  outcomes: Outcome[];
  /** The number of equally likely face combinations. */
  total: number;
}

const keyOf = (o: Omit<Outcome, 'ways'>) =>
  `${o.net},${o.boons},${o.triumph ? 1 : 0},${o.calamity ? 1 : 0}`;

/**
 * Why a pool is too large to count exactly, or null: its face combinations (the product of its
 * dice's sizes) must stay within Number.MAX_SAFE_INTEGER, where every count of ways is exact
 * (at most 14 Mastery dice, 17 Ability, 20 Boon; docs/rules-legion-battles.md).
 */
export function exactPoolError(pool: Pool): string | null {
  let total = 1;
  let dice = 0;
  for (const kind of DIE_KINDS) {
    const n = pool[kind];
    if (!Number.isSafeInteger(n) || n < 0) return `${n} ${kind} dice: not a whole number of dice`;
    dice += n;
    for (let i = 0; i < n && total <= Number.MAX_SAFE_INTEGER; i++) total *= DIE_FACES[kind].length;
  }
  if (total > Number.MAX_SAFE_INTEGER) {
    const shown = DIE_KINDS.filter((k) => pool[k] > 0).map((k) => `${pool[k]} ${k}`);
    return `${dice} dice in all (${shown.join(', ')}) are too many to count exactly: the pool's face combinations (12 for each Mastery die, 8 for each Ability or Difficulty die, 6 for each Boon or Bane die, multiplied) must stay within 2^53, e.g. 14 Mastery dice alone, or 13 with an Average check's 2 Difficulty dice`;
  }
  return null;
}

/** Every outcome of rolling the pool, with its number of ways. */
export function rollDistribution(pool: Pool): CheckDistribution {
  let current = new Map<string, Outcome>([
    ['0,0,0,0', { net: 0, boons: 0, triumph: false, calamity: false, ways: 1 }],
  ]);
  let total = 1;
  for (const kind of DIE_KINDS) {
    const faces = DIE_FACES[kind];
    for (let i = 0; i < pool[kind]; i++) {
      const next = new Map<string, Outcome>();
      for (const o of current.values()) {
        for (const f of faces) {
          const n = {
            net: o.net + f.s - f.f,
            boons: o.boons + f.b - f.n,
            triumph: o.triumph || f.triumph,
            calamity: o.calamity || f.calamity,
          };
          const key = keyOf(n);
          const was = next.get(key);
          if (was) was.ways += o.ways;
          else next.set(key, { ...n, ways: o.ways });
        }
      }
      current = next;
      total *= faces.length;
    }
  }
  const outcomes = [...current.values()].sort(
    (a, b) => a.net - b.net || a.boons - b.boons || +a.triumph - +b.triumph,
  );
  return { outcomes, total };
}

/** A probability for each value of a number read off the roll, smallest value first. */
export type ValueOdds = { value: number; p: number }[];

function marginal(d: CheckDistribution, read: (o: Outcome) => number): ValueOdds {
  const m = new Map<number, number>();
  for (const o of d.outcomes) m.set(read(o), (m.get(read(o)) ?? 0) + o.ways);
  return [...m.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([value, w]) => ({ value, p: w / d.total }));
}

export const netSuccessOdds = (d: CheckDistribution) => marginal(d, (o) => o.net);
export const netBoonOdds = (d: CheckDistribution) => marginal(d, (o) => o.boons);

export interface CheckOdds {
  /** 1 or more net Successes. */
  success: number;
  /** Success as a fraction: ways out of total. */
  ways: number;
  total: number;
  triumph: number;
  calamity: number;
  /** Success with 2 or more net Boons. */
  successWithTwoBoons: number;
  netBoons: ValueOdds;
  netSuccesses: ValueOdds;
}

export function checkOdds(pool: Pool): CheckOdds {
  const d = rollDistribution(pool);
  const sum = (f: (o: Outcome) => boolean) => d.outcomes.filter(f).reduce((a, o) => a + o.ways, 0);
  const ways = sum((o) => o.net >= 1);
  return {
    success: ways / d.total,
    ways,
    total: d.total,
    triumph: sum((o) => o.triumph) / d.total,
    calamity: sum((o) => o.calamity) / d.total,
    successWithTwoBoons: sum((o) => o.net >= 1 && o.boons >= 2) / d.total,
    netBoons: netBoonOdds(d),
    netSuccesses: netSuccessOdds(d),
  };
}

export interface OpposedOdds {
  /** The first pool has more net Successes. */
  win: number;
  tie: number;
  lose: number;
  /** The first pool's net Successes less the second's. */
  margins: ValueOdds;
}

/** Two pools against each other: more net Successes wins; the margin is the difference. */
export function opposedOdds(a: Pool, b: Pool): OpposedOdds {
  const margins = marginOdds(a, b);
  const sum = (f: (v: number) => boolean) =>
    margins.filter((m) => f(m.value)).reduce((s, m) => s + m.p, 0);
  return { win: sum((v) => v > 0), tie: sum((v) => v === 0), lose: sum((v) => v < 0), margins };
}

/** The distribution of net Successes of `a` less those of `b`. */
export function marginOdds(a: Pool, b: Pool): ValueOdds {
  const na = netSuccessOdds(rollDistribution(a));
  const nb = netSuccessOdds(rollDistribution(b));
  const m = new Map<number, number>();
  for (const x of na)
    for (const y of nb) m.set(x.value - y.value, (m.get(x.value - y.value) ?? 0) + x.p * y.p);
  return [...m.entries()].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p }));
}

/**
 * The expected number of rolls of an extended check to reach `threshold`: each roll adds its net
 * Successes when positive. Infinity when no roll can make progress.
 */
export function expectedRolls(pool: Pool, threshold: number): number {
  const gains = netSuccessOdds(rollDistribution(pool));
  const stay = gains.filter((g) => g.value <= 0).reduce((a, g) => a + g.p, 0);
  if (stay >= 1) return Infinity;
  // need[r]: expected rolls still to make with r still to gain; need[r <= 0] = 0.
  const need: number[] = [0];
  for (let r = 1; r <= threshold; r++) {
    let e = 1;
    for (const g of gains) if (g.value > 0) e += g.p * need[Math.max(0, r - g.value)];
    need.push(e / (1 - stay));
  }
  return need[threshold];
}
