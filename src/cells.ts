/**
 * Cell values as Office.js `range.values` and exceljs give them, and A1 addresses for messages.
 * Office gives strings, numbers, booleans and '' for empty (an error shows as its text, `#N/A`);
 * exceljs also gives null, Dates, formula objects `{ formula | sharedFormula, result }`, rich
 * text `{ richText: [{ text }] }`, hyperlinks `{ text, hyperlink }` and errors `{ error }`.
 * Every reader goes through `readCell`, which turns any of them into a plain value or says
 * precisely why the cell cannot be read.
 */
export type Cell = unknown;
export type CellGrid = readonly (readonly Cell[])[];
export type PlainValue = string | number | boolean | null;

/** Where a grid's top-left cell sits, so that errors can name the exact cell. */
export interface GridOrigin {
  sheet?: string;
  /** 0-based row and column of the grid's first cell on its sheet. */
  row: number;
  col: number;
}

export const ORIGIN_A1: GridOrigin = { row: 0, col: 0 };

/** The most characters an Excel cell holds. */
export const EXCEL_MAX_TEXT = 32767;
/** The most characters of an id, a name, a seed or a word: what is read is what is written. */
export const MAX_NAME_TEXT = 255;
/** Text quoted in a message: whole up to MAX_NAME_TEXT characters, else its start and length. */
export const quoteText = (text: string): string =>
  text.length <= MAX_NAME_TEXT
    ? `"${text}"`
    : `"${text.slice(0, 40)}…" (${text.length.toLocaleString('en-US')} characters)`;

/** The most characters of a longer text cell (a dice list, a retreat condition, readings). */
export const MAX_LONG_TEXT = 8192;

/** Excel's error values, as Office.js gives them in `range.values` (and exceljs in `error`). */
const EXCEL_ERRORS = new Set([
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BLOCKED!',
  '#CONNECT!',
  '#BUSY!',
  '#UNKNOWN!',
  '#EXTERNAL!',
  '#PYTHON!',
]);

export const NO_SAVED_VALUE =
  'a formula with no saved value: open and save the workbook in Excel (or type the value)';

/**
 * A cell read: its plain value, or why it cannot be read (`shown` is what a reader that does not
 * check would see: null, or the error's text).
 */
export type CellRead =
  { ok: true; value: PlainValue } | { ok: false; error: string; shown: PlainValue };

const value = (v: PlainValue): CellRead => ({ ok: true, value: v });
const fault = (error: string, shown: PlainValue = null): CellRead => ({ ok: false, error, shown });
const errorValue = (code: string): CellRead =>
  fault(`the cell shows Excel's error ${code}: fix its formula or clear the cell`, code);

/**
 * The one place a cell becomes a value: a formula's saved result (an empty-text result is a
 * blank cell; no saved result is an error), rich text joined, a hyperlink's text, a date as
 * `YYYY-MM-DD`, an error value (`#N/A`) an error, and never `[object Object]`.
 */
export function readCell(cell: Cell, depth = 0): CellRead {
  if (cell === null || cell === undefined) return value(null);
  if (typeof cell === 'string') {
    const code = cell.trim().toUpperCase();
    if (code.startsWith('#') && EXCEL_ERRORS.has(code)) return errorValue(code);
    if (cell.length > EXCEL_MAX_TEXT) {
      return fault(
        `the text is ${cell.length} characters long; an Excel cell holds at most ${EXCEL_MAX_TEXT}`,
      );
    }
    return value(cell);
  }
  if (typeof cell === 'number') {
    if (Number.isFinite(cell)) return value(cell);
    return fault(
      Number.isNaN(cell)
        ? 'the cell holds a number that cannot be read (the file is damaged there): retype it'
        : `the number ${cell} is beyond what Excel holds: retype it`,
    );
  }
  if (typeof cell === 'boolean') return value(cell);
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime())
      ? fault('an invalid date')
      : value(cell.toISOString().slice(0, 10));
  }
  if (typeof cell === 'object' && depth < 4) {
    const o = cell as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o || 'result' in o) {
      if (o.result === undefined || o.result === null) return fault(NO_SAVED_VALUE);
      return readCell(o.result, depth + 1);
    }
    if (Array.isArray(o.richText)) {
      const text = o.richText.map((r) => (r as { text?: unknown })?.text);
      if (text.every((t) => typeof t === 'string')) return readCell(text.join(''), depth + 1);
      return fault('rich text Praetor cannot read: retype the cell');
    }
    if ('error' in o) return errorValue(String(o.error));
    if ('text' in o) return readCell(o.text, depth + 1);
  }
  return fault('a value Praetor cannot read (not text, a number, yes/no or a date): retype it');
}

