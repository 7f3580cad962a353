import type { Battle } from './battle-spec';
import { startDice } from './dice';
import { Forces, leaderLabel, Side, SIDES, UnitCounts } from './forces';
import { err, ok, Result } from './result';
import { QUIET } from './ruleset';

/**
 * The odds of a battle fought to its end, before the dice fall: exact (a ruleset's own solver)
 * or estimated by Monte Carlo (any ruleset). Both give the same shape, `OddsResult`.
 */

/** How a battle can end, as the odds count it. */
export const ODDS_OUTCOMES = [
  'attackerWins',
  'defenderWins',
  'attackerRetreats',
  'undecided',
] as const;
export type OddsOutcome = (typeof ODDS_OUTCOMES)[number];

/** One way the battle can end: the survivors of both sides and its probability. */
export interface SurvivorRow {
  p: number;
  attacker: UnitCounts;
  defender: UnitCounts;
}

/** What a solver or a sampler finds; `finishOdds` turns it into an `OddsResult`. */
export interface OddsSolution {
  /** Survivors by outcome, most likely first. */
  distributions: Record<OddsOutcome, SurvivorRow[]>;
  expectedRounds: number;
  /** Probability that the side's leaders are captured. */
  captured: Record<Side, number>;
  /** Exact solvers: reachable states visited. */
  states?: number;
}

/** The numbers that a Monte Carlo estimate gives standard errors for. */
export interface OddsErrors {
  attackerWins: number;
  defenderWins: number;
  attackerRetreats: number;
  undecided: number;
  expectedAttackerSurvivors: number;
  expectedDefenderSurvivors: number;
  expectedRounds: number;
  expectedSurvivors: Record<Side, UnitCounts>;
}

export interface OddsResult {
  method: 'exact' | 'montecarlo';
  ruleset: { id: string; version: string };
  options: unknown;
  attackerWins: number;
  defenderWins: number;
  attackerRetreats: number;
  /** Battles with no winner and no retreat (a ruleset's draw); 0 in COTE PBEM. */
  undecided: number;
  /** Expected living units (all types) at the end, over every outcome. */
  expectedAttackerSurvivors: number;
  expectedDefenderSurvivors: number;
  /** Expected living units by type at the end. */
  expectedSurvivors: Record<Side, UnitCounts>;
  /** Expected rounds begun. */
  expectedRounds: number;
  distributions: Record<OddsOutcome, SurvivorRow[]>;
  /** Each leader and the probability that it is captured. */
  leaders: { side: Side; leader: string; captured: number }[];
  /** Monte Carlo only. */
  runs?: number;
  seed?: string;
  standardErrors?: OddsErrors;
  /** Exact only: reachable states of the battle. */
  states?: number;
  /** Why the method is not the one asked for, when it fell back. */
  note?: string;
}

/** Limits of the exact solvers: a battle above them is refused as too large. */
export interface OddsLimits {
  /** Most state slots the solver may lay out (default per ruleset). */
  maxStates?: number;
}

export interface OddsRequest {
  method?: 'exact' | 'montecarlo';
  runs?: number;
  seed?: string;
  limits?: OddsLimits;
  /** Told how many of the Monte Carlo battles are fought, about every 1% of them. */
  progress?: OddsProgress;
}

export type OddsProgress = (done: number, total: number) => void;

export const DEFAULT_RUNS = 100_000;
export const DEFAULT_ODDS_SEED = 'praetor-odds';

