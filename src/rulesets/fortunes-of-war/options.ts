import {
  isBlankValue,
  optionText,
  optionWord,
  ownOptions,
  pauseRounds,
  shownOption,
  unknownOptionsError,
  wholeOption,
} from '../../option-values';
import { oneLine } from '../../shown-text';
import { err, ok, Result } from '../../result';
import { RawOptions } from '../../ruleset';
import { Terrain, TERRAINS } from './units';

/**
 * Every number the rules use, each a named option (docs/rules-fortunes-of-war.md says which are
 * the seed's and which are ours). A game master overrides them per battle (JSON fields, a
 * `Readings` cell of the Battles row, `--readings "key=value, ..."`).
 */
export interface FowNumbers {
  /** Melee rounds before both units retreat (seed). */
  meleeRounds: number;
  /** The die of attack, defence and missile rolls: RND(combatDie) (spec: 6). */
  combatDie: number;
  /** Experience adds floor(experience / experienceDivisor) to attack and defence (spec: 5). */
  experienceDivisor: number;
  /** Forester and Mountaineer attack bonuses (seed: 2). */
  forestBonus: number;
  mountainBonus: number;
  /** The defender's terrain bonus to defence in a town, city or capital (ours: 1, 2, 3). */
  townDefence: number;
  cityDefence: number;
  capitalDefence: number;
  /** A unit at or below this percentage of its maximum health checks morale (seed: 75). */
  moraleAt: number;
  /** Morale and discipline checks: RND(checkDie) - rating > 0 fails (spec: 20, the scale). */
  checkDie: number;
  /** Experience for the victor and the army that retreats or routs (seed: 5, 3). */
  victorExperience: number;
  loserExperience: number;
  /** Leaders' experience for a battle won and one not won (seed: 2, 1). */
  leaderWinExperience: number;
  leaderLossExperience: number;
  /** Fame: a unit destroyed (seed: 1); a hero is worth experience / heroFameDivisor (seed: 10). */
  unitFame: number;
  heroFameDivisor: number;
  /** Fame of a town, city and capital, gained by the captor and lost by the loser (seed). */
  townFame: number;
  cityFame: number;
  capitalFame: number;
  /** Booty: gold per 1000 citizens killed (seed: 4). */
  bootyPerThousand: number;
  /** Treasury transfer: treasury x city population / empire population / transferDivisor (spec: 2). */
  transferDivisor: number;
  /** Citizens killed in the pillage: pillagePercent% per point of discipline below 20 (ours: 1). */
  pillagePercent: number;
  /** Armies vs leaders on land: RND(100) - leaderRollStep x (melee - leaderRollPivot) (spec: 5, 3). */
  leaderRollStep: number;
  leaderRollPivot: number;
  /** At sea, a leader whose ship is destroyed is captured with seaCapturePerMelee x melee % (spec: 20). */
  seaCapturePerMelee: number;
  /** Leaders meet with meetBase% + meetStep% per point of stealth difference (seed: 40, 10). */
  meetBase: number;
  meetStep: number;
  /** Personal combat: melee + RND(duelDie) (spec: 6). */
  duelDie: number;
}

export interface FowOptions extends FowNumbers {
  /** The hex's terrain, or null to take it from the rosters (the defender's), else clear. */
  terrain: Terrain | null;
  /** Player elimination: `caste base/total, ...` (spec, fits the seed: capital 25/50, city 20/60). */
  castes: string;
  /** Pause after this many rounds (melee rounds and personal-combat exchanges), or null. */
  rounds: number | null;
}

export const FOW_NUMBERS: FowNumbers = {
  meleeRounds: 10,
  combatDie: 6,
  experienceDivisor: 5,
  forestBonus: 2,
  mountainBonus: 2,
  townDefence: 1,
  cityDefence: 2,
  capitalDefence: 3,
  moraleAt: 75,
  checkDie: 20,
  victorExperience: 5,
  loserExperience: 3,
  leaderWinExperience: 2,
  leaderLossExperience: 1,
  unitFame: 1,
  heroFameDivisor: 10,
  townFame: 3,
  cityFame: 6,
  capitalFame: 15,
  bootyPerThousand: 4,
  transferDivisor: 2,
  pillagePercent: 1,
  leaderRollStep: 5,
  leaderRollPivot: 3,
  seaCapturePerMelee: 20,
  meetBase: 40,
  meetStep: 10,
  duelDie: 6,
};

