import { cellAddress, cellProblem, cellText, GridOrigin, MAX_LONG_TEXT } from './cells';
import { BadCell, findColumns, headerWord, rowProblems } from './columns';
import { DecidingColumn, lookalikeCells } from './header-slips';
import {
  blankButNotes,
  mergedCell,
  mergedHeaderColumns,
  mergedHeaderProblem,
} from './merged-cells';
import { capitalise } from './narrate-words';
import { listProblems } from './problem-list';
import { readHeader, TableColumns } from './submission-header';
import type { LegionRows } from './submission-legions';
import type { SheetTable, SubmissionEntry } from './submission';
import { nearestName } from './word-slips';
import { battleIdKey } from './battle-id';

/**
 * What the forces tables of a submission (`Legions`, `Fleets`, `Units`) share: their header
 * checked (required columns, unknown columns warned of; see submission-header.ts), then each
 * row matched to its battle. Each table says what a row holds.
 */
export interface ForcesTable<K extends string> extends TableColumns<K> {
  /** `legion`, `fleet row`, `unit row`: how messages call a row. */
  rowName: string;
  /** The columns whose text may be longer than a name (`PC`, `Empire`). */
  longText?: readonly K[];
  /** The columns that only label a row (a player's name): every other one decides a battle. */
  labels?: readonly K[];
  /** Deciding columns beyond `columns` (the Legions table's unit columns), by the header. */
  alsoDeciding?: (header: readonly unknown[]) => DecidingColumn[];
}

export type Columns<K extends string> = ReturnType<typeof findColumns<K>>;

/**
 * Reads a forces table: `each` gets every row whose battle exists and can be checked, and gives
 * the problems of that row's cells (each message naming its cell), if any.
 */
export function readForcesTable<K extends 'battle' | string>(
  table: SheetTable,
  entries: readonly SubmissionEntry[],
  battlesSheet: string,
  kind: ForcesTable<K>,
  each: (
    r: number,
    entryIndex: number,
    entry: SubmissionEntry,
    cols: Columns<K>,
  ) => readonly string[],
  out: LegionRows = emptyRows(),
): LegionRows {
  const header = table.cells[0] ?? [];
  const checked = readHeader(table, kind, (cols) => [
    ...decidingColumns(kind, cols),
    ...(kind.alsoDeciding?.(header) ?? []),
  ]);
  out.warnings.push(...checked.warnings);
  if (checked.problems.length > 0) {
    out.problems.push(...checked.problems);
    out.fatal = true;
    return out;
  }
  const { cols, isRead, lookalikes } = checked;
  // A battle with no id is named by its row (`(row 3)`): no legion means it.
  const nearest = nearestName(entries.filter((e) => !e.idless).map((e) => e.id));
  const didYouMean = (id: string) => {
    const near = nearest(id);
    return near === null ? '' : `${BATTLE_HINT}"${near}"?`;
  };
  const index = new Map<string, number>();
  entries.forEach((e, i) => {
    if (!index.has(battleIdKey(e.id))) index.set(battleIdKey(e.id), i);
  });
  const battleCol = (cols as Record<string, number | undefined>).battle!;
  // Every column read: the known ones, and those `alsoKnown` (unit columns).
  const keyOf = new Map<number, K>();
  for (const key of Object.keys(cols) as K[]) keyOf.set(cols[key]!, key);
  const checks = header.flatMap((cell, col) => {
    const word = headerWord(cell);
    const key = keyOf.get(col);
    if (key === undefined && !(kind.alsoKnown?.(word) ?? false)) return [];
    const long = key !== undefined && (kind.longText ?? []).includes(key);
    return [{ col, maxText: long ? MAX_LONG_TEXT : undefined }];
  });
  const labelCols = new Set((kind.labels ?? []).map((key) => cols[key]));
  const unheaded = mergedHeaderColumns(table, isRead);
  const skipped = blankButNotes(table);
  for (let r = 1; r < table.cells.length; r++) {
    const row = table.cells[r];
    // Blank in its own cells, a row is blank whatever merges reach into it: merged down over
    // it, a legion's cells show one taller row, not two legions.
    if (skipped(row)) continue;
    const merged = mergedCells(table, r, checks, labelCols);
    // A battle a merge shows is this row's: the row is read for it, and the merge named.
    const battleMerged = merged.find((m) => m.col === battleCol);
    const battleCell = cellAddress(table.origin, r, battleCol);
    const idProblem = battleMerged ? null : cellProblem(row[battleCol]);
    if (idProblem !== null) {
      out.problems.push(`${battleCell}: the ${kind.rowName}'s battle cannot be read: ${idProblem}`);
      continue;
    }
    const battleId = battleMerged?.shown ?? cellText(row[battleCol]);
    const i = index.get(battleIdKey(battleId));
    if (battleId === '' || i === undefined || (battleMerged && entries[i].spec === null)) {
      out.problems.push(
        battleMerged
          ? battleMerged.message
          : battleId === ''
            ? `${battleCell}: the ${kind.rowName} names no battle (the Battle column is blank)`
            : `${battleCell}: the ${kind.rowName} is for battle "${battleId}", which is not in ${battlesSheet}` +
              didYouMean(battleId),
      );
      continue;
    }
    const entry = entries[i];
    if (entry.spec === null) continue;
    // The row's content is checked even beside an unreadable cell: that cell keeps its message.
    const found = [
      ...rowProblems(row, r, table.origin, checks),
      ...lookalikeCells(row, r, table.origin, header, lookalikes, String(entry.spec.rules)),
    ];
    for (const cell of merged) {
      if (cell.label) out.warnings.push(cell.message);
      else addBadCell(found, cell);
    }
    for (const col of unheaded) {
      const message = mergedHeaderProblem(table, r, col);
      if (message !== null) addBadCell(found, { row: r, col, message });
    }
    const width = Math.max(header.length, row.length);
    for (const message of each(r, i, entry, cols)) {
      addBadCell(found, { row: r, col: columnNamed(message, table.origin, r, width), message });
    }
    if (found.length > 0) out.errors.set(i, [...(out.errors.get(i) ?? []), ...found]);
  }
  return out;
}

