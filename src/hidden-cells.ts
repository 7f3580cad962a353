import { cellAddress, cellText, columnLetters, isBlank, quoteText } from './cells';
import { headerWord } from './columns';

/**
 * Hidden rows and columns of a table: Excel shows neither, but the file holds them and Praetor
 * reads them, so a legion in a hidden row, or a count in a hidden `Catapults` column, is fought
 * though the game master who looks at the sheet does not see it. Each table's hidden rows, and
 * its hidden columns, are named in one warning each, and the battle is fought as written.
 */

/** A table's hidden rows and columns, 0-based within its grid (row 0 the header). */
export interface HiddenCells {
  rows: readonly number[];
  columns: readonly number[];
}

interface HiddenGrid {
  cells: readonly (readonly unknown[])[];
  origin: { sheet?: string; row: number; col: number };
  hidden?: HiddenCells;
}

/** The most rows or columns a warning lists; the rest are counted. */
const LISTED = 5;

/**
 * `isRead` tells the columns Praetor reads by their header's words (`headerWord`): a hidden
 * `Notes` or helper column, or a hidden row holding only notes, changes no battle, and is not
 * named.
 */
export function hiddenWarnings(grid: HiddenGrid, isRead: (word: string) => boolean): string[] {
  const { cells, origin, hidden } = grid;
  if (hidden === undefined) return [];
  const header = cells[0] ?? [];
  const read = (c: number) => !isBlank(header[c]) && isRead(headerWord(header[c]));
  const holds = (r: number) => (cells[r] ?? []).findIndex((v, c) => !isBlank(v) && read(c));
  const warnings: string[] = [];
  const rows = hidden.rows.filter((r) => holds(r) >= 0);
  if (rows.length > 0) {
    const at = cellAddress(origin, rows[0], holds(rows[0]));
    const numbers = listed(rows.map((r) => String(origin.row + r + 1)));
    warnings.push(
      rows.length === 1
        ? `${at}: row ${numbers} is hidden, but Praetor reads it like any other row: unhide it, or delete it if it holds no orders`
        : `${at}: rows ${numbers} are hidden, but Praetor reads them like any others: unhide them, or delete those that hold no orders`,
    );
  }
  const columns = hidden.columns.filter(
    (c) => read(c) && cells.some((row, r) => r > 0 && !isBlank(row[c])),
  );
  if (columns.length > 0) {
    const at = cellAddress(origin, 0, columns[0]);
    const named = listed(
      columns.map((c) => `${columnLetters(origin.col + c)} (${quoteText(cellText(header[c]))})`),
    );
    warnings.push(
      columns.length === 1
        ? `${at}: column ${named} is hidden, but Praetor reads it like any other: unhide it, or clear it if it holds no orders`
        : `${at}: columns ${named} are hidden, but Praetor reads them like any others: unhide them, or clear those that hold no orders`,
    );
  }
  return warnings;
}

/** `8`, `8 and 9`, `8, 9 and 12`, `8, 9, 12, 13, 14 and 3 more`. */
function listed(items: readonly string[]): string {
  if (items.length === 1) return items[0];
  if (items.length <= LISTED) return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return `${items.slice(0, LISTED).join(', ')} and ${items.length - LISTED} more`;
}

/** True for a warning of `hiddenWarnings` (one `verify` knows earlier Results lack). */
export const isHiddenWarning = (warning: string): boolean =>
  / (is|are) hidden, but Praetor reads (it|them) like any other/.test(warning);
