/**
 * The workbook behind the simulated Excel host: sheets of cells, formats, frozen rows, page
 * setup, range names, the selection. Plain data, so that a test can build one, run the pane
 * against it, and compare it before and after. It stores what Excel would store: a string
 * assigned to a cell is read as Excel reads typed text (numbers, booleans, formulas), unless it
 * starts with Excel's text prefix `'`.
 */

export type SimValue = string | number | boolean;

export interface SimCell {
  value: SimValue;
  /** Set when the assigned text became a formula. */
  formula?: string;
  /** True when the text was given with the `'` prefix (kept as text). */
  textPrefix?: boolean;
}

export interface SimFormat {
  /** The number format code; none is General. */
  numberFormat?: string;
  bold?: boolean;
  italic?: boolean;
  fontColor?: string;
  fontSize?: number;
  fontName?: string;
  fill?: string;
  horizontalAlignment?: string;
  /** None is Excel's default, `Bottom`. */
  verticalAlignment?: string;
  wrapText?: boolean;
}

export interface Box {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

export interface PageSetup {
  orientation?: string;
  zoom?: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };
  printTitleRows?: string;
  headerFooter: Record<string, string>;
}

/** `Excel.SheetVisibility`. */
export type SimVisibility = 'Visible' | 'Hidden' | 'VeryHidden';

export class SimSheet {
  readonly cells = new Map<string, SimCell>();
  readonly formats = new Map<string, SimFormat>();
  readonly columnWidths = new Map<number, number>();
  /** Rows whose height Excel was asked to fit to their contents (`format.autofitRows`). */
  readonly autofitRows = new Set<number>();
  /** Row heights set (`format.rowHeight`), in points, by row. */
  readonly rowHeights = new Map<number, number>();
  /** Merged areas (`range.merge`): each shows, and holds, the value of its top-left cell. */
  readonly merges: Box[] = [];
  /** Hidden rows and columns (0-based), as the user hid them. */
  readonly hiddenRows = new Set<number>();
  readonly hiddenColumns = new Set<number>();
  frozenRows = 0;
  page: PageSetup = { headerFooter: {} };
  visibility: SimVisibility = 'Visible';

  constructor(public name: string) {}

  cell(r: number, c: number): SimCell | undefined {
    return this.cells.get(`${r},${c}`);
  }

  /** What `range.values` gives for a cell: '' when empty. */
  value(r: number, c: number): SimValue {
    return this.cell(r, c)?.value ?? '';
  }

  /** The merged area that covers a cell other than its top-left one, if any. */
  coveredBy(r: number, c: number): Box | undefined {
    return this.merges.find(
      (m) => m.r0 <= r && r <= m.r1 && m.c0 <= c && c <= m.c1 && (r > m.r0 || c > m.c0),
    );
  }

  /**
   * Merges a box into one cell. Excel keeps only the top-left cell's value (its own command
   * asks first before dropping the others): the simulation refuses a merge over any other
   * value, so that a pane that would lose one fails here. A merge over part of another is
   * refused too (Excel would grow one of them; the pane never asks for it). The merged area
   * takes the top-left cell's format, as in Excel. One cell is left as it is.
   */
  merge(box: Box): string | null {
    if (box.r0 === box.r1 && box.c0 === box.c1) return null;
    for (const key of this.cells.keys()) {
      const [r, c] = key.split(',').map(Number);
      const inside = box.r0 <= r && r <= box.r1 && box.c0 <= c && c <= box.c1;
      if (inside && (r > box.r0 || c > box.c0)) {
        return `merging ${columnName(box.c0)}${box.r0 + 1}:${columnName(box.c1)}${box.r1 + 1} would drop the value of ${columnName(c)}${r + 1}`;
      }
    }
    if (this.merges.some((m) => intersect(m, box) !== null)) {
      return 'the range overlaps a merged area';
    }
    const top = this.formats.get(`${box.r0},${box.c0}`);
    for (let r = box.r0; r <= box.r1; r++) {
      for (let c = box.c0; c <= box.c1; c++) {
        if (r === box.r0 && c === box.c0) continue;
        if (top) this.formats.set(`${r},${c}`, { ...top });
        else this.formats.delete(`${r},${c}`);
      }
    }
    this.merges.push({ ...box });
    return null;
  }

  /** Stores a value as Excel would store it when assigned through `range.values`. */
  assign(r: number, c: number, input: unknown): void {
    if (input === null || input === undefined) return; // null leaves the cell unchanged
    const cell = typed(input);
    if (cell === null) this.cells.delete(`${r},${c}`);
    else this.cells.set(`${r},${c}`, cell);
  }

