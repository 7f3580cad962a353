import { CellGrid, GridOrigin, quoteSheet, widestRow } from '../src/cells';
import { GridMerge, gridMerges } from '../src/merged-cells';
import { datedCells, DateSystem, dateSystemOf } from './dated-cells';
import { hiddenCells, SheetArea } from './hidden';
import { LINE_HEIGHT, rowHeight, TITLE_FONT_SIZE, TITLE_LINE_HEIGHT } from '../src/sheets';
import { err, ok, Result } from '../src/result';
import { isPlainFormat, SheetVisibility, ShownCell, ShownSheet } from '../src/verify-shown';
import {
  Grid,
  HostFeatures,
  RangeRef,
  SheetPlan,
  TablesRead,
  TablesRequest,
  WorkbookHost,
  WorkbookRead,
} from './host';

/**
 * The one file that calls Office.js (`Office.*`, `Excel.*`). Everything else in the pane is
 * plain TypeScript against `WorkbookHost`. Each read is one `context.sync()` and each write is
 * one: a battle costs two round trips whatever the length of its log.
 */

export const MIN_EXCEL_API = '1.7';
const PRINT_LAYOUT_API = '1.9';
/** `Range.getMergedAreasOrNullObject`: without it, tables are read as if nothing were merged. */
const MERGED_AREAS_API = '1.13';
/** `Range.getSpecialCellsOrNullObject`: without it, no row or column is known to be hidden. */
const VISIBLE_CELLS_API = '1.9';
/** Why nothing is read when Excel could not list the merged cells. */
export const MERGES_UNREAD =
  'Excel could not list the merged cells of these sheets (perhaps more than the 512 it lists at once), and a cell under a merge shows a value it may not hold, so nothing was read. Unmerge the cells that need no merge and try again, or use praetor adjudicate or praetor verify, which read them all.';
/** Said when Excel could not list the cells it shows: the rows were read, hidden or not. */
export const HIDDEN_UNCHECKED =
  'Excel could not list the cells it shows, so the check for hidden rows and columns was skipped: a row or column hidden in the ranges read is read all the same. Unhide them to see every order.';
const HEADER_FILL = '#0F6CBD';
const HEADER_FONT = '#FFFFFF';