export const DEFAULT_CASTES = 'capital 25/50, city 20/60';

export const FOW_DEFAULTS: FowOptions = {
  ...FOW_NUMBERS,
  terrain: null,
  castes: DEFAULT_CASTES,
  rounds: null,
};

/**
 * Whose each default is: the seed's own number, the spec's default fitted to the seed's
 * examples, or ours where both are silent (docs/rules-fortunes-of-war.md lists them alike).
 */
export const WHOSE: Record<keyof FowNumbers, 'seed' | 'spec' | 'ours'> = {
  meleeRounds: 'seed',
  combatDie: 'spec',
  experienceDivisor: 'spec',
  forestBonus: 'seed',
  mountainBonus: 'seed',
  townDefence: 'ours',
  cityDefence: 'ours',
  capitalDefence: 'ours',
  moraleAt: 'seed',
  checkDie: 'spec',
  victorExperience: 'seed',
  loserExperience: 'seed',
  leaderWinExperience: 'seed',
  leaderLossExperience: 'seed',
  unitFame: 'seed',
  heroFameDivisor: 'seed',
  townFame: 'seed',
  cityFame: 'seed',
  capitalFame: 'seed',
  bootyPerThousand: 'seed',
  transferDivisor: 'spec',
  pillagePercent: 'ours',
  leaderRollStep: 'spec',
  leaderRollPivot: 'spec',
  seaCapturePerMelee: 'spec',
  meetBase: 'seed',
  meetStep: 'seed',
  duelDie: 'spec',
};

/**
 * Each number's allowed range: dice need at least 1 face, divisors at least 1. The duel's die
 * needs 2: with one face two leaders of equal melee tie for ever (and Monte Carlo never ends).
 */
const RANGES: Record<keyof FowNumbers, [number, number]> = {
  meleeRounds: [1, 1000],
  combatDie: [1, 1000],
  experienceDivisor: [1, 1000],
  forestBonus: [-100, 100],
  mountainBonus: [-100, 100],
  townDefence: [-100, 100],
  cityDefence: [-100, 100],
  capitalDefence: [-100, 100],
  moraleAt: [0, 100],
  checkDie: [1, 1000],
  victorExperience: [0, 1000],
  loserExperience: [0, 1000],
  leaderWinExperience: [0, 1000],
  leaderLossExperience: [0, 1000],
  unitFame: [0, 1000],
  heroFameDivisor: [1, 1000],
  townFame: [0, 1000],
  cityFame: [0, 1000],
  capitalFame: [0, 1000],
  bootyPerThousand: [0, 100000],
  transferDivisor: [1, 1000],
  pillagePercent: [0, 100],
  leaderRollStep: [-100, 100],
  leaderRollPivot: [-100, 100],
  seaCapturePerMelee: [0, 100],
  meetBase: [0, 100],
  meetStep: [0, 100],
  duelDie: [2, 1000],
};

/** The options' names, as a battle object (`--input`) and the Battles sheet give them. */
export const FOW_OPTION_KEYS = Object.keys(FOW_DEFAULTS);

/** Option keys in any case (`meleerounds`), so that a sheet cell need not match the case. */
const CANONICAL = new Map(FOW_OPTION_KEYS.map((k) => [k.toLowerCase(), k]));

/** `readings`: one text of `key=value` pairs, merged under the fields given directly. */
function withReadings(raw: RawOptions): Result<RawOptions> {
  // No prototype: a field `__proto__` is an unknown option, and a reading named `constructor`
  // or `toString` is not found on the record before it is given.
  const out = ownOptions({});
  for (const [k, v] of Object.entries(raw)) {
    if (k !== 'readings') out[CANONICAL.get(k.toLowerCase()) ?? k] = v;
  }
  const text = raw.readings;
  if (isBlankValue(text)) return ok(out);
  const readings = optionText(text, 'readings', 'meleeRounds=10, cityDefence=2');
  if (!readings.ok) return readings;
  for (const pair of readings.value.split(/[,;\n]/)) {
    if (pair.trim() === '') continue;
    const m = /^\s*([A-Za-z]+)\s*[=:]\s*(.+?)\s*$/.exec(pair);
    if (!m) return err(`readings: "${oneLine(pair.trim())}" is not key=value`);
    const key = CANONICAL.get(m[1].toLowerCase()) ?? m[1];
    if (key === 'castes') return err('readings: give castes as its own option (it holds commas)');
    if (isBlankValue(out[key])) out[key] = m[2];
  }
  return ok(out);
}

