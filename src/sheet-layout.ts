import { widestRow } from './cells';

/**
 * How both writers (the taskpane and the headless referee) lay out the sheets they add: row
 * heights for wrapped text, the default column width, the columns centered.
 */

/** Excel's height of a row of one line of its default font (Calibri 11), in points. */
export const LINE_HEIGHT = 15;
/** The most lines a row is made tall for (Excel's rows stop at 409 points). */
export const MAX_LINES = 27;
/** A log's title (its first summary line), in both writers: bold, in a larger font. */
export const TITLE_FONT_SIZE = 13;
/** The height of a line of the title's font (Excel's row height for 13-point Calibri). */
export const TITLE_LINE_HEIGHT = 17.25;
/** The tallest row Excel allows, in points. */
export const MAX_ROW_HEIGHT = 409;

/**
 * The height both writers give a row of `lines` wrapped lines of `lineHeight` points each
 * (`TITLE_LINE_HEIGHT` for a log's title), in points: at most Excel's tallest row.
 */
export const rowHeight = (lines: number, lineHeight = LINE_HEIGHT): number =>
  Math.min(MAX_ROW_HEIGHT, lines * lineHeight);

/**
 * The lines `text` takes wrapped at `width` characters, broken between words, and within a
 * word longer than a line. Counted in characters: a generous measure of proportional text.
 */
export function wrappedLines(text: string, width: number): number {
  const room = Math.max(1, Math.floor(width));
  // Most cells fit a line: no need to take them apart.
  if (text.length <= room && !text.includes('\n')) return 1;
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let used = 0;
    lines++;
    for (const word of paragraph.split(' ')) {
      let rest = word.length;
      const gap = used > 0 ? 1 : 0;
      if (used + gap + rest <= room) {
        used += gap + rest;
        continue;
      }
      if (used > 0) lines++;
      while (rest > room) {
        lines++;
        rest -= room;
      }
      used = rest;
    }
  }
  return lines;
}

/** The lines a row is made tall for, for `text` wrapped at `width`: at most `MAX_LINES`. */
export const rowLines = (text: string, width: number): number =>
  Math.min(MAX_LINES, wrappedLines(text, width));

/** Excel's width of a column that has none set, in characters (8.43, as counted here). */
export const DEFAULT_WIDTH = 8;

/**
 * The columns of `body` (the rows below a header) that hold numbers and nothing else but blanks:
 * centered, so that a number is not read with the text beside it (`4 CAV#2`, `3 1 CAT 1 CAV`).
 */
export function numberColumns(body: readonly (readonly unknown[])[]): number[] {
  const width = widestRow(body);
  const columns: number[] = [];
  for (let c = 0; c < width; c++) {
    const values = body.map((row) => row[c]).filter((v) => v !== '' && v !== undefined);
    if (values.length > 0 && values.every((v) => typeof v === 'number')) columns.push(c);
  }
  return columns;
}
