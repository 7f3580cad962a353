import type ExcelJS from 'exceljs';
import { columnLetters, quoteSheet } from '../../src/cells';
import { ZipPackage } from './zip-package';
import { markEmptyFormulaText } from './empty-formula-text';

/**
 * Loads a workbook's cells with exceljs from parts already unpacked. `xlsx.load` would unzip
 * the package again with JSZip and push every part through a stream; here exceljs' own parsers
 * (the xforms `xlsx.load` of exceljs 4.4.0 runs, then the reconciling it does) are handed each
 * part's text directly, which halves the time exceljs takes. The parts are found as Excel finds
 * them, from the sheet index and its relationships, and each is parsed on its own, so that a
 * part exceljs fails on is named to the user (a `WorkbookReadError`), never exceljs' own message.
 * Drawings, media, charts, themes and macros are never given to it.
 */

/** A workbook exceljs cannot read, said in plain words that name the part or cell at fault. */
export class WorkbookReadError extends Error {}

/** What the user is told of an error while reading: never exceljs' or its parser's own text. */
export function readFailure(e: unknown): string {
  return e instanceof WorkbookReadError
    ? e.message
    : 'it is damaged or written in a way Praetor cannot read: open the file in Excel and save it again';
}

/** The parts that hold cells, tables and cell notes (comments and their VML). */
const CELL_PARTS =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|styles\.xml|sharedStrings\.xml|worksheets\/[^/]+\.xml|worksheets\/_rels\/[^/]+\.rels|tables\/[^/]+\.xml|comments[^/]*\.xml|drawings\/vmlDrawing[^/]*\.vml))$/i;

/** True for the parts exceljs is given (and the guard should keep unpacked for it). */
export const isCellPart = (name: string): boolean => CELL_PARTS.test(name);

/**
 * Parts of a sheet the referee does not need: skipping them is faster and less fragile. Column
 * widths (`cols`) most of all: exceljs makes an object for every column a `<col>` spans, and
 * `<col min="1" max="1000000000"/>` in an 8 KB file runs it out of memory.
 */
