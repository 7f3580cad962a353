import { EconomyState, PlayerState } from './state';

/**
 * A player's income: the value of every territory they hold plus 5 talents for each of those
 * with a city (a fortified city is a city), collected only while they hold their home
 * territory and have not lost their Caesar.
 */

export const CITY_INCOME = 5;

export type Income =
  | { collects: true; talents: number; territories: number; value: number; cities: number }
  | { collects: false; talents: 0; why: string };

export const holds = (state: EconomyState, player: string, territory: string): boolean =>
  state.territories.some((t) => t.name === territory && t.owner === player);

export function incomeOf(state: EconomyState, player: PlayerState): Income {
  if (player.caesarCaptured) {
    return { collects: false, talents: 0, why: `${player.name} is eliminated (Caesar captured)` };
  }
  if (!holds(state, player.name, player.home)) {
    return {
      collects: false,
      talents: 0,
      why: `${player.name} does not hold the home territory ${player.home}`,
    };
  }
  const held = state.territories.filter((t) => t.owner === player.name);
  const value = held.reduce((n, t) => n + t.value, 0);
  const cities = held.filter((t) => t.city !== 'none').length;
  return {
    collects: true,
    talents: value + CITY_INCOME * cities,
    territories: held.length,
    value,
    cities,
  };
}

/** `3 territories (25) + 1 city (5)`. */
export function describeIncome(income: Income & { collects: true }): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [`${plural(income.territories, 'territory', 'territories')} (${income.value})`];
  if (income.cities > 0) {
    parts.push(`${plural(income.cities, 'city', 'cities')} (${CITY_INCOME * income.cities})`);
  }
  return parts.join(' + ');
}
