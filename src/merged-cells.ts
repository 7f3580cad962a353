import { cellAddress, cellText, GridOrigin, isBlank, quoteText } from './cells';
import { headerWord, NOTE_COLUMNS } from './columns';

/**
 * Merged cells in a submission's tables. Excel shows a merged range's value in every cell it
 * covers, but only its top-left cell holds it: the others hold what the file holds, blank (as
 * formulas read them) or a value left hidden. A player who merges `B1` over two legions'
 * Battle cells, or `3` over two Infantry cells, sees that value in both rows; Praetor would
 * read the second row without it (a legion for no battle, a legion of no infantry). Such a cell
 * is named with the merge and what to do.
 */

/**
 * A merged range of a table's grid: rows and columns 0-based within the grid, inclusive. A
 * merge placed on a roster range (`placeMerges`) may start above or left of the grid (a
 * negative `top` or `left`), its value then given by `shows`.
 */
export interface GridMerge {
  top: number;
  left: number;
  bottom: number;
  right: number;
  /**
   * The value the merge shows, where the grid's own top-left cell does not hold it: the cell is
   * outside the grid, or in a row the grid leaves blank (between a roster range and the sheet
   * header row put back above it).
   */
  shows?: unknown;
  /** Where a merge cut to the grid (`placeMerges`) ends beyond it: to name the merge whole. */
  ends?: { bottom: number; right: number };
}

/** A table's grid with the merges over it, as the adapters read them (none when unknown). */
export interface MergedGrid {
  cells: readonly (readonly unknown[])[];
  origin: GridOrigin;
  merges?: readonly GridMerge[];
}

const NONE: readonly GridMerge[] = [];

/** Each grid's merges by the rows they span, made once: a lookup for every cell read. */
const mergesByRow = new WeakMap<readonly GridMerge[], Map<number, GridMerge[]>>();

function mergesOnRow(grid: MergedGrid, r: number): readonly GridMerge[] {
  const merges = grid.merges;
  if (!merges?.length) return NONE;
  let byRow = mergesByRow.get(merges);
  if (byRow === undefined) {
    byRow = new Map();
    for (const m of merges) {
      for (let row = m.top; row <= Math.min(m.bottom, grid.cells.length - 1); row++) {
        const list = byRow.get(row);
        if (list) list.push(m);
        else byRow.set(row, [m]);
      }
    }
    mergesByRow.set(merges, byRow);
  }
  return byRow.get(r) ?? NONE;
}

/** True when `m` covers cell (r, c), other than at its top-left cell (which holds its value). */
export const covers = (m: GridMerge, r: number, c: number): boolean =>
  m.top <= r && r <= m.bottom && m.left <= c && c <= m.right && (r > m.top || c > m.left);

/** The merge that covers cell (r, c) other than at its top-left cell, if any. */
function coveringMerge(grid: MergedGrid, r: number, c: number): GridMerge | undefined {
  return mergesOnRow(grid, r).find((m) => covers(m, r, c));
}

/** True when every cell of row `r` that holds a value is under a merge, beyond its top-left. */
function wholeRowHidden(grid: MergedGrid, r: number): boolean {
  const row = grid.cells[r] ?? [];
  return row.every((v, c) => isBlank(v) || coveringMerge(grid, r, c) !== undefined);
}

/** True when a merge over header cell (0, c), other than at its top-left, shows a value there. */
export const headerShownByMerge = (grid: MergedGrid, c: number): boolean =>
  mergesOnRow(grid, 0).some((m) => covers(m, 0, c) && !isBlank(mergeValue(grid, m)));

/** What Excel shows in cell (r, c): the value of a merge over it, else the cell's own. */
export function shownAt(grid: MergedGrid, r: number, c: number): unknown {
  const merge = coveringMerge(grid, r, c);
  return merge === undefined ? grid.cells[r]?.[c] : mergeValue(grid, merge);
}

/** The value a merge shows in every cell it covers: its top-left cell's. */
const mergeValue = (grid: MergedGrid, m: GridMerge): unknown =>
  'shows' in m ? m.shows : grid.cells[m.top]?.[m.left];

