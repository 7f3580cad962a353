import {
  isBlankValue,
  optionText,
  optionWord,
  pauseRounds,
  shownOption,
  unknownOptionsError,
} from '../../option-values';
import { oneLine } from '../../shown-text';
import { err, ok, Result } from '../../result';
import { RawOptions } from '../../ruleset';
import { parseUnitOverrides } from './unit-data';

/** The imperium ruleset's options, normalised; recorded as they are in every log. */
export interface ImperiumOptions {
  /** Space combat (ships) or ground combat on a planet (troops, planetary defences, fighters). */
  combat: 'space' | 'ground';
  /** The range of the first round: long by the rules; `short` for a battle joined at close range. */
  range: 'long' | 'short';
  /** Which sides have a friendly planet in the system, where fighters land on disengaging. */
  planet: 'none' | 'attacker' | 'defender' | 'both';
  /** Overrides of the unit table (unit-data.ts), canonical text; '' for none. */
  units: string;
  /** Each side's standing orders, canonical text (`range=beams, disengage=1/3, ...`). */
  attackerOrders: string;
  defenderOrders: string;
  /** Pause after this many rounds (counted from the start or the resume), or null. */
  rounds: number | null;
}

/** Standing orders: every choice the procedure asks of a player. */
export interface Orders {
  /** beams: close when our beams exceed theirs, else long (the default); close; long; hold. */
  range: 'beams' | 'close' | 'long' | 'hold';
  /** Disengage when our factors are under this fraction of the enemy's (text: `1/3`, `never`). */
  disengage: string;
  /** The order ships are placed and matched: strongest first (default), weakest, roster. */
  allocation: 'strongest' | 'weakest' | 'roster';
  /** Whom a ship fires at: the one it can most likely destroy (default), strongest, weakest. */
  target: 'destroy' | 'strongest' | 'weakest';
  /** Capital ships' split fire: never (default), auto (most ships destroyed expected), even. */
  split: 'never' | 'auto' | 'even';
  /** Unmatched ships: join groups (none, the default) or all held in reserve. */
  reserves: 'none' | 'all';
}

export const DEFAULT_ORDERS: Orders = {
  range: 'beams',
  disengage: '1/3',
  allocation: 'strongest',
  target: 'destroy',
  split: 'never',
  reserves: 'none',
};

const CHOICES: Record<Exclude<keyof Orders, 'disengage'>, readonly string[]> = {
  range: ['beams', 'close', 'long', 'hold'],
  allocation: ['strongest', 'weakest', 'roster'],
  target: ['destroy', 'strongest', 'weakest'],
  split: ['never', 'auto', 'even'],
  reserves: ['none', 'all'],
};

const ORDER_KEYS = Object.keys(DEFAULT_ORDERS) as (keyof Orders)[];

export const formatOrders = (o: Orders): string => ORDER_KEYS.map((k) => `${k}=${o[k]}`).join(', ');

/** A fraction of whole numbers, compared exactly: 0.28 is 28/100, never 0.28000000000000003. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/**
 * The disengage threshold as a fraction (`1/3`; `0.5` is 5/10; `1.5/2` is 15/20), null for
 * `never` (or 0), undefined when the text is none (`1/0` too).
 */
export function disengageFraction(text: string): Fraction | null | undefined {
  if (text === 'never') return null;
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/.exec(text);
  if (!m) return undefined;
  const top = decimal(m[1]);
  const bottom = m[2] === undefined ? { num: 1n, den: 1n } : decimal(m[2]);
  if (bottom.num === 0n) return undefined;
  const f = { num: top.num * bottom.den, den: top.den * bottom.num };
  return f.num === 0n ? null : f;
}

/** `0.28` as 28/100. */
function decimal(text: string): Fraction {
  const [whole, digits = ''] = text.split('.');
  return { num: BigInt(whole + digits), den: 10n ** BigInt(digits.length) };
}

