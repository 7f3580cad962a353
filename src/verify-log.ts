import { earlierOutcomeSentence, FORCES_LINE, FORCES_LINES, outcomeLineOf } from './log';
import { CellValue } from './cell-value';
import { logHeaderRow, LogSheet } from './log-sheet';
import type { SheetTable } from './submission';
import {
  addressOf,
  cellOf,
  describeCells,
  differingColumns,
  lastRowOf,
  writtenText,
  Mismatch,
  rowWidth,
} from './verify-cells';

/**
 * One battle's `Log` sheet read back and compared, cell by cell, with the log of its replay:
 * the summary lines, the header, then every shot. A shot that differs is named by its number
 * and cell, with what the log says and what the dice say.
 */

/** At most this many mismatches are listed per battle; the rest are counted in one line. */
export const MISMATCHES_PER_BATTLE = 20;

/** A log sheet's rows as written: the summary, a blank row, the header, one row per shot. */
export function logRows(log: LogSheet): CellValue[][] {
  return [...log.summary.map((line) => [line]), [], log.header, ...log.rows];
}

/**
 * The log as Praetor wrote it before logs named the forces: the same summary without its
 * `Attacker:` and `Defender:` lines, so the table's header two rows higher.
 */
export function withoutForces(log: LogSheet): LogSheet {
  const summary = log.summary.filter((_, i) => i < FORCES_LINE || i >= FORCES_LINE + FORCES_LINES);
  return { ...log, summary };
}

/**
 * Whether a posted log sheet has the earlier layout, without the forces lines: its table header
 * is where that layout put it and not where this one does, or, with the header in neither place
 * (edited), no `Attacker:` line stands where this layout puts it. The forces lines only repeat
 * the orders, so a log without them is compared, cell by cell, with the replay's log without
 * them: every shot is still checked.
 */
export function hasEarlierLayout(expected: LogSheet, sheet: SheetTable): boolean {
  const headerAt = (row: number) => differingColumns(sheet, row, expected.header).length === 0;
  if (headerAt(logHeaderRow(expected))) return false;
  if (headerAt(logHeaderRow(withoutForces(expected)))) return true;
  return !/^Attacker:/.test(cellOf(sheet, FORCES_LINE, 0));
}

/**
 * A posted log against its replay's (`earlier` when the sheet has the layout from before logs
 * named the forces, and was compared with that).
 */
export function compareLog(
  battle: string,
  replayed: LogSheet,
  sheet: SheetTable,
): { mismatches: Mismatch[]; shots: number; earlier: boolean } {
  const earlier = hasEarlierLayout(replayed, sheet);
  const expected = earlier ? withoutForces(replayed) : replayed;
  const rows = logRows(expected);
  const headerRow = logHeaderRow(expected);
  const outcomeRow = outcomeLineOf(expected.summary);
  const last = Math.max(rows.length - 1, lastRowOf(sheet));
  const found: Mismatch[] = [];
  for (let r = 0; r <= last; r++) {
    const want = rows[r] ?? [];
    const columns = differingColumns(sheet, r, want);
    if (columns.length === 0 || (r === outcomeRow && earlierOutcome(sheet, r, want))) continue;
    const where = addressOf(sheet, r, columns[0]);
    const says = describeCells(columns, expected.header, (c) => cellOf(sheet, r, c));
    const replay = describeCells(columns, expected.header, (c) => writtenText(want[c] ?? ''));
    const changed = r === 0 ? rulesChanged(cellOf(sheet, 0, 0), writtenText(want[0] ?? '')) : null;
    if (changed !== null) {
      found.push({
        battle,
        where,
        says,
        replay,
        message: `battle ${battle}: ${where}: ${changed}`,
      });
      continue;
    }
    if (r <= headerRow) {
      found.push({
        battle,
        where,
        says,
        replay,
        message: `battle ${battle}: ${where} says ${quoted(cellOf(sheet, r, columns[0]))}; the replay says ${quoted(writtenText(want[columns[0]] ?? ''))}`,
      });
      continue;
    }
    const shot = r - headerRow;
    const head = `battle ${battle}, shot ${shot} (${where})`;
    const message =
      r >= rows.length
        ? `${head}: the log has a shot the dice do not give: ${says}`
        : rowWidth(sheet, r) === 0
          ? `${head}: missing from the log; the dice say ${replay}`
          : `${head}: the log says ${says}; the dice say ${replay}`;
    found.push({ battle, where, shot, says, replay, message });
  }
  return { mismatches: capped(battle, found), shots: expected.rows.length, earlier };
}

/** The outcome row holding its sentence as logs worded it before (`earlierOutcomeSentence`). */
function earlierOutcome(sheet: SheetTable, r: number, want: CellValue[]) {
  const earlier = earlierOutcomeSentence(writtenText(want[0]));
  return earlier !== null && differingColumns(sheet, r, [earlier]).length === 0;
}

const quoted = (v: string) => (v === '' ? '(blank)' : `"${v}"`);

/** The ruleset and its version at the end of a log's title: `... (cote-online 1.0.0)`. */
const TITLE_RULESET = /\(([a-z0-9-]+) (\d+\.\d+\.\d+)\)$/;

/** A log title's rules id and version, and what comes before them (`Battle B1 — its rules`). */
export function titleRules(title: string): { head: string; id: string; version: string } | null {
  const found = TITLE_RULESET.exec(title.trim());
  return (
    found && { head: title.trim().slice(0, found.index).trim(), id: found[1], version: found[2] }
  );
}

/**
 * A log written under another version of its rules: said first and plainly, since every shot
 * that differs after it may differ for that reason alone, not because a die was changed.
 */
function rulesChanged(logTitle: string, replayTitle: string): string | null {
  const was = titleRules(logTitle);
  const now = titleRules(replayTitle);
  if (!was || !now || was.id !== now.id || was.version === now.version) return null;
  return (
    `the log was written under ${was.id} ${was.version}, and this Praetor plays ${now.id} ${now.version}; ` +
    `the rules changed between the two (docs/rules-${now.id}.md lists what), so the shots may ` +
    'differ for that reason alone: verify it with the Praetor that adjudicated it'
  );
}

function capped(battle: string, found: Mismatch[]): Mismatch[] {
  if (found.length <= MISMATCHES_PER_BATTLE) return found;
  const more = found.length - MISMATCHES_PER_BATTLE;
  const first = found[MISMATCHES_PER_BATTLE];
  return [
    ...found.slice(0, MISMATCHES_PER_BATTLE),
    {
      battle,
      where: first.where,
      says: '',
      replay: '',
      message: `battle ${battle}: ${more} more row${more === 1 ? '' : 's'} of its log differ, from ${first.where} on`,
    },
  ];
}
