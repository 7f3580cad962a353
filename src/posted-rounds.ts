import { Adjudicated, logSheet, resultsColumn, resultsRow } from './sheets';
import type { SheetTable } from './submission';
import {
  addressOf,
  cellOf,
  describeCells,
  differingColumns,
  isResultsTable,
  lastRowOf,
  sheetsInOrder,
  writtenText,
} from './verify-cells';

/**
 * A battle adjudicated again must come out as it was posted: a battle paused and taken up with
 * new orders gives the shots posted before the pause, then goes on; a battle that ended gives
 * the same log. A changed order inside the posted rounds (a retreat condition written without
 * `from round`), or a changed legion, would refight them otherwise, unseen. This compares the
 * battles fought now with the Results and logs of the workbook they replace.
 */

/** The sheets of a workbook adjudicated before: its sheet names in order, and its grids. */
export interface PostedSheets {
  sheetNames: readonly string[];
  /** The Results and Log sheets at least (others are not read). */
  sheets: readonly SheetTable[];
}

/**
 * The sheets `postedChanges` reads, by name and place: the last sheet named `Results...` and the
 * log sheets after it (a workbook resolved in place keeps each run's sheets).
 */
export function isPostedSheet(name: string, names: readonly string[]): boolean {
  let last = names.length - 1;
  while (last >= 0 && !/^results/i.test(names[last].trim())) last--;
  const at = names.indexOf(name);
  return last >= 0 && (at === last || (at > last && /^log /i.test(name.trim())));
}

/** What `posted` said of each battle of `fresh` that it no longer gives, one line a battle. */
export function postedChanges(posted: PostedSheets, fresh: readonly Adjudicated[]): string[] {
  const { ordered } = sheetsInOrder(posted.sheetNames, posted.sheets);
  let at = ordered.length - 1;
  while (at >= 0 && !isResultsTable(ordered[at])) at--;
  if (at < 0) return [];
  const outcomes = postedOutcomes(ordered[at]);
  const logs = ordered.slice(at + 1).filter((s) => /^log /i.test(String(s.origin.sheet)));
  return fresh.flatMap((a) => {
    const was = outcomes.get(a.id);
    if (was === undefined || was === 'error' || !a.outcome.ok) return [];
    const change = changeOf(a, was, logs);
    return change === null ? [] : [`battle ${a.id}: ${change}`];
  });
}

const OUTCOME = resultsColumn('Outcome');

/** Each battle's Outcome in a Results sheet, by id. */
function postedOutcomes(results: SheetTable): Map<string, string> {
  const outcomes = new Map<string, string>();
  const top = results.origin.row;
  for (let r = top + 1; r <= lastRowOf(results); r++) {
    const id = cellOf(results, r, 0);
    if (id !== '' && !outcomes.has(id)) outcomes.set(id, cellOf(results, r, OUTCOME));
  }
  return outcomes;
}

/**
 * How the battle fought now differs from its posted log (found by its title, which names the
 * battle and its rules' version), or null when it does not, or when no such log was posted.
 */
function changeOf(a: Adjudicated, was: string, logs: readonly SheetTable[]): string | null {
  if (!a.outcome.ok) return null;
  const log = logSheet(a.outcome.value, new Set());
  const sheet = logs.find((s) => cellOf(s, 0, 0) === log.summary[0]);
  if (sheet === undefined) return null;
  const last = lastRowOf(sheet);
  let header = -1;
  for (let r = 0; r <= last && header < 0; r++) {
    if (differingColumns(sheet, r, log.header).length === 0) header = r;
  }
  if (header < 0) return null;
  const postedShots = last - header;
  const posted = `the posted log (${String(sheet.origin.sheet)})`;
  for (let i = 0; i < postedShots; i++) {
    const row = header + 1 + i;
    const want = log.rows[i];
    if (want === undefined) {
      return `${posted} has ${postedShots} shots; fought now, the battle stops after ${i}`;
    }
    const columns = differingColumns(sheet, row, want);
    if (columns.length > 0) {
      const says = describeCells(columns, log.header, (c) => cellOf(sheet, row, c));
      const now = describeCells(columns, log.header, (c) => writtenText(want[c] ?? ''));
      return (
        `${posted} says ${says} at ${addressOf(sheet, row, columns[0])} (shot ${i + 1}); ` +
        `fought now, the battle gives ${now}`
      );
    }
  }
  const now = writtenText(resultsRow(a)[OUTCOME]);
  if (was === 'paused' || (now === was && log.rows.length === postedShots)) return null;
  return (
    `posted as ended (${was}, ${postedShots} shots); fought now, it is ${now} ` +
    `after ${log.rows.length} shots`
  );
}
