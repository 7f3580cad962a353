import { Cell, CellGrid, cellText, isBlank, widestRow } from '../src/cells';
import { placeMerges } from '../src/merged-cells';
import { hasSideColumn, RosterGrid } from '../src/roster';
import { UnitCatalog, unitCode } from '../src/units';
import { Grid } from './host';

/**
 * The cells of a roster range, ready for `readRosterGrid`, with the merged cells over them. A
 * convenience for the `Legions` layout that moves no cell (so that errors still name the right
 * one): a selection of legion rows without the header gets the sheet's header row back above it.
 */
export function rosterCells(grid: Grid, catalog: UnitCatalog): RosterGrid & Pick<Grid, 'hidden'> {
  let cells: CellGrid = grid.cells;
  let origin = grid.origin;
  const first = cells.find((row) => row.some((c) => !isBlank(c))) ?? [];
  const header = grid.sheetHeader;
  if (
    header &&
    header.row < origin.row &&
    namesUnits(header.cells, catalog) &&
    !namesUnits(first, catalog) &&
    !BLOCK_START.includes(cellText(first[0]).toLowerCase())
  ) {
    const gap = Array.from({ length: origin.row - header.row - 1 }, () => []);
    cells = [header.cells, ...gap, ...cells];
    origin = { ...origin, row: header.row };
  }
  const shift = grid.origin.row - origin.row;
  const hidden = grid.hidden && {
    hidden: { rows: grid.hidden.rows.map((r) => r + shift), columns: grid.hidden.columns },
  };
  if (grid.sheetMerges === undefined) return { cells, origin, ...hidden };
  return {
    cells,
    origin,
    merges: placeMerges(grid.sheetMerges, origin, cells.length, widestRow(cells)),
    ...hidden,
  };
}

/** Words that begin a `Unit | Count` block rather than legion rows. */
const BLOCK_START = ['unit', 'units', 'type', 'unit type', 'leader', 'general', 'commander'];

const namesUnits = (row: readonly Cell[], catalog: UnitCatalog) =>
  row.some((c) => !isBlank(c) && unitCode(catalog, cellText(c)) !== undefined);

/**
 * Why both sides cannot be read from these ranges, or null: one range (the same cells, however
 * named) with no `Side` column gives both sides the same legions, a battle against itself.
 */
export function sameRangeProblem(attacker: Grid, defender: Grid, cells: RosterGrid): string | null {
  const same =
    attacker.origin.sheet === defender.origin.sheet &&
    attacker.origin.row === defender.origin.row &&
    attacker.origin.col === defender.origin.col &&
    attacker.cells.length === defender.cells.length &&
    widestRow(attacker.cells) === widestRow(defender.cells);
  const header = cells.cells.find((row) => row.some((c) => !isBlank(c))) ?? [];
  if (!same || hasSideColumn(header)) return null;
  const named =
    attacker.address === defender.address
      ? attacker.address
      : `${attacker.address} and ${defender.address}`;
  return `The attacker and the defender rosters are the same range (${named}), which has no Side column: the legions would fight themselves. Give each side its own range, or add a Side column (Attacker or Defender on each row).`;
}