  /**
   * What `range.formulas` gives for a cell: the formula, else the value; text typed with the
   * prefix `'` comes without it, as in Office.js (so text such as `=2+3` reads as a formula).
   */
  formulaOrValue(r: number, c: number): SimValue {
    const cell = this.cell(r, c);
    return cell?.formula ?? cell?.value ?? '';
  }

  /**
   * Puts a formula with the result Excel saved for it (the simulation does not calculate): as
   * a workbook opened in Excel holds it before recalculating.
   */
  setFormula(r: number, c: number, formula: string, saved: SimValue): void {
    if (!formula.startsWith('=')) throw new Error(`a formula starts with "=": ${formula}`);
    this.cells.set(`${r},${c}`, { value: saved, formula });
  }

  /** What `range.numberFormat` gives for a cell: General unless one was set. */
  numberFormat(r: number, c: number): string {
    return this.formats.get(`${r},${c}`)?.numberFormat ?? 'General';
  }

  format(r: number, c: number): SimFormat {
    const key = `${r},${c}`;
    let f = this.formats.get(key);
    if (!f) this.formats.set(key, (f = {}));
    return f;
  }

  /** The box holding every value (and with `valuesOnly` false, every format); null if none. */
  usedBox(valuesOnly: boolean): Box | null {
    const keys = [...this.cells.keys(), ...(valuesOnly ? [] : [...this.formats.keys()])];
    if (keys.length === 0) return null;
    const box = { r0: MAX_ROWS, c0: MAX_COLS, r1: -1, c1: -1 };
    for (const key of keys) {
      const [r, c] = key.split(',').map(Number);
      box.r0 = Math.min(box.r0, r);
      box.c0 = Math.min(box.c0, c);
      box.r1 = Math.max(box.r1, r);
      box.c1 = Math.max(box.c1, c);
    }
    return box;
  }

  /** Values from A1 to the end of the used area: what a test reads back. */
  grid(): SimValue[][] {
    const box = this.usedBox(true);
    if (!box) return [];
    return Array.from({ length: box.r1 + 1 }, (_, r) =>
      Array.from({ length: box.c1 + 1 }, (_, c) => this.value(r, c)),
    );
  }
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const PERCENT = /^[-+]?(\d+\.?\d*|\.\d+)%$/;
const DATE = /^\d{1,4}[/-]\d{1,2}([/-]\d{1,4})?$/;
const TIME = /^\d{1,2}:\d{2}(:\d{2})?$/;

/** Excel's reading of an assigned value, as if typed into the cell. */
export function typed(input: unknown): SimCell | null {
  if (typeof input === 'number' || typeof input === 'boolean') return { value: input };
  const text = String(input);
  if (text === '') return null;
  if (text.startsWith("'")) return { value: text.slice(1), textPrefix: true };
  if (text.startsWith('=') && text.length > 1) return { value: '', formula: text };
  const t = text.trim();
  if (NUMBER.test(t)) return { value: Number(t) };
  if (PERCENT.test(t)) return { value: Number(t.slice(0, -1)) / 100 };
  if (/^(true|false)$/i.test(t)) return { value: t.toLowerCase() === 'true' };
  if (DATE.test(t) || TIME.test(t)) return { value: 45000 }; // a date serial: no longer the text
  if (/^[+\-@]/.test(text) && text.length > 1) return { value: '#NAME?', formula: `=${text}` };
  return { value: text };
}

/** `A`..`XFD` for a 0-based column. */
export function columnName(col: number): string {
  let s = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  }
  return s;
}

const columnIndex = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

