import { Battle } from '../src/battle-spec';
import { Forces } from '../src/forces';
import { computeOdds, OddsProgress, OddsResult } from '../src/odds';
import { oddsEndings } from '../src/odds-endings';
import { err, Result } from '../src/result';
import { findRuleset } from '../src/rulesets';

/**
 * The Odds button's engine, behind an interface: the pane shows the button only when it is
 * given one. Exact when the ruleset has a solver and the battle fits it, else Monte Carlo.
 */
export interface OddsProvider {
  /** `progress` is told the share of a Monte Carlo count done (0 to 1), if the provider can. */
  compute(battle: Battle, progress?: (share: number) => void): Promise<Result<OddsResult>>;
  /** Stops the computation under way (its `compute` then gives `ODDS_STOPPED`), if it can. */
  stop?(): void;
}

export const ODDS_STOPPED = 'Stopped before the odds were known.';

/** Fewer runs than the CLI's default: a pane's user waits for them. */
export const PANE_MONTE_CARLO_RUNS = 20_000;

/** The odds as the pane counts them, wherever it counts them. */
const paneOdds = (battle: Battle, progress?: OddsProgress): Result<OddsResult> =>
  computeOdds(battle, { runs: PANE_MONTE_CARLO_RUNS, progress });

/** The odds on the page's own thread, which they hold until done. */
export const coreOdds: OddsProvider = { compute: async (battle) => paneOdds(battle) };

/** What the odds worker says: how far its count is, then its answer. */
export type OddsWorkerMessage = { progress: number } | { result: Result<OddsResult> };

/**
 * What the odds need of a battle, as a message to a worker can carry it (a ruleset's functions
 * cannot be): the ruleset by its id, and no dice (the odds roll none of the battle's).
 */
export interface OddsRequestMessage {
  id: string;
  rules: string;
  options: unknown;
  forces: Forces;
}

export const oddsRequest = (battle: Battle): OddsRequestMessage => ({
  id: battle.id,
  rules: battle.ruleset.id,
  options: battle.options,
  forces: battle.forces,
});

/** The odds of a battle sent as `oddsRequest` made it. */
export function oddsOf(message: OddsRequestMessage, progress?: OddsProgress): Result<OddsResult> {
  const ruleset = findRuleset(message.rules);
  if (!ruleset) return err(`Unknown ruleset "${message.rules}".`);
  const { id, options, forces } = message;
  const battle: Battle = { id, ruleset, options, forces, dice: { kind: 'seeded', seed: id } };
  return paneOdds(battle, progress);
}

const percent = (p: number) => `${(100 * p).toFixed(1)}%`;

/** The odds in a few lines for the pane. */
export function oddsLines(odds: OddsResult): string[] {
  const pm = (p: number, e?: number) =>
    e === undefined ? percent(p) : `${percent(p)} ± ${percent(e)}`;
  const endings = oddsEndings(odds, findRuleset(odds.ruleset.id));
  const lines = endings.map(({ label, p, se }) => `${label}: ${pm(p, se)}`);
  lines.push(`Expected rounds: ${odds.expectedRounds.toFixed(2)}`);
  lines.push(
    odds.method === 'exact'
      ? `Exact${odds.states !== undefined ? ` (${odds.states} states)` : ''}`
      : `Monte Carlo estimate, ${odds.runs} runs`,
  );
  if (odds.note) lines.push(odds.note);
  return lines;
}
