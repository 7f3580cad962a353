import { oneLine } from './shown-text';
import { BattleSpec } from './battle-spec';
import {
  cellAddress,
  CellGrid,
  cellProblem,
  cellText,
  GridOrigin,
  isLooseNumber,
  MAX_LONG_TEXT,
  plainValue,
} from './cells';
import { BadCell, Columns, findColumns, rowProblems } from './columns';
import { parseDiceList, runTogether } from './dice';
import { Forces, Legion, Side, SIDES } from './forces';
import { err, Result } from './result';
import { DecidingColumn, Lookalike, lookalikeCells } from './header-slips';
import { AnyRuleset, IdleOption, RawOptions } from './ruleset';
import { DEFAULT_RULESET, findRuleset, RULESETS, rulesetIds } from './rulesets';
import { blankButNotes, GridMerge, mergedHeaderColumns, mergedHeaderProblem } from './merged-cells';
import { addAll, listProblems } from './problem-list';
import { readArmyRows } from './submission-armies';
import { readFleetRows } from './submission-fleets';
import { readHeader, TableColumns, TableHeader } from './submission-header';
import { readLegionRows } from './submission-legions';
import { addBadCell, battleError, mergedCells } from './submission-rows';
import { readUnitRows } from './submission-units';
import { capitalise } from './narrate-words';
import { HiddenCells } from './hidden-cells';
import { battleIdKey } from './battle-id';
import { optionColumns } from './option-columns';

/**
 * A submission workbook's `Battles` and `Legions` tables, read into battle specs. Pure: the
 * taskpane (Office.js `range.values`) and the headless referee (exceljs) both hand it grids,
 * so that both resolve a workbook cell for cell alike. Every error names the cell to look at.
 */

/** The seed of `praetor template`'s example battle: a battle that keeps it is named. */
export const TEMPLATE_SEED = 'example';
const TEMPLATE_SEED_WARNING = "has the seed of the template's example battle";

/** A warning that a battle keeps the template's seed (Results written before 2026-11-30 lack it). */
export const isTemplateSeedWarning = (warning: string): boolean =>
  warning.includes(TEMPLATE_SEED_WARNING);
const IDLE_OPTION_WARNING = 'can change nothing in this battle';
/** True for the warning of an option given that changes nothing (a breach rule, no walls). */
export const isIdleOptionWarning = (warning: string): boolean =>
  warning.includes(IDLE_OPTION_WARNING);

/** A table's cells (header row first) and where it sits, for messages. */
export interface SheetTable {
  cells: CellGrid;
  origin: GridOrigin;
  /** The merged ranges over the grid, where the adapter can read them (see merged-cells.ts). */
  merges?: readonly GridMerge[];
  /** Its hidden rows and columns, where the adapter can read them (see hidden-cells.ts). */
  hidden?: HiddenCells;
}

export interface SubmissionEntry {
  id: string;
  /** The battle's id cell, e.g. `Battles!A3`. */
  where: string;
  spec: BattleSpec | null;
  /**
   * Why the battle is not resolved: every bad cell of its Battles row and forces rows (up to
   * five, joined with `; `), or the one problem that stops it (an unreadable id, unknown rules).
   */
  error: string | null;
  /** The battle's `Dice` cell, when it scripts the dice: where running out of them points. */
  diceAt?: string;
  /** The battle's `Seed` cell, when it gives a seed (and no dice). */
  seedAt?: string;
  /** True when the battle gave neither dice nor seed and its seed was derived. */
  seedDerived?: boolean;
  /** Warnings of options given that change nothing in the battle (`idleOptions`). */
  idle?: readonly string[];
  /** The battle's `Territory` cell, when filled in: reports name it. */
  territory?: string;
  /** True when the id cell is blank or unreadable: `id` then only names the row, `(row 3)`. */
  idless?: boolean;
}

/** The tables of rulesets whose forces are more than counts per legion. */
export interface RulesetSheets {
  /** `Fleets`: imperium battles' ships. */
  fleets?: SheetTable | null;
  /** `Units`: legion-battles battles' units. */
  units?: SheetTable | null;
  /** `Armies`: fortunes-of-war battles' sides. */
  armies?: SheetTable | null;
}

