import { cellAddress, Cell, cellText, isBlank, parseDecimal, plainValue } from './cells';
import { yesNo as yesNoValue } from './option-values';
import { err, ok, Result } from './result';
import { parseSide } from './roster';
import { findRuleset } from './rulesets';
import { applyRating } from './rulesets/legion-battles/roster';
import {
  defaultUnit,
  QUALITIES,
  Quality,
  QUALITY_CODE,
  RatedLegion,
  UnitSpec,
  WORKS,
} from './rulesets/legion-battles/units';
import type { SheetTable, SubmissionEntry } from './submission';
import type { LegionRow, LegionRows } from './submission-legions';
import { emptyRows, readForcesTable } from './submission-rows';

/**
 * The `Units` table of a submission, for legion-battles battles: one row per unit, its ratings
 * in columns (`Battle | Side | Unit | Quality | Strength | Discipline | Line of cohorts | Pila |
 * Leader Charisma | Leadership | Supply | Works | Numbers | ... | PC | PC 2`). A blank cell is
 * the roster text's default; each row makes one legion carrying its ratings on `unit`, as
 * `parseLegionRoster` does. See docs/workbook.md.
 */

const UNIT_COLUMNS = {
  battle: ['battle', 'battle id'],
  side: ['side'],
  name: ['unit', 'unit name', 'name'],
  quality: ['quality'],
  strength: ['strength'],
  discipline: ['discipline'],
  cohorts: ['line of cohorts', 'cohorts'],
  pila: ['pila'],
  charisma: ['leader charisma', 'charisma'],
  leadership: ['leadership', 'leader leadership'],
  leaderBoons: ['leader boons'],
  supply: ['supply'],
  works: ['works'],
  numbers: ['numbers'],
  boons: ['boons'],
  banes: ['banes'],
  screen: ['screen'],
  arrows: ['arrows'],
  horse: ['horse'],
  lockShields: ['locked shields', 'lock shields'],
  flank: ['flank'],
  vs: ['vs', 'faces'],
  pc: ['pc', 'pc 1'],
  pc2: ['pc 2'],
  player: ['player'],
} as const;

type UnitKey = keyof typeof UNIT_COLUMNS;
type UnitColumns = Partial<Record<UnitKey, number>>;

const KNOWN =
  'Battle, Side, Unit, Quality, Strength, Discipline, Line of cohorts, Pila, Leader Charisma, ' +
  'Leadership, Leader boons, Supply, Works, Numbers, Boons, Banes, Screen, Arrows, Horse, ' +
  'Locked shields, Flank, Vs, PC, PC 2, Player';

export function readUnitRows(
  units: SheetTable,
  entries: SubmissionEntry[],
  battlesSheet: string,
): LegionRows {
  const out = emptyRows();
  return readForcesTable(
    units,
    entries,
    battlesSheet,
    {
      columns: UNIT_COLUMNS,
      required: ['battle', 'side', 'quality'],
      knownText: KNOWN,
      labels: ['name', 'player'],
      rowName: 'unit row',
      longText: ['pc', 'pc2'],
    },
    (r, i, entry, cols) => {
      const list = out.byEntry.get(i) ?? [];
      const read = readUnitRow(units, cols, r, String(entry.spec!.rules), list);
      if (!read.ok) return read.error;
      list.push(read.value);
      out.byEntry.set(i, list);
      return [];
    },
    out,
  );
}

