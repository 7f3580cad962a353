import { rewriteCells } from './sheet-cells';

/**
 * Formulas whose saved text is empty, which exceljs would read as never calculated: marked in a
 * sheet's XML before exceljs reads it, and read back as empty text (`gridValue` in read.ts).
 */

/**
 * What a formula's empty saved text (`<c t="str"><f>IF(A1="","",A1)</f><v></v></c>`, as Excel
 * writes an `=IF(...,"")` blank) is given to exceljs as: exceljs reads an empty `<v>` as no saved
 * value at all, which is a formula never calculated. The reader (`gridValue`) turns it back into
 * an empty text. A character of Unicode's private use area, which no player types.
 */
export const EMPTY_FORMULA_TEXT = '\uE000';

/**
 * Marks the empty saved text of a formula's cell so that exceljs keeps it (see above), in one
 * pass over the sheet's cells.
 */
export function markEmptyFormulaText(xml: string): string {
  if (!xml.includes('<v></v>') && !xml.includes('<v/>')) return xml;
  return rewriteCells(xml, ({ tag, type, content }) =>
    type === 'str' && /<f[\s/>]/.test(content) && EMPTY_VALUE.test(content)
      ? { tag, content: content.replace(EMPTY_VALUE, `<v>${EMPTY_FORMULA_TEXT}</v>`) }
      : null,
  );
}

const EMPTY_VALUE = /<v><\/v>|<v\/>/;
