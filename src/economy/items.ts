/**
 * What a player may buy, at what price, and the inflation that multiplies every price. The
 * numbers are the seed's starting prices (seed 001, "Purchase Units, Ships, and Cities").
 */

export type UnitItem = 'infantry' | 'cavalry' | 'catapult' | 'galley';
export type CityItem = 'city' | 'fortified' | 'upgrade';
export type Item = UnitItem | CityItem;

export type InflationLevel = 1 | 2 | 3;

export const BASE_PRICES: Readonly<Record<Item, number>> = {
  infantry: 10,
  cavalry: 25,
  catapult: 40,
  galley: 25,
  city: 30,
  fortified: 55,
  upgrade: 25,
};

/** How an item is named in a report: `3 Infantry`, `1 Fortified city`. */
export const ITEM_NAMES: Readonly<Record<Item, string>> = {
  infantry: 'Infantry',
  cavalry: 'Cavalry',
  catapult: 'Catapult',
  galley: 'Galley',
  city: 'City',
  fortified: 'Fortified city',
  upgrade: 'City upgrade',
};

/** The words an `Item` cell may hold (any case, spaces collapsed). */
const ITEM_WORDS: Readonly<Record<Item, readonly string[]>> = {
  infantry: ['infantry', 'inf', 'foot'],
  cavalry: ['cavalry', 'cav', 'horse'],
  catapult: ['catapult', 'catapults', 'cat', 'artillery'],
  galley: ['galley', 'galleys', 'gal', 'ship', 'ships'],
  city: ['city', 'cities', 'new city'],
  fortified: ['fortified city', 'fortified cities', 'fortified', 'new fortified city'],
  upgrade: ['upgrade', 'upgrade city', 'city upgrade', 'upgrade a city', 'fortify'],
};

export const isCityItem = (item: Item): item is CityItem =>
  item === 'city' || item === 'fortified' || item === 'upgrade';

export function parseItem(text: string): Item | undefined {
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return (Object.keys(ITEM_WORDS) as Item[]).find((item) => ITEM_WORDS[item].includes(word));
}

export const ITEM_CHOICES =
  'Infantry, Cavalry, Catapult (Artillery), Galley (Ship), City, Fortified city, Upgrade';

export const price = (item: Item, inflation: InflationLevel): number =>
  BASE_PRICES[item] * inflation;

/**
 * The level a turn's income sets: more than 100 talents collected by one player doubles the
 * prices, more than 200 triples them. The level is the highest reached so far: it never falls.
 */
export function inflationAfter(level: InflationLevel, incomes: readonly number[]): InflationLevel {
  const top = Math.max(0, ...incomes);
  const reached: InflationLevel = top > 200 ? 3 : top > 100 ? 2 : 1;
  return Math.max(level, reached) as InflationLevel;
}

export const INFLATION_WORDS: Readonly<Record<InflationLevel, string>> = {
  1: 'starting prices',
  2: 'prices doubled',
  3: 'prices tripled',
};
