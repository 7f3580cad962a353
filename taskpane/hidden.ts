import { GridOrigin } from '../src/cells';
import { NOTE_COLUMNS } from '../src/columns';
import { HiddenCells, hiddenWarnings } from '../src/hidden-cells';

/** A block of a sheet, rows and columns 0-based and inclusive. */
export interface SheetArea {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/**
 * The hidden rows and columns of a grid placed at `origin`, from the areas of its cells Excel
 * shows (`getSpecialCellsOrNullObject('Visible')` over `span`): a row or column of the span that
 * no visible area reaches is hidden. Cells outside the span (the columns left of a sheet's used
 * area, which the grid pads) are not. Undefined when none is hidden.
 */
export function hiddenCells(
  visible: readonly SheetArea[],
  span: SheetArea,
  origin: GridOrigin,
  rows: number,
  columns: number,
): HiddenCells | undefined {
  const hiddenRows: number[] = [];
  for (let r = 0; r < rows; r++) {
    const row = origin.row + r;
    if (row < span.top || row > span.bottom) continue;
    if (!visible.some((a) => a.top <= row && row <= a.bottom)) hiddenRows.push(r);
  }
  const hiddenColumns: number[] = [];
  for (let c = 0; c < columns; c++) {
    const col = origin.col + c;
    if (col < span.left || col > span.right) continue;
    if (!visible.some((a) => a.left <= col && col <= a.right)) hiddenColumns.push(c);
  }
  if (hiddenRows.length === 0 && hiddenColumns.length === 0) return undefined;
  return { rows: hiddenRows, columns: hiddenColumns };
}

/** Columns of a roster range that no battle reads: notes, and a Legions table's Player. */
const UNREAD_WORDS = [...NOTE_COLUMNS, 'player', 'territory'];

/**
 * The hidden rows and columns of a roster range that hold orders, warned of as Resolve all
 * warns of those of its tables (`hiddenWarnings`): every column is read but notes.
 */
export function rosterHiddenWarnings(grid: {
  cells: readonly (readonly unknown[])[];
  origin: GridOrigin;
  hidden?: HiddenCells;
}): string[] {
  return hiddenWarnings(grid, (word) => !UNREAD_WORDS.includes(word));
}
