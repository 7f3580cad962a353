import { CellGrid, GridOrigin, quoteSheet, widestRow } from '../src/cells';
import { GridMerge, gridMerges } from '../src/merged-cells';
import { err, ok, Result } from '../src/result';
import { isPlainFormat, SheetVisibility, ShownCell, ShownSheet } from '../src/verify-shown';
import { datedCells, DateSystem, dateSystemOf } from './dated-cells';
import { hiddenCells, SheetArea } from './hidden';
import { Grid, RangeRef, TablesRead, TablesRequest, WorkbookRead } from './host';

/**
 * Reading the workbook through Office.js: the loads of a read are queued, then delivered by
 * one `context.sync()` (two for tables, found first; a second for a merge reaching in from a
 * cell not read), its cells with their number formats (for dates), merged cells and hidden rows
 * and columns.
 */

/** What to load of a range whose cells are read: its number formats tell its dates. */
const CELLS = 'values,numberFormat';

/** A loaded range's cells, a date as the day it shows (see `datedCells`). */
const cellsOf = (range: Excel.Range, dates: DateSystem): CellGrid =>
  datedCells(range.values, range.numberFormat, dates);

/**
 * Queues the question of the workbook's date system, asked of Excel as a worksheet function
 * (the typed API has no property for it); the returned function gives it after the sync.
 */
function queueDateSystem(context: Excel.RequestContext): () => DateSystem {
  const first1904 = context.workbook.functions.date(1904, 1, 1);
  first1904.load('value');
  return () => dateSystemOf(first1904.value);
}

/**
 * Reads the ranges, with their merged cells and hidden rows and columns as `reads` says: one
 * round trip, and a second only when a merge reaches into a range from a cell not read (above
 * or left of it), for its value.
 */
export async function readRanges(
  refs: readonly RangeRef[],
  reads: TableReads,
): Promise<WorkbookRead> {
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    const dateSystem = queueDateSystem(context);
    const queued = refs.map((ref) => queueRead(context, ref, reads));
    await context.sync();
    const dates = dateSystem();
    const read = queued.map((q) => q(dates));
    const unshown = read.flatMap(({ sheet, unshown }) =>
      unshown.map((merge) => {
        const cell = sheet.getRangeByIndexes(merge.top, merge.left, 1, 1);
        cell.load(CELLS);
        return { merge, cell };
      }),
    );
    if (unshown.length > 0) {
      await context.sync();
      for (const { merge, cell } of unshown) merge.shows = cellsOf(cell, dates)[0][0];
    }
    return { grids: read.map((r) => r.grid), sheetNames: sheets.items.map((s) => s.name) };
  });
}

/** A range read, with the merges over it whose value was not among the cells read. */
interface RangeRead {
  grid: Grid;
  sheet: Excel.Worksheet;
  unshown: GridMerge[];
}

/** Queues the loads for one range; the returned function reads them after the sync. */
function queueRead(
  context: Excel.RequestContext,
  ref: RangeRef,
  reads: TableReads,
): (dates: DateSystem) => RangeRead {
  const range = rangeOf(context, ref);
  range.load('address,rowIndex,columnIndex');
  range.worksheet.load('name');
  // Only the used part: a whole-column selection must not fetch a million blank rows.
  const used = range.worksheet.getUsedRange(true);
  const clipped = range.getIntersectionOrNullObject(used);
  clipped.load(`${CELLS},rowIndex,columnIndex`);
  const top = used.getRow(0).getIntersectionOrNullObject(range.getEntireColumn());
  top.load(`${CELLS},rowIndex,columnIndex`);
  // From the sheet's header row (which `rosterCells` may put back above the range) down, and
  // from its first used column: a merge over the range may start above or left of it.
  const merges = reads.merges ? queueMerges(used.getRow(0).getBoundingRect(range)) : null;
  // Over the used range, which always exists: the rows of the grid are among its rows.
  const hidden = reads.hidden ? queueHidden(used) : null;
  return (dates) => {
    const sheet = range.worksheet;
    const address = ref.kind === 'name' ? `${ref.name} (${range.address})` : range.address;
    if (clipped.isNullObject) {
      const origin = { sheet: sheet.name, row: range.rowIndex, col: range.columnIndex };
      return { grid: { cells: [], origin, address }, sheet, unshown: [] };
    }
    const cells = cellsOf(clipped, dates);
    const header = top.isNullObject ? null : cellsOf(top, dates);
    const read = [{ range: clipped, cells }, ...(header ? [{ range: top, cells: header }] : [])];
    const listed = (merges?.() ?? []).map((m) => ({ ...m, shows: valueIn(read, m.top, m.left) }));
    const origin = { sheet: sheet.name, row: clipped.rowIndex, col: clipped.columnIndex };
    return {
      grid: {
        cells,
        origin,
        address,
        ...withHidden(hidden, cells, origin),
        ...(header ? { sheetHeader: { cells: header[0], row: top.rowIndex } } : {}),
        ...(merges ? { sheetMerges: listed } : {}),
      },
      sheet,
      unshown: listed.filter((m) => m.shows === undefined),
    };
  };
}

