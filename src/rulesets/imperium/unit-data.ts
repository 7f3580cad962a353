import { err, ok, Result } from '../../result';
import {
  Faction,
  FACTIONS,
  Factors,
  hasDamagedSide,
  TypeData,
  UNIT_TABLE,
  UnitClass,
} from './units';

/**
 * The unit table with the user's overrides (the `units` option), e.g.
 * `Terran DD B3 T1 D1 CM2, Imperial CR D3 / D2, * F T3`: entries separated by commas or new
 * lines; each names a faction (`Terran`, `Imperial`, or `*` for both), a type code and the
 * values to change (B beam, T torpedo, D screen, CM countermeasures, F fighter capacity); after
 * a `/`, the damaged face's values (else half the undamaged ones, rounded up).
 */

export interface UnitStats {
  code: string;
  cls: UnitClass;
  full: Factors;
  damaged: Factors;
  fighters: number;
  hasDamagedSide: boolean;
}

type Values = Partial<Factors & { fighters: number }>;

interface Override {
  factions: Faction[];
  code: string;
  full: Values;
  damaged: Values;
}

const FIELDS: Record<string, keyof Factors | 'fighters'> = {
  b: 'beam',
  t: 'torpedo',
  d: 'screen',
  cm: 'cm',
  f: 'fighters',
};

/**
 * The largest value an override may give (B, T, D, CM or F): more than twice the table's largest
 * (9). Each factor is a die rolled every round, and the standing orders weigh every split of a
 * ship's dice, so that much larger values only make battles slow (docs/rules-imperium.md).
 */
export const MAX_UNIT_VALUE = 20;

function parseValues(text: string, entry: string): Result<Values> {
  const values: Values = {};
  for (const token of text.split(/\s+/).filter((t) => t !== '')) {
    const m = /^(cm|b|t|d|f)(\d+)$/i.exec(token);
    if (!m) {
      return err(
        `units: "${token}" in "${entry}" is not a value (write e.g. B3, T1, D1, CM2 or F0)`,
      );
    }
    const n = Number(m[2]);
    if (n > MAX_UNIT_VALUE) {
      return err(
        `units: "${token}" in "${entry}": a value is at most ${MAX_UNIT_VALUE} (the table's largest is 9)`,
      );
    }
    values[FIELDS[m[1].toLowerCase()]] = n;
  }
  return ok(values);
}

function parseEntry(entry: string): Result<Override> {
  const [head, damagedText = ''] = entry.split('/');
  const words = head.trim().split(/\s+/);
  const faction = (words[0] ?? '').toLowerCase();
  const factions =
    faction === '*' || faction === 'all'
      ? [...FACTIONS]
      : FACTIONS.filter((f) => f.toLowerCase() === faction);
  if (factions.length === 0) {
    return err(`units: "${entry}" must start with a faction (Terran, Imperial or *)`);
  }
  const code = (words[1] ?? '').toUpperCase();
  if (!UNIT_TABLE.some((t) => t.code === code)) {
    return err(`units: "${entry}" names no known type ("${words[1] ?? ''}")`);
  }
  const full = parseValues(words.slice(2).join(' '), entry);
  if (!full.ok) return full;
  const damaged = parseValues(damagedText, entry);
  if (!damaged.ok) return damaged;
  if (damaged.value.fighters !== undefined) {
    return err(`units: "${entry}": fighter capacity (F) has no damaged value`);
  }
  return ok({ factions, code, full: full.value, damaged: damaged.value });
}

/** Checks the `units` option and gives its canonical text (blank: none). */
export function parseUnitOverrides(text: string): Result<string> {
  const entries = text
    .split(/[,\n]/)
    .map((e) => e.trim().replace(/\s+/g, ' '))
    .filter((e) => e !== '');
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed.ok) return parsed;
  }
  return ok(entries.join(', '));
}

const half = (n: number) => Math.ceil(n / 2);
const halved = (x: Factors): Factors => ({
  beam: half(x.beam),
  torpedo: half(x.torpedo),
  screen: half(x.screen),
  cm: half(x.cm),
});

/** The stats of `code` for `faction` with the overrides applied; null when it has no such type. */
export function unitStats(faction: Faction, code: string, overrides: string): UnitStats | null {
  const type = UNIT_TABLE.find((t) => t.code === code) as TypeData;
  const base = faction === 'Terran' ? type.terran : type.imperial;
  const own = (overrides === '' ? [] : overrides.split(', '))
    .map((e) => parseEntry(e))
    .flatMap((r) =>
      r.ok && r.value.code === code && r.value.factions.includes(faction) ? [r.value] : [],
    );
  if (base === null && own.length === 0) return null;
  const zero = { beam: 0, torpedo: 0, screen: 0, cm: 0 };
  let full: Factors = { ...(base?.full ?? zero) };
  let fighters = base?.fighters ?? 0;
  let damagedGiven: Values = {};
  for (const o of own) {
    const { fighters: fo, ...rest } = o.full;
    full = { ...full, ...rest };
    if (fo !== undefined) fighters = fo;
    damagedGiven = { ...damagedGiven, ...o.damaged };
  }
  const damaged = {
    ...(base?.damaged && own.length === 0 ? base.damaged : halved(full)),
    ...damagedGiven,
  };
  return {
    code,
    cls: type.cls,
    full,
    damaged: damaged as Factors,
    fighters,
    hasDamagedSide: hasDamagedSide(type.cls),
  };
}
