import { givenTwice } from '../../ratings-given-twice';
import { Side } from '../../forces';
import { err, ok, Result } from '../../result';
import { oneLine, shownValue } from '../../shown-text';
import { isRecord } from '../../saved-checks';
import {
  applyArmyRating,
  applyLeaderRating,
  readCityClass,
  readCount,
  readEmpireUnit,
  readTerrain,
} from './ratings';
import {
  CitySpec,
  countsOfSpec,
  defaultArmy,
  defaultLeader,
  emptySide,
  FowLegion,
  SideSpec,
} from './units';

/**
 * A side's roster for fortunes-of-war, as text or JSON (docs/rules-fortunes-of-war.md):
 *
 *   Legio X: attack 6, defence 5, health 14/20, morale 15, discipline 18, forester;
 *   leader Thorvald: hero, leadership 2, melee 4, stealth 2; terrain forest;
 *   city Lutetia: city, population 25000; treasury 800; empire population 100000;
 *   empire: Legion capital 18, Numidian cavalry city 12
 *
 * Sections are separated by `;` or new lines; the one without a keyword is the army (none: an
 * unescorted leader). JSON text (`{"army": {...}, "leader": {...}, ...}`) gives the same fields.
 */
export function parseFowRoster(text: string, side: Side): Result<FowLegion[]> {
  const trimmed = text.trim();
  const spec = trimmed.startsWith('{') ? fromJson(trimmed, side) : fromText(trimmed, side);
  // One line: a name, a section or JSON.parse's message may quote a line break of the text.
  if (!spec.ok) return err(`${side}: ${oneLine(spec.error)}`);
  return ok([legionOf(spec.value, `${side} roster`)]);
}

/** The side's one legion: the leader's name for captures, counts for the forces tables. */
export function legionOf(spec: SideSpec, where: string): FowLegion {
  const name = spec.leader?.name ?? spec.army?.name;
  return {
    ...(spec.leader ? { leader: spec.leader.name } : {}),
    units: countsOfSpec(spec),
    where: name ? `${where} (${name})` : where,
    fow: spec,
  };
}

function fromText(text: string, side: Side): Result<SideSpec> {
  const spec = emptySide();
  const sections = text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (sections.length === 0) return err('no army or leader given');
  for (const section of sections) {
    const problem = applySection(spec, section, side);
    if (problem !== null) return err(problem);
  }
  return finish(spec);
}

/**
 * `name: a, b, c`, or `a, b, c` whose first item names the unit when it is no rating
 * (`Levy`, `Levy, attack 3`): the name, if any, and the rating items.
 */
function named(
  body: string,
  isRating: (item: string) => boolean,
): { name: string | null; items: string[] } {
  const colon = body.indexOf(':');
  const items = (colon >= 0 ? body.slice(colon + 1) : body)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (colon >= 0) {
    const name = body.slice(0, colon).trim();
    return { name: name === '' ? null : name, items };
  }
  if (items.length > 0 && !isRating(items[0])) return { name: items[0], items: items.slice(1) };
  return { name: null, items };
}

const isArmyRating = (item: string) => applyArmyRating(defaultArmy(''), item) === null;
const isLeaderRating = (item: string) => applyLeaderRating(defaultLeader(''), item) === null;
const isCityItem = (item: string) =>
  readCityClass(item) !== undefined || /^population\s/i.test(item);

