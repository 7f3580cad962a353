import { columnLetters, EXCEL_MAX_TEXT } from '../../src/cells';
import { pageSection } from '../../src/page-text';
import { CellValue, looksLikeFormula } from '../../src/sheets';
import { keepSpaces, MAIN_NS, REL_NS, xmlChars, xmlText } from './xml';

/**
 * A worksheet part written by hand: values only (inline strings, numbers, booleans; never a
 * formula), a styled header row, frozen panes, column widths and a print setup.
 */

export type RowKind = 'title' | 'header' | 'body';

export interface SheetRow {
  cells: readonly CellValue[];
  kind?: RowKind;
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
}

export function worksheetXml(sheet: SheetContent, styles: StyleIds): string {
  const width = Math.max(1, sheet.widths.length, ...sheet.rows.map((r) => r.cells.length));
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
  for (let r = 0; r < sheet.rows.length; r++) rows += rowXml(sheet.rows[r], r, styles);
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
    `<dimension ref="A1:${columnLetters(width - 1)}${lastRow}"/>` +
    `<sheetViews>${view}</sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData>${rows}</sheetData>` +
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

function rowXml(row: SheetRow, r: number, styles: StyleIds): string {
  const rowStyle = row.kind === 'header' ? styles.header : row.kind === 'title' ? styles.title : 0;
  const n = r + 1;
  let cells = '';
  for (let c = 0; c < row.cells.length; c++) {
    cells += cellXml(row.cells[c], letters(c) + n, rowStyle, styles);
  }
  return `<row r="${n}">${cells}</row>`;
}

function cellXml(value: CellValue, ref: string, rowStyle: number, styles: StyleIds): string {
  if (value === '' || value === null || value === undefined) {
    return rowStyle ? `<c r="${ref}" s="${rowStyle}"/>` : '';
  }
  // Judged on the text as stored: XML drops control characters, so `\u0007=1+1` is `=1+1`.
  const stored = typeof value === 'string' ? xmlChars(value) : value;
  const s = rowStyle || (looksLikeFormula(stored) ? styles.quoted : 0);
  const style = s ? ` s="${s}"` : '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    return `<c r="${ref}"${style}><v>${value}</v></c>`;
  }
  if (typeof value === 'boolean') {
    return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  }
  const text = String(value).slice(0, EXCEL_MAX_TEXT);
  return `<c r="${ref}"${style} t="inlineStr"><is><t${keepSpaces(text)}>${xmlText(text)}</t></is></c>`;
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