const total = (counts: UnitCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

function expectations(rows: readonly SurvivorRow[], side: Side, codes: readonly string[]) {
  const byType: UnitCounts = {};
  for (const c of codes) byType[c] = 0;
  let sum = 0;
  let sumSq = 0;
  const sq: UnitCounts = { ...byType };
  for (const row of rows) {
    const counts = row[side];
    for (const c of codes) {
      byType[c] += row.p * (counts[c] ?? 0);
      sq[c] += row.p * (counts[c] ?? 0) ** 2;
    }
    const n = total(counts);
    sum += row.p * n;
    sumSq += row.p * n * n;
  }
  return { byType, sq, sum, sumSq };
}

/** Probabilities, expectations and leaders from a solution; standard errors when sampled. */
export function finishOdds(
  battle: Battle,
  solution: OddsSolution,
  method: 'exact' | 'montecarlo',
  sample?: { runs: number; seed: string; roundsSq: number },
): OddsResult {
  const codes = battle.ruleset.units.map((u: { code: string }) => u.code);
  const d = solution.distributions;
  const prob = (o: OddsOutcome) => d[o].reduce((a, r) => a + r.p, 0);
  const all = ODDS_OUTCOMES.flatMap((o) => d[o]);
  const att = expectations(all, 'attacker', codes);
  const def = expectations(all, 'defender', codes);
  const result: OddsResult = {
    method,
    ruleset: { id: battle.ruleset.id, version: battle.ruleset.version },
    options: battle.options,
    attackerWins: prob('attackerWins'),
    defenderWins: prob('defenderWins'),
    attackerRetreats: prob('attackerRetreats'),
    undecided: prob('undecided'),
    expectedAttackerSurvivors: att.sum,
    expectedDefenderSurvivors: def.sum,
    expectedSurvivors: { attacker: att.byType, defender: def.byType },
    expectedRounds: solution.expectedRounds,
    distributions: d,
    leaders: leadersOf(battle.forces, solution.captured),
  };
  if (solution.states !== undefined) result.states = solution.states;
  if (sample) {
    const n = sample.runs;
    const sp = (p: number) => Math.sqrt(Math.max(0, p * (1 - p)) / n);
    const sm = (mean: number, meanSq: number) => Math.sqrt(Math.max(0, meanSq - mean * mean) / n);
    const byType = (e: ReturnType<typeof expectations>) =>
      Object.fromEntries(codes.map((c: string) => [c, sm(e.byType[c], e.sq[c])]));
    result.runs = n;
    result.seed = sample.seed;
    result.standardErrors = {
      attackerWins: sp(result.attackerWins),
      defenderWins: sp(result.defenderWins),
      attackerRetreats: sp(result.attackerRetreats),
      undecided: sp(result.undecided),
      expectedAttackerSurvivors: sm(att.sum, att.sumSq),
      expectedDefenderSurvivors: sm(def.sum, def.sumSq),
      expectedRounds: sm(solution.expectedRounds, sample.roundsSq),
      expectedSurvivors: { attacker: byType(att), defender: byType(def) },
    };
  }
  return result;
}

function leadersOf(forces: Forces, captured: Record<Side, number>): OddsResult['leaders'] {
  return SIDES.flatMap((side) =>
    forces[side].map((_, i) => ({
      side,
      leader: leaderLabel(side, forces[side], i),
      captured: captured[side],
    })),
  );
}

/** How a standing counts for the odds. */
function outcomeOf(outcome: string, winner: Side | null): OddsOutcome {
  if (outcome === 'retreat') return 'attackerRetreats';
  if (winner === 'attacker') return 'attackerWins';
  if (winner === 'defender') return 'defenderWins';
  return 'undecided';
}

/** A battle that pauses is played on: the odds are for the battle fought to its end. */
const MAX_RESUMES = 1_000_000;

/**
 * Monte Carlo odds for any ruleset: `runs` battles from one seeded dice stream, so the same
 * seed gives the same estimate.
 */
export function monteCarloOdds(
  battle: Battle,
  runs = DEFAULT_RUNS,
  seed = DEFAULT_ODDS_SEED,
  progress?: OddsProgress,
): Result<OddsResult> {
  if (!Number.isInteger(runs) || runs < 1) return err(`runs is ${runs}: expected 1 or more`);
  const { ruleset } = battle;
  const codes: string[] = ruleset.units.map((u: { code: string }) => u.code);
  const dice = startDice({ kind: 'seeded', seed });
  const tallies = new Map<string, SurvivorRow & { outcome: OddsOutcome }>();
  const captured: Record<Side, number> = { attacker: 0, defender: 0 };
  let rounds = 0;
  let roundsSq = 0;
  const step = Math.max(1, Math.floor(runs / 100));
  for (let i = 0; i < runs; i++) {
    if (progress && i % step === 0) progress(i, runs);
    const state = ruleset.start(battle.forces, battle.options);
    let standing = ruleset.standing(state);
    for (let k = 0; k === 0 || (standing.outcome === 'paused' && k < MAX_RESUMES); k++) {
      ruleset.play(state, battle.options, dice, QUIET);
      standing = ruleset.standing(state);
    }
    const outcome = outcomeOf(standing.outcome, standing.winner);
    const key = [
      outcome,
      ...codes.map((c) => standing.survivors.attacker[c] ?? 0),
      ...codes.map((c) => standing.survivors.defender[c] ?? 0),
    ].join(',');
    const row = tallies.get(key);
    if (row) row.p++;
    else {
      const pick = (counts: UnitCounts) =>
        Object.fromEntries(codes.map((c) => [c, counts[c] ?? 0]));
      tallies.set(key, {
        outcome,
        p: 1,
        attacker: pick(standing.survivors.attacker),
        defender: pick(standing.survivors.defender),
      });
    }
    for (const side of SIDES) if (standing.captured[side]) captured[side]++;
    rounds += standing.rounds;
    roundsSq += standing.rounds * standing.rounds;
  }
  progress?.(runs, runs);
  const distributions = emptyDistributions();
  for (const { outcome, ...row } of tallies.values()) {
    distributions[outcome].push({ ...row, p: row.p / runs });
  }
  sortDistributions(distributions);
  const solution: OddsSolution = {
    distributions,
    expectedRounds: rounds / runs,
    captured: { attacker: captured.attacker / runs, defender: captured.defender / runs },
  };
  return ok(finishOdds(battle, solution, 'montecarlo', { runs, seed, roundsSq: roundsSq / runs }));
}

export function emptyDistributions(): Record<OddsOutcome, SurvivorRow[]> {
  return { attackerWins: [], defenderWins: [], attackerRetreats: [], undecided: [] };
}

/** Most likely first; ties in a fixed order so that output is stable. */
export function sortDistributions(d: Record<OddsOutcome, SurvivorRow[]>): void {
  const key = (r: SurvivorRow) => `${Object.values(r.attacker)}|${Object.values(r.defender)}`;
  for (const o of ODDS_OUTCOMES) {
    const keyed = d[o].map((row) => ({ row, key: key(row) }));
    keyed.sort((a, b) => b.row.p - a.row.p || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    d[o] = keyed.map((k) => k.row);
  }
}

/**
 * The odds by the method asked for; by default exact when the ruleset has a solver, falling
 * back to Monte Carlo (with a note) when the battle is too large for it.
 */
export function computeOdds(battle: Battle, request: OddsRequest = {}): Result<OddsResult> {
  const { ruleset } = battle;
  const runs = request.runs ?? DEFAULT_RUNS;
  const seed = request.seed ?? DEFAULT_ODDS_SEED;
  const estimate = () => monteCarloOdds(battle, runs, seed, request.progress);
  if (request.method === 'montecarlo') return estimate();
  if (!ruleset.exactOdds) {
    if (request.method === 'exact') {
      return err(`battle ${battle.id}: ruleset ${ruleset.id} has no exact solver`);
    }
    return estimate();
  }
  const solved = ruleset.exactOdds(battle.forces, battle.options, request.limits);
  if (solved.ok) return ok(finishOdds(battle, solved.value, 'exact'));
  if (request.method === 'exact') return err(`battle ${battle.id}: ${solved.error}`);
  const estimated = estimate();
  if (estimated.ok) {
    estimated.value.note = `${solved.error}; estimated by Monte Carlo from ${runs.toLocaleString('en')} battles instead`;
  }
  return estimated;
}
