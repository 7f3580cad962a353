import { Legion } from '../../forces';
import { UnitCatalog } from '../../units';
import { Pool } from './dice';

/** Quality: the unit's pool in a Clash (spec, "Units and the Clash"). */
export const QUALITIES = ['veteran', 'trained', 'raw'] as const;
export type Quality = (typeof QUALITIES)[number];

export const QUALITY_POOL: Record<Quality, Partial<Pool>> = {
  veteran: { mastery: 3, boon: 1 },
  trained: { mastery: 3 },
  raw: { mastery: 2 },
};

export const QUALITY_CODE: Record<Quality, string> = { veteran: 'VET', trained: 'TRN', raw: 'RAW' };

export const LEGION_UNITS: UnitCatalog = [
  { code: 'VET', name: 'Veteran', aliases: ['veteran unit', 'veterans'] },
  { code: 'TRN', name: 'Trained', aliases: ['trained unit'] },
  { code: 'RAW', name: 'Raw', aliases: ['raw unit', 'levy'] },
];

/** Strength steps, from Full; a unit at Shattered breaks. */
export const STEPS = ['Full', 'Worn', 'Half', 'Shattered'] as const;
export const SHATTERED = 3;
/** Steps a unit has before Shattered: what the forces counts show (Full 3 ... broken 0). */
export const stepsLeft = (strength: number) => Math.max(0, SHATTERED - strength);

export const SUPPLIES = ['supplied', 'short', 'starving'] as const;
export type Supply = (typeof SUPPLIES)[number];

export const WORKS = ['none', 'finished', 'camp', 'low', 'unfinished'] as const;
export type Works = (typeof WORKS)[number];

export type PcAction = 'fight' | 'rally' | 'read';

/** An Action and its check: characteristic and skill, and Boon dice (talents, gear). */
export interface PcActionSpec {
  action: PcAction;
  characteristic: number;
  skill: number;
  boons: number;
}

/** A player character in the unit: the Action taken each Clash (unless ordered otherwise). */
export interface PcSpec extends PcActionSpec {
  name: string;
  resistance: number;
  /** Athletics pool to fall back when the unit breaks: characteristic and skill. */
  athletics: [number, number];
  /** Other Actions in given Clashes (`pc Septimius rally 3/3 in clash 3`), by Clash. */
  orders: (PcActionSpec & { clash: number })[];
}

/** The Action a player character takes in Clash `round`. */
export const pcActionIn = (pc: PcSpec, round: number): PcActionSpec =>
  pc.orders.find((o) => o.clash === round) ?? pc;

/** A unit as the roster rates it: plain JSON, carried on its legion. */
export interface UnitSpec {
  name: string;
  quality: Quality;
  /** Steps lost at the start: 0 Full, 1 Worn, 2 Half. */
  strength: number;
  discipline: number;
  /** In a line of cohorts: gets the relief once. */
  cohorts: boolean;
  /** Throws pila in the first Clash: yes, no, or null (not rated) for the reading `legionPila`. */
  pila: boolean | null;
  /** The leader who rolls Discipline tests: Charisma, Leadership and Boon dice. */
  leader: { characteristic: number; skill: number; boons: number };
  supply: Supply;
  works: Works;
  /** Numbers against the enemy: 1, 2 (2:1) or 4 (4:1) and more. */
  numbers: number;
  /** Extra Boon and Bane dice in every Clash. */
  boons: number;
  banes: number;
  /** Horse archers who refuse to close; `arrows` Clashes of arrows, null with a camel train. */
  screen: boolean;
  arrows: number | null;
  /** Mounted: a broken enemy's PCs fall back at Hard. */
  horse: boolean;
  /** Locks shields from this Clash on (against a screen), or null. */
  lockShields: number | null;
  /** A second attacker on the same enemy comes at the flank or rear. */
  flank: boolean;
  /** Which enemy unit it faces (0-based), or null for the one opposite. */
  target: number | null;
  pcs: PcSpec[];
}

/** A legion of this ruleset: one unit, its ratings on `unit`. */
export interface RatedLegion extends Legion {
  unit?: UnitSpec;
}

export function defaultUnit(quality: Quality, name: string): UnitSpec {
  return {
    name,
    quality,
    strength: 0,
    discipline: quality === 'raw' ? 2 : 3,
    cohorts: false,
    pila: null,
    leader: { characteristic: 3, skill: 2, boons: 0 },
    supply: 'supplied',
    works: 'none',
    numbers: 1,
    boons: 0,
    banes: 0,
    screen: false,
    arrows: 4,
    horse: false,
    lockShields: null,
    flank: false,
    target: null,
    pcs: [],
  };
}

/**
 * Every number a unit's ratings may hold (docs/rules-legion-battles.md, "Limits"): roster text,
 * the `Units` sheet and legions given as data alike. The seed rates characteristics and skills
 * 2 to 4; 9 (the Units sheet's cap) keeps every pool counted exactly and rolled at once, where an
 * unbounded `leader 3/100000000` rolled a hundred million dice.
 */
export const RATING_RANGES = {
  discipline: [0, 6],
  /** Numbers against the enemy (`4:1`). */
  numbers: [1, 99],
  /** Extra Boon or Bane dice in every Clash. */
  boons: [0, 9],
  banes: [0, 9],
  /** A leader's or player character's characteristic and skill (`leader 3/2`, athletics). */
  characteristic: [0, 9],
  skill: [0, 9],
  /** Boon dice of a leader's or player character's check (`+B`). */
  checkBoons: [0, 9],
  resistance: [0, 99],
  /** Clashes of arrows. */
  arrows: [0, 99],
  /** A Clash: locked shields from it (`locked shields from N`), a PC's order for it. */
  clash: [1, 99],
  /** The enemy unit faced (`vs N`, from 1). */
  vs: [1, 99],
} as const satisfies Record<string, readonly [number, number]>;

export type RatingKey = keyof typeof RATING_RANGES;

/** A rating's number out of its range: `leader skill 100000000: expected 0 to 9`, else null. */
export function ratingRangeError(what: string, n: number, key: RatingKey): string | null {
  const [lo, hi] = RATING_RANGES[key];
  return Number.isSafeInteger(n) && n >= lo && n <= hi
    ? null
    : `${what} ${n}: expected ${lo} to ${hi}`;
}
