import { CellGrid, GridOrigin } from '../src/cells';
import { HiddenCells } from '../src/hidden-cells';
import { GridMerge } from '../src/merged-cells';
import { Result } from '../src/result';
import { CellValue } from '../src/cell-value';
import { ShownSheet } from '../src/verify-shown';

/**
 * What the pane needs from a workbook, in plain TypeScript. `excel.ts` implements it with
 * Office.js; the tests run it on a simulated Excel. Each method costs a fixed number of round
 * trips (`context.sync()` calls), so a battle costs a read and a write whatever its length (a
 * read of ranges takes one more when a merge reaches into them from a cell not read).
 */

/** A range the user named: an A1 address (on a sheet, or the active one) or a range name. */
export type RangeRef =
  | { kind: 'address'; sheet?: string; a1: string; text: string }
  | { kind: 'name'; name: string; text: string };

/** A range's values, trimmed to the used area of its sheet, and where they sit. */
export interface Grid {
  cells: CellGrid;
  origin: GridOrigin;
  /** The range as the user asked for it, e.g. `Legions!A1:F9`. */
  address: string;
  /** The first row of the sheet's used area over the same columns (it may hold the header). */
  sheetHeader?: { cells: readonly unknown[]; row: number };
  /**
   * The merged cells over the grid, in its rows and columns (row 0 is the grid's first), where
   * the host can tell (ExcelApi 1.13); absent where it cannot.
   */
  merges?: readonly GridMerge[];
  /** Its hidden rows and columns, where the host can tell (ExcelApi 1.9). */
  hidden?: HiddenCells;
  /**
   * For a roster range (`read`): the merged cells over it and over its sheet header row, in
   * sheet rows and columns (0-based), where the host can tell; `rosterCells` places them.
   */
  sheetMerges?: readonly GridMerge[];
}

export interface WorkbookRead {
  grids: Grid[];
  /** Every worksheet's name, to pick names for new sheets. */
  sheetNames: string[];
  /** What could not be checked (the hidden rows, when Excel cannot list them), to say. */
  notes?: string[];
}

/**
 * Tables found as `praetor adjudicate` finds them: the Excel table of that name (any case,
 * totals row left out), else the used rows of the sheet of that name, from column A.
 */
export interface TablesRequest {
  /** Tables that must exist: a missing one is an error. */
  required: readonly string[];
  /** Tables read when the workbook has them (e.g. `Fleets`), else null. */
  optional?: readonly string[];
  /** Also the used rows (from column A) of every sheet this accepts (by its name and place). */
  sheets?: (name: string, names: readonly string[]) => boolean;
}

export interface TablesRead {
  /** In the order of `required`. */
  required: Grid[];
  /** In the order of `optional`: null where the workbook has no such table or sheet. */
  optional: (Grid | null)[];
  /** The sheets `sheets` accepted, in the workbook's order. */
  sheets: Grid[];
  /**
   * The same sheets' visibility and their cells that hold a formula or have a number format
   * other than General: what could make them show other than the values read.
   */
  shown: ShownSheet[];
  sheetNames: string[];
  /** What could not be checked (the hidden rows, when Excel cannot list them), to say. */
  notes?: string[];
}

/** A new worksheet to add: all its values in one block, with its looks. */
export interface SheetPlan {
  name: string;
  /** A rectangular block written from A1, every string already safe for Excel. */
  values: CellValue[][];
  /** Rows above the header holding a summary (the first is the title); 0 for none. */
  summaryRows: number;
  /**
   * How the summary rows are laid out (as `praetor adjudicate` lays them out): each merged
   * across the first `columns` columns (when two or more), wrapped, top-aligned, and made
   * `lines[i]` lines tall (Excel does not fit a merged cell's row to its wrapped text).
   */
  summary?: { columns: number; lines: readonly number[] };
  /** The 0-based row of the column headers: styled, frozen, repeated on printed pages. */
  headerRow: number;
  /** Column widths in points. */
  widths: number[];
  /** Columns (0-based) whose cells below the header wrap their text (rows fitted to it). */
  wrapped?: readonly number[];
  /** Columns (0-based) of numbers, centered below the header. */
  centered?: readonly number[];
  /**
   * The cells below the header aligned to the top of their row, so that a row made tall by its
   * wrapped text reads from its first line.
   */
  top?: boolean;
  /** Printed page header and footer, when the host can lay out pages. */
  print: { header: string; footer: string };
}

export interface HostFeatures {
  /** ExcelApi 1.9: page layout (orientation, fit to width, print titles, header and footer). */
  printLayout: boolean;
}

export interface WorkbookHost {
  readonly features: HostFeatures;
  /** Reads ranges in one round trip; an error names the sheet, name or address at fault. */
  read(refs: readonly RangeRef[]): Promise<Result<WorkbookRead>>;
  /** Reads tables (and sheets) in two round trips: which exist, then their cells. */
  readTables(request: TablesRequest): Promise<Result<TablesRead>>;
  /**
   * Adds the sheets in one round trip and shows the first. On failure it adds none, and never
   * touches a sheet it did not add (one a co-author added meanwhile under the same name).
   */
  addSheets(plans: readonly SheetPlan[]): Promise<Result<string[]>>;
  /** The address of the current selection, e.g. `Legions!A1:F4`. */
  selectionAddress(): Promise<Result<string>>;
  /** The workbook's range names, to suggest. */
  rangeNames(): Promise<string[]>;
}