const whole = (v: unknown, name: string, [lo, hi]: [number, number], dflt: number) =>
  wholeOption(v, name, lo, hi, dflt);

/** One caste of the elimination table: rebel% = base + discipline, join% = total - rebel%. */
export interface Caste {
  name: string;
  base: number;
  total: number;
}

/** `capital 25/50, city 20/60` read into castes. */
export function parseCastes(text: string): Result<Caste[]> {
  const castes: Caste[] = [];
  for (const item of text.split(/[,;]/)) {
    if (item.trim() === '') continue;
    const m = /^\s*([A-Za-z][A-Za-z ]*?)\s+(\d+)\s*\/\s*(\d+)\s*$/.exec(item);
    if (!m || +m[2] > 100 || +m[3] > 100) {
      return err(
        `castes: "${oneLine(item.trim())}" is not "caste base/total" (e.g. "capital 25/50")`,
      );
    }
    castes.push({ name: m[1].toLowerCase(), base: +m[2], total: +m[3] });
  }
  if (castes.length === 0) return err('castes: no caste given (e.g. "capital 25/50, city 20/60")');
  return ok(castes);
}

export const formatCastes = (castes: readonly Caste[]) =>
  castes.map((c) => `${c.name} ${c.base}/${c.total}`).join(', ');

export function parseFowOptions(input: RawOptions): Result<FowOptions> {
  const merged = withReadings(input);
  if (!merged.ok) return merged;
  const raw = merged.value;
  const unknown = unknownOptionsError(
    raw,
    FOW_OPTION_KEYS,
    (_, v) => isBlankValue(v),
    'fortunes-of-war',
  );
  if (unknown !== null) return err(unknown);
  const numbers = { ...FOW_NUMBERS };
  for (const key of Object.keys(FOW_NUMBERS) as (keyof FowNumbers)[]) {
    const n = whole(raw[key], key, RANGES[key], FOW_NUMBERS[key]);
    if (!n.ok) return n;
    numbers[key] = n.value;
  }
  let terrain: Terrain | null = null;
  if (!isBlankValue(raw.terrain)) {
    const w = optionWord(raw.terrain);
    const t = TERRAINS.find((x) => x === (w === 'mountains' ? 'mountain' : w));
    if (t === undefined) {
      return err(`terrain is ${shownOption(raw.terrain)}: expected ${TERRAINS.join(', ')}`);
    }
    terrain = t;
  }
  let castes = DEFAULT_CASTES;
  if (!isBlankValue(raw.castes)) {
    const text = optionText(raw.castes, 'castes', DEFAULT_CASTES);
    if (!text.ok) return text;
    const parsed = parseCastes(text.value);
    if (!parsed.ok) return parsed;
    castes = formatCastes(parsed.value);
  }
  const rounds = pauseRounds(raw.rounds);
  if (!rounds.ok) return rounds;
  return ok({ ...numbers, terrain, castes, rounds: rounds.value });
}

export function describeFowOptions(o: FowOptions): string[] {
  const lines: string[] = [];
  if (o.terrain !== null) lines.push(`Terrain: ${o.terrain}.`);
  for (const key of Object.keys(FOW_NUMBERS) as (keyof FowNumbers)[]) {
    if (o[key] !== FOW_NUMBERS[key])
      lines.push(`${key} = ${o[key]} (default ${FOW_NUMBERS[key]}).`);
  }
  if (o.castes !== DEFAULT_CASTES) lines.push(`Castes: ${o.castes}.`);
  if (o.rounds !== null) lines.push(`Pause after ${o.rounds} round${o.rounds === 1 ? '' : 's'}.`);
  if (lines.length === 0) lines.push('The defaults of record (docs/rules-fortunes-of-war.md).');
  return lines;
}