/** Parses `A1`, `A1:C5`, `$A$1`, `A:F`, `3:5`; null when it is not an address. */
export function parseA1(a1: string): Box | null {
  const part = (p: string) => {
    const cell = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(p);
    if (cell) return { r: Number(cell[2]) - 1, c: columnIndex(cell[1]), kind: 'cell' };
    const col = /^\$?([A-Za-z]{1,3})$/.exec(p);
    if (col) return { r: -1, c: columnIndex(col[1]), kind: 'col' };
    const row = /^\$?(\d{1,7})$/.exec(p);
    if (row) return { r: Number(row[1]) - 1, c: -1, kind: 'row' };
    return null;
  };
  const [a, b = a] = a1.split(':');
  if (a1.split(':').length > 2) return null;
  const p = part(a);
  const q = part(b);
  if (!p || !q || (p.kind !== q.kind && !(p.kind === 'cell' && q.kind === 'cell'))) return null;
  if (p.kind === 'col' && !a1.includes(':')) return null;
  if (p.kind === 'row' && !a1.includes(':')) return null;
  const box =
    p.kind === 'col'
      ? { r0: 0, r1: MAX_ROWS - 1, c0: p.c, c1: q.c }
      : p.kind === 'row'
        ? { r0: p.r, r1: q.r, c0: 0, c1: MAX_COLS - 1 }
        : { r0: p.r, r1: q.r, c0: p.c, c1: q.c };
  const ordered = {
    r0: Math.min(box.r0, box.r1),
    r1: Math.max(box.r0, box.r1),
    c0: Math.min(box.c0, box.c1),
    c1: Math.max(box.c0, box.c1),
  };
  if (ordered.r1 >= MAX_ROWS || ordered.c1 >= MAX_COLS || ordered.r0 < 0 || ordered.c0 < 0) {
    return null;
  }
  return ordered;
}

/** Excel quotes a name that is not a plain word, or that reads as a cell or TRUE/FALSE. */
export function quoteSheetName(name: string): string {
  const upper = name.toUpperCase();
  const word = /^[A-Z_][A-Z0-9_.]*$/.test(upper);
  const a1Cell = /^[A-Z]{1,3}\d+$/.test(upper);
  const r1c1Cell = /^R\d*C?\d*$/.test(upper) || /^C\d*$/.test(upper);
  const bool = upper === 'TRUE' || upper === 'FALSE';
  return word && !a1Cell && !r1c1Cell && !bool ? name : `'${name.replaceAll("'", "''")}'`;
}

/** `Legions!A1:F9`, as Excel's `range.address` gives it. */
export function boxAddress(sheet: string, box: Box): string {
  const a = `${columnName(box.c0)}${box.r0 + 1}`;
  const b = `${columnName(box.c1)}${box.r1 + 1}`;
  return `${quoteSheetName(sheet)}!${a === b ? a : `${a}:${b}`}`;
}

export function intersect(a: Box, b: Box): Box | null {
  const box = {
    r0: Math.max(a.r0, b.r0),
    c0: Math.max(a.c0, b.c0),
    r1: Math.min(a.r1, b.r1),
    c1: Math.min(a.c1, b.c1),
  };
  return box.r0 <= box.r1 && box.c0 <= box.c1 ? box : null;
}

export type SimName = { name: string; sheet: string; box: Box } | { name: string; value: string };

/** An Excel table (ListObject): a named box of a sheet, header row first. */
export interface SimTable {
  name: string;
  sheet: string;
  box: Box;
  showTotals: boolean;
}

/** A workbook as a test describes it. */
export interface SimFixture {
  /**
   * The highest ExcelApi set the simulated host supports, e.g. '1.7' or '1.12' (a host without
   * `getMergedAreasOrNullObject`); 1.13 when not given.
   */
  apiVersion?: string;
  /** The workbook counts days from 1904 (Excel for the Mac before 2011), not 1900. */
  date1904?: boolean;
  /**
   * Each sheet's values from `at` (A1 when not given), and its merged areas by sheet address
   * (`E4:E5`, not moved by `at`): a merged area holds only its top-left cell's value, so every
   * other cell it covers must be blank in `rows`.
   */
  sheets: {
    name: string;
    at?: string;
    rows: SimValue[][];
    merges?: string[];
    /** Hidden rows by number (1-based) and columns by letter. */
    hiddenRows?: number[];
    hiddenColumns?: string[];
  }[];
  names?: { name: string; ref: string }[];
  /** Excel tables over cells already given, e.g. `{ name: 'Battles', ref: 'Sheet1!A1:J4' }`. */
  tables?: { name: string; ref: string; showTotals?: boolean }[];
  selection?: string;
  active?: string;
}

export class SimWorkbook {
  readonly sheets: SimSheet[] = [];
  readonly names: SimName[] = [];
  readonly tables: SimTable[] = [];
  apiVersion = '1.13';
  /** Days counted from 1 January 1904 (day 0), not from 1900 (day 1 is 1 January 1900). */
  date1904 = false;
  active = '';
  selection: { sheet: string; box: Box } | null = null;
  /** Every `context.sync()` made against this workbook. */
  syncCount = 0;
  /**
   * How long each `context.sync()` takes, in ms: 0 ends it in a microtask; a real Excel takes a
   * round trip, so a test of what happens while Excel works can give it one.
   */
  syncLatencyMs = 0;
  /** Tests may make the host fail an operation, to check that nothing is left half done. */
  failOn: ((operation: string) => boolean) | null = null;