export interface Submission {
  entries: SubmissionEntry[];
  /** Errors not tied to one battle: a missing column, a legion for no battle. */
  problems: string[];
  /** Things ignored that may be mistakes: columns Praetor does not read. */
  warnings: string[];
}

const BATTLE_COLUMNS = {
  battle: ['battle', 'battle id', 'id'],
  territory: ['territory'],
  rules: ['rules', 'ruleset'],
  sea: ['sea'],
  fort: ['fort', 'fortification', 'fortified'],
  breachBy: ['breach by', 'breachby', 'breach'],
  retreat: ['retreat', 'retreat condition', 'retreat if'],
  rounds: ['rounds', 'pause after', 'pause'],
  mode: ['mode'],
  combat: ['combat'],
  range: ['range'],
  planet: ['planet', 'friendly planet'],
  units: ['units', 'unit data'],
  attackerOrders: ['attacker orders'],
  defenderOrders: ['defender orders'],
  readings: ['readings'],
  terrain: ['terrain'],
  castes: ['castes'],
  seed: ['seed'],
  dice: ['dice'],
} as const;

type BattleKey = keyof typeof BATTLE_COLUMNS;

/**
 * The columns of the rulesets' options that none above gives, by option key (`hitOn`: `Hit
 * on`), apart from the fixed ones so that a slip in a fixed key is still a compile error.
 */
const OPTION_COLUMNS = optionColumns(BATTLE_COLUMNS);
const OPTION_WORDS: readonly string[] = Object.values(OPTION_COLUMNS).flat();

/** The Battles columns whose text may be longer than an id, a name or a seed. */
const LONG_TEXT: readonly BattleKey[] = [
  'retreat',
  'readings',
  'units',
  'attackerOrders',
  'defenderOrders',
  'castes',
  'dice',
];

/**
 * The cells of a row that are read, with the most text each may hold: long text in a column
 * named after a ruleset's option, which may be orders as well as a word.
 */
function readChecks(cols: Columns<BattleKey>, optionCols: Columns<string>) {
  return [
    ...(Object.keys(cols) as BattleKey[])
      .filter((k) => cols[k] !== undefined)
      .map((k) => ({ col: cols[k]!, maxText: LONG_TEXT.includes(k) ? MAX_LONG_TEXT : undefined })),
    ...Object.values(optionCols).map((col) => ({ col: col!, maxText: MAX_LONG_TEXT })),
  ];
}

/** The option columns, by the key each ruleset's `parseOptions` takes. */
const OPTION_KEYS = [
  'sea',
  'fort',
  'breachBy',
  'retreat',
  'rounds',
  'mode',
  ...(['combat', 'range', 'planet', 'units', 'attackerOrders', 'defenderOrders'] as const),
  ...(['readings', 'terrain', 'castes'] as const),
] as const;

/** True when `ruleset` reads the option column `key` (as `readOptions` judges it). */
const readsOption = (ruleset: AnyRuleset, key: string): boolean => {
  const probe = ruleset.parseOptions({ [key]: '?' });
  return probe.ok || !probe.error.startsWith(`unknown option "${key}"`);
};

/** The rules that read each option column, found once. */
const optionRules = new Map<string, string[]>();
const rulesReading = (key: string): string[] => {
  let rules = optionRules.get(key);
  if (rules === undefined) {
    rules = RULESETS.filter((r) => readsOption(r, key)).map((r) => r.id);
    optionRules.set(key, rules);
  }
  return rules;
};

/**
 * The Battles columns that change how a battle is fought: all but its territory (the id picks
 * its forces, and its derived seed); an option column only for the rules that read it.
 */