function applySection(spec: SideSpec, section: string, side: Side): string | null {
  const lower = section.toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /^leader\b\s*(.*)$/is.exec(section))) {
    if (spec.leader) return 'two leaders: a side has at most one';
    const { name, items } = named(m[1], isLeaderRating);
    const leader = defaultLeader(name ?? `${side}'s leader`);
    const twice = givenTwice(items);
    if (twice !== null) return `leader ${leader.name}: ${twice}`;
    for (const item of items) {
      const problem = applyLeaderRating(leader, item);
      if (problem !== null) return `leader ${leader.name}: ${problem}`;
    }
    spec.leader = leader;
    return null;
  }
  if ((m = /^city\b\s*(.*)$/is.exec(section))) {
    const { name, items } = named(m[1], isCityItem);
    const city = readCity(name, items);
    if (typeof city === 'string') return city;
    spec.city = city;
    return null;
  }
  if ((m = /^terrain\s+(.+)$/i.exec(section))) {
    const t = readTerrain(m[1]);
    if (t === undefined)
      return `terrain "${m[1]}": clear, forest, mountain, sea, town, city or capital`;
    spec.terrain = t;
    return null;
  }
  if (lower === 'at sea') {
    spec.terrain = 'sea';
    return null;
  }
  if ((m = /^treasury\s+(.+)$/i.exec(section))) {
    const n = readCount(m[1]);
    if (n === undefined) return `treasury "${m[1]}": a whole number of gold, 0 or more`;
    spec.treasury = n;
    return null;
  }
  if ((m = /^empire population\s+(.+)$/i.exec(section))) {
    const n = readCount(m[1]);
    if (n === undefined) return `empire population "${m[1]}": a whole number, 0 or more`;
    spec.empirePopulation = n;
    return null;
  }
  if ((m = /^empire\s*:\s*(.*)$/is.exec(section))) {
    for (const item of m[1].split(',').filter((s) => s.trim() !== '')) {
      const unit = readEmpireUnit(item);
      if (typeof unit === 'string') return unit;
      spec.empire.push(unit);
    }
    return null;
  }
  if (lower === 'no army' || lower === 'unescorted') return null;
  const { name, items } = named(section.replace(/^army\b\s*/i, ''), isArmyRating);
  if (spec.army) return `"${section}": a side has one army (give the leader as "leader NAME: ...")`;
  const army = defaultArmy(name ?? `${side} army`);
  const twice = givenTwice(items);
  if (twice !== null) return `army ${army.name}: ${twice}`;
  for (const item of items) {
    const problem = applyArmyRating(army, item);
    if (problem !== null) return `army ${army.name}: ${problem}`;
  }
  spec.army = army;
  return null;
}

/** A city's name and its items (`city`, `population 25000`), or what is wrong. */
function readCity(name: string | null, items: string[]): CitySpec | string {
  const city: CitySpec = { name: name ?? 'the city', class: 'city', population: 0 };
  for (const item of items) {
    const cls = readCityClass(item);
    const people = readCount(/^population\s+(.+)$/i.exec(item)?.[1] ?? '');
    if (cls !== undefined) city.class = cls;
    else if (people !== undefined) city.population = people;
    else return `city ${city.name}: "${item}" is not town, city, capital or population N`;
  }
  return city;
}

function finish(spec: SideSpec): Result<SideSpec> {
  if (!spec.army && !spec.leader) return err('no army and no leader: a side needs one or both');
  if (spec.city && spec.terrain === null) spec.terrain = spec.city.class;
  if (spec.city && spec.terrain !== spec.city.class) {
    return err(
      `the city ${spec.city.name} is a ${spec.city.class}, but the terrain is ${spec.terrain}`,
    );
  }
  return ok(spec);
}

type Json = Record<string, unknown>;

/**
 * A JSON field that a rating reads as text: text, a number or true/false, else what is wrong
 * (`army.morale is {}: ...`), never `[object Object]`.
 */
const notScalar = (v: unknown, path: string): string | null =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? null
    : `${path} is ${shownValue(v)}: expected text or a number`;

/** A name that may be left out (null too), else text or a number. */
const nameError = (v: unknown, path: string): string | null =>
  v === undefined || v === null ? null : notScalar(v, path);

