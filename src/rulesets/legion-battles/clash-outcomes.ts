import { QUIET } from '../../ruleset';
import { advanceClash, beginClash, ClashRun } from './clash';
import { settle } from './engine';
import { Enumeration, enumerate } from './enumerate';
import { LegionOptions } from './options';
import { fighting, LegionState, UnitState } from './state';

/**
 * Every way one Clash can end from a given state, for the exact odds, by the very rules of
 * clash.ts: the Clash is played one check at a time with a Chance that enumerates the outcomes
 * that matter (enumerate.ts), and copies of the Clash that have come to the same place are
 * merged after every check, so a Clash costs the sum of its checks' outcomes, not their product.
 * After the Discipline tests and Actions, each group of units that meet only one another is
 * played out on its own, once for all states where that group stands the same.
 */

/** A unit's part of a state key: what the rules still read of it (not PC wounds). */
export function unitKey(u: UnitState): string {
  if (!fighting(u)) return u.broken ? 'b' : 'w';
  return `${u.strength}${u.discipline}${u.relieved ? 1 : 0}${u.arrows ?? 'c'}${u.closed ? 'x' : ''}${u.pendingBoons}`;
}

export const stateKey = (st: LegionState) => st.units.map(unitKey).join('|');

/** A copy to play on, field by field (fast); the ratings (`spec`) never change and are shared. */
function cloneUnit(u: UnitState): UnitState {
  return {
    side: u.side,
    name: u.name,
    code: u.code,
    spec: u.spec,
    strength: u.strength,
    discipline: u.discipline,
    relieved: u.relieved,
    broken: u.broken,
    withdrawn: u.withdrawn,
    arrows: u.arrows,
    closed: u.closed,
    pendingBoons: u.pendingBoons,
    wounds: u.wounds.slice(),
  };
}

export function cloneState(st: LegionState): LegionState {
  return { round: st.round, units: st.units.map(cloneUnit), at: st.at, end: st.end };
}

function cloneRun(r: ClashRun): ClashRun {
  return {
    st: cloneState(r.st),
    phase: r.phase,
    index: r.index,
    pcBoons: r.pcBoons.slice(),
    rallied: r.rallied.slice(),
    front: r.front.slice(),
    pairs: r.pairs,
    engaged: r.engaged.slice(),
    losses: r.losses.map(([i, l]) => [
      i,
      { steps: l.steps, discipline: l.discipline, pila: l.pila, margin: l.margin },
    ]),
  };
}

/** Where a Clash half played stands: its state and what it has gathered (not PC wounds). */
function runKey(r: ClashRun): string {
  const st = stateKey(r.st);
  if (r.phase === 'done') return st;
  const losses = r.losses.map(([i, l]) => `${i}:${l.steps}${l.discipline}${l.pila}`).join(',');
  return `${r.phase}${r.index}|${st}|${r.pcBoons.join('')}|${r.rallied.map(Number).join('')}|${r.engaged.join('')}|${losses}`;
}

/** Things by key, each with the probability gathered so far. */
export type Weighted<T> = Map<string, { value: T; p: number }>;

/** Adds `p` to `key`'s probability, first storing `value` there; true when the key is new. */
export function add<T>(m: Weighted<T>, key: string, value: T, p: number): boolean {
  const was = m.get(key);
  if (was) {
    was.p += p;
    return false;
  }
  m.set(key, { value, p });
  return true;
}

/** Plays each run on through every outcome of its checks, merging, until done or at `stopAt`. */
function playOut(
  runs: Weighted<ClashRun>,
  options: LegionOptions,
  stopAt?: ClashRun['phase'],
): Weighted<ClashRun> {
  const resting = (r: ClashRun) => r.phase === 'done' || r.phase === stopAt;
  while ([...runs.values()].some(({ value }) => !resting(value))) {
    const next: Weighted<ClashRun> = new Map();
    for (const [key, { value: run, p }] of runs) {
      if (resting(run)) {
        add(next, key, run, p);
        continue;
      }
      enumerate(p, (e: Enumeration) => {
        const copy = cloneRun(run);
        advanceClash(copy, options, e.chance, QUIET, stopAt);
        add(next, runKey(copy), copy, e.p());
      });
    }
    runs = next;
  }
  return runs;
}

/** Units that meet only one another this Clash: their pairs, and the units in order. */
interface Group {
  pairs: [number, number][];
  members: number[];
  label: string;
}

