import { Forces } from '../../forces';
import { OddsLimits, OddsOutcome, OddsSolution, SurvivorRow } from '../../odds';
import { err, ok, Result } from '../../result';
import { Chance, CheckRoll } from './chance';
import { checkOdds, marginOdds } from './check-odds';
import { DIE_KINDS, Pool } from './dice';
import { settle, startLegion, step } from './engine';
import { countsOf } from './events';
import { LegionOptions } from './options';
import { LegionState } from './state';

/**
 * Exact odds: a Markov chain over the battle's states (each unit's Strength, Discipline, relief,
 * arrows and the player characters' pending Boon dice, and the Clash number), carried forward
 * Clash by Clash. Each Clash runs the very rules of clash.ts with a Chance that enumerates the
 * outcomes that matter: a check's success (and 2+ net Boons for a Discipline test), and a
 * Clash's margin, in classes -3 or worse, -2 ... 2, 3 or more. PC wounds do not change the
 * battle and are left out.
 */

const DEFAULT_MAX_STATES = 2_000_000;

type Branch = { choices: number[]; p: number };
type Option<T> = { p: number; value: T };

const poolKey = (p: Pool) => DIE_KINDS.map((k) => p[k]).join(',');
const memo = new Map<string, Option<CheckRoll>[]>();
const NO = { calamity: false, faces: '' };

function checkOptions(pool: Pool, kind: 'success' | 'test'): Option<CheckRoll>[] {
  const key = `${kind}:${poolKey(pool)}`;
  let o = memo.get(key);
  if (!o) {
    const c = checkOdds(pool);
    const list: Option<CheckRoll>[] =
      kind === 'test'
        ? [
            { p: c.successWithTwoBoons, value: { net: 1, boons: 2, ...NO } },
            { p: c.success - c.successWithTwoBoons, value: { net: 1, boons: 0, ...NO } },
            { p: 1 - c.success, value: { net: 0, boons: 0, ...NO } },
          ]
        : [
            { p: c.success, value: { net: 1, boons: 0, ...NO } },
            { p: 1 - c.success, value: { net: 0, boons: 0, ...NO } },
          ];
    o = list.filter((x) => x.p > 0);
    memo.set(key, o);
  }
  return o;
}

function marginOptions(a: Pool, b: Pool): Option<number>[] {
  const key = `m:${poolKey(a)}|${poolKey(b)}`;
  let o = memo.get(key) as unknown as Option<number>[] | undefined;
  if (!o) {
    const classes = new Map<number, number>();
    for (const m of marginOdds(a, b)) {
      const c = Math.max(-3, Math.min(3, m.value));
      classes.set(c, (classes.get(c) ?? 0) + m.p);
    }
    o = [...classes.entries()].map(([value, p]) => ({ p, value }));
    memo.set(key, o as unknown as Option<CheckRoll>[]);
  }
  return o;
}

/** Replays one Clash along a list of choices; a new choice point branches into `branches`. */
function enumerator(branch: Branch, branches: Branch[]): { chance: Chance; p: () => number } {
  const choices = [...branch.choices];
  let p = branch.p;
  let i = 0;
  const pick = <T>(options: Option<T>[]): T => {
    if (i < choices.length) return options[choices[i++]].value;
    for (let k = 1; k < options.length; k++) {
      branches.push({ choices: [...choices, k], p: p * options[k].p });
    }
    choices.push(0);
    i++;
    p *= options[0].p;
    return options[0].value;
  };
  const chance: Chance = {
    check: (pool, kind) =>
      kind === 'log' ? { net: 0, boons: 0, ...NO } : pick(checkOptions(pool, kind)),
    opposed: (a, b) => {
      const margin = pick(marginOptions(a, b));
      return { margin, a: { net: margin, boons: 0, ...NO }, b: { net: 0, boons: 0, ...NO } };
    },
  };
  return { chance, p: () => p };
}

const stateKey = (st: LegionState) =>
  `${st.round}|${st.units
    .map(
      (u) =>
        `${u.strength},${u.discipline},${+u.relieved},${+u.broken},${+u.withdrawn},${u.arrows},${u.pendingBoons}`,
    )
    .join('|')}`;

function outcomeOf(st: LegionState): OddsOutcome {
  const w = st.end?.winner ?? null;
  return w === 'attacker' ? 'attackerWins' : w === 'defender' ? 'defenderWins' : 'undecided';
}

export function legionExactOdds(
  forces: Forces,
  options: LegionOptions,
  limits?: OddsLimits,
): Result<OddsSolution> {
  const max = limits?.maxStates ?? DEFAULT_MAX_STATES;
  const start = startLegion(forces);
  for (const u of start.units) u.wounds = u.wounds.map(() => 0);
  settle(start, options);
  let frontier = new Map<string, { st: LegionState; p: number }>([
    [stateKey(start), { st: start, p: 1 }],
  ]);
  const finals = new Map<string, { st: LegionState; p: number }>();
  let states = 1;
  while (frontier.size > 0) {
    const next = new Map<string, { st: LegionState; p: number }>();
    for (const { st, p } of frontier.values()) {
      if (st.end) {
        const key = `${outcomeOf(st)}|${stateKey(st)}`;
        const f = finals.get(key);
        if (f) f.p += p;
        else finals.set(key, { st, p });
        continue;
      }
      const branches: Branch[] = [{ choices: [], p }];
      while (branches.length > 0) {
        const branch = branches.pop() as Branch;
        const s = structuredClone(st);
        const e = enumerator(branch, branches);
        step(s, options, e.chance, () => undefined);
        for (const u of s.units) u.wounds = u.wounds.map(() => 0);
        const key = stateKey(s);
        const was = next.get(key);
        if (was) was.p += e.p();
        else {
          next.set(key, { st: s, p: e.p() });
          if (++states > max) {
            return err(`the battle has more than ${max} states for the exact solver`);
          }
        }
      }
    }
    frontier = next;
  }
  const rows: Record<OddsOutcome, SurvivorRow[]> = {
    attackerWins: [],
    defenderWins: [],
    attackerRetreats: [],
    undecided: [],
  };
  const grouped = new Map<string, { outcome: OddsOutcome; row: SurvivorRow }>();
  let expectedRounds = 0;
  for (const { st, p } of finals.values()) {
    expectedRounds += p * st.round;
    const row = { p, attacker: countsOf(st, 'attacker'), defender: countsOf(st, 'defender') };
    const outcome = outcomeOf(st);
    const key = `${outcome}|${JSON.stringify(row.attacker)}|${JSON.stringify(row.defender)}`;
    const g = grouped.get(key);
    if (g) g.row.p += p;
    else grouped.set(key, { outcome, row });
  }
  for (const { outcome, row } of grouped.values()) rows[outcome].push(row);
  for (const o of Object.keys(rows) as OddsOutcome[]) rows[o].sort((a, b) => b.p - a.p);
  return ok({
    distributions: rows,
    expectedRounds,
    captured: { attacker: 0, defender: 0 },
    states,
  });
}
