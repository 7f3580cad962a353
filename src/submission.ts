import { BattleSpec } from './battle';
import { cellAddress, CellGrid, cellText, GridOrigin, isBlank } from './cells';
import { Legion, Side } from './forces';
import { err, ok, Result } from './result';
import { parseSide, readCountCell } from './roster';
import { DEFAULT_RULESET, findRuleset } from './rulesets';
import { unitCode } from './units';

/**
 * A submission workbook's `Battles` and `Legions` tables, read into battle specs. Pure: the
 * taskpane (Office.js `range.values`) and the headless referee (exceljs) both hand it grids,
 * so that both resolve a workbook cell for cell alike.
 */

/** A table's cells (header row first) and where it sits, for messages. */
export interface SheetTable {
  cells: CellGrid;
  origin: GridOrigin;
}

export interface SubmissionEntry {
  id: string;
  /** The battle's row, e.g. `Battles!A3`. */
  where: string;
  spec: BattleSpec | null;
  error: string | null;
}

export interface Submission {
  entries: SubmissionEntry[];
  /** Problems not tied to one battle: a missing column, a legion for no battle. */
  problems: string[];
}

const BATTLE_COLUMNS = {
  battle: ['battle', 'battle id', 'id'],
  territory: ['territory'],
  rules: ['rules', 'ruleset'],
  sea: ['sea'],
  fort: ['fort', 'fortification'],
  breachBy: ['breach by', 'breachby', 'breach'],
  retreat: ['retreat', 'retreat condition'],
  rounds: ['rounds', 'pause after', 'pause'],
  seed: ['seed'],
  dice: ['dice'],
} as const;

const LEGION_COLUMNS = {
  battle: ['battle', 'battle id'],
  side: ['side'],
  player: ['player'],
  leader: ['leader', 'general'],
} as const;

type Columns<K extends string> = Partial<Record<K, number>>;

function findColumns<K extends string>(
  header: readonly unknown[],
  names: Record<K, readonly string[]>,
): Columns<K> {
  const found: Columns<K> = {};
  header.forEach((cell, col) => {
    const text = cellText(cell).toLowerCase().replace(/\s+/g, ' ');
    for (const key of Object.keys(names) as K[]) {
      if (found[key] === undefined && names[key].includes(text)) found[key] = col;
    }
  });
  return found;
}

const sheetName = (t: SheetTable) => t.origin.sheet ?? 'the table';

interface LegionRow {
  row: number;
  side: Side;
  legion: Legion;
}