const decidingColumns = (
  cols: Columns<BattleKey>,
  optionCols: Columns<string>,
): DecidingColumn[] => [
  ...(Object.keys(BATTLE_COLUMNS) as BattleKey[])
    .filter((key) => key !== 'territory')
    .flatMap((key) => {
      const option = (OPTION_KEYS as readonly string[]).includes(key);
      const rules = option ? rulesReading(key) : undefined;
      return BATTLE_COLUMNS[key].map((word) => ({
        word,
        name: columnTitle(key),
        present: cols[key] !== undefined,
        ...(rules ? { rules } : {}),
      }));
    }),
  ...Object.keys(OPTION_COLUMNS).map((key) => ({
    word: OPTION_COLUMNS[key][0],
    name: optionTitle(key),
    present: optionCols[key] !== undefined,
    rules: rulesReading(key),
  })),
];

const sheetName = (t: SheetTable) => t.origin.sheet ?? 'the table';

/** A column's name as the template writes it: `Retreat`, `Breach by`, `Attacker orders`. */
const columnTitle = (key: BattleKey): string => capitalise(BATTLE_COLUMNS[key][0]);
/** A ruleset's own option column's name: `Hit on`. */
const optionTitle = (key: string): string => capitalise(OPTION_COLUMNS[key][0]);

/** Every Battles column, as the warning on a column Praetor does not read lists them. */
const KNOWN_COLUMNS_TEXT = [
  ...(Object.keys(BATTLE_COLUMNS) as BattleKey[])
    .filter((k) => k !== 'seed' && k !== 'dice')
    .map(columnTitle),
  ...Object.keys(OPTION_COLUMNS).map(optionTitle),
  columnTitle('seed'),
  columnTitle('dice'),
].join(', ');

/** The Battles table's header, checked as every table's is; its options' own columns read too. */
const BATTLES_HEADER: TableColumns<BattleKey> = {
  columns: BATTLE_COLUMNS,
  required: ['battle'],
  knownText: KNOWN_COLUMNS_TEXT,
  alsoKnown: (word) => OPTION_WORDS.includes(word),
  alsoKeys: (word) => Object.keys(OPTION_COLUMNS).filter((k) => OPTION_COLUMNS[k].includes(word)),
  missingTail: ' in its header row',
};

export function readSubmission(
  battles: SheetTable,
  legions: SheetTable,
  /** The rulesets' own tables, when the workbook has them. */
  sheets: RulesetSheets = {},
  /**
   * False to read as Praetor did before a battle's bad cells came with its legions' own
   * problems: `verify` replays workbooks adjudicated then.
   */
  withLegionProblems = true,
): Submission {
  const optionCols = findColumns(battles.cells[0] ?? [], OPTION_COLUMNS);
  const checked = readHeader(battles, BATTLES_HEADER, (cols) => decidingColumns(cols, optionCols));
  const { warnings } = checked;
  if (checked.problems.length > 0) return { entries: [], problems: checked.problems, warnings };
  const {
    entries,
    badCells,
    warnings: cellWarnings,
  } = readBattleRows(battles, checked, optionCols);
  addAll(warnings, cellWarnings);
  const problems: string[] = [];
  if (entries.length === 0) {
    problems.push(
      `${cellAddress(battles.origin, 0, checked.cols.battle!)}: ${sheetName(battles)} has no battles below its header row`,
    );
  }
  const legionRows = readLegionRows(legions, entries, sheetName(battles));
  addAll(problems, legionRows.problems);
  addAll(warnings, legionRows.warnings);
  if (legionRows.fatal) return { entries: [], problems, warnings };
  const extras = [
    sheets.fleets ? readFleetRows(sheets.fleets, entries, sheetName(battles)) : null,
    sheets.units ? readUnitRows(sheets.units, entries, sheetName(battles)) : null,
    sheets.armies ? readArmyRows(sheets.armies, entries, sheetName(battles)) : null,
  ];
  /** Each table's bad cells by battle, in the order read: Battles, Legions, then the others. */
  const badCellsByTable = [badCells, legionRows.errors];
  for (const rows of extras) {
    if (rows === null) continue;
    addAll(problems, rows.problems);
    addAll(warnings, rows.warnings);
    if (rows.fatal) return { entries: [], problems, warnings };
    badCellsByTable.push(rows.errors);
    for (const [i, more] of rows.byEntry) {
      legionRows.byEntry.set(i, [...(legionRows.byEntry.get(i) ?? []), ...more]);
    }
  }

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.spec === null) continue;
    const groups = badCellsByTable.map((table) => table.get(i) ?? []);
    const more = withLegionProblems
      ? legionProblems(entry, groups[0], legionRows.byEntry.get(i))
      : [];
    const error = battleError(groups, more);
    if (error !== null) {
      entries[i] = { ...entry, spec: null, error };
      continue;
    }
    // Sides are counted only once every row is good: a bad row may be the side that is missing.
    const sides: Record<Side, Legion[]> = { attacker: [], defender: [] };
    for (const l of legionRows.byEntry.get(i) ?? []) sides[l.side].push(l.legion);
    const missing = (['attacker', 'defender'] as const).filter((s) => sides[s].length === 0);
    if (missing.length > 0) {
      entries[i] = {
        ...entry,
        spec: null,
        error: `${entry.where}: battle "${entry.id}" has no ${missing.join(' and no ')} legion in ${sheetName(legions)}`,
      };
      continue;
    }
    const spec = entry.spec;
    spec.attacker = sides.attacker;
    spec.defender = sides.defender;
    if (spec.seed === undefined && spec.dice === undefined) {
      spec.seed = derivedSeed(entry.id, sides, findRuleset(String(spec.rules))!);
      entry.seedDerived = true;
    }
  }
  for (const entry of entries) {
    if (entry.spec !== null && entry.idle) warnings.push(...entry.idle);
    const seed = entry.spec?.seed;
    if (typeof seed === 'string' && seed.trim().toLowerCase() === TEMPLATE_SEED && entry.seedAt) {
      warnings.push(
        `${entry.seedAt}: battle "${entry.id}" ${TEMPLATE_SEED_WARNING} ("${seed}"): delete its rows if it is only the example, not a battle of this turn`,
      );
    }
  }
  return { entries, problems, warnings };
}

