import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { Cell, isBlank } from '../../src/cells';
import { err, ok, Result } from '../../src/result';
import { SheetTable } from '../../src/submission';
import { checkPackage } from './guard';
import { findEndOfDirectory, inflate, OutEntry, rawData, readDirectory, writeZip } from './zip';

/**
 * Reads a submission workbook with exceljs into the grids the pure core takes: the `Battles`
 * and `Legions` tables, as Excel tables of those names on any sheet, else as sheets of those
 * names. Reading only: the workbook is never written back through exceljs.
 */

export interface WorkbookTables {
  battles: SheetTable | null;
  legions: SheetTable | null;
  /** Every sheet's name, so that new sheets get names not yet taken. */
  sheetNames: string[];
}

/** Parts of a sheet the referee does not need: skipping them is faster and less fragile. */
const IGNORED_NODES = [
  'dataValidations',
  'conditionalFormatting',
  'extLst',
  'hyperlinks',
  'drawing',
  'picture',
  'pageSetup',
  'headerFooter',
  'printOptions',
  'pageMargins',
  'rowBreaks',
  'sheetProtection',
];

export async function readWorkbookTables(data: Buffer): Promise<WorkbookTables> {
  return tablesOf(await loadWorkbook(data));
}

/**
 * The parts that hold cells, tables and cell notes (comments and their VML); drawings, media,
 * charts and macros are left out.
 */
const CELL_PARTS =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|styles\.xml|sharedStrings\.xml|worksheets\/[^/]+\.xml|worksheets\/_rels\/[^/]+\.rels|tables\/[^/]+\.xml|comments[^/]*\.xml|drawings\/vmlDrawing[^/]*\.vml))$/i;

/**
 * A package of the cell parts only, stored uncompressed: exceljs then reads less, never sees a
 * chart or a macro, and inflates nothing itself (Node's zlib is much faster than its own).
 * The original when the package cannot be read this way (the guard has checked it before).
 */
export function cellPackage(data: Buffer): Buffer {
  const eocd = findEndOfDirectory(data);
  if (eocd < 0) return data;
  const dir = readDirectory(data, eocd);
  if (!dir.ok) return data;
  const out: OutEntry[] = [];
  for (const entry of dir.value.entries) {
    if (!CELL_PARTS.test(entry.name)) continue;
    const raw = rawData(data, entry, dir.value.start);
    if (!raw.ok) return data;
    const content = inflate(raw.value, entry.method, entry.size + 1);
    out.push({ ...entry, method: 0, size: content.length, raw: content });
  }
  return writeZip(out);
}

/** Loads a workbook's cells with exceljs, skipping the parts Praetor never reads. */
export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    cellPackage(data) as unknown as ArrayBuffer,
    {
      ignoreNodes: IGNORED_NODES,
    } as Parameters<typeof workbook.xlsx.load>[1],
  );
  return workbook;
}

/** A workbook file, checked by the guard and loaded; every failure is a message naming the file. */
export async function openWorkbook(path: string): Promise<Result<ExcelJS.Workbook>> {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (e) {
    return err(`${path}: ${(e as Error).message}`);
  }
  const checked = checkPackage(data);
  if (!checked.ok) return err(`${path}: ${checked.error}`);
  try {
    return ok(await loadWorkbook(data));
  } catch (e) {
    return err(`${path}: not a readable workbook (${(e as Error).message})`);
  }
}

export function tablesOf(workbook: ExcelJS.Workbook): WorkbookTables {
  return {
    battles: findTable(workbook, 'Battles'),
    legions: findTable(workbook, 'Legions'),
    sheetNames: workbook.worksheets.map((ws) => ws.name),
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

/** The cells of a table's range (header row first, totals row left out). */
function tableGrid(ws: ExcelJS.Worksheet, model: TableModel): SheetTable | null {
  const m = /^\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)$/i.exec(String(model.tableRef ?? ''));
  if (!m) return null;
  const [top, left] = [Number(m[2]), columnNumber(m[1])];
  const [bottom, right] = [Number(m[4]) - (model.totalsRow ? 1 : 0), columnNumber(m[3])];
  const cells: Cell[][] = [];
  for (let r = top; r <= bottom; r++) {
    const row = ws.getRow(r);
    const values: Cell[] = [];
    for (let c = left; c <= right; c++) values.push(row.getCell(c).value ?? null);
    cells.push(values);
  }
  return { cells, origin: { sheet: ws.name, row: top - 1, col: left - 1 } };
}

/** A sheet's cells from its first non-blank row (the header) down, from column A. */
export function sheetGrid(ws: ExcelJS.Worksheet): SheetTable {
  const rows = new Map<number, Cell[]>();
  let first = Infinity;
  let last = 0;
  ws.eachRow((row, n) => {
    const values = (row.values as Cell[]).slice(1);
    if (values.every(isBlank)) return;
    rows.set(n, values);
    first = Math.min(first, n);
    last = Math.max(last, n);
  });
  if (rows.size === 0) return { cells: [], origin: { sheet: ws.name, row: 0, col: 0 } };
  const cells: Cell[][] = [];
  for (let n = first; n <= last; n++) {
    cells.push(Array.from(rows.get(n) ?? [], (v) => v ?? null));
  }
  return { cells, origin: { sheet: ws.name, row: first - 1, col: 0 } };
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
