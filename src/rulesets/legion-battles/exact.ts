import { Forces } from '../../forces';
import { OddsLimits, OddsOutcome, OddsSolution, SurvivorRow } from '../../odds';
import { err, ok, Result } from '../../result';
import { roundsAlikeFrom } from './clash';
import { clashOutcomes, cloneState, GroupCache, Place, stateKey } from './clash-outcomes';
import { settle, startLegion } from './engine';
import { countsOf } from './events';
import { LegionOptions } from './options';
import { LegionState } from './state';

/**
 * Exact odds: a Markov chain over the battle's states (each unit's Strength, Discipline, relief,
 * arrows and the player characters' pending Boon dice; a unit out of the fight only broken or
 * withdrawn), carried forward Clash by Clash as a map of probabilities. Each state's Clash is
 * worked out once (clash-outcomes.ts) and reused in every later Clash alike (clash.ts,
 * `roundsAlikeFrom`). PC wounds do not change the battle and are left out.
 */

const DEFAULT_MAX_STATES = 2_000_000;

/** Where a battle ended, for the odds' rows. */
interface Final {
  key: string;
  outcome: OddsOutcome;
  row: SurvivorRow;
}

function finalOf(st: LegionState): Final {
  const w = st.end?.winner ?? null;
  const outcome: OddsOutcome =
    w === 'attacker' ? 'attackerWins' : w === 'defender' ? 'defenderWins' : 'undecided';
  const row = { p: 0, attacker: countsOf(st, 'attacker'), defender: countsOf(st, 'defender') };
  return {
    key: `${outcome}|${JSON.stringify(row.attacker)}|${JSON.stringify(row.defender)}`,
    outcome,
    row,
  };
}

/** A state's next Clash: where each way goes (a state's number, or -1 when the battle ends). */
interface Step {
  to: Int32Array;
  p: Float64Array;
  /** The final of each way that ends the battle (by the Clash limit: see `standing`). */
  final: (number | null)[];
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
  const alikeFrom = roundsAlikeFrom(start);
  // The Clash limit is applied here, Clash by Clash, so that one Clash's outcomes serve all.
  const unlimited = { ...options, clashes: Infinity };
  const groups: GroupCache = new Map();
  // States by number; their next Clash by class of Clash; their final if the limit stops them.
  const numbers = new Map<string, number>();
  const stateOf: LegionState[] = [];
  const stepOf = new Map<number, (Step | undefined)[]>();
  const standing: (number | undefined)[] = [];
  // Finals by number, and the probability of each.
  const finalNumbers = new Map<string, number>();
  const finals: Final[] = [];
  const finalP: number[] = [];
  const finalNumber = (st: LegionState) => {
    const f = finalOf(st);
    let n = finalNumbers.get(f.key);
    if (n === undefined) {
      n = finals.length;
      finalNumbers.set(f.key, n);
      finals.push(f);
      finalP.push(0);
    }
    return n;
  };
  const numberOf = (key: string, st: LegionState) => {
    let n = numbers.get(key);
    if (n === undefined) {
      n = stateOf.length;
      numbers.set(key, n);
      stateOf.push(st);
    }
    return n;
  };
  // States after a Clash, one number for each key; where each leads: a state's number, or -1
  // less its final's if the battle ended there.
  const afterKeys = new Map<string, number>();
  const leadsTo: number[] = [];
  const place: Place = (key, units, round) => {
    let n = afterKeys.get(key);
    if (n === undefined) {
      n = leadsTo.length;
      afterKeys.set(key, n);
      const st: LegionState = { round, units: units.slice(), at: null, end: null };
      settle(st, unlimited);
      leadsTo.push(st.end ? -1 - finalNumber(st) : numberOf(key, st));
    }
    return n;
  };
  const stepFrom = (n: number, round: number, kind: number): Step => {
    const from = cloneState(stateOf[n]);
    from.round = round;
    const ends = clashOutcomes(from, unlimited, groups, `${kind}`, place);
    transitions += ends.to.length;
    const places = ends.to.map((n) => leadsTo[n]);
    return {
      to: Int32Array.from(places, (to) => (to < 0 ? -1 : to)),
      p: Float64Array.from(ends.p),
      final: places.map((to) => (to < 0 ? -1 - to : null)),
    };
  };
  let expectedRounds = 0;
  let states = 1;
  // Transitions worked out: they take memory too, and count against the limit with the states.
  let transitions = 0;
  let frontier: number[] = [];
  let frontierP: number[] = [];
  // The next Clash's probabilities by state number; `seen` marks those touched (with the Clash).
  let nextP = new Float64Array(1024);
  let seen = new Int32Array(1024);
  if (start.end) finalP[finalNumber(start)] += 1;
  else {
    frontier = [numberOf(stateKey(start), start)];
    frontierP = [1];
  }
  for (let round = 0; frontier.length > 0; round++) {
    const clash = round + 1;
    const kind = Math.min(clash, alikeFrom);
    const last = clash >= options.clashes;
    let steps = stepOf.get(kind);
    if (!steps) stepOf.set(kind, (steps = []));
    const touched: number[] = [];
    for (let i = 0; i < frontier.length; i++) {
      const n = frontier[i];
      const step = (steps[n] ??= stepFrom(n, round, kind));
      if (states + transitions > max) return tooLarge(max);
      for (let k = 0; k < step.to.length; k++) {
        const q = frontierP[i] * step.p[k];
        let to = step.to[k];
        let final = step.final[k];
        if (final === null && last) {
          final = standing[to] ??= finalNumber(standingAfter(stateOf[to], options));
          to = -1;
        }
        if (final !== null) {
          finalP[final] += q;
          expectedRounds += q * clash;
        } else {
          if (to >= nextP.length) {
            nextP = grown(nextP, stateOf.length);
            seen = grown(seen, stateOf.length);
          }
          if (seen[to] !== clash) {
            seen[to] = clash;
            touched.push(to);
          }
          nextP[to] += q;
        }
      }
    }
    frontier = touched;
    frontierP = touched.map((n) => nextP[n]);
    for (const n of touched) nextP[n] = 0;
    states += frontier.length;
    if (states + transitions > max) return tooLarge(max);
  }
  const rows: Record<OddsOutcome, SurvivorRow[]> = {
    attackerWins: [],
    defenderWins: [],
    attackerRetreats: [],
    undecided: [],
  };
  finals.forEach((f, n) => rows[f.outcome].push({ ...f.row, p: finalP[n] }));
  for (const o of Object.keys(rows) as OddsOutcome[]) rows[o].sort((a, b) => b.p - a.p);
  return ok({
    distributions: rows,
    expectedRounds,
    captured: { attacker: 0, defender: 0 },
    states: states + finals.length,
  });
}

/** A copy of `a` with room for at least `n` numbers. */
function grown<T extends Float64Array | Int32Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, 2 * a.length));
  b.set(a);
  return b;
}

const tooLarge = (max: number): Result<OddsSolution> =>
  err(`the battle has more than ${max} states and transitions for the exact solver`);

/** The state stopped by the Clash limit. */
function standingAfter(st: LegionState, options: LegionOptions): LegionState {
  const after = { ...st, round: options.clashes };
  settle(after, options);
  return after;
}
