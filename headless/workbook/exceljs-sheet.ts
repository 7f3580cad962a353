import { columnLetters, quoteSheet } from '../../src/cells';
import { GridMerge } from '../../src/merged-cells';
import {
  colCache,
  CommentsXform,
  Model,
  Range,
  RowModel,
  SharedStrings,
  SheetModel,
  StylesModel,
  TableXform,
  VmlNotesXform,
  WorksheetXform,
} from './exceljs-internals';
import {
  attempt,
  isType,
  missing,
  ofSheet,
  parse,
  Part,
  partText,
  relationshipsOf,
  resolve,
  unreadable,
  WorkbookReadError,
} from './exceljs-parts';
import { ZipPackage } from './zip-package';

/** One sheet's cells made ready for exceljs' Worksheet, as `xlsx.load` reconciles them. */

/**
 * Parts of a sheet the referee does not need: skipping them is faster and less fragile. Column
 * widths (`cols`) most of all: exceljs makes an object for every column a `<col>` spans, and
 * `<col min="1" max="1000000000"/>` in an 8 KB file runs it out of memory.
 */
export const IGNORED_NODES = [
  'cols',
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

/** Excel's last row: a row numbered past it is damage (and would make exceljs loop for ever). */
const MAX_ROW = 1_048_576;

/** exceljs' reconciling of a sheet keeps nothing of one sheet for the next (`options` does). */
const SHEET_RECONCILER = new WorksheetXform({ ignoreNodes: IGNORED_NODES });

/** What every sheet's cells are reconciled with. */
export interface BookParts {
  book: Model;
  styles?: StylesModel;
  stylesPart?: Part;
  sharedStrings?: SharedStrings;
}

/**
 * A sheet's model made ready for exceljs' Worksheet (what `xlsx.reconcile` does for each
 * sheet): its notes and tables loaded from its relationships, its styles and shared strings
 * looked up, its merges taken out of exceljs' hands. Gives the merges, as ranges of 0-based
 * rows and columns.
 */
export async function reconcileSheet(
  pkg: ZipPackage,
  part: Part,
  model: SheetModel,
  common: BookParts,
): Promise<GridMerge[]> {
  const rows = model.rows ?? [];
  // A row may leave out its number (`r`): it is the row after the one before. So may a cell
  // its address: it is the cell after the one before.
  let before = 0;
  for (const row of rows) {
    if (Number.isNaN(row.number)) row.number = before + 1;
    before = row.number;
    let col = 0;
    let last: string | undefined;
    for (const cell of row.cells) {
      if (cell.address) {
        last = cell.address;
        continue;
      }
      col = last !== undefined ? colCache.decodeAddress(last).col + 1 : col + 1;
      last = undefined;
      cell.address = `${columnLetters(col - 1)}${row.number}`;
    }
  }
  const far = rows.find((row) => !(row.number >= 1 && row.number <= MAX_ROW));
  if (far !== undefined) {
    throw new WorkbookReadError(
      `part ${part.path}${ofSheet(part.sheet)} is damaged: it has a row numbered ${far.number}, and Excel's rows end at ${MAX_ROW}`,
    );
  }
  const rels = await relationshipsOf(pkg, part.path, part.sheet);
  const comments: Model = {};
  const vmlDrawings: Model = {};
  const tables: Model = {};
  for (const rel of rels) {
    const kind = isType(rel, 'comments')
      ? ([comments, CommentsXform] as const)
      : isType(rel, 'vmlDrawing')
        ? ([vmlDrawings, VmlNotesXform] as const)
        : isType(rel, 'table')
          ? ([tables, TableXform] as const)
          : undefined;
    if (kind === undefined || rel.Target === undefined || rel.TargetMode === 'External') continue;
    const path = resolve(part.path, rel.Target);
    const linked = partText(pkg, path, part.sheet);
    if (!linked) {
      throw missing(`part ${path}, which sheet "${part.sheet}" refers to, is missing`);
    }
    const [map, Parse] = kind;
    const parsed = await parse<Model>(new Parse(), linked);
    if (Parse === TableXform) {
      attempt(linked, () => new TableXform().reconcile(parsed, { styles: common.styles }));
    }
    map[rel.Target] = parsed;
  }
  const ids = new Set(rels.map((rel) => rel.Id));
  const table = (model.tableParts ?? []).find((t) => !ids.has(t.rId));
  if (table !== undefined) {
    throw missing(`sheet "${part.sheet}" names a table by a relationship it lacks (${table.rId})`);
  }
  model.relationships = rels;
  const options = {
    styles: common.styles,
    sharedStrings: common.sharedStrings,
    media: [],
    mediaIndex: {},
    date1904: (common.book.properties as { date1904?: boolean } | undefined)?.date1904,
    drawings: {},
    comments,
    tables,
    vmlDrawings,
  };
  checkSharedStrings(part, rows, common.sharedStrings);
  const putBack = setAsideResultsNotNumbers(rows);
  attempt(
    part,
    () => SHEET_RECONCILER.reconcile(model, options),
    // A styles part exceljs read as nothing fails only once a cell uses a style.
    () => {
      if (common.stylesPart && common.styles?.model === undefined) {
        throw unreadable(common.stylesPart);
      }
    },
  );
  putBack();
  let merges: GridMerge[] = [];
  attempt(part, () => {
    merges = takeMerges(model);
  });
  return merges;
}

/**
 * exceljs makes a date of every saved formula result in a cell with a date format, text and
 * TRUE included, where Excel shows a date only for a number: results that are not numbers are
 * taken out of its way, and `putBack` returns them.
 */
function setAsideResultsNotNumbers(rows: RowModel[]): () => void {
  const kept: [RowModel['cells'][number], unknown][] = [];
  for (const row of rows) {
    for (const cell of row.cells) {
      if (cell.result !== undefined && typeof cell.result !== 'number') {
        kept.push([cell, cell.result]);
        delete cell.result;
      }
    }
  }
  return () => kept.forEach(([cell, result]) => (cell.result = result));
}

/** `'A1'!B2`, or `in row 2 (sheet "A1")` for a cell written without its address. */
const cellWhere = (part: Part, row: RowModel, cell: RowModel['cells'][number]): string =>
  cell.address && part.sheet !== undefined
    ? `${quoteSheet(part.sheet)}!${cell.address}`
    : `${cell.address ?? `in row ${row.number}`}${ofSheet(part.sheet)}`;

/** Each cell of shared text refers to one the workbook has (exceljs fails on one it lacks). */
function checkSharedStrings(part: Part, rows: RowModel[], strings?: SharedStrings): void {
  const count = strings?.uniqueCount ?? 0;
  for (const row of rows) {
    for (const cell of row.cells) {
      // ValueType.String, its value still the index into the shared strings.
      if (cell.type !== 3 || typeof cell.value !== 'number') continue;
      if (Number.isInteger(cell.value) && cell.value >= 0 && cell.value < count) continue;
      throw missing(
        `cell ${cellWhere(part, row, cell)} (${part.path}) refers to shared string ${cell.value}, and the workbook has ${strings ? count : 'none'}`,
      );
    }
  }
}

/**
 * Takes a sheet's merges from its model and hands exceljs none: exceljs would make a cell for
 * every cell a merge covers (`<mergeCell ref="A1:XFD1048576"/>` is 17 billion), each showing
 * the top-left cell's value. The cells keep what the file holds: a cell a merge covers is
 * blank, unless a program merged over a value and kept it hidden. The merges are given to the
 * core with the grids, which names a cell read under one (see src/merged-cells.ts).
 */
function takeMerges(model: SheetModel): GridMerge[] {
  const merges = (model.mergeCells ?? []).map((ref) => new Range(ref));
  model.mergeCells = [];
  return merges.map((m) => ({
    top: m.top - 1,
    left: m.left - 1,
    bottom: m.bottom - 1,
    right: m.right - 1,
  }));
}
