import { Battle } from '../src/battle';
import { computeOdds, OddsResult } from '../src/odds';
import { Result } from '../src/result';

/**
 * The Odds button's engine, behind an interface: the pane shows the button only when it is
 * given one. Exact when the ruleset has a solver and the battle fits it, else Monte Carlo.
 */
export interface OddsProvider {
  compute(battle: Battle): Result<OddsResult>;
}

/** Fewer runs than the CLI's default: the pane computes on the page's only thread. */
export const PANE_MONTE_CARLO_RUNS = 20_000;

export const coreOdds: OddsProvider = {
  compute: (battle) => computeOdds(battle, { runs: PANE_MONTE_CARLO_RUNS }),
};

const percent = (p: number) => `${(100 * p).toFixed(1)}%`;

/** The odds in a few lines for the pane. */
export function oddsLines(odds: OddsResult): string[] {
  const se = odds.standardErrors;
  const pm = (p: number, e?: number) =>
    e === undefined ? percent(p) : `${percent(p)} ± ${percent(e)}`;
  const lines = [
    `Attacker wins: ${pm(odds.attackerWins, se?.attackerWins)}`,
    `Defender wins: ${pm(odds.defenderWins, se?.defenderWins)}`,
  ];
  if (odds.attackerRetreats > 0) {
    lines.push(`Attacker retreats: ${pm(odds.attackerRetreats, se?.attackerRetreats)}`);
  }
  if (odds.undecided > 0) lines.push(`Undecided: ${pm(odds.undecided, se?.undecided)}`);
  lines.push(`Expected rounds: ${odds.expectedRounds.toFixed(2)}`);
  lines.push(
    odds.method === 'exact'
      ? `Exact${odds.states !== undefined ? ` (${odds.states} states)` : ''}`
      : `Monte Carlo estimate, ${odds.runs} runs`,
  );
  if (odds.note) lines.push(odds.note);
  return lines;
}
