import { cellAddress, cellText, EXCEL_MAX_TEXT } from './cells';
import { CellValue } from './cell-value';
import { isResultsHeader } from './results-sheet';
import type { SheetTable } from './submission';

/** Reading a sheet's cells by their place on the sheet, and the mismatches verify reports. */

export interface Mismatch {
  /** The battle, or null for the workbook as a whole (the key, the seal). */
  battle: string | null;
  /** The cell at fault, e.g. `'Log B1'!D14` or `Results!C2`. */
  where: string;
  /** The shot's number in its battle's log (1 is the first shot), for a log's shot rows. */
  shot?: number;
  /** What the workbook says there, and what the replay says. */
  says: string;
  replay: string;
  /** All of it in one sentence. */
  message: string;
  /** The key given is not the one the dice were sealed with: nothing could be replayed. */
  wrongKey?: true;
}

/** A sheet's cell text at (row, col) of the sheet (0-based), wherever its grid starts. */
export function cellOf(sheet: SheetTable, row: number, col: number): string {
  const r = row - sheet.origin.row;
  const c = col - sheet.origin.col;
  if (r < 0 || c < 0) return '';
  return cellText(sheet.cells[r]?.[c]);
}

/** The last row (0-based, on the sheet) that holds anything, or -1. */
export function lastRowOf(sheet: SheetTable): number {
  for (let r = sheet.cells.length - 1; r >= 0; r--) {
    if (sheet.cells[r].some((c) => cellText(c) !== '')) return sheet.origin.row + r;
  }
  return -1;
}

/** The width of a sheet's row `row` (0-based, on the sheet), counting from column A. */
export function rowWidth(sheet: SheetTable, row: number): number {
  const cells = sheet.cells[row - sheet.origin.row] ?? [];
  let width = 0;
  cells.forEach((c, i) => {
    if (cellText(c) !== '') width = i + 1;
  });
  return width === 0 ? 0 : sheet.origin.col + width;
}

/** The cell's address on its sheet, e.g. `'Log B1'!D14`. */
export const addressOf = (sheet: SheetTable, row: number, col: number): string =>
  cellAddress({ sheet: sheet.origin.sheet, row: 0, col: 0 }, row, col);

/**
 * A value's text as the writers store it and a reader reads it back: cut at the 32,767
 * characters an Excel cell holds (as both writers cut it), then as `cellOf` reads it.
 */
export const writtenText = (value: CellValue): string =>
  cellText(typeof value === 'string' ? value.slice(0, EXCEL_MAX_TEXT) : value);

/** The columns where a sheet's row differs from the expected one, as text (up to `width`). */
export function differingColumns(
  sheet: SheetTable,
  row: number,
  expected: readonly CellValue[],
  width = Math.max(expected.length, rowWidth(sheet, row)),
): number[] {
  const out: number[] = [];
  for (let c = 0; c < width; c++) {
    if (cellOf(sheet, row, c) !== writtenText(expected[c] ?? '')) out.push(c);
  }
  return out;
}

/** `Roll 5, Result hit`, or `"..."` for a column with no header; blank cells say `(blank)`. */
export function describeCells(
  columns: readonly number[],
  headers: readonly CellValue[],
  value: (col: number) => string,
): string {
  return columns
    .map((c) => {
      const v = value(c);
      const shown = v === '' ? '(blank)' : `"${v}"`;
      const header = cellText(headers[c] ?? '');
      return header === '' ? shown : `${header} ${shown}`;
    })
    .join(', ');
}

/** A workbook's sheets read, by name (lower case) and in the workbook's order of `names`. */
export function sheetsInOrder(
  names: readonly string[],
  sheets: readonly SheetTable[],
): { byName: Map<string, SheetTable>; ordered: SheetTable[] } {
  const byName = new Map(sheets.map((s) => [String(s.origin.sheet).toLowerCase(), s]));
  return { byName, ordered: names.flatMap((n) => byName.get(n.toLowerCase()) ?? []) };
}

/** A sheet whose first row is the header of a Results sheet. */
export const isResultsTable = (sheet: SheetTable): boolean =>
  sheet.cells.length > 0 && isResultsHeader(sheet.cells[0]);
