import {
  ArmySpec,
  CITY_CLASSES,
  CityClass,
  EmpireUnit,
  LeaderSpec,
  Rank,
  RANKS,
  Special,
  SPECIALS,
  Terrain,
  TERRAINS,
} from './units';

/**
 * One rating as a player writes it (`attack 6`, `health 14/20`, `forester`, `melee 4`) applied
 * to an army or a leader: null, or what is wrong. Roster text, JSON rosters and the `Armies`
 * sheet all read their ratings through these.
 */

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function inRange(what: string, n: number, lo: number, hi: number): string | null {
  return Number.isInteger(n) && n >= lo && n <= hi
    ? null
    : `${what} ${n}: expected a whole number from ${lo} to ${hi}`;
}

type NumberKey = 'attack' | 'defence' | 'missile' | 'morale' | 'discipline' | 'experience';
type LeaderKey = 'leadership' | 'melee' | 'stealth' | 'health' | 'experience';

/** Each number rating's range (health runs from 1 to the maximum health). */
export const ARMY_RANGES: Record<NumberKey | 'maxHealth', readonly [number, number]> = {
  attack: [0, 99],
  defence: [0, 99],
  missile: [0, 99],
  morale: [1, 20],
  discipline: [1, 20],
  experience: [0, 999],
  maxHealth: [1, 9999],
};

export const LEADER_RANGES: Record<LeaderKey, readonly [number, number]> = {
  leadership: [0, 20],
  melee: [0, 20],
  stealth: [0, 20],
  health: [1, 20],
  experience: [0, 999],
};

const ARMY_NUMBERS: [RegExp, NumberKey][] = [
  [/^(?:attack|att|a)\s*(-?\d+)$/, 'attack'],
  [/^(?:defence|defense|def|d)\s*(-?\d+)$/, 'defence'],
  [/^(?:missile|missiles|m)\s*(-?\d+)$/, 'missile'],
  [/^morale\s*(-?\d+)$/, 'morale'],
  [/^(?:discipline|disc)\s*(-?\d+)$/, 'discipline'],
  [/^(?:experience|exp|xp)\s*(-?\d+)$/, 'experience'],
];

export function applyArmyRating(army: ArmySpec, rating: string): string | null {
  const part = norm(rating);
  for (const [re, key] of ARMY_NUMBERS) {
    const m = re.exec(part);
    if (m) {
      const problem = inRange(key, +m[1], ...ARMY_RANGES[key]);
      if (problem === null) army[key] = +m[1];
      return problem;
    }
  }
  const health = /^(?:health|hp)\s*(-?\d+)(?:\s*\/\s*(-?\d+))?$/.exec(part);
  if (health) {
    // `health 14/20`: current and maximum; `health 20`: at full strength.
    const max = health[2] === undefined ? +health[1] : +health[2];
    const problem =
      inRange('maximum health', max, ...ARMY_RANGES.maxHealth) ??
      inRange('health', +health[1], 1, max);
    if (problem === null) {
      army.health = +health[1];
      army.maxHealth = max;
    }
    return problem;
  }
  const maxHealth = /^max(?:imum)? health\s*(-?\d+)$/.exec(part);
  if (maxHealth) {
    const [lo, hi] = ARMY_RANGES.maxHealth;
    const problem = inRange('maximum health', +maxHealth[1], Math.max(lo, army.health), hi);
    if (problem === null) army.maxHealth = +maxHealth[1];
    return problem;
  }
  const caste = /^caste\s+([a-z][a-z ]*)$/.exec(part);
  if (caste) {
    army.caste = caste[1];
    return null;
  }
  const special = readSpecial(part.replace(/^specials?\s+/, ''));
  if (special !== undefined) {
    if (!army.specials.includes(special)) army.specials.push(special);
    return null;
  }
  return `"${part}" is not an army rating (attack, defence, missile, health, morale, discipline, experience, caste, or a special: ${SPECIALS.join(', ')})`;
}

export function readSpecial(word: string): Special | undefined {
  const w = norm(word).replace(/[-_]/g, ' ');
  if (w === 'fear') return 'cause fear';
  if (w === 'siege' || w === 'siege weapon') return 'siege weapons';
  return SPECIALS.find((s) => s === w);
}

const LEADER_NUMBERS: [RegExp, LeaderKey][] = [
  [/^(?:leadership|lead|l)\s*(-?\d+)$/, 'leadership'],
  [/^melee\s*(-?\d+)$/, 'melee'],
  [/^(?:stealth|s)\s*(-?\d+)$/, 'stealth'],
  [/^(?:health|wounds)\s*(-?\d+)$/, 'health'],
  [/^(?:experience|exp|xp)\s*(-?\d+)$/, 'experience'],
];

export function applyLeaderRating(leader: LeaderSpec, rating: string): string | null {
  const part = norm(rating);
  const rank = readRank(part);
  if (rank !== undefined) {
    leader.rank = rank;
    return null;
  }
  for (const [re, key] of LEADER_NUMBERS) {
    const m = re.exec(part);
    if (m) {
      const problem = inRange(key, +m[1], ...LEADER_RANGES[key]);
      if (problem === null) leader[key] = +m[1];
      return problem;
    }
  }
  return `"${part}" is not a leader rating (${RANKS.join(', ')}, leadership, melee, stealth, health, experience)`;
}

export function readRank(word: string): Rank | undefined {
  const w = norm(word);
  return RANKS.find((r) => r === w || `${r}s` === w);
}

export function readTerrain(word: string): Terrain | undefined {
  const w = norm(word);
  const t = w === 'mountains' ? 'mountain' : w === 'plain' || w === 'plains' ? 'clear' : w;
  return TERRAINS.find((x) => x === t);
}

export function readCityClass(word: string): CityClass | undefined {
  return CITY_CLASSES.find((c) => c === norm(word));
}

/** `Numidian cavalry city 12`: a unit of the empire, its caste and discipline. */
export function readEmpireUnit(text: string): EmpireUnit | string {
  const m = /^(.+?)\s+([a-z]+)\s+(\d+)$/i.exec(text.trim());
  if (!m) return `empire unit "${text.trim()}": NAME CASTE DISCIPLINE, e.g. "Legion capital 18"`;
  const problem = inRange('discipline', +m[3], ...ARMY_RANGES.discipline);
  if (problem !== null) return `empire unit "${text.trim()}": ${problem}`;
  return { name: m[1].trim(), caste: m[2].toLowerCase(), discipline: +m[3] };
}

/**
 * A whole number, 0 or more, written with or without thousands separators; none past 2^53,
 * where a double would silently change it.
 */
export function readCount(text: string): number | undefined {
  const t = text.trim().replace(/[,_ ](?=\d{3}\b)/g, '');
  return /^\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : undefined;
}