/** Waits for Office, checks the host, and returns the workbook behind the interface. */
export async function connectExcel(): Promise<Result<WorkbookHost>> {
  const info = await Office.onReady();
  if (info.host !== Office.HostType.Excel) {
    return err('Praetor is an Excel add-in: open it from the Home tab of Excel.');
  }
  const requirements = Office.context.requirements;
  if (!requirements.isSetSupported('ExcelApi', MIN_EXCEL_API)) {
    return err(
      `This Excel is too old for Praetor, which needs ExcelApi ${MIN_EXCEL_API} ` +
        '(Excel 2019 or later, Microsoft 365, or Excel on the web).',
    );
  }
  return ok(
    new ExcelHost(
      { printLayout: requirements.isSetSupported('ExcelApi', PRINT_LAYOUT_API) },
      {
        merges: requirements.isSetSupported('ExcelApi', MERGED_AREAS_API),
        hidden: requirements.isSetSupported('ExcelApi', VISIBLE_CELLS_API),
      },
    ),
  );
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** Office's error for a sheet, name or table that does not exist. */
const isNotFound = (e: unknown) => codeOf(e) === 'ItemNotFound';

/** Office's error for more cells than it sends at once. */
const isTooLarge = (e: unknown) => codeOf(e) === 'ResponsePayloadSizeLimitExceeded';

class ExcelHost implements WorkbookHost {
  constructor(
    readonly features: HostFeatures,
    /** What the host can tell of the cells besides their values. */
    private readonly reads: TableReads,
  ) {}

  /**
   * Reads the ranges with their merged cells and hidden rows where the host lists them (see
   * `readTables`): when Excel cannot list the cells it shows, without the hidden rows, and
   * says so.
   */
  async read(refs: readonly RangeRef[]): Promise<Result<WorkbookRead>> {
    try {
      return ok(await readRanges(refs, this.reads));
    } catch (e) {
      // A sheet or name that does not exist, or too many cells: neither the hidden rows nor
      // the merges failed.
      if (isNotFound(e) || isTooLarge(e)) return err(await explainReadError(refs, e));
      if (this.reads.hidden) {
        try {
          const read = await readRanges(refs, { ...this.reads, hidden: false });
          return ok({ ...read, notes: [HIDDEN_UNCHECKED] });
        } catch {
          // Not the hidden rows, then: the first error is explained below.
        }
      }
      if (this.reads.merges) {
        try {
          await readRanges(refs, { merges: false, hidden: false });
          return err(MERGES_UNREAD);
        } catch {
          // The first error says more: it is the one explained.
        }
      }
      return err(await explainReadError(refs, e));
    }
  }

  /**
   * Reads the tables with their merged cells and hidden rows where the host lists them. The
   * hidden rows only add warnings: when Excel cannot list the cells it shows, the tables are
   * read without them. Excel fails a list of more than 512 merged areas: when the tables read
   * without them, that was the failure, and nothing is read (a cell under a merge can show one
   * value and hold another).
   */
  async readTables(request: TablesRequest): Promise<Result<TablesRead>> {
    try {
      return await readTables(request, this.reads);
    } catch (e) {
      if (this.reads.hidden) {
        try {
          const read = await readTables(request, { ...this.reads, hidden: false });
          return read.ok ? ok({ ...read.value, notes: [HIDDEN_UNCHECKED] }) : read;
        } catch {
          // Not the hidden rows, then: the first error is explained below.
        }
      }
      if (this.reads.merges) {
        try {
          const read = await readTables(request, { merges: false, hidden: false });
          if (read.ok) return err(MERGES_UNREAD);
        } catch {
          // The first error says more: it is the one explained.
        }
      }
      return err(await explainTablesError(request, e));
    }
  }

  async addSheets(plans: readonly SheetPlan[]): Promise<Result<string[]>> {
    const names = plans.map((p) => p.name);
    const token = Math.random().toString(36).slice(2, 10);
    const temps = plans.map((_, i) => `Praetor ${token} ${i + 1}`);
    try {
      await Excel.run(async (context) => {
        const sheets = plans.map((plan, i) => {
          const sheet = context.workbook.worksheets.add(temps[i]);
          writePlan(sheet, plan, this.features);
          return sheet;
        });
        // Named last, so that a name taken meanwhile (by a co-author) fails here, and an undo
        // can tell the sheets this batch added from theirs.
        sheets.forEach((sheet, i) => (sheet.name = names[i]));
        sheets[0]?.activate();
        await context.sync();
      });
      return ok(names);
    } catch (e) {
      const undone = await undoAdd(temps, names);
      if (undone === 'written') return ok(names);
      return err(
        `Excel could not write the new sheets (${messageOf(e)}). ` +
          (undone === 'undone'
            ? 'Nothing was changed.'
            : `Nor could it remove them again: please delete any of ${names.join(', ')} ` +
              `and any sheet named “Praetor ${token} …” left over.`),
      );
    }
  }

  async selectionAddress(): Promise<Result<string>> {
    try {
      return await Excel.run(async (context) => {
        const range = context.workbook.getSelectedRange();
        range.load('address');
        await context.sync();
        return ok(range.address);
      });
    } catch (e) {
      return err(`Select one block of cells first (${messageOf(e)}).`);
    }
  }

  async rangeNames(): Promise<string[]> {
    try {
      return await Excel.run(async (context) => {
        const names = context.workbook.names;
        names.load('items/name,items/type');
        await context.sync();
        return names.items.filter((n) => n.type === 'Range').map((n) => n.name);
      });
    } catch {
      return [];
    }
  }
}

/** What to load of a range whose cells are read: its number formats tell its dates. */
const CELLS = 'values,numberFormat';

/** A loaded range's cells, a date as the day it shows (see `datedCells`). */
const cellsOf = (range: Excel.Range, dates: DateSystem): CellGrid =>
  datedCells(range.values, range.numberFormat, dates);

/**
 * Queues the question of the workbook's date system, which Excel tells an add-in only through
 * a worksheet function; the returned function gives it after the sync.
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
async function readRanges(refs: readonly RangeRef[], reads: TableReads): Promise<WorkbookRead> {
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
function rangeOf(context: Excel.RequestContext, ref: RangeRef): Excel.Range {
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

/**
 * Finds each table (else sheet) asked for, then reads them, with their merged cells when
 * `merged`: two round trips.
 */
/** Whether to read the merged cells (ExcelApi 1.13) and the hidden rows and columns (1.9). */
interface TableReads {
  merges: boolean;
  hidden: boolean;
}

async function readTables(request: TablesRequest, reads: TableReads): Promise<Result<TablesRead>> {
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

/**
 * Why reading tables failed, naming the sheets read and the largest of them: a stray cell far
 * below the data makes a sheet's used range too large for Excel to send at once.
 */
async function explainTablesError(request: TablesRequest, e: unknown): Promise<string> {
  const names = [...request.required, ...(request.optional ?? [])];
  const fallback = `Excel could not read the ${names.join(', ')} tables: ${messageOf(e)}`;
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load('items/name');
      await context.sync();
      const all = sheets.items.map((s) => s.name);
      const read = (name: string) =>
        names.some((n) => n.toLowerCase() === name.trim().toLowerCase()) ||
        (request.sheets?.(name, all) ?? false);
      const readSheets = sheets.items.filter((s) => read(s.name));
      const largest = await largestUsed(context, readSheets);
      if (largest === null) return fallback;
      return (
        `Excel could not read the sheets ${readSheets.map((s) => s.name).join(', ')}: ` +
        `${messageOf(e)} The largest, ${largest}.`
      );
    });
  } catch {
    return fallback;
  }
}