/** The Clash's pairs in groups that share no unit: each group's checks are independent. */
function pairGroups(pairs: [number, number][]): Group[] {
  const parent: number[] = [];
  const find = (i: number): number =>
    parent[i] === undefined || parent[i] === i ? i : find(parent[i]);
  for (const [u, v] of pairs) parent[find(u)] = find(v);
  const byRoot = new Map<number, [number, number][]>();
  for (const pair of pairs) {
    const root = find(pair[0]);
    byRoot.set(root, [...(byRoot.get(root) ?? []), pair]);
  }
  return [...byRoot.values()].map((g) => ({
    pairs: g,
    members: [...new Set(g.flat())].sort((a, b) => a - b),
    label: g.join(';'),
  }));
}

/** A unit after the Clash: its index, its state and its key. */
type Placed = [number, UnitState, string];

/** One group's checks and losses: each way its units can end, with its probability. */
type GroupOutcomes = { units: Placed[]; p: number }[];

/** Worked-out group outcomes, by Clash class, pairs, and the group's units and PC Boons. */
export type GroupCache = Map<string, GroupOutcomes>;

/** `keys`: the run's unit keys. */
function groupOutcomes(
  run: ClashRun,
  keys: string[],
  { pairs, members, label }: Group,
  options: LegionOptions,
  cache: GroupCache,
  when: string,
): GroupOutcomes {
  let key = `${when}|${label}`;
  for (const i of members) key += `|${keys[i]}+${run.pcBoons[i]}`;
  let out = cache.get(key);
  if (!out) {
    const start = cloneRun(run);
    start.pairs = pairs;
    start.index = 0;
    const ends = playOut(new Map([['', { value: start, p: 1 }]]), options);
    const merged: Weighted<Placed[]> = new Map();
    for (const { value, p } of ends.values()) {
      const units = members.map((i): Placed => {
        const u = value.st.units[i];
        return [i, u, unitKey(u)];
      });
      add(merged, units.map((x) => x[2]).join('|'), units, p);
    }
    out = [...merged.values()].map(({ value, p }) => ({ units: value, p }));
    cache.set(key, out);
  }
  return out;
}

/** One way a Clash from a given state can end (merged): the state after and its probability. */
export interface Transition {
  key: string;
  st: LegionState;
  p: number;
}

/**
 * Every way the next Clash from `st` can end. `when` names the Clash's class for the rules
 * (clash.ts, `roundsAlikeFrom`): group outcomes are remembered in `groups` under it.
 */
export function clashOutcomes(
  st: LegionState,
  options: LegionOptions,
  groups: GroupCache,
  when: string,
): Transition[] {
  const start = beginClash(cloneState(st));
  const runs: Weighted<ClashRun> = new Map();
  const unpaired: Weighted<ClashRun> = new Map();
  for (const [key, w] of playOut(new Map([['', { value: start, p: 1 }]]), options, 'checks')) {
    (w.value.pairs.length > 0 ? runs : unpaired).set(key, w);
  }
  // A Clash with no checks to roll (every enemy broke in its test) is played to its end as is.
  for (const [key, w] of playOut(unpaired, options)) add(runs, key, w.value, w.p);
  const ends: Weighted<LegionState> = new Map();
  for (const { value: run, p } of runs.values()) {
    if (run.phase === 'done') {
      add(ends, stateKey(run.st), run.st, p);
      continue;
    }
    const keys = run.st.units.map(unitKey);
    let ways = [{ units: run.st.units, keys, p }];
    for (const group of pairGroups(run.pairs)) {
      const outcomes = groupOutcomes(run, keys, group, options, groups, when);
      ways = ways.flatMap((w) =>
        outcomes.map((o) => {
          const units = w.units.slice();
          const keys = w.keys.slice();
          for (const [i, u, k] of o.units) {
            units[i] = u;
            keys[i] = k;
          }
          return { units, keys, p: w.p * o.p };
        }),
      );
    }
    for (const w of ways) {
      const key = w.keys.join('|');
      const was = ends.get(key);
      if (was) was.p += w.p;
      else ends.set(key, { value: { ...run.st, units: w.units }, p: w.p });
    }
  }
  const out: Transition[] = [];
  for (const [key, { value, p }] of ends) {
    const after = { ...value, at: null };
    settle(after, options);
    out.push({ key, st: after, p });
  }
  return out;
}
