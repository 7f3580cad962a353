import { cellAddress } from '../cells';
import {
  ColumnWords,
  Columns,
  findColumns,
  headerProblems,
  NOTE_COLUMNS,
  rowProblems,
  unknownColumns,
} from '../columns';
import { lookalikeCells, lookalikeColumns, withLookalikesNamed } from '../header-slips';
import { capitalise } from '../narrate-words';
import {
  blankButNotes,
  mergedCellProblem,
  mergedHeaderColumns,
  mergedHeaderProblem,
} from '../merged-cells';
import { CellRef, EconomyTable } from './state';
import { unheadedColumns } from '../unheaded-columns';
import { hiddenWarnings } from '../hidden-cells';

/** Reading one of the economy's tables: its columns by header text, then its non-blank rows. */

export interface ReadTable<K extends string> {
  table: EconomyTable;
  /** The table's name for messages: its sheet, else the name it was looked up by. */
  name: string;
  cols: Columns<K>;
  warnings: string[];
  /** A header cell unreadable or repeated, a body cell unreadable or too long: nothing is read. */
  problems: string[];
}

/** What a value under a look-alike header stops: the turn, as any table's unreadable cell. */
const TURN_STOPPED = 'the turn is not played';

export function openTable<K extends string>(
  table: EconomyTable,
  label: string,
  words: ColumnWords<K>,
  choices: string,
): ReadTable<K> {
  const header = table.cells[0] ?? [];
  const known = Object.values(words).flat() as string[];
  const cols = findColumns(header, words);
  const problems = headerProblems(header, table.origin, words);
  const isKnown = (w: string) => known.includes(w) || NOTE_COLUMNS.includes(w);
  // Every column read decides the turn: a value under a look-alike of one missing stops it.
  const lookalikes = lookalikeColumns(header, isKnown, () =>
    (Object.keys(words) as K[]).flatMap((key) =>
      words[key].map((word) => ({
        word,
        name: capitalise(words[key][0]),
        present: cols[key] !== undefined,
      })),
    ),
  );
  if (problems.length === 0) {
    const checks = Object.values<number | undefined>(cols)
      .filter((c): c is number => c !== undefined)
      .map((col) => ({ col }));
    const unheaded = mergedHeaderColumns(table, (word) => known.includes(word));
    for (const { r, row } of bodyRows(table)) {
      problems.push(...rowProblems(row, r, table.origin, checks).map((c) => c.message));
      const slips = lookalikeCells(row, r, table.origin, header, lookalikes, '', TURN_STOPPED);
      problems.push(...slips.map((c) => c.message));
      for (const col of unheaded) {
        const merged = mergedHeaderProblem(table, r, col);
        if (merged !== null) problems.push(merged);
      }
      // A cell under a merge: read as blank, or as a value it holds hidden, not as Excel shows it.
      for (const { col } of checks) {
        const merged = mergedCellProblem(table, r, col);
        if (merged !== null) problems.push(merged);
      }
    }
  }
  return {
    problems,
    table,
    name: table.origin.sheet ?? label,
    cols,
    warnings: [
      ...withLookalikesNamed(
        unknownColumns(header, table.origin, isKnown, choices),
        table.origin,
        lookalikes,
        'a value under it stops the turn',
      ),
      ...unheadedColumns(table),
      ...hiddenWarnings(table, (w) => known.includes(w)),
    ],
  };
}

/**
 * `Players!A1: Players has no "Treasury" column`, for each required column missing, and the
 * table's unreadable cells (see `ReadTable.problems`): what stops the table from being read.
 */
export function missingColumns<K extends string>(
  t: ReadTable<K>,
  required: readonly (readonly [K, string])[],
): string[] {
  if (t.problems.length > 0) return t.problems;
  return required
    .filter(([key]) => t.cols[key] === undefined)
    .map(
      ([, header]) =>
        `${cellAddress(t.table.origin, 0, 0)}: ${t.name} has no "${header}" column in its header row`,
    );
}

/** The rows below the header that are not wholly blank, with their index in the grid. */
export function bodyRows(table: EconomyTable): { r: number; row: readonly unknown[] }[] {
  const rows: { r: number; row: readonly unknown[] }[] = [];
  const skipped = blankButNotes(table);
  for (let r = 1; r < table.cells.length; r++) {
    const row = table.cells[r];
    if (!skipped(row)) rows.push({ r, row });
  }
  return rows;
}

/** A row's helpers: a column's cell, and its address (the row's first cell for a missing one). */
export function rowAccess<K extends string>(t: ReadTable<K>, r: number, row: readonly unknown[]) {
  const col = (key: K) => t.cols[key] ?? 0;
  return {
    cell: (key: K): unknown => (t.cols[key] === undefined ? null : row[t.cols[key]!]),
    address: (key: K) => cellAddress(t.table.origin, r, col(key)),
    ref: (key: K): CellRef => ({
      sheet: t.name,
      row: t.table.origin.row + r,
      col: t.table.origin.col + col(key),
      address: cellAddress(t.table.origin, r, col(key)),
    }),
  };
}