/**
 * `readCell`'s value for the cells most sheets are made of (empty, a finite number, text that is
 * not an error code and fits a cell), without building a `CellRead`: a batch reads every cell
 * several times. Undefined: ask `readCell`.
 */
function commonValue(cell: Cell): PlainValue | undefined {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell === 'string') {
    return cell.length <= EXCEL_MAX_TEXT && !cell.includes('#') ? cell : undefined;
  }
  return undefined;
}

/** The plain value shown; a cell `readCell` refuses is null (or its error's text, `#N/A`). */
export function plainValue(cell: Cell): PlainValue {
  const common = commonValue(cell);
  if (common !== undefined) return common;
  const r = readCell(cell);
  return r.ok ? r.value : r.shown;
}

export function cellText(cell: Cell): string {
  const v = plainValue(cell);
  return v === null ? '' : String(v).trim();
}

/** Blank: empty, or a formula whose saved result is empty text. A cell in error is not blank. */
export const isBlank = (cell: Cell): boolean => {
  const common = commonValue(cell);
  if (common !== undefined) return common === null || String(common).trim() === '';
  const r = readCell(cell);
  return r.ok && (r.value === null || String(r.value).trim() === '');
};

/**
 * Why a cell that is read cannot be: it cannot be read at all, or its text is longer than
 * `maxText` (ids, names and seeds: MAX_NAME_TEXT), so that what is written back is what was
 * read. Null when it can.
 */
export function cellProblem(cell: Cell, maxText: number = MAX_NAME_TEXT): string | null {
  const r = readCell(cell);
  if (!r.ok) return r.error;
  if (typeof r.value === 'string') {
    const length = r.value.trim().length;
    if (length > maxText) {
      return (
        `the text is ${length} characters long; this column takes at most ${maxText}` +
        (maxText === MAX_NAME_TEXT ? ' (ids, names, seeds and words)' : '')
      );
    }
  }
  return null;
}

/**
 * A plain decimal number typed as text: digits with an optional sign and decimal point. Not
 * `0x2`, `1e3`, `Infinity` or `1_000`, which JavaScript's `Number` would take.
 */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : undefined;
}

/** Text that JavaScript would read as a number but is not a plain decimal (`0x2`, `1e3`). */
export const isLooseNumber = (text: string): boolean =>
  text.trim() !== '' && parseDecimal(text) === undefined && !Number.isNaN(Number(text.trim()));

/**
 * A whole number from `min` to `max` from a cell: a number, or text of a plain decimal. Blank
 * is `blank`. The error names the cell and says what was expected, in `what`'s words.
 */
export function readWholeCell(
  cell: Cell,
  address: string,
  limits: { min: number; max: number; blank: number; what: string },
): { ok: true; value: number } | { ok: false; error: string } {
  const r = readCell(cell);
  if (!r.ok) return { ok: false, error: `${address}: ${r.error}` };
  const v = r.value;
  const text = cellText(cell);
  if (v === null || text === '') return { ok: true, value: limits.blank };
  const n = typeof v === 'number' ? v : typeof v === 'string' ? parseDecimal(v) : undefined;
  const fail = (error: string) => ({ ok: false as const, error: `${address}: ${error}` });
  if (n === undefined || !Number.isFinite(n)) {
    return fail(`"${text}" is not ${limits.what} (a whole number, ${limits.min} or more)`);
  }
  if (n < limits.min) {
    return fail(
      limits.min === 0
        ? `${text}: ${limits.what} cannot be negative`
        : `${text}: ${limits.what} must be ${limits.min} or more`,
    );
  }
  if (!Number.isInteger(n)) return fail(`${text}: ${limits.what} must be a whole number`);
  if (n > limits.max) {
    return fail(`${text}: ${limits.what} is at most ${limits.max} (more is surely a typo)`);
  }
  return { ok: true, value: n };
}

/** The length of the longest row: a loop, as a spread of a sheet's rows overflows the stack. */
export function widestRow(rows: readonly { readonly length: number }[]): number {
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  return width;
}

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

/**
 * `Legions` or `'My sheet'`, as Excel writes a sheet name in an address. A name that reads as a
 * cell (`A1`, `XFD3`, `R1C1`, `R2`, `C`) or as TRUE/FALSE is quoted too: unquoted, `A1!B2` would
 * not name the sheet `A1`.
 */
export function quoteSheet(name: string): string {
  const plain =
    /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) &&
    !/^[A-Za-z]{1,3}[0-9]+$/.test(name) &&
    !/^(?:[Rr][0-9]*)?(?:[Cc][0-9]*)?$/.test(name) &&
    !/^(?:true|false)$/i.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}