/**
 * The Battles rows: an entry per battle, and the bad cells of each battle's row (by entry
 * index). A battle with bad cells keeps its spec while its forces rows are read, so that their
 * bad cells are named too; a battle with no spec is stopped by one problem.
 */
function readBattleRows(
  battles: SheetTable,
  { cols, isRead, lookalikes }: TableHeader<BattleKey>,
  optionCols: Columns<string>,
): { entries: SubmissionEntry[]; badCells: Map<number, BadCell[]>; warnings: string[] } {
  const entries: SubmissionEntry[] = [];
  const badCells = new Map<number, BadCell[]>();
  const warnings: string[] = [];
  const firstRow = new Map<string, number>();
  const checks = readChecks(cols, optionCols);
  const optionCells = presentOptionCells(cols, optionCols);
  const labels = new Set([cols.territory]);
  const unheaded = mergedHeaderColumns(battles, isRead);
  const skipped = blankButNotes(battles);
  for (let r = 1; r < battles.cells.length; r++) {
    const row = battles.cells[r];
    if (skipped(row)) continue;
    const merged = mergedCells(battles, r, checks, labels);
    const where = cellAddress(battles.origin, r, cols.battle!);
    const idMerged = merged.find((m) => m.col === cols.battle);
    if (idMerged !== undefined) {
      // An id the file holds hidden under the merge names the battle, so that its forces rows
      // find it (and its error) rather than no battle; else the row does.
      const hidden = cellProblem(row[cols.battle!]) === null ? cellText(row[cols.battle!]) : '';
      const named = hidden !== '' && !firstRow.has(battleIdKey(hidden));
      const id = named ? hidden : `(row ${battles.origin.row + r + 1})`;
      if (named) firstRow.set(battleIdKey(hidden), entries.length);
      entries.push({
        id,
        where,
        spec: null,
        error: idMerged.message,
        ...(named ? {} : { idless: true }),
      });
      continue;
    }
    const idProblem = cellProblem(row[cols.battle!]);
    const id = idProblem === null ? cellText(row[cols.battle!]) : '';
    // An unreadable, blank or repeated id stops the battle: forces rows find their battle by id.
    if (idProblem !== null) {
      entries.push({
        id: `(row ${battles.origin.row + r + 1})`,
        where,
        spec: null,
        error: `${where}: the battle's id cannot be read: ${idProblem}`,
        idless: true,
      });
      continue;
    }
    if (id === '') {
      entries.push({
        id: `(row ${battles.origin.row + r + 1})`,
        where,
        spec: null,
        error: `${where}: the battle has no id (the Battle column is blank)`,
        idless: true,
      });
      continue;
    }
    const first = firstRow.get(battleIdKey(id));
    if (first !== undefined) {
      const message = `${where}: battle id "${id}" is used twice (also at ${entries[first].where}); ids must be unique`;
      // Each row's error names its own cell, so that the batch's list shows no line twice.
      const again =
        `${entries[first].where}: battle id "${entries[first].id}" is used again at ${where}; ` +
        'ids must be unique, so neither battle is resolved';
      entries[first] = { ...entries[first], spec: null, error: again };
      badCells.delete(first);
      entries.push({ id, where, spec: null, error: message });
      continue;
    }
    firstRow.set(battleIdKey(id), entries.length);
    const unreadable = rowProblems(row, r, battles.origin, checks);
    for (const cell of merged) {
      if (cell.label) warnings.push(cell.message);
      else addBadCell(unreadable, cell);
    }
    for (const col of unheaded) {
      const message = mergedHeaderProblem(battles, r, col);
      if (message !== null) addBadCell(unreadable, { row: r, col, message });
    }
    const read = readBattleRow(battles, cols, optionCells, r, id, where, unreadable, lookalikes);
    if (read.badCells.length > 0) badCells.set(entries.length, read.badCells);
    entries.push(read.entry);
  }
  return { entries, badCells, warnings };
}

