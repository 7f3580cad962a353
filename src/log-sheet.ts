import { BattleResult } from './battle';
import { CellValue } from './cell-value';
import { logTable, summaryLines } from './log';
import { findRuleset } from './rulesets';
import { DEFAULT_WIDTH, rowLines } from './sheet-layout';
import { freeSheetName } from './sheet-names';

/**
 * The `Log <battle>` sheet Praetor writes back for each battle resolved.
 * Pure, so that the taskpane and the headless referee write the same values.
 */

/** A log sheet: the summary lines on top, a blank row, then the header and one row per shot. */
export interface LogSheet {
  name: string;
  /** Rows of the summary block (one cell each). */
  summary: string[];
  header: string[];
  widths: number[];
  rows: CellValue[][];
  /** What the printed pages' header shows: the battle, the ruleset, the dice. */
  page: { battle: string; ruleset: string; dice: string };
}

/** The row (0-based) of a log sheet's table header: below the summary and a blank row. */
export const logHeaderRow = (log: LogSheet): number => log.summary.length + 1;

/**
 * How a log's summary lines sit above its table: each spans the table's `columns` (merged from
 * column A when there are two or more), wraps at their `width` together (in characters, the sum
 * of the column widths) and is top-aligned; `lines` is how many lines each takes (1 when it
 * fits), the height both writers give its row.
 */
export function logSummaryLayout(log: LogSheet): {
  columns: number;
  width: number;
  lines: number[];
} {
  const columns = Math.max(1, log.header.length);
  let width = 0;
  for (let c = 0; c < columns; c++) width += log.widths[c] ?? DEFAULT_WIDTH;
  return { columns, width, lines: log.summary.map((line) => rowLines(line, width)) };
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
    page: {
      battle: `Battle ${result.id}`,
      ruleset: `${ruleset.id} ${ruleset.version}`,
      dice:
        'seed' in result.dice
          ? `seed ${result.dice.seed}`
          : 'scripted' in result.dice
            ? `scripted dice (${result.dice.scripted.length})`
            : `sealed dice, turn ${result.dice.sealed.turn}`,
    },
  };
}

/**
 * `Log <battle>`, made a legal, unused sheet name: Excel forbids `: \ / ? * [ ]`, a leading or
 * trailing apostrophe and more than 31 characters, and compares names case-insensitively.
 */
export function logSheetName(battleId: string, taken: ReadonlySet<string>): string {
  // An id of apostrophes alone would leave `Log`, which is no log sheet's name.
  return freeSheetName(`Log ${/^[\s']*$/.test(battleId) ? '_' : battleId}`, taken);
}