/** The merge over (r, c), what it shows and what the cell holds, with their addresses (no sheet). */
function shownMerge(grid: MergedGrid, r: number, c: number) {
  const merge = coveringMerge(grid, r, c);
  if (merge === undefined) return undefined;
  const plain = { ...grid.origin, sheet: undefined };
  const first = cellAddress(plain, merge.top, merge.left);
  return {
    /** What the merge shows: its top-left cell's value. */
    value: mergeValue(grid, merge),
    /** What the covered cell holds, hidden: blank unless a program merged over a value. */
    own: grid.cells[r]?.[c],
    first,
    range: `${first}:${cellAddress(plain, (merge.ends ?? merge).bottom, (merge.ends ?? merge).right)}`,
    cell: cellAddress(plain, r, c),
  };
}

/**
 * Why cell (r, c) is not read as Excel shows it: a merge over it shows its top-left cell's
 * value, and the cell holds none (so reads blank) or holds another, hidden (a merge made by the
 * format painter, or by LibreOffice keeping the hidden cells' contents). Null when no merge
 * covers it, or the merge shows nothing and the cell holds nothing either.
 */
export function mergedCellProblem(grid: MergedGrid, r: number, c: number): string | null {
  return mergedCell(grid, r, c)?.message ?? null;
}

/** As `mergedCellProblem`, with the text the merge shows (for a Battle cell, the battle). */
export function mergedCell(
  grid: MergedGrid,
  r: number,
  c: number,
): { message: string; shown: string } | null {
  const shown = shownMerge(grid, r, c);
  if (shown === undefined) return null;
  const text = cellText(shown.value);
  const value = quoteText(text);
  const where = `${cellAddress(grid.origin, r, c)}: the merged cells ${shown.range} show`;
  const fix = `unmerge ${shown.range} and give each cell its own value`;
  const own = cellText(shown.own);
  let what: string;
  if (own === '') {
    if (isBlank(shown.value)) return null;
    what = `${value} here, but that is ${shown.first}'s value and Praetor reads ${shown.cell} as blank`;
  } else if (own === text) {
    // Read as shown, unless the whole row is hidden under the merges of the row above: Excel
    // shows one taller row where the file holds two, and the second is read unseen.
    if (!wholeRowHidden(grid, r)) return null;
    what = `${value} here, and ${shown.cell} holds it too, hidden`;
  } else {
    const seen = isBlank(shown.value) ? 'nothing' : value;
    what = `${seen} here, but ${shown.cell} holds ${quoteText(own)}, hidden`;
  }
  return { shown: text, message: `${where} ${what}: ${fix}` };
}

/** True for a message of `mergedCellProblem` (the warnings `verify` knows earlier Results lack). */
export const isMergedCellMessage = (message: string): boolean =>
  / the merged cells [A-Z]+[0-9]+:[A-Z]+[0-9]+ show .* here, (but that is [A-Z]+[0-9]+'s value and Praetor reads [A-Z]+[0-9]+ as blank|but [A-Z]+[0-9]+ holds .*, hidden|and [A-Z]+[0-9]+ holds it too, hidden): unmerge /.test(
    message,
  );

/**
 * The columns whose header cell (row 0) a merge covers, where it shows the header of a column
 * read (`isRead`, of the header's words) or hides one of the cell's own: a column whose header
 * is not what Excel shows (`Infantry` merged over E1:F1 leaves F with no header, so unread). A
 * merged notes header or title is no such header.
 */
export function mergedHeaderColumns(grid: MergedGrid, isRead: (word: string) => boolean): number[] {
  const columns = new Set<number>();
  for (const m of mergesOnRow(grid, 0)) {
    const value = mergeValue(grid, m);
    const shows = !isBlank(value) && isRead(headerWord(value));
    for (let c = m.left + 1; c <= m.right; c++) {
      if (shows || !isBlank(grid.cells[0]?.[c])) columns.add(c);
    }
  }
  return [...columns].sort((a, b) => a - b);
}