/**
 * The own problems (`checkLegion`) of a battle's legions that read well, for a battle that has
 * bad cells elsewhere: a legion of 8 is named with a count that is not a number, not a turn
 * later. Only when its Battles row is good, since the problems depend on its options; none for
 * rules without `checkLegion`. Worded as `checkForces` words them, which names a side past its
 * size limit alone: then that is the one problem (the legions read well are a lower bound of
 * the side). A side that is missing waits for the bad cells: a bad row may be that side's.
 */
function legionProblems(
  entry: SubmissionEntry,
  battleRowCells: readonly BadCell[],
  legions: readonly { side: Side; legion: Legion }[] = [],
): string[] {
  const ruleset = entry.spec && findRuleset(String(entry.spec.rules));
  if (!ruleset?.checkLegion || battleRowCells.length > 0) return [];
  const options = ruleset.parseOptions(entry.spec!.options as RawOptions);
  if (!options.ok) return [];
  const forces: Forces = { attacker: [], defender: [] };
  for (const { side, legion } of legions) forces[side].push(legion);
  const checked = ruleset.checkForces(forces, options.value);
  if (checked.ok) return [];
  // In roster order, as `checkForces` lists them: the attacker's legions, then the defender's.
  const own = SIDES.flatMap((side) =>
    forces[side].flatMap((legion) => ruleset.checkLegion!(legion, side, options.value)),
  );
  return listProblems(own) === checked.error ? own : [checked.error];
}

/**
 * A Battles row: its entry, and its bad cells (`unreadable` first, then values under look-alike
 * headers of its rules, the options and the dice). Unknown rules stop it: with no ruleset,
 * neither its options nor its forces rows can be checked, so its entry has no spec and its
 * error is what was found up to there.
 */
