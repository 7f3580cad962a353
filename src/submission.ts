import { BattleSpec } from './battle';
import {
  cellAddress,
  CellGrid,
  cellProblem,
  cellText,
  GridOrigin,
  isBlank,
  isLooseNumber,
  MAX_LONG_TEXT,
  plainValue,
} from './cells';
import {
  Columns,
  findColumns,
  headerProblems,
  NOTE_COLUMNS,
  rowProblem,
  unknownColumns,
} from './columns';
import { parseDiceList } from './dice';
import { Legion, Side } from './forces';
import { AnyRuleset, RawOptions } from './ruleset';
import { DEFAULT_RULESET, findRuleset, rulesetIds } from './rulesets';
import { readArmyRows } from './submission-armies';
import { readFleetRows } from './submission-fleets';
import { readLegionRows } from './submission-legions';
import { readUnitRows } from './submission-units';

/**
 * A submission workbook's `Battles` and `Legions` tables, read into battle specs. Pure: the
 * taskpane (Office.js `range.values`) and the headless referee (exceljs) both hand it grids,
 * so that both resolve a workbook cell for cell alike. Every error names the cell to look at.
 */

/** A table's cells (header row first) and where it sits, for messages. */
export interface SheetTable {
  cells: CellGrid;
  origin: GridOrigin;
}

