import { cellAddress, Cell, cellText, isBlank, parseDecimal, plainValue } from './cells';
import { Side } from './forces';
import { err, ok, Result } from './result';
import { parseSide } from './roster';
import { findRuleset } from './rulesets';
import {
  applyArmyRating,
  applyLeaderRating,
  readCityClass,
  readCount,
  readEmpireUnit,
  readRank,
  readSpecial,
  readTerrain,
} from './rulesets/fortunes-of-war/ratings';
import { legionOf } from './rulesets/fortunes-of-war/roster';
import { defaultArmy, defaultLeader, emptySide, SideSpec } from './rulesets/fortunes-of-war/units';
import type { SheetTable, SubmissionEntry } from './submission';
import type { LegionRows } from './submission-legions';
import { Columns, emptyRows, readForcesTable } from './submission-rows';

/**
 * The `Armies` table of a submission, for fortunes-of-war battles: one row per side of a
 * battle, its unit's ratings, specials and terrain and its leader's ratings in columns. A blank
 * cell is the roster text's default; a row with no army cells is an unescorted leader. Each row
 * makes the side's one legion, as `parseFowRoster` does. See docs/workbook.md.
 */

const ARMY_COLUMNS = {
  battle: ['battle', 'battle id'],
  side: ['side'],
  army: ['army', 'unit', 'army name', 'unit name'],
  attack: ['attack'],
  defence: ['defence', 'defense'],
  missile: ['missile', 'missiles'],
  health: ['health'],
  maxHealth: ['max health', 'maximum health'],
  morale: ['morale'],
  discipline: ['discipline'],
  experience: ['experience'],
  specials: ['specials', 'special'],
  caste: ['caste'],
  terrain: ['terrain'],
  leader: ['leader'],
  rank: ['rank', 'leader rank'],
  leadership: ['leadership'],
  melee: ['melee'],
  stealth: ['stealth'],
  leaderHealth: ['leader health'],
  leaderExperience: ['leader experience'],
  city: ['city'],
  cityClass: ['city class', 'class'],
  population: ['population', 'city population'],
  treasury: ['treasury'],
  empirePopulation: ['empire population'],
  empire: ['empire', 'empire units'],
  player: ['player'],
} as const;

type ArmyKey = keyof typeof ARMY_COLUMNS;

const KNOWN =
  'Battle, Side, Army, Attack, Defence, Missile, Health, Max health, Morale, Discipline, ' +
  'Experience, Specials, Caste, Terrain, Leader, Rank, Leadership, Melee, Stealth, Leader health, ' +
  'Leader experience, City, City class, Population, Treasury, Empire population, Empire, Player';

const ARMY_RATINGS = [
  'attack',
  'defence',
  'missile',
  'morale',
  'discipline',
  'experience',
] as const;
const LEADER_RATINGS: [ArmyKey, string][] = [
  ['leadership', 'leadership'],
  ['melee', 'melee'],
  ['stealth', 'stealth'],
  ['leaderHealth', 'health'],
  ['leaderExperience', 'experience'],
];

export function readArmyRows(
  armies: SheetTable,
  entries: SubmissionEntry[],
  battlesSheet: string,
): LegionRows {
  const out = emptyRows();
  return readForcesTable(
    armies,
    entries,
    battlesSheet,
    {
      columns: ARMY_COLUMNS,
      required: ['battle', 'side'],
      knownText: KNOWN,
      labels: ['army', 'player'],
      rowName: 'army row',
      longText: ['specials', 'empire'],
    },
    (r, i, entry, cols) => {
      const list = out.byEntry.get(i) ?? [];
      const read = readArmyRow(armies, cols, r, String(entry.spec!.rules));
      if (!read.ok) return read.error;
      const twice = list.find((l) => l.side === read.value.side);
      if (twice) {
        return [
          `${cellAddress(armies.origin, r, cols.side!)}: a second ${read.value.side} row for battle "${entry.id}" (also ${twice.legion.where}); a side is one army or leader`,
        ];
      }
      list.push(read.value);
      out.byEntry.set(i, list);
      return [];
    },
    out,
  );
}

type Filled = { value: Cell; address: string } | null;