function readBattleRow(
  battles: SheetTable,
  cols: Columns<BattleKey>,
  optionCells: readonly OptionCell[],
  r: number,
  id: string,
  where: string,
  unreadable: readonly BadCell[],
  lookalikes: ReadonlyMap<number, readonly Lookalike[]>,
): { entry: SubmissionEntry; badCells: BadCell[] } {
  const row = battles.cells[r];
  const badCells = [...unreadable];
  const addressOf = (col: number) => cellAddress(battles.origin, r, col);
  const isBadCol = (col: number | undefined) => badCells.some((c) => c.col === col);
  const badCol = (col: number, problem: string) =>
    addBadCell(badCells, { row: r, col, message: `${addressOf(col)}: ${problem}` });
  const at = (key: BattleKey) => (cols[key] === undefined ? undefined : row[cols[key]!]);
  const address = (key: BattleKey) => addressOf(cols[key]!);
  const isBad = (key: BattleKey) => isBadCol(cols[key]);
  const bad = (key: BattleKey, problem: string) => badCol(cols[key]!, problem);

  const rulesText = cellText(at('rules'));
  const ruleset = isBad('rules') ? undefined : findRuleset(rulesText || DEFAULT_RULESET);
  // Unknown (or unreadable) rules stop the battle: no ruleset to check options or forces by.
  if (!ruleset) {
    bad(
      'rules',
      `unknown rules "${rulesText}" (known: ${rulesetIds().join(', ')}; blank means ${DEFAULT_RULESET})`,
    );
    return { entry: { id, where, spec: null, error: battleError([badCells]) }, badCells: [] };
  }
  const header = battles.cells[0];
  for (const c of lookalikeCells(row, r, battles.origin, header, lookalikes, ruleset.id)) {
    addBadCell(badCells, c);
  }
  const options = readOptions(
    ruleset,
    optionCells.map(({ key, title, col }) => ({
      key,
      title,
      value: row[col],
      isBad: () => isBadCol(col),
      bad: (problem: string) => badCol(col, problem),
    })),
  );
  // An option given that changes nothing (`IdleOption`), warned of at its cell.
  const idle: string[] = [];
  const idleWarning = ({ key, part, why }: IdleOption) => {
    const { title, col } = optionCells.find((o) => o.key === key) ?? {
      title: columnTitle(key as BattleKey),
      col: cols[key as BattleKey]!,
    };
    idle.push(
      `${addressOf(col)}: battle "${id}" gives ${title} ` +
        `"${oneLine(cellText(row[col]))}": ${part ?? 'it'} ${IDLE_OPTION_WARNING}: ${why}`,
    );
  };
  if (options !== null) {
    const together = ruleset.parseOptions(options);
    // Options at odds with each other (sea with a fort) are the row's: named at its first cell.
    const message = together.ok ? null : `${cellAddress(battles.origin, r, 0)}: ${together.error}`;
    if (message !== null) addBadCell(badCells, { row: r, col: 0, message });
    if (together.ok) ruleset.idleOptions?.(together.value).forEach(idleWarning);
  }

  const spec: BattleSpec = { id, rules: ruleset.id, options: options ?? {} };
  const entry: SubmissionEntry = { id, where, spec, error: null };
  const done = () => ({ entry: idle.length > 0 ? { ...entry, idle } : entry, badCells });
  const territory = cellText(at('territory'));
  if (territory !== '' && !isBad('territory')) entry.territory = territory;
  const diceText = cellText(at('dice'));
  if (diceText !== '') {
    if (isBad('dice')) return done();
    const dice = readDice(diceText);
    if (!dice.ok) bad('dice', dice.error + numberCellHint(plainValue(at('dice'))));
    else {
      spec.dice = dice.value;
      entry.diceAt = address('dice');
      // The Dice are used: a Seed beside them is a slip (the template's, left in place).
      if (cols.seed !== undefined && !isBad('seed') && cellText(at('seed')) !== '') {
        idleWarning({ key: 'seed', why: 'its Dice are used; clear the Seed' });
      }
    }
  } else {
    const seed = cellText(at('seed'));
    if (seed !== '') {
      spec.seed = seed;
      entry.seedAt = address('seed');
    }
  }
  return done();
}

/** A cell of a Battles row: its value, and whether it is (or how to make it) bad. */
interface RowCell {
  value: unknown;
  isBad(): boolean;
  bad(problem: string): void;
}

/** An option's column in the Battles table: the option's key, the column's name, where it is. */
interface OptionCell {
  key: string;
  title: string;
  col: number;
}