/** `range=close, split=auto` (commas, semicolons or new lines; `:` or `=`); the rest default. */
export function parseOrders(raw: unknown, name: string): Result<Orders> {
  const orders: Orders = { ...DEFAULT_ORDERS };
  if (isBlankValue(raw)) return ok(orders);
  const text = optionText(raw, name, 'range=close, split=auto');
  if (!text.ok) return text;
  for (const item of text.value.split(/[,;\n]+/)) {
    if (item.trim() === '') continue;
    const m = /^\s*([a-z]+)\s*[=:]\s*(.+?)\s*$/i.exec(item);
    const key = m?.[1].toLowerCase() as keyof Orders | undefined;
    if (!m || !key || !ORDER_KEYS.includes(key)) {
      return err(
        `${name}: "${oneLine(item.trim())}" is not an order (write key=value with keys ${ORDER_KEYS.join(', ')})`,
      );
    }
    const value = m[2].toLowerCase().replace(/\s+/g, '');
    if (key === 'disengage') {
      if (disengageFraction(value) === undefined) {
        return err(
          `${name}: disengage is "${oneLine(m[2])}": expected a fraction such as 1/3 or 0.5 (not over 0), or never`,
        );
      }
      orders.disengage = value === '0' ? 'never' : value;
      continue;
    }
    if (!CHOICES[key].includes(value)) {
      return err(`${name}: ${key} is "${oneLine(m[2])}": expected ${CHOICES[key].join(', ')}`);
    }
    (orders as unknown as Record<string, string>)[key] = value;
  }
  return ok(orders);
}

export const IMPERIUM_DEFAULTS: ImperiumOptions = {
  combat: 'space',
  range: 'long',
  planet: 'none',
  units: '',
  attackerOrders: formatOrders(DEFAULT_ORDERS),
  defenderOrders: formatOrders(DEFAULT_ORDERS),
  rounds: null,
};

/** The options' names, as a battle object (`--input`) and the Battles sheet give them. */
export const IMPERIUM_OPTION_KEYS = Object.keys(IMPERIUM_DEFAULTS);

function choice<T extends string>(v: unknown, name: string, values: readonly T[]): Result<T> {
  if (isBlankValue(v)) return ok(values[0]);
  const w = optionWord(v) as T;
  return values.includes(w)
    ? ok(w)
    : err(`${name} is ${shownOption(v)}: expected ${values.join(' or ')}`);
}

/** Checks the options; a key given as `undefined` counts as not given. */
export function parseImperiumOptions(raw: RawOptions): Result<ImperiumOptions> {
  const unknown = unknownOptionsError(
    raw,
    IMPERIUM_OPTION_KEYS,
    (_, v) => isBlankValue(v),
    'imperium',
  );
  if (unknown !== null) return err(unknown);
  const combat = choice(raw.combat, 'combat', ['space', 'ground'] as const);
  if (!combat.ok) return combat;
  const range = choice(raw.range, 'range', ['long', 'short'] as const);
  if (!range.ok) return range;
  const planet = choice(raw.planet, 'planet', ['none', 'attacker', 'defender', 'both'] as const);
  if (!planet.ok) return planet;
  const unitsText = isBlankValue(raw.units)
    ? ok('')
    : optionText(raw.units, 'units', 'Terran DD B3 T1 D1 CM2');
  if (!unitsText.ok) return unitsText;
  const units = unitsText.value === '' ? ok('') : parseUnitOverrides(unitsText.value);
  if (!units.ok) return units;
  const attacker = parseOrders(raw.attackerOrders, 'attackerOrders');
  if (!attacker.ok) return attacker;
  const defender = parseOrders(raw.defenderOrders, 'defenderOrders');
  if (!defender.ok) return defender;
  const rounds = pauseRounds(raw.rounds);
  if (!rounds.ok) return rounds;
  if (combat.value === 'ground' && range.value === 'long' && !isBlankValue(raw.range)) {
    return err('ground combat is always at short range: leave range blank');
  }
  return ok({
    combat: combat.value,
    range: combat.value === 'ground' ? 'short' : range.value,
    planet: planet.value,
    units: units.value,
    attackerOrders: formatOrders(attacker.value),
    defenderOrders: formatOrders(defender.value),
    rounds: rounds.value,
  });
}

export function describeImperiumOptions(o: ImperiumOptions): string[] {
  const lines: string[] = [];
  const def = formatOrders(DEFAULT_ORDERS);
  lines.push(
    o.combat === 'ground'
      ? 'Ground combat on a planet: short range, at most three rounds this activation.'
      : `Space combat; the first round at ${o.range} range.`,
  );
  if (o.planet !== 'none') lines.push(`Friendly planet in the system: ${o.planet}.`);
  if (o.units !== '') lines.push(`Unit data changed: ${o.units}.`);
  if (o.attackerOrders !== def) lines.push(`Attacker's standing orders: ${o.attackerOrders}.`);
  if (o.defenderOrders !== def) lines.push(`Defender's standing orders: ${o.defenderOrders}.`);
  if (o.rounds !== null) lines.push(`Pause after ${o.rounds} round${o.rounds === 1 ? '' : 's'}.`);
  return lines;
}
