/**
 * Cell values as Office.js `range.values` and exceljs give them, and A1 addresses for messages.
 * Office gives strings, numbers, booleans and '' for empty; exceljs also gives null, Dates,
 * formula objects `{ formula, result }`, rich text `{ richText: [{ text }] }` and hyperlinks.
 */
export type Cell = unknown;
export type CellGrid = readonly (readonly Cell[])[];

/** Where a grid's top-left cell sits, so that errors can name the exact cell. */
export interface GridOrigin {
  sheet?: string;
  /** 0-based row and column of the grid's first cell on its sheet. */
  row: number;
  col: number;
}

export const ORIGIN_A1: GridOrigin = { row: 0, col: 0 };

/** Unwraps exceljs' formula, rich-text and hyperlink objects to the plain value shown. */
export function plainValue(cell: Cell): string | number | boolean | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean')
    return cell;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') {
    const o = cell as Record<string, unknown>;
    if ('result' in o) return plainValue(o.result);
    if (Array.isArray(o.richText)) {
      return o.richText.map((r) => String((r as { text?: unknown }).text ?? '')).join('');
    }
    if ('text' in o) return plainValue(o.text);
    if ('error' in o) return String(o.error);
  }
  return String(cell);
}

export function cellText(cell: Cell): string {
  const v = plainValue(cell);
  return v === null ? '' : String(v).trim();
}

export const isBlank = (cell: Cell): boolean => cellText(cell) === '';

/** `A`, `B`, ..., `Z`, `AA`, ... for a 0-based column. */
export function columnLetters(col: number): string {
  let s = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  }
  return s;
}

/** `Legions!C5` (or `C5` with no sheet) for a cell at (row, col) of a grid placed at origin. */
export function cellAddress(origin: GridOrigin, row: number, col: number): string {
  const a1 = `${columnLetters(origin.col + col)}${origin.row + row + 1}`;
  return origin.sheet ? `${quoteSheet(origin.sheet)}!${a1}` : a1;
}

function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
