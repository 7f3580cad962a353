import type ExcelJS from 'exceljs';
import { GridMerge } from '../../src/merged-cells';
import { markEmptyFormulaText } from './empty-formula-text';
import {
  Model,
  Relationship,
  RelationshipsXform,
  SharedStrings,
  SharedStringsXform,
  SheetEntry,
  SheetModel,
  StylesModel,
  StylesXform,
  Workbook,
  WorkbookXform,
  Worksheet,
  WorksheetXform,
} from './exceljs-internals';
import {
  attempt,
  isType,
  missing,
  parse,
  Part,
  partText,
  resolve,
  unreadable,
} from './exceljs-parts';
import { BookParts, IGNORED_NODES, reconcileSheet } from './exceljs-sheet';
import { ColumnRange, hiddenColumnRanges } from './hidden-columns';
import { unescapeInlineText } from './inline-escapes';
import { plainStoredValues } from './stored-values';
import { ZipPackage } from './zip-package';

/**
 * Loads a workbook's cells with exceljs from parts already unpacked. `xlsx.load` would unzip
 * the package again with JSZip and push every part through a stream; here exceljs' own parsers
 * (the xforms `xlsx.load` of exceljs 4.4.0 runs, then the reconciling it does) are handed each
 * part's text directly, which halves the time exceljs takes. The parts are found as Excel finds
 * them, from the sheet index and its relationships, and each is parsed on its own, so that a
 * part exceljs fails on is named to the user (a `WorkbookReadError`), never exceljs' own message.
 * Drawings, media, charts, themes and macros are never given to it.
 */

/** The parts that hold cells, tables and cell notes (comments and their VML). */
const CELL_PARTS =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|styles\.xml|sharedStrings\.xml|worksheets\/[^/]+\.xml|worksheets\/_rels\/[^/]+\.rels|tables\/[^/]+\.xml|comments[^/]*\.xml|drawings\/vmlDrawing[^/]*\.vml))$/i;

/** True for the parts exceljs is given (and the guard should keep unpacked for it). */
export const isCellPart = (name: string): boolean => CELL_PARTS.test(name);

/** Each sheet's merges, which exceljs is not given (see `takeMerges`). */
const mergesBySheet = new WeakMap<ExcelJS.Worksheet, GridMerge[]>();

/** The merged ranges of a sheet loaded here, by 0-based rows and columns. */
export const sheetMerges = (sheet: ExcelJS.Worksheet): readonly GridMerge[] =>
  mergesBySheet.get(sheet) ?? [];

/** Each sheet's hidden columns, which exceljs is not given (its `<cols>` are skipped). */
const hiddenColumnsBySheet = new WeakMap<ExcelJS.Worksheet, ColumnRange[]>();

/** The hidden columns of a sheet loaded here, as 0-based ranges. */
export const sheetHiddenColumns = (sheet: ExcelJS.Worksheet): readonly ColumnRange[] =>
  hiddenColumnsBySheet.get(sheet) ?? [];

/** A sheet of the index that holds no cells: a chart sheet, a dialog sheet, a macro sheet. */
export interface CellLessSheet {
  name: string;
  /** `a chart sheet`, ... */
  kind: string;
}

/**
 * Each workbook's sheet index: the name of every sheet, in its order, and those of them that
 * hold no cells, which exceljs is not given.
 */
const indexByBook = new WeakMap<ExcelJS.Workbook, { names: string[]; cellLess: CellLessSheet[] }>();

/**
 * Every sheet name of a workbook loaded here, in the index's order: a new sheet must take none
 * of them, a chart sheet's name included. A workbook made otherwise: its worksheets' names.
 */
export const sheetIndex = (workbook: ExcelJS.Workbook): string[] =>
  indexByBook.get(workbook)?.names ?? workbook.worksheets.map((ws) => ws.name);

/** The sheets of the index that hold no cells, which exceljs is not given. */
export const cellLessSheets = (workbook: ExcelJS.Workbook): readonly CellLessSheet[] =>
  indexByBook.get(workbook)?.cellLess ?? [];

