import { Legion } from '../../forces';
import { UnitCatalog } from '../../units';

/**
 * What one side brings into a Fortunes of War hex: an army (one unit) with or without a leader,
 * or an unescorted leader; the hex's terrain and city; the player's treasury and empire for
 * city capture and player elimination. Plain JSON, carried on the side's one legion.
 */

export const SPECIALS = ['cause fear', 'forester', 'mountaineer', 'siege weapons'] as const;
export type Special = (typeof SPECIALS)[number];

export const RANKS = ['captain', 'hero', 'legend', 'ruler'] as const;
export type Rank = (typeof RANKS)[number];

export const CITY_CLASSES = ['town', 'city', 'capital'] as const;
export type CityClass = (typeof CITY_CLASSES)[number];

export const TERRAINS = ['clear', 'forest', 'mountain', 'sea', ...CITY_CLASSES] as const;
export type Terrain = (typeof TERRAINS)[number];

export const isCity = (t: Terrain): t is CityClass =>
  (CITY_CLASSES as readonly string[]).includes(t);

export interface ArmySpec {
  name: string;
  attack: number;
  defence: number;
  missile: number;
  /** Current health at the start of the battle, and its maximum. */
  health: number;
  maxHealth: number;
  /** Morale and discipline, 1-20. */
  morale: number;
  discipline: number;
  experience: number;
  specials: Special[];
  /** The caste it was raised from: the player-elimination table's row (`castes` option). */
  caste: string;
}

export interface LeaderSpec {
  name: string;
  rank: Rank;
  leadership: number;
  melee: number;
  stealth: number;
  /** Wounds the leader can take; the one that reaches it kills (or captures a hero). */
  health: number;
  experience: number;
}

export interface CitySpec {
  name: string;
  class: CityClass;
  population: number;
}

/** A unit of the player's empire outside the hex: it too rebels, joins or disbands. */
export interface EmpireUnit {
  name: string;
  caste: string;
  discipline: number;
}

export interface SideSpec {
  army: ArmySpec | null;
  leader: LeaderSpec | null;
  /** The hex's terrain as this side gives it (the defender's wins), or null. */
  terrain: Terrain | null;
  /** The city the side holds in the hex (the defender's), or null. */
  city: CitySpec | null;
  treasury: number;
  /** The player's whole empire population before any loss, or null when not given. */
  empirePopulation: number | null;
  empire: EmpireUnit[];
}

export interface FowLegion extends Legion {
  fow?: SideSpec;
}

/** Forces counts: an army's health points, and 1 for a leader on the field. */
export const FOW_UNITS: UnitCatalog = [
  { code: 'HP', name: 'Health', aliases: ['health points', 'hit points'] },
  { code: 'LDR', name: 'Commander', aliases: ['commanders'] },
];

export function defaultArmy(name: string): ArmySpec {
  return {
    name,
    attack: 5,
    defence: 5,
    missile: 0,
    health: 10,
    maxHealth: 10,
    morale: 10,
    discipline: 10,
    experience: 0,
    specials: [],
    caste: 'city',
  };
}

export function defaultLeader(name: string): LeaderSpec {
  return { name, rank: 'captain', leadership: 1, melee: 3, stealth: 1, health: 3, experience: 0 };
}

export function emptySide(): SideSpec {
  return {
    army: null,
    leader: null,
    terrain: null,
    city: null,
    treasury: 0,
    empirePopulation: null,
    empire: [],
  };
}

/** The counts a side's legion shows: its army's health and its leader. */
export function countsOfSpec(spec: SideSpec): Record<string, number> {
  const c: Record<string, number> = {};
  if (spec.army) c.HP = spec.army.health;
  if (spec.leader) c.LDR = 1;
  return c;
}