export function readSubmission(battles: SheetTable, legions: SheetTable): Submission {
  const problems: string[] = [];
  const bHeader = battles.cells[0] ?? [];
  const bCols = findColumns(bHeader, BATTLE_COLUMNS);
  const lHeader = legions.cells[0] ?? [];
  const lCols = findColumns(lHeader, LEGION_COLUMNS);
  if (bCols.battle === undefined) {
    problems.push(
      `${sheetName(battles)}: no "Battle" column in the header row (${cellAddress(battles.origin, 0, 0)})`,
    );
  }
  for (const key of ['battle', 'side'] as const) {
    if (lCols[key] === undefined) {
      const title = key === 'battle' ? 'Battle' : 'Side';
      problems.push(
        `${sheetName(legions)}: no "${title}" column in the header row (${cellAddress(legions.origin, 0, 0)})`,
      );
    }
  }
  if (problems.length > 0) return { entries: [], problems };

  const entries: SubmissionEntry[] = [];
  const firstRow = new Map<string, number>();
  for (let r = 1; r < battles.cells.length; r++) {
    const row = battles.cells[r];
    if (row.every(isBlank)) continue;
    const at = (key: keyof typeof BATTLE_COLUMNS) => {
      const col = bCols[key];
      return col === undefined ? undefined : row[col];
    };
    const where = cellAddress(battles.origin, r, bCols.battle!);
    const id = cellText(at('battle'));
    if (id === '') {
      entries.push({
        id: `(row ${battles.origin.row + r + 1})`,
        where,
        spec: null,
        error: `${where}: the battle has no id`,
      });
      continue;
    }
    const entry: SubmissionEntry = {
      id,
      where,
      error: null,
      spec: {
        id,
        rules: cellText(at('rules')) || undefined,
        seed: cellText(at('seed')) || undefined,
        dice: cellText(at('dice')) || undefined,
        options: {
          sea: cellText(at('sea')) || undefined,
          fort: cellText(at('fort')) || undefined,
          breachBy: cellText(at('breachBy')) || undefined,
          retreat: cellText(at('retreat')) || undefined,
          rounds: cellText(at('rounds')) || undefined,
        },
      },
    };
    const first = firstRow.get(id.toLowerCase());
    if (first !== undefined) {
      const message = `${where}: battle id "${id}" is used twice (also at ${entries[first].where}); ids must be unique`;
      entries[first] = { ...entries[first], spec: null, error: message };
      entries.push({ id, where, spec: null, error: message });
      continue;
    }
    firstRow.set(id.toLowerCase(), entries.length);
    entries.push(entry);
  }

  const byBattle = new Map<string, LegionRow[]>();
  for (let r = 1; r < legions.cells.length; r++) {
    const row = legions.cells[r];
    if (row.every(isBlank)) continue;
    const battleCell = cellAddress(legions.origin, r, lCols.battle!);
    const battleId = cellText(row[lCols.battle!]);
    const index = firstRow.get(battleId.toLowerCase());
    if (battleId === '' || index === undefined) {
      problems.push(
        battleId === ''
          ? `${battleCell}: the legion names no battle`
          : `${battleCell}: the legion is for battle "${battleId}", which is not in ${sheetName(battles)}`,
      );
      continue;
    }
    const entry = entries[index];
    if (entry.spec === null) continue;
    const legion = readLegionRow(legions, lHeader, lCols, r, entry.spec);
    if (!legion.ok) {
      entries[index] = { ...entry, spec: null, error: legion.error };
      continue;
    }
    const list = byBattle.get(entry.id) ?? [];
    list.push(legion.value);
    byBattle.set(entry.id, list);
  }

  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.spec === null) continue;
    const rows = byBattle.get(entry.id) ?? [];
    const sides = { attacker: [] as Legion[], defender: [] as Legion[] };
    for (const l of rows) sides[l.side].push(l.legion);
    const missing = (['attacker', 'defender'] as const).filter((s) => sides[s].length === 0);
    if (missing.length > 0) {
      entries[i] = {
        ...entry,
        spec: null,
        error: `${entry.where}: battle "${entry.id}" has no ${missing.join(' and no ')} legion in ${sheetName(legions)}`,
      };
      continue;
    }
    entry.spec!.attacker = sides.attacker;
    entry.spec!.defender = sides.defender;
    if (entry.spec!.seed === undefined && entry.spec!.dice === undefined) {
      entry.spec!.seed = derivedSeed(entry.id, sides);
    }
  }
  return { entries, problems };
}

function readLegionRow(
  table: SheetTable,
  header: readonly unknown[],
  cols: Columns<keyof typeof LEGION_COLUMNS>,
  r: number,
  spec: BattleSpec,
): Result<LegionRow> {
  const row = table.cells[r];
  const sideCell = cellAddress(table.origin, r, cols.side!);
  const side = parseSide(row[cols.side!]);
  if (side === undefined) {
    return err(`${sideCell}: side "${cellText(row[cols.side!])}" is neither Attacker nor Defender`);
  }
  const ruleset = findRuleset(String(spec.rules ?? DEFAULT_RULESET));
  // An unknown ruleset is reported by validateBattle; read the units with the default meanwhile.
  const catalog = (ruleset ?? findRuleset(DEFAULT_RULESET)!).units;
  const units: Record<string, number> = {};
  for (let col = 0; col < header.length; col++) {
    const code = unitCode(catalog, cellText(header[col]));
    if (code === undefined || isBlank(header[col])) continue;
    const count = readCountCell(row[col], cellAddress(table.origin, r, col));
    if (!count.ok) return count;
    units[code] = (units[code] ?? 0) + count.value;
  }
  const leader = cols.leader === undefined ? '' : cellText(row[cols.leader]);
  const player = cols.player === undefined ? '' : cellText(row[cols.player]);
  const who = [leader, player && `player ${player}`].filter(Boolean).join(', ');
  const where = `${side} legion at ${cellAddress(table.origin, r, 0)}${who ? ` (${who})` : ''}`;
  return ok({ row: r, side, legion: { ...(leader ? { leader } : {}), units, where } });
}

/**
 * The seed of a battle that gives neither seed nor dice: its id and rosters, so that the same
 * workbook always gives the same battles, and anyone can replay one with `praetor battle`.
 */
export function derivedSeed(id: string, sides: Record<Side, Legion[]>): string {
  const roster = (legions: Legion[]) =>
    legions
      .map((l) => {
        const units = Object.entries(l.units)
          .filter(([, n]) => n > 0)
          .map(([code, n]) => `${n} ${code}`)
          .join(' ');
        return l.leader ? `${l.leader}: ${units}` : units;
      })
      .join('; ');
  return `${id} | ${roster(sides.attacker)} | ${roster(sides.defender)}`;
}
