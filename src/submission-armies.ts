import { cellAddress, Cell, cellText, isBlank, plainValue } from './cells';
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
      rowName: 'army row',
      longText: ['specials', 'empire'],
    },
    (r, i, entry, cols) => {
      const list = out.byEntry.get(i) ?? [];
      const read = readArmyRow(armies, cols, r, String(entry.spec!.rules));
      if (!read.ok) {
        out.errors.set(i, read.error);
        return;
      }
      const twice = list.find((l) => l.side === read.value.side);
      if (twice) {
        out.errors.set(
          i,
          `${cellAddress(armies.origin, r, cols.side!)}: a second ${read.value.side} row for battle "${entry.id}" (also ${twice.legion.where}); a side is one army or leader`,
        );
        return;
      }
      list.push(read.value);
      out.byEntry.set(i, list);
    },
    out,
  );
}

type Filled = { value: Cell; address: string } | null;

function readArmyRow(
  table: SheetTable,
  cols: Columns<ArmyKey>,
  r: number,
  rules: string,
): Result<{ side: Side; legion: ReturnType<typeof legionOf> }> {
  const row = table.cells[r];
  const at = (col: number) => cellAddress(table.origin, r, col);
  if (findRuleset(rules)?.id !== 'fortunes-of-war') {
    return err(
      `${at(cols.battle!)}: an Armies row is for a fortunes-of-war battle; this battle's rules are ${rules}`,
    );
  }
  const side = parseSide(row[cols.side!]);
  if (side === undefined) {
    const text = cellText(row[cols.side!]);
    return err(
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
  const armyKeys: ArmyKey[] = ['army', ...ARMY_RATINGS, 'health', 'maxHealth', 'specials', 'caste'];
  if (armyKeys.some((k) => cell(k) !== null)) {
    const problem = readArmy(spec, cell, side);
    if (problem !== null) return err(problem);
  }
  const leaderKeys: ArmyKey[] = ['leader', 'rank', ...LEADER_RATINGS.map(([k]) => k)];
  if (leaderKeys.some((k) => cell(k) !== null)) {
    const problem = readLeader(spec, cell, side);
    if (problem !== null) return err(problem);
  }
  const problem = readPlace(spec, cell);
  if (problem !== null) return err(problem);
  if (!spec.army && !spec.leader) {
    return err(`${at(cols.side!)}: the row gives no army and no leader`);
  }
  return ok({ side, legion: legionOf(spec, `${side} row at ${at(cols.battle!)}`) });
}

/** A rating cell as roster text `NAME VALUE`, applied; the error names the cell. */
function rating(
  c: Filled,
  name: string,
  apply: (text: string) => string | null,
  label = name,
): string | null {
  if (c === null) return null;
  const v = plainValue(c.value);
  const text = cellText(c.value);
  if (typeof v !== 'number' && !/^-?\d+$/.test(text)) {
    return `${c.address}: ${label} is "${text}": a whole number`;
  }
  const problem = apply(`${name} ${text}`);
  if (problem === null) return null;
  // The rating's own message names it as roster text does (`health 0`); the cell's column may differ.
  const named = problem.startsWith(`${name} `) ? `${label}${problem.slice(name.length)}` : problem;
  return `${c.address}: ${named}`;
}

function readArmy(spec: SideSpec, cell: (k: ArmyKey) => Filled, side: Side): string | null {
  const name = cell('army');
  const army = defaultArmy(name === null ? `${side} army` : cellText(name.value));
  const apply = (text: string) => applyArmyRating(army, text);
  for (const key of ARMY_RATINGS) {
    const problem = rating(cell(key), key, apply);
    if (problem !== null) return problem;
  }
  const health = cell('health');
  const max = cell('maxHealth');
  if (health !== null || max !== null) {
    const h = health ?? max!;
    const now = cellText(h.value);
    const most = max === null ? now : cellText(max.value);
    if (!/^-?\d+$/.test(now) || !/^-?\d+$/.test(most)) {
      return `${h.address}: health is "${now}" of "${most}": whole numbers`;
    }
    const problem = apply(`health ${now}/${most}`);
    if (problem !== null) return `${h.address}: ${problem}`;
  }
  const specials = cell('specials');
  if (specials !== null) {
    for (const word of cellText(specials.value).split(/[,;]/)) {
      if (word.trim() === '' || /^none$/i.test(word.trim())) continue;
      if (readSpecial(word) === undefined) {
        return `${specials.address}: special "${word.trim()}": cause fear, forester, mountaineer or siege weapons`;
      }
      apply(word);
    }
  }
  const caste = cell('caste');
  if (caste !== null) army.caste = cellText(caste.value).toLowerCase();
  spec.army = army;
  return null;
}

function readLeader(spec: SideSpec, cell: (k: ArmyKey) => Filled, side: Side): string | null {
  const name = cell('leader');
  const leader = defaultLeader(name === null ? `${side}'s leader` : cellText(name.value));
  const rank = cell('rank');
  if (rank !== null) {
    const r = readRank(cellText(rank.value));
    if (r === undefined) {
      return `${rank.address}: rank is "${cellText(rank.value)}": captain, hero, legend or ruler`;
    }
    leader.rank = r;
  }
  for (const [key, word] of LEADER_RATINGS) {
    const label = ARMY_COLUMNS[key][0];
    const problem = rating(cell(key), word, (text) => applyLeaderRating(leader, text), label);
    if (problem !== null) return problem;
  }
  spec.leader = leader;
  return null;
}

/** Terrain, city, treasury and empire: the hex and the player's holdings. */
function readPlace(spec: SideSpec, cell: (k: ArmyKey) => Filled): string | null {
  const terrain = cell('terrain');
  if (terrain !== null) {
    const t = readTerrain(cellText(terrain.value));
    if (t === undefined) {
      return `${terrain.address}: terrain is "${cellText(terrain.value)}": clear, forest, mountain, sea, town, city or capital`;
    }
    spec.terrain = t;
  }
  const count = (key: ArmyKey, what: string): number | string | null => {
    const c = cell(key);
    if (c === null) return null;
    const n = readCount(cellText(c.value));
    return n === undefined
      ? `${c.address}: ${what} is "${cellText(c.value)}": a whole number, 0 or more`
      : n;
  };
  const city = cell('city');
  const cls = cell('cityClass');
  const population = count('population', 'population');
  if (typeof population === 'string') return population;
  if (city !== null || cls !== null || population !== null) {
    const c =
      cls === null
        ? spec.terrain && readCityClass(spec.terrain)
        : readCityClass(cellText(cls.value));
    if (c === undefined || c === null) {
      return cls === null
        ? `${(city ?? cell('population'))!.address}: a city needs its class (City class: town, city or capital, or the Terrain)`
        : `${cls.address}: city class is "${cellText(cls.value)}": town, city or capital`;
    }
    spec.city = {
      name: city === null ? `the ${c}` : cellText(city.value),
      class: c,
      population: population ?? 0,
    };
    if (spec.terrain === null) spec.terrain = c;
    if (spec.terrain !== c) {
      return `${(cls ?? terrain)!.address}: the city is a ${c}, but the terrain is ${spec.terrain}`;
    }
  }
  const treasury = count('treasury', 'treasury');
  if (typeof treasury === 'string') return treasury;
  if (treasury !== null) spec.treasury = treasury;
  const empirePopulation = count('empirePopulation', 'empire population');
  if (typeof empirePopulation === 'string') return empirePopulation;
  if (empirePopulation !== null) spec.empirePopulation = empirePopulation;
  const empire = cell('empire');
  if (empire !== null) {
    for (const item of cellText(empire.value).split(/[,;]/)) {
      if (item.trim() === '') continue;
      const unit = readEmpireUnit(item);
      if (typeof unit === 'string') return `${empire.address}: ${unit}`;
      spec.empire.push(unit);
    }
  }
  return null;
}
