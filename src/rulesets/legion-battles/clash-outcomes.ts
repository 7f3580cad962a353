import { QUIET } from '../../ruleset';
import { advanceClash, beginClash, ClashRun } from './clash';
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
  // Built by hand: this is the hottest key of the solver.
  let key = `${r.phase}${r.index}|${st}|`;
  for (let i = 0; i < r.pcBoons.length; i++) {
    key += `${r.pcBoons[i]}/${r.rallied[i] ? 1 : 0}${r.engaged[i]};`;
  }
  for (const [i, l] of r.losses) key += `,${i}:${l.steps}${l.discipline}${l.pila}`;
  return key;
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
  let moving = [...runs.values()].some(({ value }) => !resting(value));
  while (moving) {
    moving = false;
    const next: Weighted<ClashRun> = new Map();
    for (const [key, { value: run, p }] of runs) {
      if (resting(run)) {
        add(next, key, run, p);
        continue;
      }
      enumerate(p, (e: Enumeration) => {
        const copy = cloneRun(run);
        advanceClash(copy, options, e.chance, QUIET, stopAt);
        if (!resting(copy)) moving = true;
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
type GroupOutcomes = { units: Placed[]; key: string; p: number }[];

/** Worked-out group outcomes, by Clash class, pairs, and the group's units and PC Boons. */
export type GroupCache = Map<string, GroupOutcomes>;

/** A group's units before the checks: their keys (`keys`, the run's) and PC Boons. */
const membersKey = (run: ClashRun, keys: string[], members: number[]) => {
  let key = '';
  for (const i of members) key += `|${keys[i]}+${run.pcBoons[i]}`;
  return key;
};

/** `members`: the group's units as `membersKey` gives them. */
function groupOutcomes(
  run: ClashRun,
  members: string,
  group: Group,
  options: LegionOptions,
  cache: GroupCache,
  when: string,
): GroupOutcomes {
  const key = `${when}|${group.label}${members}`;
  let out = cache.get(key);
  if (!out) {
    const start = cloneRun(run);
    start.pairs = group.pairs;
    start.index = 0;
    const ends = playOut(new Map([['', { value: start, p: 1 }]]), options);
    const merged: Weighted<Placed[]> = new Map();
    for (const { value, p } of ends.values()) {
      const units = group.members.map((i): Placed => {
        const u = value.st.units[i];
        return [i, u, unitKey(u)];
      });
      add(merged, units.map((x) => x[2]).join('|'), units, p);
    }
    out = [...merged].map(([key, { value, p }]) => ({ units: value, key, p }));
    cache.set(key, out);
  }
  return out;
}

/**
 * The ends of the runs that face the same pairs, added to `ends`. Each unit's Discipline test and
 * Actions touch only that unit, so among these runs (alike in who still fights) the groups stand
 * independently of one another: each group's outcomes are summed over its own units' ways alone,
 * and the groups are combined once, not once for every run.
 */
function addClassEnds(
  runs: { value: ClashRun; p: number }[],
  options: LegionOptions,
  cache: GroupCache,
  when: string,
  ends: Ends,
) {
  const first = runs[0].value;
  let total = 0;
  for (const r of runs) total += r.p;
  const keyed = runs.map(({ value, p }) => ({ run: value, keys: value.st.units.map(unitKey), p }));
  const outcomes = pairGroups(first.pairs).map((group) => {
    // The group's units before the checks, each way with its probability among these runs.
    const before: Weighted<{ run: ClashRun; members: string }> = new Map();
    for (const { run, keys, p } of keyed) {
      const members = membersKey(run, keys, group.members);
      add(before, members, { run, members }, p / total);
    }
    const after: Weighted<Placed[]> = new Map();
    for (const { value, p } of before.values()) {
      for (const o of groupOutcomes(value.run, value.members, group, options, cache, when)) {
        add(after, o.key, o.units, p * o.p);
      }
    }
    return [...after.values()];
  });
  // Every combination of the groups' outcomes, on one pair of arrays overwritten in turn.
  const units = first.st.units.slice();
  const keys = keyed[0].keys.slice();
  const combine = (g: number, p: number) => {
    if (g === outcomes.length) {
      ends.add(keys.join('|'), units, p);
      return;
    }
    for (const o of outcomes[g]) {
      for (const [i, u, k] of o.value) {
        units[i] = u;
        keys[i] = k;
      }
      combine(g + 1, p * o.p);
    }
  };
  combine(0, total);
}

/**
 * Names a state after a Clash (by its key; `units` may be a scratch array, to be copied if kept)
 * with a number of the caller's, one for each key.
 */
export type Place = (key: string, units: UnitState[], round: number) => number;

/** Every way a Clash can end, merged: each way's place (see `Place`) and probability. */
export interface ClashEnds {
  to: number[];
  p: number[];
}

/** The ends gathered so far, merged by place. */
class Ends implements ClashEnds {
  to: number[] = [];
  p: number[] = [];
  private at = new Map<number, number>();
  constructor(
    private place: Place,
    private round: number,
  ) {}
  add(key: string, units: UnitState[], p: number) {
    const to = this.place(key, units, this.round);
    const i = this.at.get(to);
    if (i !== undefined) this.p[i] += p;
    else {
      this.at.set(to, this.to.length);
      this.to.push(to);
      this.p.push(p);
    }
  }
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
  place: Place,
): ClashEnds {
  const start = beginClash(cloneState(st));
  const runs: Weighted<ClashRun> = new Map();
  const unpaired: Weighted<ClashRun> = new Map();
  for (const [key, w] of playOut(new Map([['', { value: start, p: 1 }]]), options, 'checks')) {
    (w.value.pairs.length > 0 ? runs : unpaired).set(key, w);
  }
  // A Clash with no checks to roll (every enemy broke in its test) is played to its end as is.
  for (const [key, w] of playOut(unpaired, options)) add(runs, key, w.value, w.p);
  const ends = new Ends(place, start.st.round);
  // Runs by the pairs they face and the units out of the fight (alike in every way of a class).
  const classes = new Map<string, { value: ClashRun; p: number }[]>();
  for (const w of runs.values()) {
    const run = w.value;
    if (run.phase === 'done') {
      ends.add(stateKey(run.st), run.st.units, w.p);
      continue;
    }
    const out = run.st.units.map((u, i) => (fighting(u) ? '' : `${i}${unitKey(u)}`)).join('');
    const key = `${run.pairs.join(';')}|${out}`;
    const members = classes.get(key);
    if (members) members.push(w);
    else classes.set(key, [w]);
  }
  for (const members of classes.values()) addClassEnds(members, options, groups, when, ends);
  return ends;
}
