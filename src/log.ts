import { BattleResult } from './battle';
import { formatCounts, formatRoster, Legion, Side, SIDES } from './forces';
import { AnyRuleset, BattleEvent } from './ruleset';

/** A battle log as a table: the same rows go to a terminal, a worksheet or a report. */
export interface LogTable {
  headers: string[];
  widths: number[];
  rows: (string | number)[][];
}

/** The widest a log column grows to fit its values (a longer one wraps or is cut in print). */
export const MAX_LOG_WIDTH = 30;

export function logTable(ruleset: AnyRuleset, events: readonly BattleEvent[]): LogTable {
  const columns = ruleset.logColumns;
  const rows = events.map((e) => columns.map((c) => c.value(e)));
  // A ruleset's width fits its usual values; a longer one (`GAL#1 (burst)`) widens its column.
  const widths = columns.map((c) => c.width);
  for (const row of rows) {
    row.forEach((v, i) => {
      const length = Math.min(MAX_LOG_WIDTH, String(v).length);
      if (length > widths[i]) widths[i] = length;
    });
  }
  return { headers: columns.map((c) => c.header), widths, rows };
}

/** A plain-text table with aligned columns. */
export function renderTextTable(table: LogTable): string {
  const widths = table.headers.map((h, i) =>
    Math.max(h.length, ...table.rows.map((r) => String(r[i]).length)),
  );
  const line = (cells: (string | number)[]) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [
    line(table.headers),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.rows.map(line),
  ].join('\n');
}

/** The outcome in one sentence: `The attacker wins in round 4 with 2 CAT 2 INF.` */
export function outcomeSentence(result: BattleResult, unitCodes: readonly string[]): string {
  const left = (side: 'attacker' | 'defender') => formatCounts(result[side], unitCodes);
  const rounds = `${result.rounds} round${result.rounds === 1 ? '' : 's'}`;
  switch (result.outcome) {
    case 'eliminated':
      return `The ${result.winner} wins in round ${result.rounds} with ${left(result.winner!)} left.`;
    case 'retreat':
      return `The attacker retreats in round ${result.rounds} with ${left('attacker')}; the defender holds with ${left('defender')}.`;
    case 'mutual':
      return `Both sides fall in round ${result.rounds}: no winner; the defender keeps the territory.`;
    case 'paused':
      return `Paused after ${rounds}: attacker ${left('attacker')}, defender ${left('defender')}.`;
    default:
      return otherOutcome(result.outcome, result.winner, result.rounds, rounds, left);
  }
}

/** A ruleset's own outcome (`broken`, `routed`, `stalemate`, ...), with who won if anyone did. */
function otherOutcome(
  outcome: string,
  winner: Side | null,
  round: number,
  rounds: string,
  left: (side: Side) => string,
): string {
  const sides = `attacker ${left('attacker')}, defender ${left('defender')}.`;
  if (winner === null) {
    return `${outcome.charAt(0).toUpperCase()}${outcome.slice(1)} after ${rounds}, no winner: ${sides}`;
  }
  const loser = winner === 'attacker' ? 'defender' : 'attacker';
  return `The ${winner} wins in round ${round}, the ${loser} ${outcome}: ${sides}`;
}

/**
 * The outcome sentence as logs gave a ruleset's own outcome until they named the winner
 * (`broken after 3 rounds: attacker ..., defender ...`), for `verify` to accept in a log posted
 * then; null for a sentence that was worded as it is now.
 */
export function earlierOutcomeSentence(sentence: string): string | null {
  const won =
    /^The (?:attacker|defender) wins in round (\d+), the (?:attacker|defender) (\S+): (.*)$/.exec(
      sentence,
    );
  if (won) return `${won[2]} after ${won[1]} round${won[1] === '1' ? '' : 's'}: ${won[3]}`;
  const none = /^(\S+) after (\d+ rounds?), no winner: (.*)$/.exec(sentence);
  if (none)
    return `${none[1].charAt(0).toLowerCase()}${none[1].slice(1)} after ${none[2]}: ${none[3]}`;
  return null;
}

/**
 * The header lines of a log: ruleset, options, dice, each side's forces as they began, outcome,
 * captives. The forces lines are `FORCES_LINES` in number, from line `FORCES_LINE`.
 */
export function summaryLines(result: BattleResult, ruleset: AnyRuleset): string[] {
  const codes = ruleset.units.map((u) => u.code);
  const options = Object.entries(result.options as Record<string, unknown>)
    .map(([k, v]) => `${k}=${v === null ? '-' : String(v)}`)
    .join(', ');
  const dice = diceWords(result);
  return [
    `Battle ${result.id} — ${ruleset.title} (${ruleset.id} ${ruleset.version})`,
    `Options: ${options}`,
    `Dice: ${dice}; ${result.diceUsed} used`,
    ...SIDES.map((side) => forcesLine(side, result.forces[side], ruleset)),
    outcomeSentence(result, codes),
    `Leaders captured: ${result.captured.length > 0 ? result.captured.join(', ') : 'none'}`,
  ];
}

/** The line (0-based) of a log's summary where its forces lines begin: after the dice. */
export const FORCES_LINE = 3;
/** How many forces lines a summary has: the attacker's, then the defender's. */
export const FORCES_LINES = SIDES.length;
/** The line of a summary (as written now, or before it had forces lines) giving the outcome. */
export const outcomeLineOf = (summary: readonly string[]): number => summary.length - 2;

/**
 * A side's forces as they began, as roster text that the ruleset reads back to the same
 * legions (`Attacker: Marcus: 2 CAT 5 INF; 3 INF`): its own `formatRoster` when it has one,
 * else the generic `Leader: counts` (an unnamed leader is left unnamed, as in the roster).
 */
export function forcesLine(side: Side, legions: readonly Legion[], ruleset: AnyRuleset): string {
  const codes = ruleset.units.map((u) => u.code);
  const roster = ruleset.formatRoster?.(legions, side) ?? formatRoster(legions, codes);
  return `${side === 'attacker' ? 'Attacker' : 'Defender'}: ${roster}`;
}

/** Where a result's dice came from, in a few words: `seed "x" (seedrandom alea)`, ... */
export function diceWords(result: BattleResult): string {
  const d = result.dice;
  if ('seed' in d) return `seed "${d.seed}" (${d.algorithm})`;
  if ('scripted' in d) return `scripted, ${d.scripted.length} given`;
  const s = d.sealed;
  return `sealed (${s.algorithm}), game "${s.game}", turn ${s.turn}, battle ${s.battle}, commitment ${s.commitment}`;
}
