import { readFileSync, writeFileSync } from 'node:fs';
import { CellWrite } from '../../headless/workbook/cell-patch';
import { writeCellsToPackage } from '../../headless/workbook/sheet-parts';

/** Editing a turn's workbook as Excel would: cells written in place, every other part kept. */

/** Writes `cells` of the package's sheets (by sheet name) in place, to `to`. */
export function editedCells(file: string, cells: Record<string, CellWrite[]>, to: string): string {
  const out = writeCellsToPackage(readFileSync(file), new Map(Object.entries(cells)));
  if (!out.ok) throw new Error(out.error);
  writeFileSync(to, out.value);
  return to;
}

/** Cells of a table's body, `rows` rows of `cols` from row `from` (0-based: 1 is row 2), blank. */
export const blankCells = (rows: number, cols: number, from = 1): CellWrite[] =>
  Array.from({ length: rows * cols }, (_, i) => ({
    row: from + Math.floor(i / cols),
    col: i % cols,
    value: '',
  }));
