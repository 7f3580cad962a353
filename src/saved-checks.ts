import { err, ok, Result } from './result';
import { shownValue } from './shown-text';

/**
 * Checks of a saved battle's state, read back from a file that anyone may have edited: each
 * returns an error naming the field at fault, or null.
 */

/** The largest round a saved state may be in (a real battle ends long before). */
export const MAX_SAVED_ROUND = 1_000_000;

/** A JSON object: not null, not a list. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;

const KIND_WORDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Whether `value` has the shape of `template` (a fresh state of the same battle): the same kind
 * of value at every path, every field of the template present; list items are compared with the
 * template's item at the same index (else its last). A null in the template stands for a field
 * set later (an ending, a shooter): any JSON value; the ruleset's `validateState` checks it.
 */
export function shapeError(template: unknown, value: unknown, path: string): string | null {
  if (template === null || template === undefined) return null;
  const want = kindOf(template);
  const got = kindOf(value);
  if (want !== got) {
    if (want === 'number' && got === 'null') return null; // e.g. arrows: number | null
    const words =
      want === 'number' && Number.isInteger(template) ? 'a whole number' : KIND_WORDS[want];
    return `${path} is ${shownValue(value)}, expected ${words ?? want}`;
  }
  if (want === 'number' && !Number.isFinite(value)) {
    return `${path} is ${shownValue(value)}, expected a finite number`;
  }
  if (want === 'array') {
    const t = template as unknown[];
    const v = value as unknown[];
    if (t.length === 0) return null;
    for (let i = 0; i < v.length; i++) {
      const e = shapeError(t[Math.min(i, t.length - 1)], v[i], `${path}[${i}]`);
      if (e) return e;
    }
    return null;
  }
  if (want === 'object') {
    const t = template as Record<string, unknown>;
    const v = value as Record<string, unknown>;
    for (const key of Object.keys(t)) {
      if (t[key] === undefined) continue;
      const e = shapeError(t[key], v[key], `${path}.${key}`);
      if (e) return e;
    }
  }
  return null;
}

/** A whole number from `min` to `max`, else the error. */
export function wholeError(value: unknown, path: string, min: number, max: number): string | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
    ? null
    : `${path} is ${shownValue(value)}, expected a whole number from ${min} to ${max}`;
}

/** One of `allowed`, else the error. */
export function oneOfError(
  value: unknown,
  path: string,
  allowed: readonly unknown[],
): string | null {
  return allowed.includes(value)
    ? null
    : `${path} is ${shownValue(value)}, expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`;
}

/** A battle's ending as states record it: null, or `{ outcome, winner }` with known words. */
export function endError(value: unknown, path: string, outcomes: readonly string[]): string | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return `${path} is ${shownValue(value)}, expected null or { outcome, winner }`;
  }
  const end = value as Record<string, unknown>;
  return (
    oneOfError(end.outcome, `${path}.outcome`, outcomes) ??
    oneOfError(end.winner, `${path}.winner`, ['attacker', 'defender', null])
  );
}

/**
 * A saved battle still going on (paused, or not ended) whose side `s` has no units left: it
 * would have ended when the side lost its last, so its state was not saved by a battle.
 */
export function emptySideError(end: unknown, units: readonly number[], s: 0 | 1): string | null {
  const ended = end !== null && (end as { outcome?: unknown }).outcome !== 'paused';
  if (ended || units[s] > 0) return null;
  return (
    `state.count[${s}] leaves the ${s === 0 ? 'attacker' : 'defender'} no units, yet the ` +
    'battle goes on (state.end): a battle ends when a side has none'
  );
}

/** The first error of a list of checks, as a Result. */
export function firstError(...errors: (string | null)[]): Result<true> {
  const e = errors.find((x) => x !== null);
  return e ? err(e) : ok(true);
}

/**
 * A saved list of units against the fresh start's: as many, and in each the fields play never
 * changes (`fixed`, compared as JSON) as they began. Then `each` checks what may change.
 */
export function unitsError<T>(
  units: readonly T[],
  start: readonly T[],
  fixed: readonly (keyof T)[],
  each: (unit: T, begun: T, path: string) => string | null,
): string | null {
  if (units.length !== start.length) {
    return `state.units lists ${units.length} units; the forces have ${start.length}`;
  }
  for (let i = 0; i < units.length; i++) {
    const path = `state.units[${i}]`;
    for (const key of fixed) {
      if (JSON.stringify(units[i][key]) !== JSON.stringify(start[i][key])) {
        return `${path}.${String(key)} is ${shownValue(units[i][key])}, expected ${shownValue(start[i][key])}`;
      }
    }
    const e = each(units[i], start[i], path);
    if (e) return e;
  }
  return null;
}

/** Plain JSON as text with every object's keys sorted: equal for values that are the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
