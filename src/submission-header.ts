import { cellAddress } from './cells';
import {
  ColumnWords,
  Columns,
  findColumns,
  headerProblems,
  NOTE_COLUMNS,
  unknownColumns,
} from './columns';
import {
  DecidingColumn,
  headerHints,
  Lookalike,
  lookalikeColumns,
  titleRowProblem,
  withLookalikesNamed,
  withoutHinted,
} from './header-slips';
import { hiddenWarnings } from './hidden-cells';
import { rulesetIds } from './rulesets';
import { capitalise } from './narrate-words';
import type { SheetTable } from './submission';
import { unheadedColumns } from './unheaded-columns';

/**
 * The header row of a submission table (`Battles`, and each forces table), checked before any
 * of its rows is read, alike for every table: its columns found, what may be a mistake warned
 * of (a column not read, values in a column with no header, hidden rows and columns), and what
 * stops the table named (a title row above it, a header cell unreadable or given twice, a
 * required column missing), with the headers that look like a column it lacks.
 */

/** The columns of a submission table, as its header is checked. */
export interface TableColumns<K extends string> {
  columns: ColumnWords<K>;
  required: readonly K[];
  /** The columns read, for the warning on one that is not. */
  knownText: string;
  /** Header words read beyond `columns` (Legions' unit columns, Battles' options' own columns). */
  alsoKnown?: (word: string) => boolean;
  /** Keys of header words read beyond `columns`, so that one such column given twice is refused. */
  alsoKeys?: (word: string) => readonly string[];
  /** A problem with the header beyond a missing column (no unit columns at all). */
  headerProblem?: (header: readonly unknown[], at: string, sheet: string) => string | null;
  /** What the message on a missing column adds after `has no "Side" column` (Battles': more). */
  missingTail?: string;
}

/** A table's header, checked: its columns, or the problems that stop the table. */
export interface TableHeader<K extends string> {
  cols: Columns<K>;
  /** True for a header word of a column the table reads (`columns` or `alsoKnown`; not notes). */
  isRead: (word: string) => boolean;
  /** The headers that look like a deciding column the table lacks (see header-slips.ts). */
  lookalikes: ReadonlyMap<number, readonly Lookalike[]>;
  /** What stops the table: when there is any, none of its rows is read. */
  problems: string[];
  warnings: string[];
}

/** The header words of a table's columns (a constant of its module), found once a table. */
const words = new WeakMap<object, readonly string[]>();
function wordsOf(columns: ColumnWords<string>): readonly string[] {
  let found = words.get(columns);
  if (found === undefined) words.set(columns, (found = Object.values(columns).flat()));
  return found;
}

/**
 * Checks `table`'s header row against `kind`. `deciding` gives the columns that decide a battle
 * (asked for only when a header is not known), for the look-alike headers.
 */
export function readHeader<K extends string>(
  table: SheetTable,
  kind: TableColumns<K>,
  deciding: (cols: Columns<K>) => readonly DecidingColumn[],
): TableHeader<K> {
  const header = table.cells[0] ?? [];
  const cols = findColumns(header, kind.columns);
  const sheet = table.origin.sheet ?? 'the table';
  const known = wordsOf(kind.columns);
  const isRead = (w: string) => known.includes(w) || (kind.alsoKnown?.(w) ?? false);
  const isKnown = (w: string) => isRead(w) || NOTE_COLUMNS.includes(w);
  const stopped = (problems: string[], warnings: string[]): TableHeader<K> => ({
    cols,
    isRead,
    lookalikes: new Map(),
    problems,
    warnings,
  });
  // A title above the table: named alone, the row read as the header being none.
  const missing = kind.required.find((key) => cols[key] === undefined);
  const titleRow =
    missing === undefined
      ? null
      : titleRowProblem(table.cells, table.origin, kind.columns[missing]);
  if (titleRow !== null) return stopped([titleRow], []);
  const warnings = [
    ...unknownColumns(header, table.origin, isKnown, kind.knownText),
    ...unheadedColumns(table),
    ...hiddenWarnings(table, isRead),
  ];
  const unreadable = headerProblems(header, table.origin, kind.columns, kind.alsoKeys);
  if (unreadable.length > 0) return stopped(unreadable, warnings);
  const headerAt = cellAddress(table.origin, 0, 0);
  const problems = kind.required
    .filter((key) => cols[key] === undefined)
    .map(
      (key) =>
        `${headerAt}: ${sheet} has no "${capitalise(kind.columns[key][0])}" column` +
        (kind.missingTail ?? ''),
    );
  const problem = kind.headerProblem?.(header, headerAt, sheet);
  if (problem) problems.push(problem);
  const lookalikes = lookalikeColumns(header, isKnown, () => deciding(cols));
  if (problems.length > 0) {
    const words = missing === undefined ? [] : kind.columns[missing];
    return stopped(
      [...problems, ...headerHints(table.cells, table.origin, words, lookalikes)],
      withoutHinted(warnings, table.origin, lookalikes),
    );
  }
  return {
    cols,
    isRead,
    lookalikes,
    problems,
    warnings: withLookalikesNamed(warnings, table.origin, lookalikes, undefined, rulesetIds()),
  };
}
