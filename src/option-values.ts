import { RawOptions } from './ruleset';
import { err, ok, Result } from './result';

/**
 * Reading option values as users write them (CLI flags, JSON, sheet cells): the pieces every
 * ruleset's option parser shares.
 */

export const isBlankValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const optionWord = (v: unknown): string => String(v).trim().toLowerCase();

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
  if ([...YES, ...(more.yes ?? [])].includes(w)) return ok(true);
  if ([...NO, ...(more.no ?? [])].includes(w)) return ok(false);
  return err(`${name} is "${String(v)}": expected yes or no${more.hint ? ` (${more.hint})` : ''}`);
}

/** `rounds`, the pause order: a whole number, 1 or more, or blank for none. */
export function pauseRounds(v: unknown): Result<number | null> {
  if (isBlankValue(v)) return ok(null);
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isInteger(n) || n < 1) {
    return err(`rounds is "${String(v)}": expected a whole number of rounds, 1 or more`);
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
  const names = unknown.map((k) => `"${k}"`).join(', ');
  return `unknown option ${names}${rulesId ? ` for ${rulesId}` : ''} (known: ${known.join(', ')})`;
}
