import { SheetModel } from './exceljs-internals';

/**
 * Excel stores a character that XML cannot hold (a control character, a carriage return) as
 * `_xHHHH_`, and `_` before text that looks like one as `_x005F_`, in every cell's text. exceljs
 * reads these escapes back in shared strings only: text held in the cell itself (an inline
 * string, or `t="str"`) would reach Praetor as `ex_x000D_ample` where Excel shows a line break.
 * Praetor writes its own sheets' text this way (`cellText`), so that verify reads it as written.
 */

/** As exceljs reads them in shared strings (and Excel writes them): `_x`, four capital hex digits. */
const ESCAPE = /_x([0-9A-F]{4})_/g;
const STRING = 3;
const FORMULA = 6;

export const unescapeCellText = (text: string): string =>
  text.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The escapes of a parsed sheet's inline text undone, before its shared strings are looked up:
 * then a string cell's value is text only when the cell held it (a shared one is its index).
 */
export function unescapeInlineText(model: SheetModel): void {
  for (const row of model.rows ?? []) {
    for (const cell of row.cells) {
      if (cell.type === STRING && typeof cell.value === 'string' && cell.value.includes('_x')) {
        cell.value = unescapeCellText(cell.value);
      } else if (
        cell.type === FORMULA &&
        typeof cell.result === 'string' &&
        cell.result.includes('_x')
      ) {
        cell.result = unescapeCellText(cell.result);
      }
    }
  }
}
