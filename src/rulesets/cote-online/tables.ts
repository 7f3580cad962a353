import { UnitCatalog } from '../../units';

/** Unit indices: counts are kept as arrays `[CAT, CAV, INF, GAL, FORT]`. */
export const CAT = 0;
export const CAV = 1;
export const INF = 2;
export const GAL = 3;
/** The fortified city's Artillery: the defender's, not part of any legion, set by the fort option. */
export const FORT = 4;
export const CODES = ['CAT', 'CAV', 'INF', 'GAL', 'FORT'] as const;
export type Code = (typeof CODES)[number];

/** The warriors of a legion (galleys are transports, not warriors). */
export const LEGION_WARRIORS = [CAT, CAV, INF] as const;

/** Order of battle: the fort's Artillery first, then CAT, CAV, INF. Galleys never fight. */
export const BATTLE_ORDER = [FORT, CAT, CAV, INF] as const;

/** A warrior hits when its die is at least this; galleys never roll. */
export const HIT_ON = [3, 4, 5, Infinity, 3];

/** The chance that one warrior of each type hits with one die. */
export const HIT_CHANCE = HIT_ON.map((h) => (h > 6 ? 0 : (7 - h) / 6));

export const ONLINE_UNITS: UnitCatalog = [
  { code: 'CAT', name: 'Catapult', aliases: ['Catapults', 'Artillery', 'Artilleries'] },
  { code: 'CAV', name: 'Cavalry', aliases: ['Cavalries', 'Cavalryman', 'Cavalrymen', 'Horse'] },
  { code: 'INF', name: 'Infantry', aliases: ['Infantries', 'Infantryman', 'Infantrymen', 'Foot'] },
  { code: 'GAL', name: 'Galley', aliases: ['Galleys', 'Ship', 'Ships'] },
  { code: 'FORT', name: 'Fort Artillery', aliases: [] },
];

/** A legion is a leader and 1 to this many warriors. */
export const LEGION_LIMIT = 7;