const IGNORED_NODES = [
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

/** exceljs' xforms take any async iterable of text where `xlsx.load` gives them a stream. */
type Chunks = string[];
type Model = Record<string, unknown>;

interface Xform {
  parseStream(chunks: Chunks): Promise<unknown>;
  reconcile(model: unknown, options: object): void;
}
type XformClass = new (options?: object) => Xform;

interface Relationship {
  Id?: string;
  Type?: string;
  Target?: string;
  TargetMode?: string;
}

interface SheetEntry {
  name?: string;
  state?: string;
  rId?: string;
}

interface CellModel {
  address?: string;
  type?: number;
  value?: unknown;
}

interface RowModel {
  number: number;
  cells: CellModel[];
}

interface SheetModel {
  rows?: RowModel[];
  mergeCells?: string[];
  tableParts?: { rId?: string }[];
  relationships?: Relationship[];
}

interface StylesModel extends Xform {
  model?: unknown;
}

interface SharedStrings extends Xform {
  uniqueCount: number;
}

// The workbook alone: exceljs' main module also loads its streaming reader and writer (and
// their zip libraries), which takes a fresh worker thread twice as long.
/* eslint-disable @typescript-eslint/no-require-imports */
const Workbook = require('exceljs/lib/doc/workbook') as typeof ExcelJS.Workbook;
const Worksheet = require('exceljs/lib/doc/worksheet') as new (options: object) => {
  model: unknown;
};
const Range = require('exceljs/lib/doc/range') as new (ref: string) => {
  top: number;
  left: number;
  bottom: number;
  right: number;
};
const colCache = require('exceljs/lib/utils/col-cache') as {
  decodeAddress(address: string): { col: number };
};
const RelationshipsXform = require('exceljs/lib/xlsx/xform/core/relationships-xform') as XformClass;
const WorkbookXform = require('exceljs/lib/xlsx/xform/book/workbook-xform') as XformClass;
const WorksheetXform = require('exceljs/lib/xlsx/xform/sheet/worksheet-xform') as XformClass;
const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform') as XformClass;
const SharedStringsXform =
  require('exceljs/lib/xlsx/xform/strings/shared-strings-xform') as XformClass;
const TableXform = require('exceljs/lib/xlsx/xform/table/table-xform') as XformClass;
const CommentsXform = require('exceljs/lib/xlsx/xform/comment/comments-xform') as XformClass;
const VmlNotesXform = require('exceljs/lib/xlsx/xform/comment/vml-notes-xform') as XformClass;
/* eslint-enable @typescript-eslint/no-require-imports */

/** exceljs' reconciling of a sheet keeps nothing of one sheet for the next (`options` does). */
const SHEET_RECONCILER = new WorksheetXform({ ignoreNodes: IGNORED_NODES });

const BOOK = 'xl/workbook.xml';
const BOOK_RELS = 'xl/_rels/workbook.xml.rels';

/** A part to parse: its name, its text, and the sheet it belongs to, if any. */
interface Part {
  path: string;
  text: string;
  sheet?: string;
}

/** The sheet a part belongs to, for messages. */
const ofSheet = (sheet?: string) => (sheet === undefined ? '' : ` (sheet "${sheet}")`);

/** A part exceljs failed on, or that it read as nothing. */
function unreadable(part: Part): WorkbookReadError {
  const root = /<([^\s?!/>][^\s/>]*)/.exec(part.text)?.[1] ?? '';
  const why = root.includes(':')
    ? `is written with a namespace prefix (<${root}>), which Praetor does not read`
    : 'is damaged or written in a way Praetor cannot read';
  return new WorkbookReadError(
    `part ${part.path}${ofSheet(part.sheet)} ${why}: open the file in Excel and save it again`,
  );
}

/** A part that should be there and is not. */
const missing = (what: string) => new WorkbookReadError(`the file is damaged: ${what}`);

/** The text of a part, or undefined when the package has none. */
function partText(pkg: ZipPackage, path: string, sheet?: string): Part | undefined {
  const entry = pkg.byName.get(path);
  return entry && { path, text: pkg.content(entry).toString('utf8'), sheet };
}

/** A part parsed by an xform of exceljs; its failure, or nothing read, names the part. */
async function parse<T>(xform: Xform, part: Part): Promise<T> {
  let parsed: unknown;
  try {
    parsed = await xform.parseStream([part.text]);
  } catch {
    throw unreadable(part);
  }
  if (parsed === undefined || parsed === null) throw unreadable(part);
  return parsed as T;
}

/** Runs one step of exceljs' reconciling on a part's model: its failure names the part. */
function attempt(part: Part, step: () => void, diagnose: () => void = () => {}): void {
  try {
    step();
  } catch {
    diagnose();
    throw unreadable(part);
  }
}

/** Where a relationship of the part at `from` points, as a part name. */
function resolve(from: string, target: string): string {
  const path = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') path.pop();
    else if (step !== '.' && step !== '') path.push(step);
  }
  return path.join('/');
}

/** The relationships of the part at `path` (`dir/_rels/name.rels`), if it has any. */
async function relationshipsOf(pkg: ZipPackage, path: string, sheet?: string) {
  const cut = path.lastIndexOf('/') + 1;
  const rels = partText(pkg, `${path.slice(0, cut)}_rels/${path.slice(cut)}.rels`, sheet);
  return rels ? parse<Relationship[]>(new RelationshipsXform(), rels) : [];
}

const isType = (rel: Relationship, type: string) => (rel.Type ?? '').endsWith(`/${type}`);