/** An army row, or the problems of its cells: side, the army's, the leader's, the place's. */
function readArmyRow(
  table: SheetTable,
  cols: Columns<ArmyKey>,
  r: number,
  rules: string,
): Result<{ side: Side; legion: ReturnType<typeof legionOf> }, string[]> {
  const row = table.cells[r];
  const at = (col: number) => cellAddress(table.origin, r, col);
  if (findRuleset(rules)?.id !== 'fortunes-of-war') {
    // Its ratings mean nothing under other rules: this one problem is the row's.
    return err([
      `${at(cols.battle!)}: an Armies row is for a fortunes-of-war battle; this battle's rules are ${rules}`,
    ]);
  }
  const problems: string[] = [];
  const side = parseSide(row[cols.side!]);
  if (side === undefined) {
    const text = cellText(row[cols.side!]);
    problems.push(
      `${at(cols.side!)}: side ${text === '' ? 'is blank' : `"${text}" is neither Attacker nor Defender`}`,
    );
  }
  /** The cell of `key`, when the column is there and the cell filled in. */
  const cell = (key: ArmyKey): Filled => {
    const col = cols[key];
    if (col === undefined || isBlank(row[col])) return null;
    return { value: row[col], address: at(col) };
  };
  const spec = emptySide();
  // A bad side leaves the ratings to check; the names it gives are not used then.
  const sideName = side ?? 'attacker';
  const armyKeys: ArmyKey[] = ['army', ...ARMY_RATINGS, 'health', 'maxHealth', 'specials', 'caste'];
  if (armyKeys.some((k) => cell(k) !== null)) problems.push(...readArmy(spec, cell, sideName));
  const leaderKeys: ArmyKey[] = ['leader', 'rank', ...LEADER_RATINGS.map(([k]) => k)];
  if (leaderKeys.some((k) => cell(k) !== null)) problems.push(...readLeader(spec, cell, sideName));
  problems.push(...readPlace(spec, cell));
  if (!spec.army && !spec.leader) {
    problems.push(`${at(cols.side!)}: the row gives no army and no leader`);
  }
  if (side === undefined || problems.length > 0) return err(problems);
  return ok({ side, legion: legionOf(spec, `${side} row at ${at(cols.battle!)}`) });
}

/**
 * Text of a whole number (`14`, `+14`, `14.0`, a plain decimal as in every other cell) in the
 * digits roster text reads (`14`), or undefined. Digits, not `String(number)`: a huge number is
 * then out of its rating's range, not `1e+21`, which is no rating.
 */
function wholeDigits(text: string): string | undefined {
  const n = parseDecimal(text);
  if (n === undefined || !Number.isInteger(n)) return undefined;
  const whole = text.trim().replace(/^\+/, '').split('.')[0];
  const digits = whole.replace(/^-/, '').replace(/^0+(?=\d)/, '') || '0';
  return whole.startsWith('-') && digits !== '0' ? `-${digits}` : digits;
}

/**
 * A cell's whole number in the digits roster text reads, a number cell's (1e21 as its 22
 * digits) or text's (`wholeDigits`); undefined when it holds none.
 */
function cellDigits(cell: Cell): string | undefined {
  const v = plainValue(cell);
  if (typeof v !== 'number') return wholeDigits(cellText(cell));
  return Number.isInteger(v) ? BigInt(v).toString() : undefined;
}

/** A rating cell as roster text `NAME VALUE`, applied; the error names the cell. */
function rating(
  c: Filled,
  name: string,
  apply: (text: string) => string | null,
  label = name,
): string | null {
  if (c === null) return null;
  const text = cellText(c.value);
  // A fraction typed as a number (3.5) is given as it is, for the rating's own message.
  const digits =
    cellDigits(c.value) ?? (typeof plainValue(c.value) === 'number' ? text : undefined);
  if (digits === undefined) return `${c.address}: ${label} is "${text}": a whole number`;
  const problem = apply(`${name} ${digits}`);
  if (problem === null) return null;
  // The rating's own message names it as roster text does (`health 0`); the cell's column may differ.
  const named = problem.startsWith(`${name} `) ? `${label}${problem.slice(name.length)}` : problem;
  return `${c.address}: ${named}`;
}

/** The army's cells read into `spec.army`: the problems of its bad cells, one a cell. */
function readArmy(spec: SideSpec, cell: (k: ArmyKey) => Filled, side: Side): string[] {
  const name = cell('army');
  const army = defaultArmy(name === null ? `${side} army` : cellText(name.value));
  const apply = (text: string) => applyArmyRating(army, text);
  const problems = ARMY_RATINGS.map((key) => rating(cell(key), key, apply));
  problems.push(readHealth(cell('health'), cell('maxHealth'), apply));
  problems.push(readSpecials(cell('specials'), apply));
  const caste = cell('caste');
  if (caste !== null) army.caste = cellText(caste.value).toLowerCase();
  spec.army = army;
  return problems.filter((p): p is string => p !== null);
}

/** Health and Max health, one rating `health NOW/MOST`: the problem names the first given. */
function readHealth(
  health: Filled,
  max: Filled,
  apply: (text: string) => string | null,
): string | null {
  if (health === null && max === null) return null;
  const h = health ?? max!;
  const now = cellText(h.value);
  const most = max === null ? now : cellText(max.value);
  const [nowDigits, mostDigits] = [cellDigits(h.value), cellDigits((max ?? h).value)];
  if (nowDigits === undefined || mostDigits === undefined) {
    // Named at the cell that is not a whole number (Health first).
    const at = nowDigits !== undefined && max !== null ? max.address : h.address;
    return `${at}: health is "${now}" of "${most}": whole numbers`;
  }
  const problem = apply(`health ${nowDigits}/${mostDigits}`);
  return problem === null ? null : `${h.address}: ${problem}`;
}

