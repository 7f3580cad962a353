import { CellValue, safeText } from '../src/sheets';

/**
 * A value as it must be assigned to `range.values` so that Excel stores exactly it. Excel reads
 * an assigned string as if typed: `=1+1` becomes a formula (safeText guards those), and `7`,
 * `1/2`, `12%`, `TRUE` or `#N/A` become a number, a date, a boolean or an error. Such text gets
 * Excel's invisible text prefix `'`, which `range.values` does not give back.
 */
export function excelValue(value: CellValue): CellValue {
  const safe = safeText(value);
  if (safe !== value || typeof value !== 'string') return safe;
  return /^\s*[\d.$€£¥(#']/.test(value) || /^\s*(true|false)\s*$/i.test(value)
    ? `'${value}`
    : value;
}

/** Excel's column width in points for a width in characters of the default font. */
export const charsToPoints = (chars: number): number => Math.round((7 * chars + 5) * 0.75);

/** Text for a printed page header or footer, where `&` starts a code: `&&` prints one. */
export const pageText = (text: string): string => text.replace(/&/g, '&&');