const KINDS: Record<string, string> = {
  chartsheet: 'a chart sheet',
  dialogsheet: 'a dialog sheet',
  xlMacrosheet: 'a macro sheet',
  xlIntlMacrosheet: 'a macro sheet',
};
const kindOf = (rel: Relationship): string =>
  KINDS[(rel.Type ?? '').split('/').pop() ?? ''] ?? 'not a worksheet';

const BOOK = 'xl/workbook.xml';
const BOOK_RELS = 'xl/_rels/workbook.xml.rels';

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
    withLocalDateFormats(styles);
  }
  let sharedStrings: SharedStrings | undefined;
  const stringsPart = partText(pkg, target('sharedStrings') ?? 'xl/sharedStrings.xml');
  if (stringsPart) {
    sharedStrings = new SharedStringsXform() as SharedStrings;
    await parse(sharedStrings, stringsPart);
  }
  const common: BookParts = { book, styles, stylesPart, sharedStrings };

  const workbook = new Workbook();
  const sheets: {
    part: Part;
    model: SheetModel;
    entry: SheetEntry;
    merges: GridMerge[];
    hidden: ColumnRange[];
  }[] = [];
  const index: string[] = [];
  const cellLess: CellLessSheet[] = [];
  for (const entry of (book.sheets ?? []) as SheetEntry[]) {
    const name = entry.name ?? '';
    index.push(name);
    const rel = relsById.get(entry.rId);
    if (rel === undefined) {
      throw missing(
        bookRelsPart
          ? `sheet "${name}" has no relationship ${entry.rId ?? '(none named)'} in ${BOOK_RELS}`
          : `it has no ${BOOK_RELS}, where its sheets are found`,
      );
    }
    // Chart sheets, dialog and macro sheets hold no cells to read.
    if (!isType(rel, 'worksheet')) {
      cellLess.push({ name, kind: kindOf(rel) });
      continue;
    }
    if (!rel.Target) throw missing(`sheet "${name}" has a relationship that names no part`);
    const path = resolve(BOOK, rel.Target);
    const part = partText(pkg, path, name);
    if (!part) {
      throw missing(`sheet "${name}" is in the sheet index, but its part ${path} is missing`);
    }
    part.text = plainStoredValues(markEmptyFormulaText(part.text));
    const model = await parse<SheetModel>(new WorksheetXform({ ignoreNodes: IGNORED_NODES }), part);
    unescapeInlineText(model);
    const merges = await reconcileSheet(pkg, part, model, common);
    sheets.push({ part, model, entry, merges, hidden: hiddenColumnRanges(part.text) });
  }

  // What the model setter of exceljs' Workbook does, one sheet at a time, its failure named;
  // each sheet numbered by its place in the index (a sheetId may be missing or repeated).
  const bookModel = workbook as unknown as { model: Model; _worksheets: unknown[] };
  bookModel.model = { ...book, worksheets: [], definedNames: [], media: [] };
  sheets.forEach(({ part, model, entry, merges, hidden }, i) =>
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
      const sheet = worksheet as unknown as ExcelJS.Worksheet;
      if (merges.length > 0) mergesBySheet.set(sheet, merges);
      if (hidden.length > 0) hiddenColumnsBySheet.set(sheet, hidden);
    }),
  );
  indexByBook.set(workbook, { names: index, cellLess });
  return workbook;
}

/**
 * Excel's built-in number formats 27-36 and 50-58 (East Asian) and 81 (Thai) show dates and
 * times whose codes depend on the language, so exceljs gives them none, and their cells would
 * read as numbers where Excel shows a day (and gives an add-in a date code): each gets a code
 * that shows a day, unless the workbook gives its own.
 */
const LOCAL_DATE_FORMAT_IDS = [
  27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58, 81,
];

function withLocalDateFormats(styles: StylesModel): void {
  const codes = (styles as { index?: { numFmt?: (string | undefined)[] } }).index?.numFmt;
  if (codes === undefined) return;
  for (const id of LOCAL_DATE_FORMAT_IDS) codes[id] ??= 'yyyy-mm-dd';
}