/** Why a read failed, in the user's terms: which sheet or name does not exist. */
async function explainReadError(refs: readonly RangeRef[], e: unknown): Promise<string> {
  // One range given for both sides is named once.
  const texts = [...new Set(refs.map((r) => r.text))];
  const unread = `Excel could not read ${texts.join(' and ')}: ${messageOf(e)}`;
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const names = context.workbook.names;
      sheets.load('items/name');
      names.load('items/name,items/type');
      await context.sync();
      const sheetNames = sheets.items.map((s) => s.name);
      const hasSheet = (n: string) => sheetNames.some((s) => s.toLowerCase() === n.toLowerCase());
      for (const ref of refs) {
        const sheet = ref.kind === 'address' ? ref.sheet : undefined;
        if (sheet !== undefined && !hasSheet(sheet)) {
          return `There is no sheet named “${sheet}” in this workbook (its sheets: ${sheetNames.join(', ')}).`;
        }
        if (ref.kind === 'name') {
          const named = names.items.find((n) => n.name.toLowerCase() === ref.name.toLowerCase());
          if (!named) return `There is no range named “${ref.name}” in this workbook.`;
          if (named.type !== 'Range') {
            return `The name “${ref.name}” is not a range of cells (Excel gives its type as ${named.type}).`;
          }
        }
      }
      const sheetsRead = refs.map((ref) => rangeOf(context, ref).worksheet);
      const largest = await largestUsed(context, sheetsRead);
      if (largest === null) return unread;
      return (
        `${unread} The largest sheet read, ${largest}, or give the roster's rows only ` +
        '(such as A1:H40) rather than whole columns.'
      );
    });
  } catch {
    return unread;
  }
}

/**
 * The largest used range of `sheets` (one round trip), as advice when Excel could not send them:
 * `Legions, uses A1:H1048576 (8,388,608 cells): clear any cells far below or right of its data`,
 * a stray cell far below the data making the sheet, or a whole-column range, too many cells.
 * Null when every sheet is empty.
 */
async function largestUsed(
  context: Excel.RequestContext,
  sheets: readonly Excel.Worksheet[],
): Promise<string | null> {
  const used = sheets.map((sheet) => {
    sheet.load('name');
    const range = sheet.getUsedRangeOrNullObject(true);
    range.load('address,rowCount,columnCount');
    return { sheet, range };
  });
  await context.sync();
  const largest = used
    .filter((u) => !u.range.isNullObject)
    .map((u) => ({ ...u, cells: u.range.rowCount * u.range.columnCount }))
    .sort((a, b) => b.cells - a.cells)[0];
  if (largest === undefined) return null;
  return (
    `${largest.sheet.name}, uses ${largest.range.address} ` +
    `(${largest.cells.toLocaleString('en-US')} cells): clear any cells far below or right of its data`
  );
}

