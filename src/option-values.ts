import { parseDecimal } from './cells';
import { RawOptions } from './ruleset';
import { err, ok, Result } from './result';
import { oneLine, shownValue } from './shown-text';

/**
 * Reading option values as users write them (CLI flags, JSON, sheet cells): the pieces every
 * ruleset's option parser shares.
 */

export const isBlankValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Text, a number or true/false: what a cell, a flag or a JSON field may give as an option. */
const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * An option's value as a word to match, in lower case. A list or an object is no word: it
 * becomes its JSON, which no option's words match.
 */
export const optionWord = (v: unknown): string =>
  (isScalar(v) ? String(v) : shownValue(v)).trim().toLowerCase();

/**
 * An option's value as its error shows it, on one line: text and numbers in quotes (`"maybe"`,
 * `"5"`), a line break as `\n`; a list or an object as JSON (`{}`, `[1]`), not `[object Object]`.
 */
export const shownOption = (v: unknown): string =>
  isScalar(v) ? `"${oneLine(String(v))}"` : shownValue(v);

/**
 * A text option (a retreat condition, unit overrides, orders, readings, castes): text, or a
 * number or true/false as a cell may hold it, as text; a list or an object is an error naming
 * the option. Blank values are the caller's (check `isBlankValue` first).
 */
export function optionText(v: unknown, name: string, example: string): Result<string> {
  if (isScalar(v)) return ok(String(v));
  return err(`${name} is ${shownValue(v)}: expected text such as "${example}"`);
}

/**
 * Options as a plain record that no key can change the shape of: own fields only, with no
 * prototype, so that a field named `__proto__` is a field like any other (and is refused as an
 * unknown option) and `constructor` or `toString` are not found on it unless given.
 */
export function ownOptions(raw: RawOptions): RawOptions {
  const out = Object.create(null) as RawOptions;
  for (const [k, v] of Object.entries(raw)) out[k] = v;
  return out;
}

const YES = ['yes', 'y', 'true', '1'];
const NO = ['no', 'n', 'false', '0'];

/** Yes or no, blank meaning no; `more` adds words of the option's own (`sea` / `land`). */
export function yesNo(
  v: unknown,
  name: string,
  more: { yes?: string[]; no?: string[]; hint?: string } = {},
): Result<boolean> {
  if (isBlankValue(v)) return ok(false);
  if (typeof v === 'boolean') return ok(v);
  const w = optionWord(v);
  // A number typed as text is read as the number (`1.0` is 1).
  const n = typeof v === 'string' ? parseDecimal(v) : undefined;
  if ([...YES, ...(more.yes ?? [])].includes(w) || n === 1) return ok(true);
  if ([...NO, ...(more.no ?? [])].includes(w) || n === 0) return ok(false);
  return err(
    `${name} is ${shownOption(v)}: expected yes or no${more.hint ? ` (${more.hint})` : ''}`,
  );
}

/**
 * A whole-number option from `lo` to `hi`, blank for `dflt`. Text must be a plain decimal:
 * not `0x2` or `1e3`, which JavaScript's `Number` would take.
 */
export function wholeOption(
  v: unknown,
  name: string,
  lo: number,
  hi: number,
  dflt: number,
): Result<number> {
  if (isBlankValue(v)) return ok(dflt);
  const n = typeof v === 'number' ? v : typeof v === 'string' ? (parseDecimal(v) ?? NaN) : NaN;
  if (!Number.isInteger(n) || n < lo || n > hi) {
    return err(`${name} is ${shownOption(v)}: expected a whole number from ${lo} to ${hi}`);
  }
  return ok(n);
}

/** The most rounds a pause order may name: no battle lasts longer. */
export const MAX_PAUSE_ROUNDS = 10_000;

/** `rounds`, the pause order: a whole number from 1 to 10,000, or blank for none. */
export function pauseRounds(v: unknown): Result<number | null> {
  if (isBlankValue(v)) return ok(null);
  const n = typeof v === 'number' ? v : typeof v === 'string' ? (parseDecimal(v) ?? NaN) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_PAUSE_ROUNDS) {
    return err(
      `rounds is ${shownOption(v)}: expected a whole number of rounds from 1 to ${MAX_PAUSE_ROUNDS.toLocaleString('en')}`,
    );
  }
  return ok(n);
}

/** The error for options a ruleset does not know (`undefined` values count as not given). */
export function unknownOptionsError(
  raw: RawOptions,
  known: readonly string[],
  ignore: (key: string, value: unknown) => boolean = (_, value) => value === undefined,
  rulesId?: string,
): string | null {
  const unknown = Object.keys(raw).filter((k) => !known.includes(k) && !ignore(k, raw[k]));
  if (unknown.length === 0) return null;
  const names = unknown.map((k) => `"${oneLine(k)}"`).join(', ');
  return `unknown option ${names}${rulesId ? ` for ${rulesId}` : ''} (known: ${known.join(', ')})`;
}