/** Specials separated by commas: the problem names the cell's first unknown word. */
function readSpecials(specials: Filled, apply: (text: string) => string | null): string | null {
  if (specials === null) return null;
  for (const word of cellText(specials.value).split(/[,;]/)) {
    if (word.trim() === '' || /^none$/i.test(word.trim())) continue;
    if (readSpecial(word) === undefined) {
      return `${specials.address}: special "${word.trim()}": cause fear, forester, mountaineer or siege weapons`;
    }
    apply(word);
  }
  return null;
}

/** The leader's cells read into `spec.leader`: the problems of its bad cells, one a cell. */
function readLeader(spec: SideSpec, cell: (k: ArmyKey) => Filled, side: Side): string[] {
  const problems: string[] = [];
  const name = cell('leader');
  const leader = defaultLeader(name === null ? `${side}'s leader` : cellText(name.value));
  const rank = cell('rank');
  if (rank !== null) {
    const r = readRank(cellText(rank.value));
    if (r === undefined) {
      problems.push(
        `${rank.address}: rank is "${cellText(rank.value)}": captain, hero, legend or ruler`,
      );
    } else leader.rank = r;
  }
  for (const [key, word] of LEADER_RATINGS) {
    const label = ARMY_COLUMNS[key][0];
    const problem = rating(cell(key), word, (text) => applyLeaderRating(leader, text), label);
    if (problem !== null) problems.push(problem);
  }
  spec.leader = leader;
  return problems;
}

/** Terrain, city, treasury and empire: the hex and the player's holdings; the bad cells' problems. */
function readPlace(spec: SideSpec, cell: (k: ArmyKey) => Filled): string[] {
  const problems: string[] = [];
  const terrain = cell('terrain');
  if (terrain !== null) {
    const t = readTerrain(cellText(terrain.value));
    if (t === undefined) {
      problems.push(
        `${terrain.address}: terrain is "${cellText(terrain.value)}": clear, forest, mountain, sea, town, city or capital`,
      );
    } else spec.terrain = t;
  }
  /** A count cell: null when blank; its number, or its problem pushed and NaN. */
  const count = (key: ArmyKey, what: string): number | null => {
    const c = cell(key);
    if (c === null) return null;
    const n = cellCount(cellText(c.value));
    if (n !== undefined) return n;
    problems.push(`${c.address}: ${what} is "${cellText(c.value)}": a whole number, 0 or more`);
    return NaN;
  };
  const population = count('population', 'population');
  const cityProblem = readCity(spec, cell, terrain, population);
  if (cityProblem !== null) problems.push(cityProblem);
  const treasury = count('treasury', 'treasury');
  if (treasury !== null && !Number.isNaN(treasury)) spec.treasury = treasury;
  const empirePopulation = count('empirePopulation', 'empire population');
  if (empirePopulation !== null && !Number.isNaN(empirePopulation)) {
    spec.empirePopulation = empirePopulation;
  }
  const empire = cell('empire');
  if (empire !== null) {
    for (const item of cellText(empire.value).split(/[,;]/)) {
      if (item.trim() === '') continue;
      const unit = readEmpireUnit(item);
      if (typeof unit === 'string') {
        problems.push(`${empire.address}: ${unit}`);
        break;
      }
      spec.empire.push(unit);
    }
  }
  return problems;
}

/** A count as roster text writes it (`25,000`), or a plain decimal (`+25000`, `1.0`); 0 or more. */
function cellCount(text: string): number | undefined {
  const n = readCount(text) ?? parseDecimal(text);
  if (n === undefined || !Number.isSafeInteger(n) || n < 0) return undefined;
  return n === 0 ? 0 : n; // not -0 from `-0.0`
}

/** The city the defender holds, into `spec.city`: null, or the problem (a bad population is NaN). */
function readCity(
  spec: SideSpec,
  cell: (k: ArmyKey) => Filled,
  terrain: Filled,
  population: number | null,
): string | null {
  const city = cell('city');
  const cls = cell('cityClass');
  if (city === null && cls === null && population === null) return null;
  // The class would have come from the Terrain cell, which is bad and has its own problem.
  if (cls === null && terrain !== null && spec.terrain === null) return null;
  const c =
    cls === null ? spec.terrain && readCityClass(spec.terrain) : readCityClass(cellText(cls.value));
  if (c === undefined || c === null) {
    return cls === null
      ? `${(city ?? cell('population'))!.address}: a city needs its class (City class: town, city or capital, or the Terrain)`
      : `${cls.address}: city class is "${cellText(cls.value)}": town, city or capital`;
  }
  spec.city = {
    name: city === null ? `the ${c}` : cellText(city.value),
    class: c,
    population: population === null || Number.isNaN(population) ? 0 : population,
  };
  if (spec.terrain === null) spec.terrain = c;
  if (spec.terrain !== c) {
    return `${(cls ?? terrain)!.address}: the city is a ${c}, but the terrain is ${spec.terrain}`;
  }
  return null;
}
