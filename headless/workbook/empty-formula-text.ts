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

/** A cell's start tag, self-closing (`<c r="A1"/>`, no content) or not. */
const CELL_TAG = /<c(?=[\s/>])[^>]*>/g;
const CELL_END = /<\/c\s*>/g;
const TEXT_TYPE = /\st\s*=\s*["']str["']/;

/**
 * Marks the empty saved text of a formula's cell so that exceljs keeps it (see above). One pass
 * over the sheet: each cell's content is looked at once, from its start tag to its `</c>`.
 */
export function markEmptyFormulaText(xml: string): string {
  if (!xml.includes('<v></v>') && !xml.includes('<v/>')) return xml;
  const out: string[] = [];
  let copied = 0;
  CELL_TAG.lastIndex = 0;
  for (let tag = CELL_TAG.exec(xml); tag !== null; tag = CELL_TAG.exec(xml)) {
    if (tag[0].endsWith('/>') || !TEXT_TYPE.test(tag[0])) continue;
    const start = tag.index + tag[0].length;
    CELL_END.lastIndex = start;
    const end = CELL_END.exec(xml);
    if (end === null) break;
    const content = xml.slice(start, end.index);
    if (/<f[\s/>]/.test(content) && /<v><\/v>|<v\/>/.test(content)) {
      out.push(
        xml.slice(copied, start),
        content.replace(/<v><\/v>|<v\/>/, `<v>${EMPTY_FORMULA_TEXT}</v>`),
      );
      copied = end.index;
    }
    CELL_TAG.lastIndex = end.index + end[0].length;
  }
  if (copied === 0) return xml;
  out.push(xml.slice(copied));
  return out.join('');
}
