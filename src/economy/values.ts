import { cellText, parseDecimal, plainValue } from '../cells';
import { yesNo as yesNoValue } from '../option-values';
import { err, ok, Result } from '../result';
import { CityKind } from './state';

/** Cell values of the economy's sheets: whole numbers, yes/no, city kinds. */

/**
 * The most talents any amount (a treasury, a value, a payment, a quantity) may be: far beyond
 * any game, and small enough that every sum of the turn is exact.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * A whole number from `min` to `max`; a blank cell is `blank` (or an error when undefined).
 * Text must be a plain decimal, as in every other cell (`3`, `+3`, `3.0`, `-5`; not `0x2` or `1e3`).
 */
export function wholeNumber(
  cell: unknown,
  what: string,
  min: number,
  blank?: number,
  max: number = MAX_AMOUNT,
): Result<number> {
  const v = plainValue(cell);
  const text = cellText(cell);
  if (text === '') {
    return blank === undefined ? err(`${what} is blank: give a whole number`) : ok(blank);
  }
  const n = typeof v === 'number' ? v : (parseDecimal(text) ?? NaN);
  if (Number.isInteger(n) && n > max) {
    return err(`${what} is ${text}: it must be at most ${max.toLocaleString('en-US')}`);
  }
  if (!Number.isSafeInteger(n)) return err(`${what} is "${text}": give a whole number`);
  if (n < min) return err(`${what} is ${n}: it must be ${min} or more`);
  if (n > max) return err(`${what} is ${n}: it must be at most ${max.toLocaleString('en-US')}`);
  return ok(n);
}

/**
 * Yes or no as every yes/no cell reads it (`1.0` is yes, `0.0` no), with the column's own words
 * (`x`, `captured`; `-`); blank is no.
 */
export function yesNo(cell: unknown, what: string): Result<boolean> {
  const read = yesNoValue(plainValue(cell), what, { yes: ['x', 'captured'], no: ['-'] });
  return read.ok ? read : err(`${what} is "${cellText(cell)}": give yes or no (blank is no)`);
}

const CITY_WORDS: Readonly<Record<CityKind, readonly string[]>> = {
  none: ['', 'none', 'no', '-', '0'],
  city: ['city', 'yes'],
  fortified: ['fortified', 'fortified city', 'fort', 'fortress'],
};

export function cityKind(cell: unknown): Result<CityKind> {
  const w = cellText(cell).toLowerCase().replace(/\s+/g, ' ');
  const kind = (Object.keys(CITY_WORDS) as CityKind[]).find((k) => CITY_WORDS[k].includes(w));
  return kind
    ? ok(kind)
    : err(`city is "${cellText(cell)}": give none, city or fortified (blank is none)`);
}

/** What is written back in a `City` cell. */
export const CITY_TEXT: Readonly<Record<CityKind, string>> = {
  none: 'none',
  city: 'city',
  fortified: 'fortified',
};
