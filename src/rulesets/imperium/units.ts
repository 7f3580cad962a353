import { UnitCatalog, UnitType } from '../../units';

/**
 * The Imperium unit data as a table (shared/spec/imperium.md, "Units"): beam, torpedo, screen,
 * countermeasures and fighter capacity, Terran and Imperial. Data, not code: the `units` option
 * overrides any entry (see unit-data.ts and docs/rules-imperium.md).
 */

export const FACTIONS = ['Terran', 'Imperial'] as const;
export type Faction = (typeof FACTIONS)[number];

export type UnitClass = 'capital' | 'light' | 'monitor' | 'non-warship' | 'fighter' | 'ground';

/** A unit's combat factors on one face (undamaged or damaged). */
export interface Factors {
  beam: number;
  torpedo: number;
  screen: number;
  cm: number;
}

/** One faction's values for a type: its undamaged face, its damaged face, fighter capacity. */
export interface FactionData {
  full: Factors;
  /** Absent: half of `full`, rounded up (the spec's default). */
  damaged?: Factors;
  fighters: number;
}

export interface TypeData {
  code: string;
  name: string;
  cls: UnitClass;
  terran: FactionData | null;
  imperial: FactionData | null;
}

const f = (beam: number, torpedo: number, screen: number, cm: number, fighters = 0) => ({
  full: { beam, torpedo, screen, cm },
  fighters,
});

/** The troop ratings "a-b": beam factor a, screen b. */
const troops = (code: 'RT' | 'JT', name: string, beam: number): TypeData => {
  const data = f(beam, 0, 2, 0);
  return {
    code: `${code}${beam}`,
    name: `${name} ${beam}-2`,
    cls: 'ground',
    terran: data,
    imperial: data,
  };
};

export const UNIT_TABLE: readonly TypeData[] = [
  {
    code: 'BB',
    name: 'Superdreadnought',
    cls: 'capital',
    terran: f(9, 8, 3, 4, 1),
    imperial: f(7, 9, 3, 4),
  },
  { code: 'B', name: 'Battleship B', cls: 'capital', terran: f(8, 7, 3, 3), imperial: null },
  { code: 'B2', name: 'Battleship B2', cls: 'capital', terran: null, imperial: f(5, 8, 3, 3) },
  { code: 'B1', name: 'Battleship B1', cls: 'capital', terran: null, imperial: f(4, 7, 2, 2) },
  {
    code: 'CV',
    name: 'Carrier',
    cls: 'capital',
    terran: f(0, 2, 2, 3, 3),
    imperial: f(0, 2, 2, 3, 2),
  },
  {
    code: 'CA',
    name: 'Heavy cruiser',
    cls: 'light',
    terran: f(5, 5, 2, 3),
    imperial: f(5, 6, 2, 3),
  },
  {
    code: 'CS',
    name: 'Strike cruiser',
    cls: 'light',
    terran: f(2, 6, 2, 3),
    imperial: f(2, 6, 2, 3),
  },
  { code: 'CR', name: 'Cruiser', cls: 'light', terran: null, imperial: f(4, 5, 2, 2) },
  {
    code: 'CL',
    name: 'Light cruiser',
    cls: 'light',
    terran: f(4, 2, 1, 3),
    imperial: f(2, 3, 1, 2),
  },
  { code: 'DD', name: 'Destroyer', cls: 'light', terran: f(2, 1, 1, 2), imperial: f(1, 2, 1, 2) },
  { code: 'TB', name: 'Torpedo boat', cls: 'light', terran: f(0, 5, 1, 1), imperial: null },
  { code: 'SC', name: 'Scout', cls: 'light', terran: f(1, 0, 1, 1), imperial: f(1, 0, 1, 1) },
  { code: 'M', name: 'Monitor', cls: 'monitor', terran: f(6, 4, 3, 4), imperial: f(4, 6, 3, 4) },
  {
    code: 'AR',
    name: 'Armed auxiliary',
    cls: 'non-warship',
    terran: f(0, 1, 1, 1),
    imperial: f(0, 1, 1, 0),
  },
  {
    code: 'AT',
    name: 'Assault transport',
    cls: 'non-warship',
    terran: f(0, 2, 2, 2),
    imperial: f(0, 2, 2, 2),
  },
  {
    code: 'TR',
    name: 'Transport',
    cls: 'non-warship',
    terran: f(0, 0, 1, 0),
    imperial: f(0, 0, 1, 0),
  },
  { code: 'F', name: 'Fighter', cls: 'fighter', terran: f(0, 2, 1, 2), imperial: f(0, 2, 1, 2) },
  {
    code: 'PD',
    name: 'Planetary defence',
    cls: 'ground',
    terran: f(3, 0, 2, 0),
    imperial: f(3, 0, 2, 0),
  },
  ...[6, 5, 4, 3, 2].map((b) => troops('RT', 'Regular troops', b)),
  ...[6, 5, 4].map((b) => troops('JT', 'Jump troops', b)),
];

/** A type has a damaged side: every ship but fighters (ground units have none: a decision). */
export const hasDamagedSide = (cls: UnitClass): boolean => cls !== 'fighter' && cls !== 'ground';

/** Damaged units are counted under their type's code with a `*`: `CR*`. */
export const DAMAGED = '*';
export const damagedCode = (code: string): string => `${code}${DAMAGED}`;
export const baseCode = (code: string): string =>
  code.endsWith(DAMAGED) ? code.slice(0, -DAMAGED.length) : code;

export const typeData = (code: string): TypeData | undefined =>
  UNIT_TABLE.find((t) => t.code === baseCode(code));

function catalogEntries(t: TypeData): UnitType[] {
  const plain: UnitType = { code: t.code, name: t.name, aliases: [`${t.name}s`] };
  if (t.cls === 'ground' && /\d$/.test(t.code)) {
    const rating = `${t.code.slice(0, -1)} ${t.code.slice(-1)}-2`;
    plain.aliases = [
      rating,
      rating.replace(' ', ''),
      `${t.code.slice(0, -1)}(${t.code.slice(-1)}-2)`,
    ];
  }
  if (!hasDamagedSide(t.cls)) return [plain];
  const damaged: UnitType = {
    code: damagedCode(t.code),
    name: `${t.code} (damaged)`,
    aliases: [`${t.code}(damaged)`, `damaged ${t.code}`, `${t.name} (damaged)`],
  };
  return [plain, damaged];
}

/** Every code a roster or a log may use: each type, then its damaged face. */
export const IMPERIUM_UNITS: UnitCatalog = UNIT_TABLE.flatMap(catalogEntries);
export const CODES: readonly string[] = IMPERIUM_UNITS.map((u) => u.code);