/** The range a roster box names: an address (on its sheet, or the active one) or a name. */
export function rangeOf(context: Excel.RequestContext, ref: RangeRef): Excel.Range {
  if (ref.kind === 'name') return context.workbook.names.getItem(ref.name).getRange();
  const sheets = context.workbook.worksheets;
  const sheet = ref.sheet === undefined ? sheets.getActiveWorksheet() : sheets.getItem(ref.sheet);
  return sheet.getRange(ref.a1);
}

/** The value of sheet cell (row, col) in one of the ranges read, if any holds it. */
function valueIn(
  read: readonly { range: Excel.Range; cells: CellGrid }[],
  row: number,
  col: number,
): unknown {
  for (const { range, cells } of read) {
    const value = cells[row - range.rowIndex]?.[col - range.columnIndex];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Whether to read the merged cells (ExcelApi 1.13) and the hidden rows and columns (1.9). */
export interface TableReads {
  merges: boolean;
  hidden: boolean;
}

/**
 * Finds each table (else sheet) asked for, then reads them, with their merged cells and hidden
 * rows as `reads` says: two round trips.
 */
export async function readTables(
  request: TablesRequest,
  reads: TableReads,
): Promise<Result<TablesRead>> {
  return Excel.run(async (context) => {
    const tables = context.workbook.tables;
    const sheets = context.workbook.worksheets;
    tables.load('items/name,items/showTotals');
    sheets.load('items/name');
    const dateSystem = queueDateSystem(context);
    await context.sync();
    const dates = dateSystem();
    const sheetNames = sheets.items.map((s) => s.name);
    const find = (name: string): (() => Grid) | null => {
      const same = (n: string) => n.trim().toLowerCase() === name.toLowerCase();
      const table = tables.items.find((t) => same(t.name));
      const sheet = sheets.items.find((s) => same(s.name));
      return table
        ? queueTable(table, reads, dates)
        : sheet
          ? queueSheet(sheet, reads, dates)
          : null;
    };
    const required: (() => Grid)[] = [];
    for (const name of request.required) {
      const read = find(name);
      if (!read) {
        return err(
          `This workbook has no ${name} table and no sheet named “${name}” (its sheets: ${sheetNames.join(', ')}).`,
        );
      }
      required.push(read);
    }
    const optional = (request.optional ?? []).map(find);
    const accept = request.sheets ?? (() => false);
    const extra = sheets.items
      .filter((s) => accept(s.name, sheetNames))
      .map((s) => queueCheckedSheet(s, dates));
    await context.sync();
    const checked = extra.map((read) => read());
    return ok({
      required: required.map((read) => read()),
      optional: optional.map((read) => (read ? read() : null)),
      sheets: checked.map((c) => c.grid),
      shown: checked.map((c) => c.shown),
      sheetNames,
    });
  });
}

function queueTable(table: Excel.Table, reads: TableReads, dates: DateSystem): () => Grid {
  const range = table.getRange();
  range.load(`${CELLS},rowIndex,columnIndex,address`);
  range.worksheet.load('name');
  const merges = reads.merges ? queueMerges(range) : null;
  const hidden = reads.hidden ? queueHidden(range) : null;
  return () => {
    const rows = cellsOf(range, dates);
    const cells = table.showTotals ? rows.slice(0, -1) : rows;
    const origin = { sheet: range.worksheet.name, row: range.rowIndex, col: range.columnIndex };
    return {
      cells,
      origin,
      address: `${table.name} (${range.address})`,
      ...withMerges(merges, cells, origin),
      ...withHidden(hidden, cells, origin),
    };
  };
}

/** A sheet's used rows, from column A: the cells left of the used area are blank anyway. */
function queueSheet(sheet: Excel.Worksheet, reads: TableReads, dates: DateSystem): () => Grid {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load(`${CELLS},rowIndex,columnIndex`);
  // Of the used range that always exists (A1 on a blank sheet): no call on a null object.
  const span = sheet.getUsedRange(true);
  const merges = reads.merges ? queueMerges(span) : null;
  const hidden = reads.hidden ? queueHidden(span) : null;
  return () => {
    const grid = usedGrid(sheet.name, used, dates);
    return {
      ...grid,
      ...withMerges(merges, grid.cells, grid.origin),
      ...withHidden(hidden, grid.cells, grid.origin),
    };
  };
}

/**
 * Queues the load of the cells of a range Excel shows (ExcelApi 1.9); the returned function
 * gives the range and those areas, in sheet rows and columns, after the sync.
 */
function queueHidden(range: Excel.Range): () => { span: SheetArea; visible: SheetArea[] } {
  range.load('rowIndex,columnIndex,rowCount,columnCount');
  const visible = range.getSpecialCellsOrNullObject('Visible');
  visible.load(
    'areas/items/rowIndex,areas/items/columnIndex,areas/items/rowCount,areas/items/columnCount',
  );
  return () => ({
    span: sheetArea(range),
    visible: visible.isNullObject ? [] : visible.areas.items.map(sheetArea),
  });
}

/** The grid's `hidden`, in its own rows and columns; nothing when not read or none. */
function withHidden(
  hidden: (() => { span: SheetArea; visible: SheetArea[] }) | null,
  cells: CellGrid,
  origin: GridOrigin,
): Pick<Grid, 'hidden'> {
  if (!hidden) return {};
  const { span, visible } = hidden();
  const found = hiddenCells(visible, span, origin, cells.length, widestRow(cells));
  return found ? { hidden: found } : {};
}

/**
 * Queues the load of the merged areas of a range: Excel lists those whose top-left cell (the
 * one that holds the value) is in the range, whole. The returned function gives them in sheet
 * rows and columns (0-based, inclusive) after the sync.
 */
function queueMerges(range: Excel.Range): () => GridMerge[] {
  const merged = range.getMergedAreasOrNullObject();
  merged.load(
    'areas/items/rowIndex,areas/items/columnIndex,areas/items/rowCount,areas/items/columnCount',
  );
  return () => (merged.isNullObject ? [] : merged.areas.items.map(sheetArea));
}

/** A range's rows and columns in the sheet (0-based, inclusive), once loaded. */
const sheetArea = (r: Excel.Range): SheetArea => ({
  top: r.rowIndex,
  left: r.columnIndex,
  bottom: r.rowIndex + r.rowCount - 1,
  right: r.columnIndex + r.columnCount - 1,
});

/** The grid's `merges`, in its own rows and columns; nothing when they were not read. */
function withMerges(
  merges: (() => GridMerge[]) | null,
  cells: CellGrid,
  origin: GridOrigin,
): Pick<Grid, 'merges'> {
  if (!merges) return {};
  return { merges: gridMerges(merges(), origin, cells.length, widestRow(cells)) };
}

/** A checked sheet's used rows, with what could make them show other than their values. */
function queueCheckedSheet(
  sheet: Excel.Worksheet,
  dates: DateSystem,
): () => { grid: Grid; shown: ShownSheet } {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load(`${CELLS},rowIndex,columnIndex,formulas`);
  sheet.load('visibility');
  return () => ({
    grid: usedGrid(sheet.name, used, dates),
    shown: {
      name: sheet.name,
      visibility: VISIBILITY[sheet.visibility],
      cells: used.isNullObject ? [] : shownCells(used),
    },
  });
}

function usedGrid(name: string, used: Excel.Range, dates: DateSystem): Grid {
  const address = quoteSheet(name);
  if (used.isNullObject) return { cells: [], origin: { sheet: name, row: 0, col: 0 }, address };
  const pad: string[] = new Array<string>(used.columnIndex).fill('');
  return {
    cells: cellsOf(used, dates).map((row) => [...pad, ...row]),
    origin: { sheet: name, row: used.rowIndex, col: 0 },
    address,
  };
}

const VISIBILITY: Record<Excel.Worksheet['visibility'], SheetVisibility> = {
  Visible: 'visible',
  Hidden: 'hidden',
  VeryHidden: 'veryHidden',
};

/**
 * The used range's cells that hold a formula or have a number format other than General or
 * Text; blank cells show nothing whatever their format. `formulas` gives text typed with the
 * prefix `'` without it, so text such as `=2+3` reads as a formula there: it is one only when
 * the value differs from that text.
 */
function shownCells(used: Excel.Range): ShownCell[] {
  const cells: ShownCell[] = [];
  (used.formulas as unknown[][]).forEach((row, r) =>
    row.forEach((formula, c) => {
      const place = { row: used.rowIndex + r, col: used.columnIndex + c };
      const numberFormat = String(used.numberFormat[r][c]);
      if (typeof formula === 'string' && formula.startsWith('=') && formula !== used.values[r][c]) {
        cells.push({ ...place, formula });
      } else if (formula !== '' && !isPlainFormat(numberFormat)) {
        cells.push({ ...place, numberFormat });
      }
    }),
  );
  return cells;
}
