import { cellAddress, cellText, isBlank, readWholeCell } from './cells';
import { BadCell, findColumns, headerWord } from './columns';
import { DecidingColumn } from './header-slips';
import { Legion, Side } from './forces';
import { err, ok, Result } from './result';
import { parseSide } from './roster';
import { DEFAULT_RULESET, findRuleset, RULESETS } from './rulesets';
import type { SheetTable, SubmissionEntry } from './submission';
import { emptyRows, readForcesTable } from './submission-rows';
import { unitCode } from './units';

/** The `Legions` table of a submission: one legion per row, each for a battle of `Battles`. */

const LEGION_COLUMNS = {
  battle: ['battle', 'battle id'],
  side: ['side'],
  player: ['player'],
  leader: ['leader', 'general'],
} as const;

export interface LegionRow {
  side: Side;
  legion: Legion;
}

export interface LegionRows {
  /** A required column is missing: no battle can be read. */
  fatal: boolean;
  problems: string[];
  warnings: string[];
  /** The bad cells of each battle's rows (by entry index), in the order read. */
  errors: Map<number, BadCell[]>;
  byEntry: Map<number, LegionRow[]>;
}

const isUnitWord = (word: string) => RULESETS.some((r) => unitCode(r.units, word) !== undefined);

/** A unit column's keys, one per ruleset that knows the word: `Foot` and `INF` are one column. */
const unitKeys = (word: string): string[] =>
  RULESETS.flatMap((r) => {
    const code = unitCode(r.units, word);
    return code === undefined ? [] : [`${r.id}:${code}`];
  });

/**
 * The unit words of the rules the battles use, each a deciding column, present when the header
 * has its unit. (Other rules' units would make look-alikes of headers no player of these means.)
 */
function unitColumns(header: readonly unknown[], entries: SubmissionEntry[]): DecidingColumn[] {
  const taken = new Set(header.flatMap((c) => (isBlank(c) ? [] : unitKeys(headerWord(c)))));
  const used = new Set(entries.map((e) => String(e.spec?.rules ?? DEFAULT_RULESET)));
  return RULESETS.filter((r) => used.has(r.id)).flatMap((r) =>
    r.units.flatMap((u) =>
      [u.code, u.name, ...u.aliases].map((word) => ({
        word: word.toLowerCase(),
        name: u.name,
        present: taken.has(`${r.id}:${u.code}`),
        rules: [r.id],
      })),
    ),
  );
}

/** The most of one unit a Legions cell may give: galleys are not limited to 7, but 99 is plenty. */
export const MAX_LEGION_CELL_COUNT = 99;

export function readLegionRows(
  legions: SheetTable,
  entries: SubmissionEntry[],
  battlesSheet: string,
): LegionRows {
  const out = emptyRows();
  const unitsByRules = new Map<string, UnitColumn[]>();
  return readForcesTable(
    legions,
    entries,
    battlesSheet,
    {
      columns: LEGION_COLUMNS,
      required: ['battle', 'side'],
      knownText: 'Battle, Side, Player, Leader, Infantry, Cavalry, Catapults, Galleys',
      alsoKnown: isUnitWord,
      alsoKeys: unitKeys,
      labels: ['player', 'leader'],
      alsoDeciding: (header) => unitColumns(header, entries),
      rowName: 'legion',
      headerProblem: (header, at, sheet) =>
        header.some((c) => !isBlank(c) && isUnitWord(headerWord(c)))
          ? null
          : `${at}: ${sheet} has no unit columns (Infantry, Cavalry, Catapults, Galleys)`,
    },
    (r, i, entry, cols) => {
      const rules = String(entry.spec!.rules ?? DEFAULT_RULESET);
      let units = unitsByRules.get(rules);
      if (units === undefined) unitsByRules.set(rules, (units = unitColumnsOf(legions, rules)));
      const legion = readLegionRow(legions, cols, r, rules, units);
      if (!legion.ok) return legion.error;
      const list = out.byEntry.get(i) ?? [];
      list.push(legion.value);
      out.byEntry.set(i, list);
      return [];
    },
    out,
  );
}

/** A column of unit counts: the unit's code in the battle's rules, or none for other rules' units. */
interface UnitColumn {
  col: number;
  code: string | undefined;
}

/** The unit columns of a Legions table, left to right, as a battle of `rules` reads them. */
function unitColumnsOf(table: SheetTable, rules: string): UnitColumn[] {
  const header = table.cells[0];
  const catalog = (findRuleset(rules) ?? findRuleset(DEFAULT_RULESET)!).units;
  const columns: UnitColumn[] = [];
  for (let col = 0; col < header.length; col++) {
    if (isBlank(header[col])) continue;
    const code = unitCode(catalog, cellText(header[col]));
    if (code !== undefined || isUnitWord(headerWord(header[col]))) columns.push({ col, code });
  }
  return columns;
}

/** A legion row, or the problems of its cells (side, then unit columns left to right). */
function readLegionRow(
  table: SheetTable,
  cols: ReturnType<typeof findColumns<keyof typeof LEGION_COLUMNS>>,
  r: number,
  rules: string,
  unitColumns: readonly UnitColumn[],
): Result<LegionRow, string[]> {
  const header = table.cells[0];
  const row = table.cells[r];
  const problems: string[] = [];
  const side = parseSide(row[cols.side!]);
  if (side === undefined) {
    const text = cellText(row[cols.side!]);
    problems.push(
      `${cellAddress(table.origin, r, cols.side!)}: side ${text === '' ? 'is blank' : `"${text}" is neither Attacker nor Defender`}`,
    );
  }
  const units: Record<string, number> = {};
  let firstUnitCol = -1;
  for (const { col, code } of unitColumns) {
    if (code === undefined) {
      if (!isBlank(row[col])) {
        problems.push(
          `${cellAddress(table.origin, r, col)}: ${rules} has no unit "${cellText(header[col])}"`,
        );
      }
      continue;
    }
    if (firstUnitCol < 0) firstUnitCol = col;
    const count = readWholeCell(row[col], cellAddress(table.origin, r, col), {
      min: 0,
      max: MAX_LEGION_CELL_COUNT,
      blank: 0,
      what: 'a count',
    });
    if (!count.ok) problems.push(count.error);
    else units[code] = (units[code] ?? 0) + count.value;
  }
  if (side === undefined || problems.length > 0) return err(problems);
  const leader = cols.leader === undefined ? '' : cellText(row[cols.leader]);
  const player = cols.player === undefined ? '' : cellText(row[cols.player]);
  const who = [leader, player && `player ${player}`].filter(Boolean).join(', ');
  const at = cellAddress(table.origin, r, firstUnitCol < 0 ? 0 : firstUnitCol);
  const where = `${side} legion at ${at}${who ? ` (${who})` : ''}`;
  return ok({ side, legion: { ...(leader ? { leader } : {}), units, where } });
}