const BATTLE_HINT = ': did you mean ';
/** A sheet's name holds no colon: the hint is what follows the first one after the id. */
const HINTED = new RegExp(`(, which is not in [^:]*)${BATTLE_HINT}"[\\s\\S]*"\\?$`);

/** A row's message for a battle not in the table, without the battle it likely meant. */
export const withoutBattleHint = (message: string): string => message.replace(HINTED, '$1');

/** A cell of a row read without the value a merge shows in it (see merged-cells.ts). */
export interface MergedCell extends BadCell {
  /** The text the merge shows. */
  shown: string;
  /** True when the cell only labels the row (a warning); else it decides a battle (an error). */
  label: boolean;
}

/** The cells of row `r` among those read (`checks`) that a merge covers, with what it shows. */
export function mergedCells(
  table: SheetTable,
  r: number,
  checks: readonly { col: number }[],
  labelCols: ReadonlySet<number | undefined>,
): MergedCell[] {
  if (!table.merges?.length) return [];
  return checks.flatMap(({ col }) => {
    const cell = mergedCell(table, r, col);
    return cell === null ? [] : [{ row: r, col, ...cell, label: labelCols.has(col) }];
  });
}

/** A table's columns that decide a battle (all but its labels), each word a column's name. */
function decidingColumns<K extends string>(
  kind: ForcesTable<K>,
  cols: Columns<K>,
): DecidingColumn[] {
  return (Object.keys(kind.columns) as K[])
    .filter((key) => !(kind.labels ?? []).includes(key))
    .flatMap((key) =>
      kind.columns[key].map((word) => ({
        word,
        name: capitalise(kind.columns[key][0]),
        present: cols[key] !== undefined,
      })),
    );
}

/** The column of row `r` whose cell a message begins with (`Legions!E2: ...`), else past the end. */
function columnNamed(message: string, origin: GridOrigin, r: number, width: number): number {
  for (let col = 0; col < width; col++) {
    if (message.startsWith(`${cellAddress(origin, r, col)}: `)) return col;
  }
  return width;
}

/** Adds a bad cell to a row's, unless that cell already has a message: one message a cell. */
export function addBadCell(found: BadCell[], cell: BadCell): void {
  if (!found.some((f) => f.row === cell.row && f.col === cell.col)) found.push(cell);
}

/**
 * A battle's bad cells, grouped by table in the order read (its Battles row, then each forces
 * table), as messages: the first found (the one Praetor has always named first), then the rest
 * in sheet order, rows top to bottom and cells left to right.
 */
export function badCellMessages(groups: readonly (readonly BadCell[])[]): string[] {
  const first = groups.find((g) => g.length > 0)?.[0];
  if (first === undefined) return [];
  const rest = groups
    .flatMap((g) => [...g].sort((a, b) => a.row - b.row || a.col - b.col))
    .filter((c) => c !== first);
  return [first, ...rest].map((c) => c.message);
}

/**
 * A battle's error from its bad cells (`badCellMessages`) and any more problems after them,
 * listed by `listProblems` (at most five, then `; and N more`; never more than a cell holds).
 * Null when there are no bad cells.
 */
export function battleError(
  groups: readonly (readonly BadCell[])[],
  more: readonly string[] = [],
): string | null {
  const cells = badCellMessages(groups);
  return cells.length === 0 ? null : listProblems([...cells, ...more]);
}

export const emptyRows = (): LegionRows => ({
  fatal: false,
  problems: [],
  warnings: [],
  errors: new Map(),
  byEntry: new Map(),
});
