/** A value Praetor writes in a cell of the sheets it adds (the `Results` and `Log` sheets). */
export type CellValue = string | number | boolean;

/** Text Excel would read as a formula when typed: it starts with `=`, `+`, `-` or `@`. */
export const looksLikeFormula = (value: CellValue): boolean =>
  typeof value === 'string' && /^[=+\-@]/.test(value);

/** Text that Excel would read as a formula (`=`, `+`, `-`, `@`) is written with a leading `'`. */
export function safeText(value: CellValue): CellValue {
  return looksLikeFormula(value) ? `'${value}` : value;
}
