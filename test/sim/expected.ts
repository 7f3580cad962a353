import { resolveBattle } from '../../src/battle';
import { Battle, validateBattle } from '../../src/battle-spec';
import { CellGrid, GridOrigin } from '../../src/cells';
import { parseRosterCells } from '../../src/roster';
import { findRuleset } from '../../src/rulesets';
import { CellValue } from '../../src/cell-value';
import { logSheet, LogSheet } from '../../src/log-sheet';
import { parseA1, SimWorkbook } from './model';

/** What the workbook must hold after the pane has run: computed by the core alone. */

/** A box of a sheet, as Office's `range.values` gives it, and its origin. */
export function cellsAt(
  model: SimWorkbook,
  sheet: string,
  a1: string,
): { cells: CellGrid; origin: GridOrigin } {
  const box = parseA1(a1)!;
  const s = model.sheet(sheet)!;
  const cells = [];
  for (let r = box.r0; r <= box.r1; r++) {
    const row = [];
    for (let c = box.c0; c <= box.c1; c++) row.push(s.value(r, c));
    cells.push(row);
  }
  return { cells, origin: { sheet, row: box.r0, col: box.c0 } };
}

/** The battle the pane reads from two roster ranges (`Sheet!A1:B5`), as the core validates it. */
export function coreBattle(
  model: SimWorkbook,
  attacker: string,
  defender: string,
  spec: { id: string; seed?: string; dice?: string; options?: Record<string, unknown> },
): Battle {
  const units = findRuleset('cote-pbem')!.units;
  const side = (ref: string, s: 'attacker' | 'defender') => {
    const [sheet, a1] = ref.split('!');
    const { cells, origin } = cellsAt(model, sheet, a1);
    const legions = parseRosterCells(cells, s, units, origin);
    if (!legions.ok) throw new Error(legions.error);
    return legions.value;
  };
  const battle = validateBattle({
    rules: 'cote-pbem',
    ...spec,
    attacker: side(attacker, 'attacker'),
    defender: side(defender, 'defender'),
  });
  if (!battle.ok) throw new Error(battle.error);
  return battle.value;
}

/** The log the core makes of a battle between two roster ranges. */
export function coreLog(
  model: SimWorkbook,
  attacker: string,
  defender: string,
  spec: { id: string; seed?: string; dice?: string; options?: Record<string, unknown> },
  taken: readonly string[],
): LogSheet {
  const result = resolveBattle(coreBattle(model, attacker, defender, spec));
  if (!result.ok) throw new Error(result.error);
  return logSheet(result.value, new Set(taken));
}

export function logCells(log: LogSheet): CellValue[][] {
  const rows: CellValue[][] = [...log.summary.map((s) => [s]), [], log.header, ...log.rows];
  const width = Math.max(log.header.length, ...log.rows.map((r) => r.length));
  return rows.map((r) => [...r, ...new Array<CellValue>(width - r.length).fill('')]);
}
