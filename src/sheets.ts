import { BattleResult, resolveBattle, validateBattle } from './battle';
import { formatCounts } from './forces';
import { logTable, summaryLines } from './log';
import { Result } from './result';
import { findRuleset } from './rulesets';
import { Submission } from './submission';

/**
 * The cells Praetor writes back: the `Results` sheet and one `Log <battle>` sheet per battle.
 * Pure, so that the taskpane and the headless referee write the same values.
 */

export type CellValue = string | number | boolean;

export interface Adjudicated {
  id: string;
  where: string;
  outcome: Result<BattleResult>;
}

/** Resolves every battle of a submission; a bad battle gets its error, the others go on. */
export function adjudicateSubmission(submission: Submission): Adjudicated[] {
  return submission.entries.map((entry) => {
    if (entry.spec === null)
      return { id: entry.id, where: entry.where, outcome: { ok: false, error: entry.error! } };
    const battle = validateBattle(entry.spec, entry.id);
    return {
      id: entry.id,
      where: entry.where,
      outcome: battle.ok ? resolveBattle(battle.value) : battle,
    };
  });
}

export const RESULTS_HEADER = [
  'Battle',
  'Winner',
  'Outcome',
  'Rounds',
  'Attacker survivors',
  'Defender survivors',
  'Leaders captured',
  'Dice used',
  'Seed',
  'Error',
];

const codesOf = (result: BattleResult) => findRuleset(result.ruleset.id)!.units.map((u) => u.code);

export function resultsRow(a: Adjudicated): CellValue[] {
  if (!a.outcome.ok) return [a.id, '', 'error', '', '', '', '', '', '', a.outcome.error];
  const r = a.outcome.value;
  const codes = codesOf(r);
  const seed = 'seed' in r.dice ? r.dice.seed : `scripted: ${r.dice.scripted.join(',')}`;
  return [
    r.id,
    r.winner ?? '',
    r.outcome,
    r.rounds,
    formatCounts(r.attacker, codes),
    formatCounts(r.defender, codes),
    r.captured.join(', '),
    r.diceUsed,
    seed,
    '',
  ];
}

export function resultsSheet(all: readonly Adjudicated[]): CellValue[][] {
  return [RESULTS_HEADER, ...all.map(resultsRow)];
}

/** A log sheet: the summary lines on top, a blank row, then the header and one row per shot. */
export interface LogSheet {
  name: string;
  /** Rows of the summary block (one cell each). */
  summary: string[];
  header: string[];
  widths: number[];
  rows: CellValue[][];
}

export function logSheet(
  result: BattleResult,
  takenNames: ReadonlySet<string> = new Set(),
): LogSheet {
  const ruleset = findRuleset(result.ruleset.id)!;
  const table = logTable(ruleset, result.events);
  return {
    name: logSheetName(result.id, takenNames),
    summary: summaryLines(result, ruleset),
    header: table.headers,
    widths: table.widths,
    rows: table.rows,
  };
}

/**
 * `Log <battle>`, made a legal, unused sheet name: Excel forbids `: \ / ? * [ ]`, a leading or
 * trailing apostrophe and more than 31 characters, and compares names case-insensitively.
 */
export function logSheetName(battleId: string, taken: ReadonlySet<string>): string {
  const clean = `Log ${battleId}`.replace(/[:\\/?*[\]]/g, '_').replace(/^'+|'+$/g, '');
  const lower = new Set([...taken].map((n) => n.toLowerCase()));
  const base = clean.slice(0, 31);
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const name = clean.slice(0, 31 - suffix.length) + suffix;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/** Text that Excel would read as a formula (`=`, `+`, `-`, `@`) is written with a leading `'`. */
export function safeText(value: CellValue): CellValue {
  return typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : value;
}