/**
 * A test of a body row of `grid`: blank but for notes, under a note header or under the other
 * columns of a merged one (`Notes` over E1:F1), it is skipped as a blank row is (a player's
 * note on a line of its own is no battle and no legion).
 */
export function blankButNotes(grid: MergedGrid): (row: readonly unknown[]) => boolean {
  const isNote = (cell: unknown) => !isBlank(cell) && NOTE_COLUMNS.includes(headerWord(cell));
  const notes = new Set<number>();
  (grid.cells[0] ?? []).forEach((cell, col) => {
    if (isNote(cell)) notes.add(col);
  });
  for (const m of mergesOnRow(grid, 0)) {
    if (!isNote(mergeValue(grid, m))) continue;
    for (let c = m.left + 1; c <= m.right; c++) {
      if (isBlank(grid.cells[0]?.[c])) notes.add(c);
    }
  }
  return (row) => row.every((cell, col) => notes.has(col) || isBlank(cell));
}

/** Why a value under a header cell a merge covers is not read as Excel shows it (see above). */
export function mergedHeaderProblem(grid: MergedGrid, r: number, c: number): string | null {
  const value = grid.cells[r]?.[c];
  const shown = shownMerge(grid, 0, c);
  if (isBlank(value) || shown === undefined) return null;
  const fix = `unmerge ${shown.range} and give each column its own header`;
  const under = `${cellAddress(grid.origin, r, c)}: ${quoteText(cellText(value))} is under ${shown.cell}`;
  if (!isBlank(shown.own)) {
    return `${under}, whose header ${quoteText(cellText(shown.own))} is hidden under the merged cells ${shown.range}: ${fix}`;
  }
  return (
    `${under}, which the merged cells ${shown.range} cover: that header is ${shown.first}'s, so ` +
    `Praetor does not read this column: ${fix}`
  );
}

/**
 * The merges of a sheet, given by their sheet rows and columns (0-based, inclusive), as merges
 * of a grid placed at `origin` with `rows` rows and `cols` columns: those whose top-left cell
 * (which holds the value) is in the grid, cut to it.
 */
export const gridMerges = (
  merges: readonly GridMerge[],
  origin: GridOrigin,
  rows: number,
  cols: number,
): GridMerge[] => placeMerges(merges, origin, rows, cols).filter((m) => m.top >= 0 && m.left >= 0);

/**
 * The merges of a sheet (sheet rows and columns, 0-based, inclusive; on a roster range, each
 * with the value it shows) placed on a grid at `origin` of `rows` rows and `cols` columns: every merge that covers
 * a cell of the grid, whether its top-left cell is in the grid or above or left of it, cut to
 * the grid's bottom and right. A roster range is read as Excel shows it, whatever the merge's
 * top-left cell was selected with it.
 */
export function placeMerges(
  merges: readonly GridMerge[],
  origin: GridOrigin,
  rows: number,
  cols: number,
): GridMerge[] {
  const out: GridMerge[] = [];
  for (const m of merges) {
    const top = m.top - origin.row;
    const left = m.left - origin.col;
    const bottom = Math.min(m.bottom - origin.row, rows - 1);
    const right = Math.min(m.right - origin.col, cols - 1);
    if (top >= rows || left >= cols || bottom < 0 || right < 0) continue;
    if (bottom > top || right > left) {
      const whole = m.ends ?? m;
      const ends = { bottom: whole.bottom - origin.row, right: whole.right - origin.col };
      const cut = ends.bottom !== bottom || ends.right !== right;
      out.push({
        top,
        left,
        bottom,
        right,
        ...('shows' in m ? { shows: m.shows } : {}),
        ...(cut ? { ends } : {}),
      });
    }
  }
  return out;
}

/** A grid's merges, each with the value it shows (read from the grid where not given). */
export const mergesShowing = (grid: MergedGrid): GridMerge[] =>
  (grid.merges ?? []).map((m) => ('shows' in m ? m : { ...m, shows: mergeValue(grid, m) }));