/** A unit row, or the problems of its cells: side, quality, then each rating in turn. */
function readUnitRow(
  table: SheetTable,
  cols: UnitColumns,
  r: number,
  rules: string,
  before: readonly LegionRow[],
): Result<LegionRow, string[]> {
  const row = table.cells[r];
  const at = (col: number) => cellAddress(table.origin, r, col);
  if (findRuleset(rules)?.id !== 'legion-battles') {
    // Its ratings mean nothing under other rules: this one problem is the row's.
    return err([
      `${at(cols.battle!)}: a Units row is for a legion-battles battle; this battle's rules are ${rules}`,
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
  const n = before.filter((l) => l.side === side).length + 1;
  const nameText = cols.name === undefined ? '' : cellText(row[cols.name]);
  const name = nameText === '' ? `${side} ${n}` : nameText;

  const qualityText = cellText(row[cols.quality!]);
  const quality = qualityText.toLowerCase().split(/\s+/)[0] as Quality;
  const qualityKnown = QUALITIES.includes(quality);
  if (!qualityKnown) {
    problems.push(
      `${at(cols.quality!)}: quality ${qualityText === '' ? 'is blank' : `"${qualityText}"`}: veteran, trained or raw (and a noun: century, cohort, screen)`,
    );
  }
  // A bad quality leaves the ratings to check: against a trained unit, as none depends on it.
  const u = defaultUnit(qualityKnown ? quality : 'trained', name);
  const problem = qualityKnown ? applyRating(u, qualityText) : null;
  if (problem !== null) problems.push(`${at(cols.quality!)}: ${problem}`);

  /** The cell of `key`, when the column is there and the cell filled in. */
  const cell = (key: UnitKey): { value: Cell; address: string } | null => {
    const col = cols[key];
    if (col === undefined || isBlank(row[col])) return null;
    return { value: row[col], address: at(col) };
  };
  const steps: (() => string | null)[] = [
    () => choice(cell('strength'), 'strength', ['full', 'worn', 'half'], (w) => w, u),
    () => whole(cell('discipline'), 'discipline', 0, 6, (v) => (u.discipline = v)),
    () => yesNo(cell('cohorts'), 'line of cohorts', (v) => (u.cohorts = v)),
    () => yesNo(cell('pila'), 'pila', (v) => (u.pila = v)),
    () => whole(cell('charisma'), 'charisma', 0, 9, (v) => (u.leader.characteristic = v)),
    () => whole(cell('leadership'), 'leadership', 0, 9, (v) => (u.leader.skill = v)),
    () => whole(cell('leaderBoons'), 'leader boons', 0, 9, (v) => (u.leader.boons = v)),
    () => choice(cell('supply'), 'supply', ['supplied', 'short', 'starving'], (w) => w, u),
    () => readWorks(cell('works'), u),
    () => readNumbers(cell('numbers'), u),
    () => whole(cell('boons'), 'boons', 0, 9, (v) => (u.boons = v)),
    () => whole(cell('banes'), 'banes', 0, 9, (v) => (u.banes = v)),
    () => yesNo(cell('screen'), 'screen', (v) => ((u.screen = v), v && (u.horse = true))),
    () => readArrows(cell('arrows'), u),
    () => yesNo(cell('horse'), 'horse', (v) => (u.horse = v)),
    () => readLockShields(cell('lockShields'), u),
    () => yesNo(cell('flank'), 'flank', (v) => (u.flank = v)),
    () => whole(cell('vs'), 'vs', 1, 99, (v) => (u.target = v - 1)),
    () => readPc(cell('pc'), u),
    () => readPc(cell('pc2'), u),
  ];
  for (const step of steps) {
    const error = step();
    if (error !== null) problems.push(error);
  }
  if (side === undefined || problems.length > 0) return err(problems);
  const legion: RatedLegion = {
    leader: name,
    units: { [QUALITY_CODE[quality]]: 1 },
    where: `${side} unit ${name} at ${at(cols.battle!)}`,
    unit: u,
  };
  return ok({ side, legion });
}

type Filled = { value: Cell; address: string } | null;

/** A whole number from `lo` to `hi`, handed to `set`: null, or the cell-named error. */
function whole(
  c: Filled,
  what: string,
  lo: number,
  hi: number,
  set: (n: number) => unknown,
): string | null {
  if (c === null) return null;
  const v = plainValue(c.value);
  const n = typeof v === 'number' ? v : typeof v === 'string' ? (parseDecimal(v) ?? NaN) : NaN;
  if (!Number.isInteger(n) || n < lo || n > hi) {
    return `${c.address}: ${what} is "${cellText(c.value)}": a whole number from ${lo} to ${hi}`;
  }
  set(n);
  return null;
}

/** Yes or no as every yes/no cell reads it (`1.0` is yes, `0.0` no), and `x` for yes. */
function yesNo(c: Filled, what: string, set: (v: boolean) => unknown): string | null {
  if (c === null) return null;
  const read = yesNoValue(plainValue(c.value), what, { yes: ['x'] });
  if (!read.ok) return `${c.address}: ${what} is "${cellText(c.value)}": yes or no`;
  set(read.value);
  return null;
}

/** One word of `words`, applied as the roster text `rating(word)` would be. */
function choice(
  c: Filled,
  what: string,
  words: readonly string[],
  rating: (w: string) => string,
  u: UnitSpec,
): string | null {
  if (c === null) return null;
  const w = cellText(c.value).toLowerCase();
  if (!words.includes(w)) {
    return `${c.address}: ${what} is "${cellText(c.value)}": ${words.join(', ')}`;
  }
  const problem = applyRating(u, rating(w));
  return problem === null ? null : `${c.address}: ${problem}`;
}

function readWorks(c: Filled, u: UnitSpec): string | null {
  if (c === null) return null;
  const w = cellText(c.value)
    .toLowerCase()
    .replace(/\s+works$/, '');
  const works = WORKS.find((x) => x === (w === 'no' ? 'none' : w));
  if (works === undefined) {
    return `${c.address}: works is "${cellText(c.value)}": ${WORKS.join(', ')}`;
  }
  u.works = works;
  return null;
}

/** Numbers: 1, 2 or 4 (or `2:1`, `4:1` typed as text). */
function readNumbers(c: Filled, u: UnitSpec): string | null {
  if (c === null) return null;
  const text = cellText(c.value);
  const ratio = /^(\d+)\s*:\s*1$/.exec(text);
  const n = ratio === null ? parseDecimal(text) : Number(ratio[1]);
  if (n === undefined || !Number.isInteger(n) || n < 0) {
    return `${c.address}: numbers is "${text}": 1, 2 or 4 (for 1:1, 2:1, 4:1)`;
  }
  return whole({ ...c, value: n }, 'numbers', 1, 99, (v) => (u.numbers = v));
}

/** Arrows: Clashes of arrows (4), or `camels` for a camel train that keeps them full. */
function readArrows(c: Filled, u: UnitSpec): string | null {
  if (c === null) return null;
  const w = cellText(c.value).toLowerCase();
  if (w === 'camels' || w === 'camel train') {
    u.arrows = null;
    return null;
  }
  const problem = whole(c, 'arrows', 0, 99, (n) => (u.arrows = n));
  return problem === null ? null : `${problem}, or camels`;
}

/** Locked shields: yes (from Clash 1), no, or the Clash they lock from. */
function readLockShields(c: Filled, u: UnitSpec): string | null {
  if (c === null) return null;
  // A number, or one typed as text (`2.0`), is the Clash they lock from: 1 is from the first.
  if (typeof plainValue(c.value) === 'number' || parseDecimal(cellText(c.value)) !== undefined) {
    return whole(c, 'locked shields', 1, 99, (n) => (u.lockShields = n));
  }
  const problem = yesNo(c, 'locked shields', (v) => (u.lockShields = v ? 1 : null));
  return problem === null ? null : `${problem}, or the Clash they lock from`;
}

/**
 * A player character: `NAME fight|rally|read C/K[+B] [resistance R] [athletics C/K]`, then
 * after `;` any other Actions in given Clashes: `NAME rally 3/3 in clash 3`.
 */
function readPc(c: Filled, u: UnitSpec): string | null {
  if (c === null) return null;
  for (const part of cellText(c.value).split(';')) {
    const text = part.trim().replace(/^pc\s+/i, '');
    if (text === '') continue;
    const problem = applyRating(u, `pc ${text}`);
    if (problem === null) continue;
    return /is not a rating/.test(problem)
      ? `${c.address}: PC "${text}": NAME fight|rally|read C/K[+B] [resistance R] [athletics C/K], then "; NAME rally C/K in clash N" for other Actions`
      : `${c.address}: ${problem}`;
  }
  return null;
}