/** A workbook's cells, read by exceljs from the package's cell parts. */
export async function loadCellParts(pkg: ZipPackage): Promise<ExcelJS.Workbook> {
  const top = partText(pkg, '_rels/.rels');
  if (top) await parse(new RelationshipsXform(), top);
  const bookPart = partText(pkg, BOOK);
  if (!bookPart) throw missing(`it has no ${BOOK}`);
  const book = await parse<Model>(new WorkbookXform(), bookPart);
  const bookRelsPart = partText(pkg, BOOK_RELS);
  const bookRels = bookRelsPart
    ? await parse<Relationship[]>(new RelationshipsXform(), bookRelsPart)
    : [];
  const relsById = new Map(bookRels.map((rel) => [rel.Id, rel]));
  const target = (type: string) => {
    const rel = bookRels.find((r) => isType(r, type));
    return rel?.Target === undefined ? undefined : resolve(BOOK, rel.Target);
  };

  // Styles and shared strings are found by their relationships; exceljs' default names else.
  let styles: StylesModel | undefined;
  const stylesPart = partText(pkg, target('styles') ?? 'xl/styles.xml');
  if (stylesPart) {
    styles = new StylesXform() as StylesModel;
    // A styles part exceljs reads as nothing is at fault only if a cell uses a style (see
    // `reconcileSheet`).
    await styles.parseStream([stylesPart.text]).catch(() => {
      throw unreadable(stylesPart);
    });
  }
  let sharedStrings: SharedStrings | undefined;
  const stringsPart = partText(pkg, target('sharedStrings') ?? 'xl/sharedStrings.xml');
  if (stringsPart) {
    sharedStrings = new SharedStringsXform() as SharedStrings;
    await parse(sharedStrings, stringsPart);
  }
  const common: BookParts = { book, styles, stylesPart, sharedStrings };

  const workbook = new Workbook();
  const sheets: { part: Part; model: SheetModel; entry: SheetEntry }[] = [];
  for (const entry of (book.sheets ?? []) as SheetEntry[]) {
    const name = entry.name ?? '';
    const rel = relsById.get(entry.rId);
    if (rel === undefined) {
      throw missing(
        bookRelsPart
          ? `sheet "${name}" has no relationship ${entry.rId ?? '(none named)'} in ${BOOK_RELS}`
          : `it has no ${BOOK_RELS}, where its sheets are found`,
      );
    }
    // Chart sheets, dialog and macro sheets hold no cells to read.
    if (!isType(rel, 'worksheet')) continue;
    if (!rel.Target) throw missing(`sheet "${name}" has a relationship that names no part`);
    const path = resolve(BOOK, rel.Target);
    const part = partText(pkg, path, name);
    if (!part) {
      throw missing(`sheet "${name}" is in the sheet index, but its part ${path} is missing`);
    }
    part.text = markEmptyFormulaText(part.text);
    const model = await parse<SheetModel>(new WorksheetXform({ ignoreNodes: IGNORED_NODES }), part);
    await reconcileSheet(pkg, part, model, common);
    sheets.push({ part, model, entry });
  }

  // What the model setter of exceljs' Workbook does, one sheet at a time, its failure named;
  // each sheet numbered by its place in the index (a sheetId may be missing or repeated).
  const bookModel = workbook as unknown as { model: Model; _worksheets: unknown[] };
  bookModel.model = { ...book, worksheets: [], definedNames: [], media: [] };
  sheets.forEach(({ part, model, entry }, i) =>
    attempt(part, () => {
      const worksheet = new Worksheet({
        id: i + 1,
        name: part.sheet,
        orderNo: i,
        state: entry.state,
        workbook,
      });
      worksheet.model = { ...model, name: part.sheet };
      bookModel._worksheets[i + 1] = worksheet;
    }),
  );
  return workbook;
}

/** What every sheet's cells are reconciled with. */
interface BookParts {
  book: Model;
  styles?: StylesModel;
  stylesPart?: Part;
  sharedStrings?: SharedStrings;
}

/**
 * A sheet's model made ready for exceljs' Worksheet (what `xlsx.reconcile` does for each
 * sheet): its notes and tables loaded from its relationships, its styles and shared strings
 * looked up, its merges applied.
 */
async function reconcileSheet(
  pkg: ZipPackage,
  part: Part,
  model: SheetModel,
  common: BookParts,
): Promise<void> {
  const rows = model.rows ?? [];
  // A row may leave out its number (`r`): it is the row after the one before.
  let before = 0;
  for (const row of rows) {
    if (Number.isNaN(row.number)) row.number = before + 1;
    before = row.number;
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
  attempt(part, () => applyMerges(model));
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
 * Applies a sheet's merges to the cells it has, and hands exceljs none: exceljs would make a
 * cell for every cell a merge covers (`<mergeCell ref="A1:XFD1048576"/>` is 17 billion). A cell
 * a merge covers, other than its top-left one, is left out: Excel shows it blank.
 */
function applyMerges(model: SheetModel): void {
  const merges = (model.mergeCells ?? []).map((ref) => new Range(ref));
  model.mergeCells = [];
  if (merges.length === 0) return;
  for (const row of model.rows ?? []) {
    const across = merges.filter((m) => m.top <= row.number && row.number <= m.bottom);
    if (across.length === 0) continue;
    let col = 0;
    row.cells = row.cells.filter((cell) => {
      // A cell without an address follows the one before it; it is given its address, as the
      // one before may be left out.
      col = cell.address ? colCache.decodeAddress(cell.address).col : col + 1;
      if (!cell.address) cell.address = `${columnLetters(col - 1)}${row.number}`;
      return !across.some(
        (m) => m.left <= col && col <= m.right && (row.number > m.top || col > m.left),
      );
    });
  }
}
