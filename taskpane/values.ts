import { EXCEL_MAX_TEXT } from '../src/cells';
import { CellValue, safeText } from '../src/cell-value';

/**
 * A value as it must be assigned to `range.values` so that Excel stores exactly it. Excel reads
 * an assigned string as if typed: `=1+1` becomes a formula (safeText guards those), and `7`,
 * `1/2`, `12%`, `TRUE` or `#N/A` become a number, a date, a boolean or an error. Such text gets
 * Excel's invisible text prefix `'`, which `range.values` does not give back. Text is cut at
 * Excel's 32,767 characters a cell, as `praetor adjudicate` cuts it.
 */
export function excelValue(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  const text = value.slice(0, EXCEL_MAX_TEXT);
  const safe = safeText(text);
  if (safe !== text) return safe;
  return /^\s*[\d.$€£¥(#']/.test(text) ||
    /^\s*(true|false)\s*$/i.test(text) ||
    MONTH_DATE.test(text)
    ? `'${text}`
    : text;
}

/** A month's name then a number (`Jan 5`, `March-26`, `Sept. 3, 2026`): Excel reads a date. */
const MONTH_DATE =
  /^\s*(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\.?[\s,\-/]*\d/i;

/** Excel's column width in points for a width in characters of the default font. */
export const charsToPoints = (chars: number): number => Math.round((7 * chars + 5) * 0.75);
