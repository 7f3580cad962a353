import { cellAddress, cellText, GridOrigin, isBlank, quoteText } from './cells';

/**
 * Merged cells in a submission's tables. Excel shows a merged range's value in every cell it
 * covers, but only its top-left cell holds it: the others are blank to Praetor, as to formulas.
 * A player who merges `B1` over two legions' Battle cells, or `3` over two Infantry cells, sees
 * that value in both rows; Praetor would read the second row without it (a legion for no
 * battle, a legion of no infantry). Such a cell is named with the merge and what to do.
 */

/** A merged range of a table's grid: rows and columns 0-based within the grid, inclusive. */
export interface GridMerge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A table's grid with the merges over it, as the adapters read them (none when unknown). */
export interface MergedGrid {
  cells: readonly (readonly unknown[])[];
  origin: GridOrigin;
  merges?: readonly GridMerge[];
}

/** The merge that covers cell (r, c) other than at its top-left cell, if any. */
export function coveringMerge(grid: MergedGrid, r: number, c: number): GridMerge | undefined {
  return grid.merges?.find(
    (m) => m.top <= r && r <= m.bottom && m.left <= c && c <= m.right && (r > m.top || c > m.left),
  );
}

/** The value a merge shows in every cell it covers: its top-left cell's. */
export const mergeValue = (grid: MergedGrid, m: GridMerge): unknown => grid.cells[m.top]?.[m.left];

/**
 * Why cell (r, c) is read without the value it shows: the merge over it, and what to do. Null
 * when no merge covers it, or the merge shows nothing (its top-left cell is blank).
 */
export function mergedCellProblem(grid: MergedGrid, r: number, c: number): string | null {
  const merge = coveringMerge(grid, r, c);
  if (merge === undefined) return null;
  const value = mergeValue(grid, merge);
  if (isBlank(value)) return null;
  const plain = { ...grid.origin, sheet: undefined };
  const first = cellAddress(plain, merge.top, merge.left);
  const range = `${first}:${cellAddress(plain, merge.bottom, merge.right)}`;
  return (
    `${cellAddress(grid.origin, r, c)}: the merged cells ${range} show ${quoteText(cellText(value))} ` +
    `here, but only ${first} holds it and Praetor reads ${cellAddress(plain, r, c)} as blank: ` +
    `unmerge ${range} and write each row's own value`
  );
}

/** True for a message of `mergedCellProblem` (the warnings `verify` knows earlier Results lack). */
export const isMergedCellMessage = (message: string): boolean =>
  / the merged cells [A-Z]+[0-9]+:[A-Z]+[0-9]+ show .* here, but only [A-Z]+[0-9]+ holds it /.test(
    message,
  );

/**
 * The merges of a sheet, given by their sheet rows and columns (0-based, inclusive), as merges
 * of a grid placed at `origin` with `rows` rows and `cols` columns: those whose top-left cell
 * (which holds the value) is in the grid, cut to it.
 */
export function gridMerges(
  merges: readonly GridMerge[],
  origin: GridOrigin,
  rows: number,
  cols: number,
): GridMerge[] {
  const out: GridMerge[] = [];
  for (const m of merges) {
    const top = m.top - origin.row;
    const left = m.left - origin.col;
    if (top < 0 || top >= rows || left < 0 || left >= cols) continue;
    const bottom = Math.min(m.bottom - origin.row, rows - 1);
    const right = Math.min(m.right - origin.col, cols - 1);
    if (bottom > top || right > left) out.push({ top, left, bottom, right });
  }
  return out;
}
