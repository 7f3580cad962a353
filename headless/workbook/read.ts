import { readFileSync, statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { Cell, isBlank, widestRow } from '../../src/cells';
import { shownDate } from '../../src/excel-dates';
import { covers, gridMerges } from '../../src/merged-cells';
import { err, ok, Result } from '../../src/result';
import { SheetTable } from '../../src/submission';
import { fsErrorReason } from '../fs-errors';
import { EMPTY_FORMULA_TEXT } from './empty-formula-text';
import {
  CellLessSheet,
  cellLessSheets,
  isCellPart,
  loadCellParts,
  sheetHiddenColumns,
  sheetIndex,
  sheetMerges,
} from './exceljs-load';
import { readFailure } from './exceljs-parts';
import { checkPackage, DEFAULT_LIMITS, outputLimits, PackageLimits } from './guard';
import { ZipPackage } from './zip-package';

/**
 * Reads a submission workbook with exceljs into the grids the pure core takes: the `Battles`
 * and `Legions` tables, as Excel tables of those names on any sheet, else as sheets of those
 * names. Reading only: the workbook is never written back through exceljs.
 */

export interface WorkbookTables {
  battles: SheetTable | null;
  legions: SheetTable | null;
  /** The `Fleets` table (imperium battles' ships), when the workbook has one. */
  fleets: SheetTable | null;
  /** The `Units` table (legion-battles battles' units), when the workbook has one. */
  units: SheetTable | null;
  /** The `Armies` table (fortunes-of-war battles' armies), when the workbook has one. */
  armies: SheetTable | null;
  /** Every sheet's name, chart sheets' too, so that new sheets get names not yet taken. */
  sheetNames: string[];
  /** The sheets that hold no cells (a chart sheet named `Legions` is named as one). */
  cellLess: readonly CellLessSheet[];
}

export async function readWorkbookTables(source: Buffer | ZipPackage): Promise<WorkbookTables> {
  return tablesOf(await loadWorkbook(source));
}

/**
 * Loads a workbook's cells with exceljs, from the parts that hold cells only: the package as
 * the guard handed it on (its cell parts unpacked already), or the file's bytes.
 */
export async function loadWorkbook(source: Buffer | ZipPackage): Promise<ExcelJS.Workbook> {
  return loadCellParts(ZipPackage.of(source));
}

/**
 * A workbook file's package, checked by the guard before any parser sees it, its cell parts
 * unpacked. The file's size is checked before it is read.
 */
export function readPackageFile(
  path: string,
  limits: PackageLimits = DEFAULT_LIMITS,
): Result<ZipPackage> {
  let size: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return err('is a folder: name the workbooks');
    // A pipe or a device would never end, or give a workbook.
    if (!stat.isFile()) return err('not a file (a pipe, socket or device): not read');
    size = stat.size;
  } catch {
    return err('no such file');
  }
  if (size > limits.maxFileBytes) {
    return err(`the file is too large (${size} bytes; the limit is ${limits.maxFileBytes})`);
  }
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (e) {
    return err(`cannot be read: ${fsErrorReason(e, path)}`);
  }
  return checkPackage(data, limits, isCellPart);
}

/**
 * A workbook Praetor wrote (an output to verify or report on), checked by the guard and loaded;
 * every failure is a message naming the file.
 */
export async function openWorkbook(path: string): Promise<Result<ExcelJS.Workbook>> {
  const checked = readPackageFile(path, outputLimits());
  if (!checked.ok) return err(`${path}: ${checked.error}`);
  try {
    return ok(await loadWorkbook(checked.value));
  } catch (e) {
    return err(`${path}: not a readable workbook (${readFailure(e)})`);
  }
}

export function tablesOf(workbook: ExcelJS.Workbook): WorkbookTables {
  return {
    battles: findTable(workbook, 'Battles'),
    legions: findTable(workbook, 'Legions'),
    fleets: findTable(workbook, 'Fleets'),
    units: findTable(workbook, 'Units'),
    armies: findTable(workbook, 'Armies'),
    sheetNames: sheetIndex(workbook),
    cellLess: cellLessSheets(workbook),
  };
}

/** An Excel table named `name` (any case) on any sheet, else the sheet named `name`. */
export function findTable(workbook: ExcelJS.Workbook, name: string): SheetTable | null {
  const wanted = name.toLowerCase();
  for (const ws of workbook.worksheets) {
    for (const table of ws.getTables() as unknown as { table?: TableModel; model?: TableModel }[]) {
      const model = table.model ?? table.table;
      const names = [model?.name, model?.displayName].map((n) => String(n ?? '').toLowerCase());
      if (model && names.includes(wanted)) return tableGrid(ws, model);
    }
  }
  const sheet = workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === wanted);
  return sheet ? sheetGrid(sheet) : null;
}