/** Queues a new sheet's values (one assignment), looks, frozen header and print layout. */
function writePlan(sheet: Excel.Worksheet, plan: SheetPlan, features: HostFeatures): void {
  const rows = plan.values.length;
  const cols = plan.values[0].length;
  sheet.getRangeByIndexes(0, 0, rows, cols).values = plan.values;
  const header = sheet.getRangeByIndexes(plan.headerRow, 0, 1, cols);
  header.format.font.bold = true;
  header.format.font.color = HEADER_FONT;
  header.format.fill.color = HEADER_FILL;
  if (plan.summaryRows > 0) {
    const title = sheet.getRangeByIndexes(0, 0, 1, 1);
    title.format.font.bold = true;
    title.format.font.size = TITLE_FONT_SIZE;
  }
  if (plan.summary && plan.summaryRows > 0) writeSummary(sheet, plan.summaryRows, plan.summary);
  plan.widths.forEach((width, col) => {
    sheet.getRangeByIndexes(0, col, 1, 1).format.columnWidth = width;
  });
  const below = rows - plan.headerRow - 1;
  for (const col of below > 0 ? (plan.centered ?? []) : []) {
    sheet.getRangeByIndexes(plan.headerRow + 1, col, below, 1).format.horizontalAlignment =
      'Center';
  }
  const body = below > 0 ? sheet.getRangeByIndexes(plan.headerRow + 1, 0, below, cols) : null;
  if (body && plan.top) body.format.verticalAlignment = 'Top';
  if (body && plan.wrapped && plan.wrapped.length > 0) {
    for (const col of plan.wrapped) {
      sheet.getRangeByIndexes(plan.headerRow + 1, col, below, 1).format.wrapText = true;
    }
    body.format.autofitRows();
  }
  sheet.freezePanes.freezeRows(plan.headerRow + 1);
  if (!features.printLayout) return;
  const page = sheet.pageLayout;
  page.orientation = 'Landscape';
  page.zoom = { horizontalFitToPages: 1, verticalFitToPages: 0 };
  page.setPrintTitleRows(`$${plan.headerRow + 1}:$${plan.headerRow + 1}`);
  const hf = page.headersFooters.defaultForAllPages;
  hf.centerHeader = plan.print.header;
  hf.leftFooter = plan.print.footer;
  hf.rightFooter = 'Page &P of &N';
}

/**
 * Queues the summary's layout: each line wrapped from the top of its row, merged across the
 * table's columns (the format first, so that the merged cell has it), and its row made as tall
 * as its lines, which Excel does not do for a merged cell (`autofitRows` skips them). The title
 * row is always given its height, that of its larger font's lines.
 */
function writeSummary(
  sheet: Excel.Worksheet,
  rows: number,
  summary: NonNullable<SheetPlan['summary']>,
): void {
  const lines = sheet.getRangeByIndexes(0, 0, rows, 1);
  lines.format.wrapText = true;
  lines.format.verticalAlignment = 'Top';
  if (summary.columns > 1) sheet.getRangeByIndexes(0, 0, rows, summary.columns).merge(true);
  summary.lines.slice(0, rows).forEach((count, row) => {
    if (row > 0 && count <= 1) return;
    const line = row === 0 ? TITLE_LINE_HEIGHT : LINE_HEIGHT;
    sheet.getRangeByIndexes(row, 0, 1, 1).format.rowHeight = rowHeight(count, line);
  });
}

/**
 * Undoes a failed `addSheets` batch, which adds every sheet under a temporary name, then gives
 * each its name, in order. A temporary name still there is a sheet of the batch; so is the
 * sheet under each name given before the first one still there. When no temporary name is
 * left, either nothing was added or every sheet was named (only the activation failed).
 */
async function undoAdd(
  temps: readonly string[],
  names: readonly string[],
): Promise<'undone' | 'written' | 'failed'> {
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load('items/name');
      await context.sync();
      const present = new Set(sheets.items.map((s) => s.name));
      const first = temps.findIndex((t) => present.has(t));
      if (first < 0) return names.every((n) => present.has(n)) ? 'written' : 'undone';
      const ours = [...names.slice(0, first), ...temps.slice(first)];
      for (const sheet of sheets.items) if (ours.includes(sheet.name)) sheet.delete();
      await context.sync();
      return 'undone';
    });
  } catch {
    return 'failed';
  }
}
