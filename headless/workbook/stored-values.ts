import { rewriteCells, withType } from './sheet-cells';

/**
 * Values a sheet stores in a form exceljs misreads, made plain in the sheet's XML before exceljs
 * reads it. exceljs reads a number with `parseFloat`, which takes what it can: `0x7` is 0, `6,5`
 * is 6 and `4abc` is 4, where the file is damaged. Such a value is given to it as `NaN`, which
 * the reader names as a number that cannot be read. A date stored as ISO 8601 text (`t="d"`,
 * as some programs write) would be read as its year; it is given as the text `YYYY-MM-DD`, as a
 * date is read (see docs/workbook.md).
 */

const VALUE = /<v(?:\s[^>]*)?>([^<]+)<\/v\s*>/g;
/** A number as Excel writes one. */
const NUMBER_TEXT = String.raw`\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*`;
/** A value that is a number; or held as character references, which XML reads first. */
const NUMBER = new RegExp(`^${NUMBER_TEXT}$|&`);
/** A value that is not a number as Excel writes one (text, an error, or damaged). */
const ODD_VALUE = new RegExp(`<v[\\s>](?!${NUMBER_TEXT}<\\/v>)(?!<)`);
const DATE_TYPE = /\st\s*=\s*["']d["']/;
const ISO_DATE = /^\s*(\d{4}-\d{2}-\d{2})/;

/** True when every value of the sheet is a number and none is a date: nothing to change. */
const allPlain = (xml: string): boolean => !DATE_TYPE.test(xml) && !ODD_VALUE.test(xml);

export function plainStoredValues(xml: string): string {
  if (allPlain(xml)) return xml;
  return rewriteCells(xml, ({ tag, type, content }) => {
    if (type === 'd') {
      const date = content.replace(
        VALUE,
        (v, text: string) => `<v>${ISO_DATE.exec(text)?.[1] ?? text}</v>`,
      );
      return { tag: withType(tag, 'str'), content: date };
    }
    if (type !== 'n') return null;
    const fixed = content.replace(VALUE, (v, text: string) =>
      NUMBER.test(text) ? v : '<v>NaN</v>',
    );
    return fixed === content ? null : { tag, content: fixed };
  });
}