export interface SubmissionEntry {
  id: string;
  /** The battle's id cell, e.g. `Battles!A3`. */
  where: string;
  spec: BattleSpec | null;
  error: string | null;
  /** The battle's `Dice` cell, when it scripts the dice: where running out of them points. */
  diceAt?: string;
  /** The battle's `Seed` cell, when it gives a seed (and no dice). */
  seedAt?: string;
  /** True when the battle gave neither dice nor seed and its seed was derived. */
  seedDerived?: boolean;
  /** The battle's `Territory` cell, when filled in: reports name it. */
  territory?: string;
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

/** The cells of a row that are read, with the most text each may hold. */
function readChecks(cols: Columns<BattleKey>) {
  return (Object.keys(cols) as BattleKey[])
    .filter((k) => cols[k] !== undefined)
    .map((k) => ({ col: cols[k]!, maxText: LONG_TEXT.includes(k) ? MAX_LONG_TEXT : undefined }));
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

const sheetName = (t: SheetTable) => t.origin.sheet ?? 'the table';

export function readSubmission(
  battles: SheetTable,
  legions: SheetTable,
  /** The rulesets' own tables, when the workbook has them. */
  sheets: RulesetSheets = {},
): Submission {
  const header = battles.cells[0] ?? [];
  const cols = findColumns(header, BATTLE_COLUMNS);
  const known = Object.values(BATTLE_COLUMNS).flat() as string[];
  const warnings = unknownColumns(
    header,
    battles.origin,
    (w) => known.includes(w) || NOTE_COLUMNS.includes(w),
    'Battle, Territory, Rules, Sea, Fort, Breach by, Retreat, Rounds, Mode, Combat, Range, Planet, Units, Attacker orders, Defender orders, Readings, Terrain, Castes, Seed, Dice',
  );
  const unreadable = headerProblems(header, battles.origin, BATTLE_COLUMNS);
  if (unreadable.length > 0) return { entries: [], problems: unreadable, warnings };
  if (cols.battle === undefined) {
    return {
      entries: [],
      problems: [
        `${cellAddress(battles.origin, 0, 0)}: ${sheetName(battles)} has no "Battle" column in its header row`,
      ],
      warnings,
    };
  }
  const entries = readBattleRows(battles, cols);
  const problems: string[] = [];
  if (entries.length === 0) {
    problems.push(
      `${cellAddress(battles.origin, 0, cols.battle)}: ${sheetName(battles)} has no battles below its header row`,
    );
  }
  const legionRows = readLegionRows(legions, entries, sheetName(battles));
  problems.push(...legionRows.problems);
  warnings.push(...legionRows.warnings);
  if (legionRows.fatal) return { entries: [], problems, warnings };
  const extras = [
    sheets.fleets ? readFleetRows(sheets.fleets, entries, sheetName(battles)) : null,
    sheets.units ? readUnitRows(sheets.units, entries, sheetName(battles)) : null,
    sheets.armies ? readArmyRows(sheets.armies, entries, sheetName(battles)) : null,
  ];
  for (const rows of extras) {
    if (rows === null) continue;
    problems.push(...rows.problems);
    warnings.push(...rows.warnings);
    if (rows.fatal) return { entries: [], problems, warnings };
    for (const [i, error] of rows.errors)
      if (!legionRows.errors.has(i)) legionRows.errors.set(i, error);
    for (const [i, more] of rows.byEntry) {
      legionRows.byEntry.set(i, [...(legionRows.byEntry.get(i) ?? []), ...more]);
    }
  }

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.spec === null) continue;
    const error = legionRows.errors.get(i);
    if (error !== undefined) {
      entries[i] = { ...entry, spec: null, error };
      continue;
    }
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
  return { entries, problems, warnings };
}

function readBattleRows(battles: SheetTable, cols: Columns<BattleKey>): SubmissionEntry[] {
  const entries: SubmissionEntry[] = [];
  const firstRow = new Map<string, number>();
  const checks = readChecks(cols);
  for (let r = 1; r < battles.cells.length; r++) {
    const row = battles.cells[r];
    if (row.every(isBlank)) continue;
    const where = cellAddress(battles.origin, r, cols.battle!);
    const idProblem = cellProblem(row[cols.battle!]);
    const id = idProblem === null ? cellText(row[cols.battle!]) : '';
    if (idProblem !== null) {
      entries.push({
        id: `(row ${battles.origin.row + r + 1})`,
        where,
        spec: null,
        error: `${where}: the battle's id cannot be read: ${idProblem}`,
      });
      continue;
    }
    if (id === '') {
      entries.push({
        id: `(row ${battles.origin.row + r + 1})`,
        where,
        spec: null,
        error: `${where}: the battle has no id (the Battle column is blank)`,
      });
      continue;
    }
    const first = firstRow.get(id.toLowerCase());
    if (first !== undefined) {
      const message = `${where}: battle id "${id}" is used twice (also at ${entries[first].where}); ids must be unique`;
      // Each row's error names its own cell, so that the batch's list shows no line twice.
      const again =
        `${entries[first].where}: battle id "${entries[first].id}" is used again at ${where}; ` +
        'ids must be unique, so neither battle is resolved';
      entries[first] = { ...entries[first], spec: null, error: again };
      entries.push({ id, where, spec: null, error: message });
      continue;
    }
    firstRow.set(id.toLowerCase(), entries.length);
    const problem = rowProblem(row, r, battles.origin, checks);
    entries.push(
      problem === null
        ? readBattleRow(battles, cols, r, id, where)
        : { id, where, spec: null, error: problem },
    );
  }
  return entries;
}

function readBattleRow(
  battles: SheetTable,
  cols: Columns<BattleKey>,
  r: number,
  id: string,
  where: string,
): SubmissionEntry {
  const row = battles.cells[r];
  const at = (key: BattleKey) => (cols[key] === undefined ? undefined : row[cols[key]!]);
  const address = (key: BattleKey) => cellAddress(battles.origin, r, cols[key]!);
  const fail = (error: string): SubmissionEntry => ({ id, where, spec: null, error });

  const rulesText = cellText(at('rules'));
  const ruleset = findRuleset(rulesText || DEFAULT_RULESET);
  if (!ruleset) {
    return fail(
      `${address('rules')}: unknown rules "${rulesText}" (known: ${rulesetIds().join(', ')}; blank means ${DEFAULT_RULESET})`,
    );
  }
  const options: RawOptions = {};
  for (const key of OPTION_KEYS) {
    const value = plainValue(at(key));
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    if (typeof value === 'string' && isLooseNumber(value)) {
      return fail(
        `${address(key)}: "${value.trim()}" is not a plain number: write it with digits only ` +
          '(no 0x, no exponent)',
      );
    }
    const checked = ruleset.parseOptions({
      [key]: typeof value === 'string' ? value.trim() : value,
    });
    if (!checked.ok) return fail(`${address(key)}: ${checked.error}`);
    options[key] = value;
  }
  const together = ruleset.parseOptions(options);
  if (!together.ok) return fail(`${cellAddress(battles.origin, r, 0)}: ${together.error}`);

  const spec: BattleSpec = { id, rules: ruleset.id, options };
  const entry: SubmissionEntry = { id, where, spec, error: null };
  const territory = cellText(at('territory'));
  if (territory !== '') entry.territory = territory;
  const diceText = cellText(at('dice'));
  if (diceText !== '') {
    const loose = diceText
      .split(/[\s,;]+/)
      .filter((d) => d !== '')
      .findIndex((d) => !/^[+]?\d+(\.0*)?$/.test(d));
    if (loose >= 0) {
      const item = diceText.split(/[\s,;]+/).filter((d) => d !== '')[loose];
      return fail(
        `${address('dice')}: dice: die ${loose + 1} is "${item}": each die must be a whole number from 1 to 6`,
      );
    }
    const dice = parseDiceList(diceText);
    if (!dice.ok) return fail(`${address('dice')}: dice: ${dice.error}`);
    spec.dice = dice.value;
    entry.diceAt = address('dice');
  } else {
    const seed = cellText(at('seed'));
    if (seed !== '') {
      spec.seed = seed;
      entry.seedAt = address('seed');
    }
  }
  return entry;
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
