import { cellAddress, columnLetters } from '../../src/cells';
import { err, ok, Result } from '../../src/result';
import { attribute, keepSpaces, rootPrefix, xmlText } from './xml';

/**
 * Writes values into cells of an existing worksheet part, as text edits of its `sheetData`:
 * each written cell keeps its style (`s`), every other cell, row and element of the part is
 * left exactly as it was. A cell that holds a formula is refused (its value is the formula's
 * to compute, and the workbook's calculation chain names it).
 */

export interface CellWrite {
  /** 0-based row and column on the sheet. */
  row: number;
  col: number;
  value: string | number;
}

interface Piece {
  /** The element's text, or null for text between elements. */
  index: number | null;
  text: string;
}

/** Splits `inner` into elements matching `pattern` and the text around them. */
function split(inner: string, pattern: RegExp): { pieces: Piece[]; matches: RegExpExecArray[] } {
  const pieces: Piece[] = [];
  const matches: RegExpExecArray[] = [];
  let at = 0;
  for (const m of inner.matchAll(pattern)) {
    if (m.index! > at) pieces.push({ index: null, text: inner.slice(at, m.index) });
    pieces.push({ index: matches.length, text: m[0] });
    matches.push(m as RegExpExecArray);
    at = m.index! + m[0].length;
  }
  if (at < inner.length) pieces.push({ index: null, text: inner.slice(at) });
  return { pieces, matches };
}

/** `AB12` to its 0-based column, or undefined. */
function columnOf(ref: string | undefined): number | undefined {
  const m = /^([A-Z]+)\d+$/i.exec(ref ?? '');
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1].toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** `sheet` names the sheet in messages (`Players!C2 holds a formula`). */
export function patchCells(
  xml: string,
  writes: readonly CellWrite[],
  sheet?: string,
): Result<string> {
  if (writes.length === 0) return ok(xml);
  const p = rootPrefix(xml, 'worksheet');
  const open = new RegExp(`<${p}sheetData(\\s[^>]*)?(/?)>`).exec(xml);
  if (!open) return err('the sheet has no cell data');
  const innerStart = open.index + open[0].length;
  const close = open[2] === '/' ? innerStart : xml.indexOf(`</${p}sheetData>`, innerStart);
  if (close < 0) return err('the sheet is damaged: its cell data does not end');
  const patched = patchRows(xml.slice(innerStart, close), writes, p, sheet);
  if (!patched.ok) return patched;
  const head =
    open[2] === '/'
      ? xml.slice(0, open.index) + `<${p}sheetData${open[1] ?? ''}>`
      : xml.slice(0, innerStart);
  const tail = open[2] === '/' ? `</${p}sheetData>` + xml.slice(innerStart) : xml.slice(close);
  return ok(head + patched.value + tail);
}

function patchRows(
  inner: string,
  writes: readonly CellWrite[],
  p: string,
  sheet: string | undefined,
): Result<string> {
  const rowPattern = new RegExp(`<${p}row\\b([^>]*?)(/>|>([\\s\\S]*?)</${p}row>)`, 'g');
  const { pieces, matches } = split(inner, rowPattern);
  const numbers = matches.map((m) => Number(attribute(m[0].slice(0, m[0].indexOf('>') + 1), 'r')));
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) {
    return err('the sheet has rows without numbers; save it in Excel first');
  }
  const byRow = new Map<number, CellWrite[]>();
  for (const w of writes) byRow.set(w.row + 1, [...(byRow.get(w.row + 1) ?? []), w]);
  const texts = matches.map((m) => m[0]);
  const added: { number: number; text: string }[] = [];
  for (const [number, rowWrites] of byRow) {
    const i = numbers.indexOf(number);
    if (i < 0) {
      const cells = rowWrites
        .sort((a, b) => a.col - b.col)
        .map((w) => cellXml(w, p, undefined))
        .join('');
      added.push({ number, text: `<${p}row r="${number}">${cells}</${p}row>` });
      continue;
    }
    const patched = patchRow(matches[i], rowWrites, p, sheet);
    if (!patched.ok) return patched;
    texts[i] = patched.value;
  }
  added.sort((a, b) => a.number - b.number);
  let out = '';
  for (const piece of pieces) {
    if (piece.index === null) {
      out += piece.text;
      continue;
    }
    const n = numbers[piece.index];
    while (added.length > 0 && added[0].number < n) out += added.shift()!.text;
    out += texts[piece.index];
  }
  return ok(out + added.map((a) => a.text).join(''));
}

function patchRow(
  row: RegExpExecArray,
  writes: readonly CellWrite[],
  p: string,
  sheet: string | undefined,
): Result<string> {
  const rowNumber = writes[0].row + 1;
  const openTag = `<${p}row${row[1]}>`;
  const inner = row[3] ?? '';
  const cellPattern = new RegExp(`<${p}c\\b([^>]*?)(/>|>([\\s\\S]*?)</${p}c>)`, 'g');
  const { pieces, matches } = split(inner, cellPattern);
  const cols = matches.map((m) => columnOf(attribute(`<c${m[1]}>`, 'r')));
  if (cols.some((c) => c === undefined)) {
    return err(`row ${rowNumber} has cells without addresses; save the workbook in Excel first`);
  }
  const texts = matches.map((m) => m[0]);
  const inserted: CellWrite[] = [];
  for (const w of writes) {
    const i = cols.indexOf(w.col);
    if (i < 0) {
      inserted.push(w);
      continue;
    }
    if (new RegExp(`<${p}f[\\s>/]`).test(matches[i][3] ?? '')) {
      return err(
        `${cellAddress({ sheet, row: 0, col: 0 }, w.row, w.col)} holds a formula; Praetor writes a value there: replace the formula with its value`,
      );
    }
    texts[i] = cellXml(w, p, attribute(`<c${matches[i][1]}>`, 's'));
  }
  inserted.sort((a, b) => a.col - b.col);
  let out = '';
  for (const piece of pieces) {
    if (piece.index !== null) {
      const c = cols[piece.index]!;
      while (inserted.length > 0 && inserted[0].col < c)
        out += cellXml(inserted.shift()!, p, undefined);
      out += texts[piece.index];
    } else out += piece.text;
  }
  out += inserted.map((w) => cellXml(w, p, undefined)).join('');
  // A row's `spans` is a hint of its cells' extent: dropped when a cell is added to the row.
  const tag = writes.some((w) => !cols.includes(w.col))
    ? openTag.replace(/\sspans="[^"]*"/, '')
    : openTag;
  return ok(`${tag}${out}</${p}row>`);
}

function cellXml(w: CellWrite, p: string, style: string | undefined): string {
  const ref = `${columnLetters(w.col)}${w.row + 1}`;
  const s = style === undefined ? '' : ` s="${style}"`;
  if (typeof w.value === 'number') return `<${p}c r="${ref}"${s}><${p}v>${w.value}</${p}v></${p}c>`;
  return `<${p}c r="${ref}"${s} t="inlineStr"><${p}is><${p}t${keepSpaces(w.value)}>${xmlText(w.value)}</${p}t></${p}is></${p}c>`;
}
