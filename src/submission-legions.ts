import { cellAddress, cellText, isBlank } from './cells';
import { findColumns, headerWord, NOTE_COLUMNS, unknownColumns } from './columns';
import { Legion, Side } from './forces';
import { err, ok, Result } from './result';
import { parseSide, readCountCell } from './roster';
import { DEFAULT_RULESET, findRuleset, RULESETS } from './rulesets';
import type { SheetTable, SubmissionEntry } from './submission';
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
  /** The first bad legion row of each battle (by entry index). */
  errors: Map<number, string>;
  byEntry: Map<number, LegionRow[]>;
}

const isUnitWord = (word: string) => RULESETS.some((r) => unitCode(r.units, word) !== undefined);

export function readLegionRows(
  legions: SheetTable,
  entries: SubmissionEntry[],
  battlesSheet: string,
): LegionRows {
  const out: LegionRows = {
    fatal: false,
    problems: [],
    warnings: [],
    errors: new Map(),
    byEntry: new Map(),
  };
  const header = legions.cells[0] ?? [];
  const cols = findColumns(header, LEGION_COLUMNS);
  const sheet = legions.origin.sheet ?? 'the table';
  const known = Object.values(LEGION_COLUMNS).flat() as string[];
  out.warnings.push(
    ...unknownColumns(
      header,
      legions.origin,
      (w) => known.includes(w) || NOTE_COLUMNS.includes(w) || isUnitWord(w),
      'Battle, Side, Player, Leader, Infantry, Cavalry, Catapults, Galleys',
    ),
  );
  const headerAt = cellAddress(legions.origin, 0, 0);
  if (cols.battle === undefined) out.problems.push(`${headerAt}: ${sheet} has no "Battle" column`);
  if (cols.side === undefined) out.problems.push(`${headerAt}: ${sheet} has no "Side" column`);
  if (!header.some((c) => !isBlank(c) && isUnitWord(headerWord(c)))) {
    out.problems.push(
      `${headerAt}: ${sheet} has no unit columns (Infantry, Cavalry, Catapults, Galleys)`,
    );
  }
  if (out.problems.length > 0) {
    out.fatal = true;
    return out;
  }

  const index = new Map<string, number>();
  entries.forEach((e, i) => {
    if (!index.has(e.id.toLowerCase())) index.set(e.id.toLowerCase(), i);
  });
  for (let r = 1; r < legions.cells.length; r++) {
    const row = legions.cells[r];
    if (row.every(isBlank)) continue;
    const battleCell = cellAddress(legions.origin, r, cols.battle!);
    const battleId = cellText(row[cols.battle!]);
    const i = index.get(battleId.toLowerCase());
    if (battleId === '' || i === undefined) {
      out.problems.push(
        battleId === ''
          ? `${battleCell}: the legion names no battle (the Battle column is blank)`
          : `${battleCell}: the legion is for battle "${battleId}", which is not in ${battlesSheet}`,
      );
      continue;
    }
    const entry = entries[i];
    if (entry.spec === null || out.errors.has(i)) continue;
    const legion = readLegionRow(legions, cols, r, String(entry.spec.rules ?? DEFAULT_RULESET));
    if (!legion.ok) {
      out.errors.set(i, legion.error);
      continue;
    }
    const list = out.byEntry.get(i) ?? [];
    list.push(legion.value);
    out.byEntry.set(i, list);
  }
  return out;
}

function readLegionRow(
  table: SheetTable,
  cols: ReturnType<typeof findColumns<keyof typeof LEGION_COLUMNS>>,
  r: number,
  rules: string,
): Result<LegionRow> {
  const header = table.cells[0];
  const row = table.cells[r];
  const side = parseSide(row[cols.side!]);
  if (side === undefined) {
    const text = cellText(row[cols.side!]);
    return err(
      `${cellAddress(table.origin, r, cols.side!)}: side ${text === '' ? 'is blank' : `"${text}" is neither Attacker nor Defender`}`,
    );
  }
  const catalog = (findRuleset(rules) ?? findRuleset(DEFAULT_RULESET)!).units;
  const units: Record<string, number> = {};
  let firstUnitCol = -1;
  for (let col = 0; col < header.length; col++) {
    if (isBlank(header[col])) continue;
    const code = unitCode(catalog, cellText(header[col]));
    if (code === undefined) {
      if (isUnitWord(headerWord(header[col])) && !isBlank(row[col])) {
        return err(
          `${cellAddress(table.origin, r, col)}: ${rules} has no unit "${cellText(header[col])}"`,
        );
      }
      continue;
    }
    if (firstUnitCol < 0) firstUnitCol = col;
    const count = readCountCell(row[col], cellAddress(table.origin, r, col));
    if (!count.ok) return count;
    units[code] = (units[code] ?? 0) + count.value;
  }
  const leader = cols.leader === undefined ? '' : cellText(row[cols.leader]);
  const player = cols.player === undefined ? '' : cellText(row[cols.player]);
  const who = [leader, player && `player ${player}`].filter(Boolean).join(', ');
  const at = cellAddress(table.origin, r, firstUnitCol < 0 ? 0 : firstUnitCol);
  const where = `${side} legion at ${at}${who ? ` (${who})` : ''}`;
  return ok({ side, legion: { ...(leader ? { leader } : {}), units, where } });
}
