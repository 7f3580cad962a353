import { columnLetters, EXCEL_MAX_TEXT, widestRow } from '../../src/cells';
import { pageSection } from '../../src/page-text';
import { CellValue, looksLikeFormula } from '../../src/cell-value';
import {
  DEFAULT_WIDTH,
  LINE_HEIGHT,
  rowHeight,
  rowLines,
  TITLE_LINE_HEIGHT,
} from '../../src/sheet-layout';
import { cellText, keepSpaces, MAIN_NS, REL_NS, xmlChars, xmlText } from './xml';

/**
 * A worksheet part written by hand: values only (inline strings, numbers, booleans; never a
 * formula), a styled header row, frozen panes, column widths and a print setup.
 */

export type RowKind = 'title' | 'header' | 'body';

export interface SheetRow {
  cells: readonly CellValue[];
  kind?: RowKind;
  /**
   * The columns (from A) the row's one cell spans: merged when two or more, its text wrapped
   * at their widths together and top-aligned, the row as tall as its wrapped lines. (A log's
   * summary lines, which are far wider than its table.)
   */
  span?: number;
}

/** The three sections of a printed page's header or footer, as plain text. */
export interface PageText {
  left?: string;
  center?: string;
  right?: string;
}

export interface SheetContent {
  name: string;
  rows: SheetRow[];
  /** Column widths in characters. */
  widths: readonly number[];
  /** Columns (0-based) whose body cells wrap their text within the column's width. */
  wrapped?: readonly number[];
  /** Columns (0-based) whose body cells are centered (columns of numbers). */
  centered?: readonly number[];
  /**
   * Body cells aligned to the top of their row, so that a row made tall by its wrapped text
   * reads from its first line. (Wrapped cells are top-aligned on any sheet.)
   */
  top?: boolean;
  /** Rows kept in view above the scrolling pane. */
  frozenRows: number;
  /** The (0-based) row printed at the top of every page. */
  printTitleRow: number;
  pageHeader: PageText;
  pageFooter: PageText;
}

/** The cell styles (indices into the workbook's `cellXfs`) that the sheets use. */
export interface StyleIds {
  title: number;
  header: number;
  /** Text that looks like a formula: kept as text (the cell's quote prefix). */
  quoted: number;
  /** Text wrapped within its column; and the same kept as text. */
  wrapped: number;
  wrappedQuoted: number;
  /** A number centered in its column. */
  centered: number;
  /** The body cells of a `top` sheet: plain, kept as text, a centered number. */
  top: number;
  topQuoted: number;
  topCentered: number;
}

/** The styles of one sheet's body cells, by their look. */
interface BodyStyles {
  plain: number;
  quoted: number;
  centered: number;
  wrapped: number;
  wrappedQuoted: number;
}

/** Chosen once per sheet, so that a cell's style stays a lookup. */
function bodyStyles(styles: StyleIds, top: boolean): BodyStyles {
  const [plain, quoted, centered] = top
    ? [styles.top, styles.topQuoted, styles.topCentered]
    : [0, styles.quoted, styles.centered];
  return { plain, quoted, centered, wrapped: styles.wrapped, wrappedQuoted: styles.wrappedQuoted };
}

export function worksheetXml(sheet: SheetContent, styles: StyleIds): string {
  const width = Math.max(1, sheet.widths.length, widestRow(sheet.rows.map((r) => r.cells)));
  const lastRow = Math.max(1, sheet.rows.length);
  const frozen = sheet.frozenRows;
  const top = `A${frozen + 1}`;
  const view =
    frozen > 0
      ? `<sheetView workbookViewId="0"><pane ySplit="${frozen}" topLeftCell="${top}" activePane="bottomLeft" state="frozen"/>` +
        `<selection pane="bottomLeft" activeCell="${top}" sqref="${top}"/></sheetView>`
      : '<sheetView workbookViewId="0"/>';
  const cols = sheet.widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w + 1.7}" customWidth="1"/>`)
    .join('');
  let rows = '';
  const wrapped = new Map((sheet.wrapped ?? []).map((c) => [c, sheet.widths[c] ?? DEFAULT_WIDTH]));
  const centered = new Set(sheet.centered ?? []);
  const body = bodyStyles(styles, sheet.top ?? false);
  const bodyCells: BodyCells = [];
  const merges: string[] = [];
  for (let r = 0; r < sheet.rows.length; r++) {
    const row = sheet.rows[r];
    if (row.span === undefined) {
      rows += rowXml(row, r, styles, body, wrapped, centered, bodyCells);
      continue;
    }
    const span = Math.max(1, Math.floor(row.span));
    let spanWidth = 0;
    for (let c = 0; c < span; c++) spanWidth += sheet.widths[c] ?? DEFAULT_WIDTH;
    rows += rowXml(row, r, styles, body, new Map([[0, spanWidth]]), centered);
    if (span > 1) merges.push(`<mergeCell ref="A${r + 1}:${letters(span - 1)}${r + 1}"/>`);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
    `<dimension ref="A1:${columnLetters(width - 1)}${lastRow}"/>` +
    `<sheetViews>${view}</sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData>${rows}</sheetData>` +
    // CT_Worksheet's order: mergeCells after sheetData, before the print and page elements.
    (merges.length > 0
      ? `<mergeCells count="${merges.length}">${merges.join('')}</mergeCells>`
      : '') +
    '<printOptions gridLines="0"/>' +
    '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>' +
    '<headerFooter>' +
    `<oddHeader>${xmlText(pageText(sheet.pageHeader))}</oddHeader>` +
    `<oddFooter>${xmlText(pageText(sheet.pageFooter, true))}</oddFooter>` +
    '</headerFooter>' +
    '</worksheet>'
  );
}

