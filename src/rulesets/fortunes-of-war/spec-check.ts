import { isRecord, oneOfError, wholeError } from '../../saved-checks';
import { shownValue } from '../../shown-text';
import { ARMY_RANGES, LEADER_RANGES } from './ratings';
import { CITY_CLASSES, RANKS, SPECIALS, TERRAINS } from './units';

/**
 * A side's ratings given as data, not read from a roster: a saved battle's forces (a file anyone
 * may have edited) or legions given as objects. They must be what a roster could have given (the
 * same ranges and words); roster text, JSON rosters and the Armies sheet always are.
 */

type Json = Record<string, unknown>;

/** The largest count of gold or people, as `readCount` reads them. */
const MAX_COUNT = Number.MAX_SAFE_INTEGER;

const textError = (v: unknown, path: string) =>
  typeof v === 'string' ? null : `${path} is ${shownValue(v)}, expected text`;

const objectError = (v: unknown, path: string, what: string) =>
  isRecord(v) ? null : `${path} is ${shownValue(v)}, expected ${what}`;

function rangesError(
  o: Json,
  ranges: Record<string, readonly [number, number]>,
  path: string,
): string | null {
  for (const [key, [lo, hi]] of Object.entries(ranges)) {
    const e = wholeError(o[key], `${path}.${key}`, lo, hi);
    if (e) return e;
  }
  return null;
}

function armyError(a: unknown, path: string): string | null {
  if (a === null) return null;
  if (!isRecord(a)) return objectError(a, path, 'an army or null');
  const specials = a.specials;
  const listed = Array.isArray(specials) ? specials : [];
  return (
    textError(a.name, `${path}.name`) ??
    rangesError(a, ARMY_RANGES, path) ??
    wholeError(a.health, `${path}.health`, 1, a.maxHealth as number) ??
    (Array.isArray(specials)
      ? null
      : `${path}.specials is ${shownValue(specials)}, expected a list`) ??
    listed.reduce<string | null>(
      (e, s, i) =>
        e ??
        oneOfError(s, `${path}.specials[${i}]`, SPECIALS) ??
        (listed.indexOf(s) === i ? null : `${path}.specials[${i}] is listed twice`),
      null,
    ) ??
    textError(a.caste, `${path}.caste`)
  );
}

function leaderError(l: unknown, path: string): string | null {
  if (l === null) return null;
  if (!isRecord(l)) return objectError(l, path, 'a leader or null');
  return (
    textError(l.name, `${path}.name`) ??
    oneOfError(l.rank, `${path}.rank`, RANKS) ??
    rangesError(l, LEADER_RANGES, path)
  );
}

function placeError(s: Json, path: string): string | null {
  const city = s.city;
  const cityError =
    city === null
      ? null
      : (objectError(city, `${path}.city`, 'a city or null') ??
        textError((city as Json).name, `${path}.city.name`) ??
        oneOfError((city as Json).class, `${path}.city.class`, CITY_CLASSES) ??
        wholeError((city as Json).population, `${path}.city.population`, 0, MAX_COUNT) ??
        oneOfError(s.terrain, `${path}.terrain`, [(city as Json).class]));
  return (
    (s.terrain === null ? null : oneOfError(s.terrain, `${path}.terrain`, TERRAINS)) ??
    cityError ??
    wholeError(s.treasury, `${path}.treasury`, 0, MAX_COUNT) ??
    (s.empirePopulation === null
      ? null
      : wholeError(s.empirePopulation, `${path}.empirePopulation`, 0, MAX_COUNT))
  );
}

function empireError(empire: unknown, path: string): string | null {
  if (!Array.isArray(empire)) return `${path} is ${shownValue(empire)}, expected a list`;
  for (let i = 0; i < empire.length; i++) {
    const u: unknown = empire[i];
    const at = `${path}[${i}]`;
    const e =
      objectError(u, at, 'a unit') ??
      textError((u as Json).name, `${at}.name`) ??
      textError((u as Json).caste, `${at}.caste`) ??
      wholeError((u as Json).discipline, `${at}.discipline`, ...ARMY_RANGES.discipline);
    if (e) return e;
  }
  return null;
}

/** The side's ratings (a legion's `fow`), else the field at fault. */
export function sideSpecError(s: unknown, path: string): string | null {
  return (
    objectError(s, path, 'the side in the hex') ??
    armyError((s as Json).army, `${path}.army`) ??
    leaderError((s as Json).leader, `${path}.leader`) ??
    placeError(s as Json, path) ??
    empireError((s as Json).empire, `${path}.empire`) ??
    ((s as Json).army === null && (s as Json).leader === null
      ? `${path} has no army and no leader`
      : null)
  );
}
