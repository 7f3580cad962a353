import { Caste, FowNumbers } from './options';
import { CityClass } from './units';

/**
 * The rules' formulas as pure functions of the options, one place each: the engine calls them
 * and the golden tests check them against the seed's own examples.
 */

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * floor(a x b / c) of whole numbers, exactly: in floating point, 180 x (7000 / 10000) is
 * 125.99999999999999, and a product past 2^53 loses its last digits.
 */
const wholeShare = (a: number, b: number, ...by: number[]): number =>
  Number((BigInt(a) * BigInt(b)) / by.reduce((c, n) => c * BigInt(n), 1n));

/** Chance (%) that two leaders meet: base + step per point of stealth difference, negative
 * when the stealthier leader has the lower melee, clamped to 0-100. */
export function meetingChance(
  a: { stealth: number; melee: number },
  b: { stealth: number; melee: number },
  o: Pick<FowNumbers, 'meetBase' | 'meetStep'>,
): number {
  if (a.stealth === b.stealth) return clamp(o.meetBase, 0, 100);
  const [sly, other] = a.stealth > b.stealth ? [a, b] : [b, a];
  const sign = sly.melee < other.melee ? -1 : 1;
  return clamp(o.meetBase + sign * o.meetStep * (sly.stealth - other.stealth), 0, 100);
}

/** Chance (%) that a leader whose ship is destroyed is captured rather than drowned. */
export const seaCaptureChance = (melee: number, o: Pick<FowNumbers, 'seaCapturePerMelee'>) =>
  clamp(o.seaCapturePerMelee * melee, 0, 100);

/** The land table's roll: RND(100) - step x (melee - pivot). */
export const leaderRoll = (
  rnd100: number,
  melee: number,
  o: Pick<FowNumbers, 'leaderRollStep' | 'leaderRollPivot'>,
) => rnd100 - o.leaderRollStep * (melee - o.leaderRollPivot);

/** Player elimination: a unit's chances (%) to rebel and to join the conqueror; the rest disband. */
export function eliminationChances(
  discipline: number,
  caste: Caste,
): { rebel: number; join: number } {
  const rebel = clamp(caste.base + discipline, 0, 100);
  const join = clamp(caste.total - rebel, 0, 100 - rebel);
  return { rebel, join };
}

/** Gold moved from the loser's treasury to the captor's when a city falls. */
export function treasuryTransfer(
  treasury: number,
  cityPopulation: number,
  empirePopulation: number,
  o: Pick<FowNumbers, 'transferDivisor'>,
): number {
  if (empirePopulation <= 0 || treasury <= 0) return 0;
  const city = Math.min(cityPopulation, empirePopulation);
  return wholeShare(treasury, city, empirePopulation, o.transferDivisor);
}

/** Citizens killed in the pillage by a captor of this discipline. */
export function citizensKilled(
  population: number,
  discipline: number,
  o: Pick<FowNumbers, 'pillagePercent'>,
): number {
  const percent = clamp(o.pillagePercent * (20 - discipline), 0, 100);
  return wholeShare(population, percent, 100);
}

/** The captor's cut: bootyPerThousand gold per 1000 citizens killed, rounded down. */
export const bootyCut = (killed: number, o: Pick<FowNumbers, 'bootyPerThousand'>) =>
  wholeShare(killed, o.bootyPerThousand, 1000);

export const cityFame = (
  cls: CityClass,
  o: Pick<FowNumbers, 'townFame' | 'cityFame' | 'capitalFame'>,
): number => ({ town: o.townFame, city: o.cityFame, capital: o.capitalFame })[cls];

export const cityDefence = (
  cls: CityClass,
  o: Pick<FowNumbers, 'townDefence' | 'cityDefence' | 'capitalDefence'>,
): number => ({ town: o.townDefence, city: o.cityDefence, capital: o.capitalDefence })[cls];

/** Fame for killing or capturing a hero: its experience / divisor, rounded down. */
export const heroFame = (experience: number, o: Pick<FowNumbers, 'heroFameDivisor'>) =>
  Math.floor(Math.max(0, experience) / o.heroFameDivisor);

/** At or below moraleAt% of maximum health, a unit checks morale. */
export const mustCheckMorale = (health: number, maxHealth: number, moraleAt: number) =>
  health * 100 <= maxHealth * moraleAt;