interface TableModel {
  name?: string;
  displayName?: string;
  tableRef?: string;
  totalsRow?: boolean;
}

/**
 * The cells of a table's range (header row first, totals row left out). Rows and columns past
 * the sheet's last cell are blank, and left out: a range of whole columns (`A1:D1048576`) would
 * make a million rows.
 */
function tableGrid(ws: ExcelJS.Worksheet, model: TableModel): SheetTable | null {
  const m = /^\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)$/i.exec(String(model.tableRef ?? ''));
  if (!m) return null;
  const [top, left] = [Number(m[2]), columnNumber(m[1])];
  const bottom = Math.min(Number(m[4]) - (model.totalsRow ? 1 : 0), Math.max(top, ws.rowCount));
  const right = Math.min(columnNumber(m[3]), Math.max(left, ws.columnCount));
  const cells: Cell[][] = [];
  for (let r = top; r <= bottom; r++) {
    const row = ws.getRow(r);
    const values: Cell[] = [];
    for (let c = left; c <= right; c++) values.push(cellValue(row.getCell(c)));
    cells.push(values);
  }
  const origin = { sheet: ws.name, row: top - 1, col: left - 1 };
  return withHidden(ws, withMerges(ws, { cells, origin }));
}

/** A sheet's grid with the merges over it (see src/merged-cells.ts). */
function withMerges(ws: ExcelJS.Worksheet, table: SheetTable): SheetTable {
  const onSheet = sheetMerges(ws);
  if (onSheet.length === 0) return table;
  const merges = gridMerges(onSheet, table.origin, table.cells.length, widestRow(table.cells));
  return merges.length > 0 ? { ...table, merges } : table;
}

/** A sheet's cells from its first non-blank row (the header) down, from column A. */
export function sheetGrid(ws: ExcelJS.Worksheet): SheetTable {
  const rows = new Map<number, Cell[]>();
  const merges = sheetMerges(ws);
  let first = Infinity;
  let last = 0;
  ws.eachRow((row, n) => {
    const values = (row.values as Cell[]).slice(1).map(gridValue);
    if (values.every(isBlank)) return;
    // Above the table, a row whose values are all hidden under merges shows blank: not its header.
    const hidden = (v: Cell, c: number) => isBlank(v) || merges.some((m) => covers(m, n - 1, c));
    if (first === Infinity && values.every(hidden)) {
      return;
    }
    rows.set(n, values);
    first = Math.min(first, n);
    last = Math.max(last, n);
  });
  if (rows.size === 0) return { cells: [], origin: { sheet: ws.name, row: 0, col: 0 } };
  const cells: Cell[][] = [];
  for (let n = first; n <= last; n++) {
    cells.push(Array.from(rows.get(n) ?? [], (v) => v ?? null));
  }
  return withHidden(
    ws,
    withMerges(ws, { cells, origin: { sheet: ws.name, row: first - 1, col: 0 } }),
  );
}

/** A sheet's grid with its hidden rows and columns (see src/hidden-cells.ts), if it has any. */
function withHidden(ws: ExcelJS.Worksheet, table: SheetTable): SheetTable {
  const { cells, origin } = table;
  const rows: number[] = [];
  for (let r = 0; r < cells.length; r++) {
    if (ws.findRow(origin.row + r + 1)?.hidden) rows.push(r);
  }
  const width = widestRow(cells);
  const columns: number[] = [];
  for (const { first, last } of sheetHiddenColumns(ws)) {
    const from = Math.max(first - origin.col, 0);
    const to = Math.min(last - origin.col, width - 1);
    for (let c = from; c <= to; c++) columns.push(c);
  }
  if (rows.length === 0 && columns.length === 0) return table;
  return { ...table, hidden: { rows, columns: [...new Set(columns)].sort((a, b) => a - b) } };
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * A cell's value as the core reads it: what the file holds. A cell a merge covers holds no value
 * of the merge's (exceljs is given no merges, see `takeMerges`), so a merged `Gallia` over B2:C2
 * is not read as a Rules cell too; the core names such a cell with the merge.
 */
function cellValue(cell: ExcelJS.Cell): Cell {
  return gridValue(cell.value);
}

/** A formula's empty saved text (marked when loading, see `markEmptyFormulaText`) is ''. */
function gridValue(value: Cell): Cell {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return shownDate(value);
  if (typeof value === 'object' && (value as { result?: unknown }).result === EMPTY_FORMULA_TEXT) {
    return { ...(value as object), result: '' };
  }
  const result = (value as { result?: unknown }).result;
  if (typeof value === 'object' && result instanceof Date) {
    return { ...(value as object), result: shownDate(result) };
  }
  return value;
}
