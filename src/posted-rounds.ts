import { Adjudicated } from './adjudicate';
import { logSheet, LogSheet } from './log-sheet';
import { resultsColumn, resultsRow } from './results-sheet';
import type { SheetTable } from './submission';
import { titleRules } from './verify-log';
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

/**
 * What `posted` said of each battle that the battles fought now (`fresh`) no longer give: shots
 * before a pause fought otherwise, an ending changed, a battle posted that is now an error or
 * is no longer in the orders. One line a battle.
 */
export function postedChanges(posted: PostedSheets, fresh: readonly Adjudicated[]): string[] {
  const { ordered } = sheetsInOrder(posted.sheetNames, posted.sheets);
  let at = ordered.length - 1;
  while (at >= 0 && !isResultsTable(ordered[at])) at--;
  if (at < 0) return [];
  const endings = postedEndings(ordered[at]);
  // Each log by its title (its first cell), the first of a title kept, as a lookup by battle;
  // and by its title without its rules' version, to name one posted under another.
  const logs = new Map<string, SheetTable>();
  const heads = new Map<string, SheetTable>();
  for (const sheet of ordered.slice(at + 1)) {
    if (!/^log /i.test(String(sheet.origin.sheet))) continue;
    const title = cellOf(sheet, 0, 0);
    if (!logs.has(title)) logs.set(title, sheet);
    const head = titleRules(title)?.head;
    if (head !== undefined && !heads.has(head)) heads.set(head, sheet);
  }
  const lines = fresh.flatMap((a) => {
    const was = endings.get(a.id);
    if (was === undefined || was.outcome === 'error') return [];
    const change = a.outcome.ok
      ? changeOf(a, was, logs, heads)
      : `posted as ${endingText(was)}; now it is not fought (its error is in Results)`;
    return change === null ? [] : [`battle ${a.id}: ${change}`];
  });
  const ids = new Set(fresh.map((a) => a.id));
  for (const [id, was] of endings) {
    if (!ids.has(id) && was.outcome !== 'error') {
      lines.push(`battle ${id}: posted as ${endingText(was)}; it is no longer in the orders`);
    }
  }
  return lines;
}

const OUTCOME = resultsColumn('Outcome');
const WINNER = resultsColumn('Winner');

/** How a battle ended, or that it paused, as Results give it. */
interface Ending {
  outcome: string;
  winner: string;
}

const endingText = ({ outcome, winner }: Ending) =>
  winner === '' ? outcome : `${outcome}, ${winner} wins`;

/** Each battle's ending in a Results sheet, by id (the rows of messages have none). */
function postedEndings(results: SheetTable): Map<string, Ending> {
  const endings = new Map<string, Ending>();
  const top = results.origin.row;
  for (let r = top + 1; r <= lastRowOf(results); r++) {
    const id = cellOf(results, r, 0);
    const outcome = cellOf(results, r, OUTCOME);
    // A battle's row always has an Outcome: a row without is a note typed in.
    if (id !== '' && outcome !== '' && !endings.has(id)) {
      endings.set(id, { outcome, winner: cellOf(results, r, WINNER) });
    }
  }
  return endings;
}

/**
 * How the battle fought now differs from what was posted of it: its shots against its posted log
 * (found by its title, which names the battle and its rules' version), then, for a battle that
 * had ended, its ending. Null when nothing differs.
 */
function changeOf(
  a: Adjudicated,
  was: Ending,
  logs: ReadonlyMap<string, SheetTable>,
  heads: ReadonlyMap<string, SheetTable>,
): string | null {
  if (!a.outcome.ok) return null;
  const row = resultsRow(a);
  const now: Ending = { outcome: writtenText(row[OUTCOME]), winner: writtenText(row[WINNER]) };
  const log = logSheet(a.outcome.value, new Set());
  const sheet = logs.get(log.summary[0]);
  const shots = sheet === undefined ? null : shotsChange(sheet, log);
  if (typeof shots === 'string') return shots;
  const sameEnding = now.outcome === was.outcome && now.winner === was.winner;
  const posted = shots === null ? null : shots.posted;
  if (was.outcome !== 'paused' && !sameEnding) {
    return posted === null
      ? `posted as ${endingText(was)}; fought now, it is ${endingText(now)}`
      : `posted as ended (${endingText(was)}, ${posted} shots); fought now, it is ` +
          `${endingText(now)} after ${log.rows.length} shots`;
  }
  if (was.outcome !== 'paused' && posted !== null && posted !== log.rows.length) {
    return (
      `posted as ended (${endingText(was)}, ${posted} shots); fought now, it goes on to the ` +
      `same end after ${log.rows.length} shots`
    );
  }
  return sheet === undefined ? (otherVersion(log, heads) ?? notFound(log)) : null;
}

/** A note when no log sheet after Results has the battle's title: renamed, moved or deleted. */
const notFound = (log: LogSheet) =>
  `its posted log was not found (no "Log" sheet after Results is titled "${log.summary[0]}"): ` +
  'its shots are not compared';

/** A note when the battle's posted log is of another version of its rules: its shots unchecked. */
function otherVersion(log: LogSheet, heads: ReadonlyMap<string, SheetTable>): string | null {
  const now = titleRules(log.summary[0]);
  const sheet = now === null ? undefined : heads.get(now.head);
  const was = sheet === undefined ? null : titleRules(cellOf(sheet, 0, 0));
  if (now === null || was === null || was.id !== now.id || was.version === now.version) {
    return null;
  }
  return (
    `the posted log (${String(sheet!.origin.sheet)}) was written under ${was.id} ${was.version}, ` +
    `and this Praetor plays ${now.version}: its shots are not compared (docs/rules-${now.id}.md ` +
    'lists what changed)'
  );
}

/**
 * The first posted shot the log fought now does not give, or how many shots were posted when
 * all are given (null when the sheet has no table header of this log). The shots are the rows
 * below the header down to the first blank one, in the log's columns: a note typed below them,
 * or beside them, is not part of them.
 */
function shotsChange(sheet: SheetTable, log: LogSheet): string | { posted: number } | null {
  const last = lastRowOf(sheet);
  let header = -1;
  for (let r = 0; r <= last && header < 0; r++) {
    if (differingColumns(sheet, r, log.header, log.header.length).length === 0) header = r;
  }
  if (header < 0) return null;
  let posted = 0;
  while (differingColumns(sheet, header + 1 + posted, [], log.header.length).length > 0) posted++;
  const name = `the posted log (${String(sheet.origin.sheet)})`;
  for (let i = 0; i < posted; i++) {
    const row = header + 1 + i;
    const want = log.rows[i];
    if (want === undefined) {
      return `${name} has ${posted} shots; fought now, the battle stops after ${i}`;
    }
    // The log's own columns: a note typed beside a shot is not part of it.
    const columns = differingColumns(sheet, row, want, log.header.length);
    if (columns.length > 0) {
      const says = describeCells(columns, log.header, (c) => cellOf(sheet, row, c));
      const gives = describeCells(columns, log.header, (c) => writtenText(want[c] ?? ''));
      return (
        `${name} says ${says} at ${addressOf(sheet, row, columns[0])} (shot ${i + 1}); ` +
        `fought now, the battle gives ${gives}`
      );
    }
  }
  return { posted };
}
