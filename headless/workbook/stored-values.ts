/**
 * Values a sheet stores in a form exceljs misreads, made plain in the sheet's XML before exceljs
 * reads it. exceljs reads a number with `parseFloat`, which takes what it can: `0x7` is 0, `6,5`
 * is 6 and `4abc` is 4, where the file is damaged. Such a value is given to it as `NaN`, which
 * the reader names as a number that cannot be read. A date stored as ISO 8601 text (`t="d"`,
 * as some programs write) would be read as its year; it is given as the text `YYYY-MM-DD`, as a
 * date is read (see docs/workbook.md).
 */

const VALUE = /<v(?:\s[^>]*)?>([^<]+)<\/v\s*>/g;
/** A number as Excel writes one; or held as character references, which XML reads first. */
const NUMBER = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$|&/;
const DATE_TYPE = /\st\s*=\s*["']d["']/;
/** A cell's start tag, self-closing or not, and its type. */
const CELL_TAG = /<c(?=[\s/>])[^>]*>/g;
const CELL_END = /<\/c\s*>/g;
const TYPE = /\st\s*=\s*["']([^"']*)["']/;
const ISO_DATE = /^\s*(\d{4}-\d{2}-\d{2})/;

/** A value that is not a number as Excel writes one (text, an error, or damaged). */
const ODD_VALUE = /<v[\s>](?!\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*<\/v>)(?!<)/;

/** True when every value of the sheet is a number and none is a date: nothing to change. */
const allPlain = (xml: string): boolean => !DATE_TYPE.test(xml) && !ODD_VALUE.test(xml);

export function plainStoredValues(xml: string): string {
  if (allPlain(xml)) return xml;
  const out: string[] = [];
  let copied = 0;
  CELL_TAG.lastIndex = 0;
  for (let tag = CELL_TAG.exec(xml); tag !== null; tag = CELL_TAG.exec(xml)) {
    if (tag[0].endsWith('/>')) continue;
    const start = tag.index + tag[0].length;
    CELL_END.lastIndex = start;
    const end = CELL_END.exec(xml);
    if (end === null) break;
    CELL_TAG.lastIndex = end.index + end[0].length;
    const type = TYPE.exec(tag[0])?.[1] ?? 'n';
    if (type !== 'n' && type !== 'd') continue;
    const content = xml.slice(start, end.index);
    const fixed =
      type === 'd'
        ? content.replace(VALUE, (v, text: string) => `<v>${ISO_DATE.exec(text)?.[1] ?? text}</v>`)
        : content.replace(VALUE, (v, text: string) => (NUMBER.test(text) ? v : '<v>NaN</v>'));
    if (type === 'n' && fixed === content) continue;
    const startTag = type === 'd' ? tag[0].replace(TYPE, ' t="str"') : tag[0];
    out.push(xml.slice(copied, tag.index), startTag, fixed);
    copied = end.index;
  }
  if (copied === 0) return xml;
  out.push(xml.slice(copied));
  return out.join('');
}
