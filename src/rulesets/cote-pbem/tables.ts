import { UnitCatalog } from '../../units';

/** Unit indices: counts are kept as arrays `[CAT, CAV, INF, GAL]`. */
export const CAT = 0;
export const CAV = 1;
export const INF = 2;
export const GAL = 3;
export const CODES = ['CAT', 'CAV', 'INF', 'GAL'] as const;
export type Code = (typeof CODES)[number];

/** Land units in order of battle (also cost order, dearest first). */
export const LAND = [CAT, CAV, INF] as const;

/** A shot hits when the die is at most the firing unit's level. */
export const HIT_LEVEL = [4, 3, 2, 2];

const INFANTRY_TABLE = [INF, INF, INF, CAV, CAV, CAT];
const HEAVY_TABLE = [INF, INF, CAV, CAV, CAT, CAT];

/** The type read off the target die (index die - 1), by firing unit's table. */
export const TARGET_TABLE = [HEAVY_TABLE, HEAVY_TABLE, INFANTRY_TABLE, INFANTRY_TABLE];

/** When the enemy has none of the type read: the next cheaper type it has, else the next dearer. */
export const FALLBACK = [
  [CAV, INF],
  [INF, CAT],
  [CAV, CAT],
];

export const PBEM_UNITS: UnitCatalog = [
  { code: 'CAT', name: 'Catapult', aliases: ['Catapults', 'Artillery', 'Artilleries'] },
  { code: 'CAV', name: 'Cavalry', aliases: ['Cavalries', 'Cavalryman', 'Cavalrymen', 'Horse'] },
  { code: 'INF', name: 'Infantry', aliases: ['Infantries', 'Infantryman', 'Infantrymen', 'Foot'] },
  { code: 'GAL', name: 'Galley', aliases: ['Galleys', 'Ship', 'Ships'] },
];

/** A legion holds at most this many combat units (galleys do not count). */
export const LEGION_LIMIT = 7;