/** The option columns the table has, fixed and named after a ruleset's option, in that order. */
const presentOptionCells = (cols: Columns<BattleKey>, optionCols: Columns<string>): OptionCell[] =>
  [
    ...OPTION_KEYS.map((key) => ({ key, title: columnTitle(key), col: cols[key] })),
    ...Object.keys(OPTION_COLUMNS).map((key) => ({
      key,
      title: optionTitle(key),
      col: optionCols[key],
    })),
  ].filter((o): o is OptionCell => o.col !== undefined);

/**
 * The option cells of a Battles row, each checked alone by the ruleset: the options, or null
 * when any is bad (each bad one given to `bad`; one already bad is not read again).
 */
function readOptions(
  ruleset: AnyRuleset,
  cells: readonly (Omit<OptionCell, 'col'> & RowCell)[],
): RawOptions | null {
  const options: RawOptions = {};
  let allGood = true;
  for (const { key, title, value: cellValue, isBad, bad } of cells) {
    if (isBad()) {
      allGood = false;
      continue;
    }
    const value = plainValue(cellValue);
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    if (typeof value === 'string' && isLooseNumber(value)) {
      bad(
        `"${value.trim()}" is not a plain number: write it with digits only (no 0x, no exponent)`,
      );
      allGood = false;
      continue;
    }
    const checked = ruleset.parseOptions({
      [key]: typeof value === 'string' ? value.trim() : value,
    });
    if (!checked.ok && checked.error.startsWith(`unknown option "${key}"`)) {
      bad(`the ${title} column does not apply to ${ruleset.id} battles: clear the cell`);
      allGood = false;
      continue;
    }
    if (!checked.ok) {
      bad(checked.error);
      allGood = false;
      continue;
    }
    options[key] = value;
  }
  return allGood ? options : null;
}

/**
 * For a Dice cell Excel stored as a number, how to keep the dice as typed; else ''. Of more than
 * three dice: `3,456` typed, read with its comma as a thousands separator. Of two: `3,4` typed
 * where a comma is the decimal mark, read as 3.4.
 */
function numberCellHint(value: unknown): string {
  if (typeof value !== 'number') return '';
  if (/^[1-6]{4,}$/.test(String(value))) {
    return `; Excel reads ${value.toLocaleString('en-US')} as the number ${value}: format the cell as text`;
  }
  if (/^[1-6]\.[1-6]+$/.test(String(value))) {
    const typed = String(value).replace('.', ',');
    return `; Excel reads ${typed} as the decimal number ${value} where a comma is the decimal mark: format the cell as text and type the dice again`;
  }
  return '';
}

/** A Dice cell's text: the dice, or the problem (without the cell's address). */
function readDice(diceText: string): Result<number[]> {
  const items = diceText.split(/[\s,;]+/).filter((d) => d !== '');
  const loose = items.findIndex((d) => !/^[+]?\d+(\.0*)?$/.test(d));
  if (loose >= 0) {
    return err(
      `dice: die ${loose + 1} is "${items[loose]}": each die must be a whole number from 1 to 6` +
        runTogether(items[loose]),
    );
  }
  const dice = parseDiceList(diceText);
  return dice.ok ? dice : err(`dice: ${dice.error}`);
}

/**
 * The seed of a battle that gives neither seed nor dice: its id and rosters (units in the
 * ruleset's order, whatever the order of the columns), so that the same workbook always gives
 * the same battles, and anyone can replay one with `praetor battle --seed`.
 */
export function derivedSeed(
  id: string,
  sides: Record<Side, Legion[]>,
  ruleset: AnyRuleset = findRuleset(DEFAULT_RULESET)!,
): string {
  const order = ruleset.units.map((u) => u.code);
  const rank = (code: string) => {
    const i = order.indexOf(code);
    return i < 0 ? order.length : i;
  };
  const roster = (legions: Legion[]) =>
    legions
      .map((l) => {
        const units = Object.entries(l.units)
          .filter(([, n]) => n > 0)
          .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
          .map(([code, n]) => `${n} ${code}`)
          .join(' ');
        return l.leader ? `${l.leader}: ${units}` : units;
      })
      .join('; ');
  return `${id} | ${roster(sides.attacker)} | ${roster(sides.defender)}`;
}
