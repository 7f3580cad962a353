import { Cell, CellGrid, cellText, GridOrigin, isBlank } from '../src/cells';
import { UnitCatalog, unitCode } from '../src/units';
import { Grid } from './host';

/**
 * The cells of a roster range, ready for `parseRosterCells`. Two conveniences for the `Legions`
 * layout, neither of which moves a cell (so that errors still name the right one):
 * - a selection of legion rows without the header gets the sheet's header row back above it;
 * - with a battle id, and a `Battle` column, the rows of other battles are left out.
 */
export function rosterCells(
  grid: Grid,
  catalog: UnitCatalog,
  battleId: string,
): { cells: CellGrid; origin: GridOrigin } {
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
  return { cells: onlyBattle(cells, battleId), origin };
}

/** Words that begin a `Unit | Count` block rather than legion rows. */
const BLOCK_START = ['unit', 'units', 'type', 'unit type', 'leader', 'general', 'commander'];

const namesUnits = (row: readonly Cell[], catalog: UnitCatalog) =>
  row.some((c) => !isBlank(c) && unitCode(catalog, cellText(c)) !== undefined);

/** Blanks the legion rows of other battles, when the table has a `Battle` column. */
function onlyBattle(cells: CellGrid, battleId: string): CellGrid {
  const id = battleId.trim().toLowerCase();
  const headerAt = cells.findIndex((row) => row.some((c) => !isBlank(c)));
  if (id === '' || headerAt < 0) return cells;
  const col = cells[headerAt].findIndex((c) =>
    ['battle', 'battle id'].includes(cellText(c).toLowerCase()),
  );
  if (col < 0) return cells;
  return cells.map((row, r) =>
    r <= headerAt || cellText(row[col]).toLowerCase() === id ? row : row.map(() => ''),
  );
}