/** Column letters of the first columns, made once: every cell needs its own. */
const LETTERS = Array.from({ length: 64 }, (_, c) => columnLetters(c));
const letters = (c: number) => LETTERS[c] ?? columnLetters(c);

/**
 * `wrapped`: the width (in characters) of each column that wraps. A row whose wrapped text
 * takes more than a line is given the height of its lines, as Excel's readers do not all
 * grow a row to its wrapped text when they open the file (nor, for merged cells, does Excel).
 * A title row's cells keep the title style (bold, `TITLE_FONT_SIZE` points), which wraps from
 * the top too; its row is `TITLE_LINE_HEIGHT` points a line.
 */
function rowXml(
  row: SheetRow,
  r: number,
  styles: StyleIds,
  body: BodyStyles,
  wrapped: Map<number, number>,
  centered: Set<number>,
  bodyCells?: BodyCells,
): string {
  const rowStyle = row.kind === 'header' ? styles.header : row.kind === 'title' ? styles.title : 0;
  const n = r + 1;
  let cells = '';
  let lines = 1;
  const spanned = row.span !== undefined;
  const known = rowStyle === 0 ? bodyCells : undefined;
  for (let c = 0; c < row.cells.length; c++) {
    const width = rowStyle === 0 || spanned ? wrapped.get(c) : undefined;
    const value = row.cells[c];
    if (width !== undefined && typeof value === 'string') {
      lines = Math.max(lines, rowLines(value, width));
    }
    const column = known && (known[c] ??= new Map());
    let rest = column?.get(value);
    if (rest === undefined) {
      const look =
        width !== undefined ? 'wrapped' : rowStyle === 0 && centered.has(c) ? 'centered' : null;
      rest = cellRest(value, rowStyle, body, look);
      column?.set(value, rest);
    }
    if (rest !== '') cells += `<c r="${letters(c)}${n}"${rest}`;
  }
  // The title's larger font makes even one line taller than Excel's default row: as the pane,
  // the title row is always given its height.
  const title = row.kind === 'title';
  const points = rowHeight(lines, title ? TITLE_LINE_HEIGHT : LINE_HEIGHT);
  const height = title || lines > 1 ? ` ht="${points}" customHeight="1"` : '';
  return `<row r="${n}"${height}>${cells}</row>`;
}

/** A body cell's style: wrapped, centered (a number), kept as text, or plain (0: none). */
function bodyStyle(
  body: BodyStyles,
  look: 'wrapped' | 'centered' | null,
  quoted: boolean,
  number: boolean,
): number {
  if (look === 'wrapped') return quoted ? body.wrappedQuoted : body.wrapped;
  if (quoted) return body.quoted;
  return look === 'centered' && number ? body.centered : body.plain;
}

/**
 * A body row's cells, by column, as `cellRest` wrote them for each value: a log's cells repeat
 * (sides, units, results), and their text need be escaped and styled only once.
 */
type BodyCells = Map<CellValue, string>[];

/** A cell's XML after its `<c r="A1"` (the whole cell, '' for a blank cell of no style). */
function cellRest(
  value: CellValue,
  rowStyle: number,
  body: BodyStyles,
  look: 'wrapped' | 'centered' | null,
): string {
  if (value === '' || value === null || value === undefined) {
    return rowStyle ? ` s="${rowStyle}"/>` : '';
  }
  // Judged also without its control characters, which a reader may drop: `\u0007=1+1`.
  const stored = typeof value === 'string' ? xmlChars(value) : value;
  const quoted = looksLikeFormula(stored);
  const s = rowStyle || bodyStyle(body, look, quoted, typeof value === 'number');
  const style = s ? ` s="${s}"` : '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    return `${style}><v>${value}</v></c>`;
  }
  if (typeof value === 'boolean') {
    return `${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  }
  const text = String(value).slice(0, EXCEL_MAX_TEXT);
  return `${style} t="inlineStr"><is><t${keepSpaces(text)}>${cellText(text)}</t></is></c>`;
}

/**
 * `&L...&C...&R...`, each section cut to its share of Excel's 255 characters (`pageSection`);
 * with `pageNumbers`, the right section is `Page 1 of 3`.
 */
export function pageText(text: PageText, pageNumbers = false): string {
  const section = (code: string, s: string | undefined) => {
    if (!s) return '';
    return `&${code}${pageSection(s)}`;
  };
  return (
    section('L', text.left) +
    section('C', text.center) +
    (pageNumbers ? '&RPage &P of &N' : section('R', text.right))
  );
}

/** `'Log X'!$7:$7`: the rows a printed page repeats (1-based row numbers). */
export function printTitlesRef(sheetName: string, row: number): string {
  return `'${sheetName.replace(/'/g, "''")}'!$${row + 1}:$${row + 1}`;
}