/** A JSON roster: the same fields as the text, each rating read by the same rules. */
function fromJson(text: string, side: Side): Result<SideSpec> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err(`not valid JSON (${(e as Error).message})`);
  }
  if (!isRecord(data)) return err('a JSON roster is an object: {"army": {...}, "leader": {...}}');
  const spec = emptySide();
  const known = ['army', 'leader', 'terrain', 'city', 'treasury', 'empirePopulation', 'empire'];
  const unknown = Object.keys(data).filter((k) => !known.includes(k));
  if (unknown.length > 0) return err(`unknown field "${unknown[0]}" (known: ${known.join(', ')})`);
  if (data.army !== undefined && data.army !== null) {
    if (!isRecord(data.army)) return err('"army" must be an object');
    const bad = nameError(data.army.name, 'army.name');
    if (bad !== null) return err(bad);
    const army = defaultArmy(String(data.army.name ?? `${side} army`));
    const problem = applyJsonRatings(data.army, 'army', (r) => applyArmyRating(army, r));
    if (problem !== null) return err(`army ${army.name}: ${problem}`);
    spec.army = army;
  }
  if (data.leader !== undefined && data.leader !== null) {
    if (!isRecord(data.leader)) return err('"leader" must be an object');
    const bad = nameError(data.leader.name, 'leader.name');
    if (bad !== null) return err(bad);
    const leader = defaultLeader(String(data.leader.name ?? `${side}'s leader`));
    const problem = applyJsonRatings(data.leader, 'leader', (r) => applyLeaderRating(leader, r));
    if (problem !== null) return err(`leader ${leader.name}: ${problem}`);
    spec.leader = leader;
  }
  const sections: string[] = [];
  for (const key of ['terrain', 'treasury', 'empirePopulation']) {
    const bad = data[key] === undefined ? null : notScalar(data[key], key);
    if (bad !== null) return err(bad);
  }
  if (data.terrain !== undefined) sections.push(`terrain ${String(data.terrain)}`);
  if (data.treasury !== undefined) sections.push(`treasury ${String(data.treasury)}`);
  if (data.empirePopulation !== undefined)
    sections.push(`empire population ${String(data.empirePopulation)}`);
  for (const section of sections) {
    const problem = applySection(spec, section, side);
    if (problem !== null) return err(problem);
  }
  // The city and the empire are read item by item: their names may hold `:` or `,`.
  if (isRecord(data.city)) {
    const c = data.city;
    const bad =
      nameError(c.name, 'city.name') ??
      nameError(c.class, 'city.class') ??
      nameError(c.population, 'city.population');
    if (bad !== null) return err(bad);
    const items = [c.class, c.population === undefined ? undefined : `population ${c.population}`];
    const city = readCity(
      c.name === undefined || c.name === null ? null : String(c.name),
      items.filter((x) => x !== undefined && x !== null && x !== '').map(String),
    );
    if (typeof city === 'string') return err(city);
    spec.city = city;
  } else if (data.city !== undefined) return err('"city" must be an object');
  if (Array.isArray(data.empire)) {
    for (const [i, u] of data.empire.entries()) {
      const bad = isRecord(u)
        ? (notScalar(u.name, `empire[${i}].name`) ??
          notScalar(u.caste, `empire[${i}].caste`) ??
          notScalar(u.discipline, `empire[${i}].discipline`))
        : notScalar(u, `empire[${i}]`);
      if (bad !== null) return err(bad);
      const unit = readEmpireUnit(
        isRecord(u) ? `${String(u.name)} ${String(u.caste)} ${String(u.discipline)}` : String(u),
      );
      if (typeof unit === 'string') return err(unit);
      spec.empire.push(unit);
    }
  } else if (data.empire !== undefined) return err('"empire" must be a list');
  return finish(spec);
}

/** `{"attack": 6, "specials": ["forester"], "maxHealth": 20}` as ratings `attack 6`, ... */
function applyJsonRatings(
  o: Json,
  what: string,
  apply: (rating: string) => string | null,
): string | null {
  const health = o.health;
  for (const [key, value] of Object.entries(o)) {
    if (key === 'name') continue;
    if (key === 'specials') {
      if (!Array.isArray(value)) return '"specials" must be a list';
      for (const [i, s] of value.entries()) {
        const problem = notScalar(s, `${what}.specials[${i}]`) ?? apply(String(s));
        if (problem !== null) return problem;
      }
      continue;
    }
    const bad = notScalar(value, `${what}.${key}`);
    if (bad !== null) return bad;
    if (key === 'maxHealth') continue;
    if (key === 'health' && o.maxHealth !== undefined) continue;
    const problem = apply(key === 'rank' ? String(value) : `${key} ${String(value)}`);
    if (problem !== null) return problem;
  }
  if (o.maxHealth !== undefined) {
    return apply(`health ${String(health ?? o.maxHealth)}/${String(o.maxHealth)}`);
  }
  return null;
}
