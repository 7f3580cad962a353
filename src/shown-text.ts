import { err, Result } from './result';

/** Values and text from the input as an error message shows them: short, and on one line. */

/** A value as an error message shows it: JSON, cut short. */
export function shownValue(v: unknown): string {
  if (v === undefined) return 'missing';
  // JSON writes Infinity and NaN as null, which would hide what is wrong.
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Line breaks, and the controls that move a terminal's line, as an error must not hold them. */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * Text from the input as a one-line error shows it: each line break as its visible escape (`\n`,
 * `\r`, `\u2028`, ...), so that a cell or a roster written on several lines is named on one.
 */
export const oneLine = (text: string): string =>
  text.replace(LINE_BREAKS, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A Result whose error is on one line (see `oneLine`): what every parser of user text returns. */
export const oneLineError = <T>(r: Result<T>): Result<T> => (r.ok ? r : err(oneLine(r.error)));
