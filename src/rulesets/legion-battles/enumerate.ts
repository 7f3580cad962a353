import { Chance, CheckRoll } from './chance';
import { checkOdds, marginOdds } from './check-odds';
import { Pool } from './dice';

/**
 * A Chance that enumerates, for the exact odds: every check gives each outcome that matters to
 * the battle in turn (a check's success, and 2+ net Boons for a Discipline test; a Clash's margin
 * in the classes the rules tell apart, e.g. -3 or worse, -2 and -1, a tie, 1 and 2, 3 or more), each with its probability. The distributions are
 * worked out once per pool.
 */

type Option<T> = { p: number; value: T };

const NO = { calamity: false, faces: '' };
const FAIL: CheckRoll = { net: 0, boons: 0, ...NO };

/** A pool as one number: 5 bits a kind of die. */
const poolCode = (p: Pool) =>
  (((p.mastery * 32 + p.ability) * 32 + p.boon) * 32 + p.difficulty) * 32 + p.bane;
/** By kind (0 success, 1 test) and pool. */
const checks = new Map<number, Option<CheckRoll>[]>();
/** Margin classes by the cuts, then by the two pools. */
const margins = new Map<number, Map<number, Option<number>[]>>();

function checkOptions(pool: Pool, kind: 'success' | 'test'): Option<CheckRoll>[] {
  const key = poolCode(pool) * 2 + (kind === 'test' ? 1 : 0);
  let o = checks.get(key);
  if (!o) {
    const c = checkOdds(pool);
    const list: Option<CheckRoll>[] =
      kind === 'test'
        ? [
            { p: c.successWithTwoBoons, value: { net: 1, boons: 2, ...NO } },
            { p: c.success - c.successWithTwoBoons, value: { net: 1, boons: 0, ...NO } },
            { p: 1 - c.success, value: FAIL },
          ]
        : [
            { p: c.success, value: { net: 1, boons: 0, ...NO } },
            { p: 1 - c.success, value: FAIL },
          ];
    o = list.filter((x) => x.p > 0);
    checks.set(key, o);
  }
  return o;
}

/** A margin's class: its sign times the largest cut it reaches (0 for a tie). */
function marginClass(m: number, cuts: readonly number[]): number {
  let c = 0;
  for (const cut of cuts) if (Math.abs(m) >= cut) c = cut;
  return Math.sign(m) * c;
}

function marginOptions(a: Pool, b: Pool, cuts: readonly number[]): Option<number>[] {
  const cutsCode = cuts.reduce((code, c) => code * 16 + c, 0);
  let byPools = margins.get(cutsCode);
  if (!byPools) {
    byPools = new Map();
    margins.set(cutsCode, byPools);
  }
  const key = poolCode(a) * 2 ** 25 + poolCode(b);
  let o = byPools.get(key);
  if (!o) {
    const classes = new Map<number, number>();
    for (const m of marginOdds(a, b)) {
      const c = marginClass(m.value, cuts);
      classes.set(c, (classes.get(c) ?? 0) + m.p);
    }
    o = [...classes.entries()].map(([value, p]) => ({ p, value }));
    byPools.set(key, o);
  }
  return o;
}

/** One way through a piece of play: the option taken at each choice point, and its probability. */
interface Branch {
  choices: number[];
  p: number;
}

export interface Enumeration {
  chance: Chance;
  /** The probability of the way taken so far. */
  p: () => number;
}

/**
 * Calls `play` once for every way through it (each choice point's options in turn), starting
 * from probability `p`: `play` must do the same thing each time it is given the same results.
 */
export function enumerate(p: number, play: (e: Enumeration) => void): void {
  const branches: Branch[] = [{ choices: [], p }];
  while (branches.length > 0) {
    const branch = branches.pop() as Branch;
    const choices = [...branch.choices];
    let q = branch.p;
    let i = 0;
    const pick = <T>(options: Option<T>[]): T => {
      if (i < choices.length) return options[choices[i++]].value;
      for (let k = 1; k < options.length; k++) {
        branches.push({ choices: [...choices, k], p: q * options[k].p });
      }
      choices.push(0);
      i++;
      q *= options[0].p;
      return options[0].value;
    };
    const chance: Chance = {
      check: (pool, kind) => (kind === 'log' ? FAIL : pick(checkOptions(pool, kind))),
      opposed: (a, b, cuts) => {
        const margin = pick(marginOptions(a, b, cuts));
        return { margin, a: { net: margin, boons: 0, ...NO }, b: FAIL };
      },
    };
    play({ chance, p: () => q });
  }
}