  static from(fixture: SimFixture): SimWorkbook {
    const wb = new SimWorkbook();
    if (fixture.apiVersion) wb.apiVersion = fixture.apiVersion;
    wb.date1904 = fixture.date1904 ?? false;
    for (const s of fixture.sheets) {
      const sheet = wb.addSheet(s.name, s.rows, s.at);
      for (const n of s.hiddenRows ?? []) sheet.hiddenRows.add(n - 1);
      for (const letters of s.hiddenColumns ?? [])
        sheet.hiddenColumns.add(parseA1(`${letters}1`)!.c0);
      for (const a1 of s.merges ?? []) {
        const box = parseA1(a1);
        const refused = box ? sheet.merge(box) : `"${a1}" is not an address`;
        if (refused !== null) throw new Error(`${s.name}: cannot merge ${a1}: ${refused}`);
      }
    }
    for (const n of fixture.names ?? []) {
      const ref = splitRef(n.ref);
      if (ref) wb.names.push({ name: n.name, sheet: ref.sheet, box: ref.box });
      else wb.names.push({ name: n.name, value: n.ref });
    }
    for (const t of fixture.tables ?? []) {
      const ref = splitRef(t.ref);
      if (ref) wb.tables.push({ name: t.name, ...ref, showTotals: t.showTotals ?? false });
    }
    if (fixture.selection) {
      const ref = splitRef(fixture.selection);
      if (ref) wb.selection = ref;
    }
    wb.active = fixture.active ?? wb.sheets[0]?.name ?? '';
    return wb;
  }

  sheet(name: string): SimSheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  addSheet(name: string, rows: readonly (readonly SimValue[])[] = [], at = 'A1'): SimSheet {
    const sheet = new SimSheet(name);
    const box = parseA1(at)!;
    rows.forEach((row, r) => row.forEach((v, c) => sheet.assign(box.r0 + r, box.c0 + c, v)));
    this.sheets.push(sheet);
    if (!this.active) this.active = name;
    return sheet;
  }

  /**
   * Excel's `DATE(year, month, day)` in this workbook's date system: a year below 1900 is taken
   * as 1900 + year, and a month or day out of range carries over. Excel's 29 February 1900 (day
   * 60) is left out: the pane asks only for 1 January 1904.
   */
  dateSerial(year: number, month: number, day: number): number | null {
    const y = Math.trunc(year) < 1900 ? 1900 + Math.trunc(year) : Math.trunc(year);
    if (y < 1900 || y > 9999) return null;
    const ms = Date.UTC(y, Math.trunc(month) - 1, Math.trunc(day));
    const DAY = 86_400_000;
    const serial = this.date1904
      ? (ms - Date.UTC(1904, 0, 1)) / DAY
      : (ms - Date.UTC(1899, 11, 30)) / DAY - (ms < Date.UTC(1900, 2, 1) ? 1 : 0);
    return serial < 0 || ms > Date.UTC(9999, 11, 31) ? null : serial;
  }

  apiAtLeast(version: string): boolean {
    const [a, b] = version.split('.').map(Number);
    const [x, y] = this.apiVersion.split('.').map(Number);
    return x > a || (x === a && y >= b);
  }

  /** Everything a user could see, as JSON: equal snapshots mean an unchanged workbook. */
  snapshot(): string {
    const sorted = <T>(m: Map<string | number, T>) =>
      [...m.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
    return JSON.stringify({
      sheets: this.sheets.map((s) => ({
        name: s.name,
        cells: sorted(s.cells),
        formats: sorted(s.formats),
        widths: sorted(s.columnWidths),
        heights: sorted(s.rowHeights),
        merges: s.merges,
        hidden: [[...s.hiddenRows].sort(), [...s.hiddenColumns].sort()],
        frozen: s.frozenRows,
        page: s.page,
        visibility: s.visibility,
      })),
      names: this.names,
      tables: this.tables,
      active: this.active,
    });
  }
}

/** `Sheet!A1:B2` or `'My sheet'!A1` into a sheet and a box. */
export function splitRef(ref: string): { sheet: string; box: Box } | null {
  const bang = ref.lastIndexOf('!');
  if (bang < 0) return null;
  let sheet = ref.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  const box = parseA1(ref.slice(bang + 1));
  return box ? { sheet, box } : null;
}
