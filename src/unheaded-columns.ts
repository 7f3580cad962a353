import { cellAddress, cellText, GridOrigin, isBlank, quoteText } from './cells';
import { headerShownByMerge, MergedGrid } from './merged-cells';

/**
 * Values in a column with no header: Praetor reads a table's columns by their headers, so a
 * count or an order typed in a column whose header cell is blank is not read, and would be
 * fought as nothing. One warning a column, naming its first value, like a header it does not
 * know (`unknownColumns`). A header Excel shows from a merge over the cell is another matter
 * (merged-cells.ts), as is a column headed `Notes`.
 */
export function unheadedColumns(grid: MergedGrid): string[] {
  const { cells, origin } = grid;
  const header = cells[0] ?? [];
  // Row by row, the cells there are: one far cell (XFD1048576) must not cost every column of
  // every row.
  const unheaded = new Map<number, boolean>();
  const isUnheaded = (c: number) => {
    let is = unheaded.get(c);
    if (is === undefined) {
      is = isBlank(header[c]) && !headerShownByMerge(grid, c);
      unheaded.set(c, is);
    }
    return is;
  };
  const rowsOf = new Map<number, number[]>();
  for (let r = 1; r < cells.length; r++) {
    const row = cells[r] ?? [];
    for (let c = 0; c < row.length; c++) {
      if (isBlank(row[c]) || !isUnheaded(c)) continue;
      const rows = rowsOf.get(c);
      if (rows === undefined) rowsOf.set(c, [r]);
      else rows.push(r);
    }
  }
  return [...rowsOf]
    .sort(([a], [b]) => a - b)
    .map(([c, rows]) => unheadedWarning(origin, c, rows, cells[rows[0]][c]));
}

function unheadedWarning(origin: GridOrigin, c: number, rows: number[], first: unknown): string {
  const more = rows.length > 1 ? ` (and ${rows.length - 1} more below)` : '';
  const plain = { ...origin, sheet: undefined };
  return (
    `${cellAddress(origin, rows[0], c)}: ${quoteText(cellText(first))}${more} is in a column ` +
    `with no header (${cellAddress(plain, 0, c)} is blank), so Praetor does not read it: give ` +
    'the column its header, or Notes if it holds notes'
  );
}

/** True for a warning of `unheadedColumns` (one `verify` knows earlier Results lack). */
export const isUnheadedWarning = (warning: string): boolean =>
  / is in a column with no header \([A-Z]+[0-9]+ is blank\), so Praetor does not read it: /.test(
    warning,
  );
