import { cellAddress, columnLetters } from '../../src/cells';
import { err, ok, Result } from '../../src/result';
import { cellText, keepSpaces, MAIN_NS, xmlAttr } from './xml';
import {
  appendInto,
  applySplices,
  attr,
  elementNamespace,
  removeAttr,
  scanXml,
  Splice,
  XmlElement,
  XmlError,
} from './xml-scan';

/**
 * Writes values into cells of an existing worksheet part, as edits at the tags of its scanned
 * `sheetData`, rows and cells: each written cell keeps its style (`s`), every other cell, row
 * and element of the part is left exactly as it was. A cell that holds a formula is refused
 * (its value is the formula's to compute, and the workbook's calculation chain names it).
 * Elements are known by their SpreadsheetML namespace, whatever their prefix; markup in a
 * comment, a CDATA section or a processing instruction is never taken for them.
 */

export interface CellWrite {
  /** 0-based row and column on the sheet. */
  row: number;
  col: number;
  value: string | number;
}

/** The children of `el` named `local` in SpreadsheetML's namespace, whatever their prefix. */
const children = (el: XmlElement, local: string): XmlElement[] =>
  el.children.filter((c) => c.local === local && elementNamespace(c) === MAIN_NS);

/** `AB12` to its 0-based column, or undefined. */
function columnOf(ref: string | undefined): number | undefined {
  const m = /^([A-Z]+)\d+$/i.exec(ref ?? '');
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1].toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The part's `sheetData`, its tree holding the cells of the rows `numbers` only: the rest of
 * the part is checked to be well-formed, but a large sheet's cells are not kept.
 */
function cellData(xml: string, numbers: Set<number>, sheet?: string): Result<XmlElement> {
  const damaged = (why: string) =>
    err(`the sheet${sheet === undefined ? '' : ` ${sheet}`} is damaged: ${why}`);
  const keep = (el: XmlElement): boolean => {
    let depth = 0;
    for (let e = el.parent; e; e = e.parent) depth++;
    return depth !== 3 || numbers.has(Number(attr(el.parent!, 'r')));
  };
  let root: XmlElement;
  try {
    root = scanXml(xml, keep);
  } catch (e) {
    if (e instanceof XmlError) return damaged(e.message);
    throw e;
  }
  const data =
    root.local === 'worksheet' && elementNamespace(root) === MAIN_NS
      ? children(root, 'sheetData')
      : [];
  if (data.length === 0) return err('the sheet has no cell data');
  return data.length === 1 ? ok(data[0]) : damaged('it holds two sets of cell data');
}

/** `sheet` names the sheet in messages (`Players!C2 holds a formula`). */
export function patchCells(
  xml: string,
  writes: readonly CellWrite[],
  sheet?: string,
): Result<string> {
  if (writes.length === 0) return ok(xml);
  const data = cellData(xml, new Set(writes.map((w) => w.row + 1)), sheet);
  if (!data.ok) return data;
  const rows = children(data.value, 'row');
  const numbers = rows.map((r) => Number(attr(r, 'r')));
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) {
    return err('the sheet has rows without numbers; save it in Excel first');
  }

  // Each cell written once (the last write to it kept), by row number.
  const byRow = new Map<number, Map<number, CellWrite>>();
  for (const w of writes) {
    const cells = byRow.get(w.row + 1) ?? new Map<number, CellWrite>();
    byRow.set(w.row + 1, cells.set(w.col, w));
  }
  const splices: Splice[] = [];
  const atEnd: string[] = [];
  const p = data.value.prefix;
  for (const [number, cells] of [...byRow].sort((a, b) => a[0] - b[0])) {
    const ordered = [...cells.values()].sort((a, b) => a.col - b.col);
    const i = numbers.indexOf(number);
    if (i >= 0) {
      const patched = patchRow(xml, rows[i], ordered, splices, sheet);
      if (!patched.ok) return patched;
      continue;
    }
    // A new row goes before the first row numbered after it; new rows at one place in order.
    const text = `<${p}row r="${number}">${ordered.map((w) => cellXml(w, p)).join('')}</${p}row>`;
    const next = rows.find((_, j) => numbers[j] > number);
    if (next) splices.push({ at: next.start, remove: 0, text });
    else atEnd.push(text);
  }
  if (atEnd.length > 0) splices.push(appendInto(data.value, atEnd.join('')));
  return ok(applySplices(xml, splices));
}

/** Adds to `splices` the edits of one row for `writes`, given in column order. */
function patchRow(
  xml: string,
  row: XmlElement,
  writes: readonly CellWrite[],
  splices: Splice[],
  sheet: string | undefined,
): Result<void> {
  const cells = children(row, 'c');
  const cols = cells.map((c) => columnOf(attr(c, 'r')));
  if (cols.some((c) => c === undefined)) {
    return err(
      `row ${writes[0].row + 1} has cells without addresses; save the workbook in Excel first`,
    );
  }
  const p = row.prefix;
  const atEnd: string[] = [];
  let added = false;
  for (const w of writes) {
    const i = cols.indexOf(w.col);
    if (i >= 0) {
      const cell = cells[i];
      if (children(cell, 'f').length > 0) {
        return err(
          `${cellAddress({ sheet, row: 0, col: 0 }, w.row, w.col)} holds a formula; Praetor writes a value there: replace the formula with its value`,
        );
      }
      const text = cellXml(w, p, attr(cell, 's'));
      splices.push({ at: cell.start, remove: cell.end - cell.start, text });
      continue;
    }
    // Before the first cell of a later column (pushed ahead of any write over that cell).
    added = true;
    const next = cells.find((_, j) => cols[j]! > w.col);
    if (next) splices.push({ at: next.start, remove: 0, text: cellXml(w, p) });
    else atEnd.push(cellXml(w, p));
  }
  if (atEnd.length > 0) splices.push(appendInto(row, atEnd.join('')));
  // A row's `spans` is a hint of its cells' extent: dropped when a cell is added to the row.
  const spans = row.attrs.find((a) => a.name === 'spans');
  if (added && spans) splices.push(removeAttr(xml, spans));
  return ok(undefined);
}

/** A cell written with prefix `p` (bound to SpreadsheetML where it goes). */
function cellXml(w: CellWrite, p: string, style?: string): string {
  const ref = `${columnLetters(w.col)}${w.row + 1}`;
  const s = style === undefined ? '' : ` s="${xmlAttr(style)}"`;
  if (typeof w.value === 'number') return `<${p}c r="${ref}"${s}><${p}v>${w.value}</${p}v></${p}c>`;
  return `<${p}c r="${ref}"${s} t="inlineStr"><${p}is><${p}t${keepSpaces(w.value)}>${cellText(w.value)}</${p}t></${p}is></${p}c>`;
}
