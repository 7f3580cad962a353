import type ExcelJS from 'exceljs';
import { ZipPackage } from './zip-package';

/**
 * Loads a workbook's cells with exceljs from parts already unpacked. `xlsx.load` would unzip
 * the package again with JSZip and push every part through a stream; here exceljs' own parsers
 * (the same xforms, dispatched by part name exactly as `xlsx.load` of exceljs 4.4.0 does, then
 * its `reconcile`) are handed each part's text directly, which halves the time exceljs takes.
 * Drawings, media, charts, themes and macros are never given to it.
 */

/** The parts that hold cells, tables and cell notes (comments and their VML). */
const CELL_PARTS =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|styles\.xml|sharedStrings\.xml|worksheets\/[^/]+\.xml|worksheets\/_rels\/[^/]+\.rels|tables\/[^/]+\.xml|comments[^/]*\.xml|drawings\/vmlDrawing[^/]*\.vml))$/i;

/** True for the parts exceljs is given (and the guard should keep unpacked for it). */
export const isCellPart = (name: string): boolean => CELL_PARTS.test(name);

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

/**
 * What a formula's empty saved text (`<c t="str"><f>IF(A1="","",A1)</f><v></v></c>`, as Excel
 * writes an `=IF(...,"")` blank) is given to exceljs as: exceljs reads an empty `<v>` as no saved
 * value at all, which is a formula never calculated. The reader (`gridValue`) turns it back into
 * an empty text. A character of Unicode's private use area, which no player types.
 */
export const EMPTY_FORMULA_TEXT = '\uE000';

/** Marks the empty saved text of a formula's cell so that exceljs keeps it (see above). */
export function markEmptyFormulaText(xml: string): string {
  if (!xml.includes('<v></v>') && !xml.includes('<v/>')) return xml;
  return xml.replace(/<c\b[^>]*>(?:(?!<\/c>)[\s\S])*?<\/c>/g, (c) =>
    /^<c\b[^>]*\bt="str"/.test(c) && /<f\b/.test(c)
      ? c.replace(/<v><\/v>|<v\/>/, `<v>${EMPTY_FORMULA_TEXT}</v>`)
      : c,
  );
}

/** exceljs' xforms take any async iterable of text where `xlsx.load` gives them a stream. */
type Chunks = string[];

interface Xform {
  parseStream(chunks: Chunks): Promise<unknown>;
}

/** The parts of exceljs' XLSX reader that `xlsx.load` runs on each part (exceljs 4.4.0). */
interface XlsxInternals {
  parseRels(chunks: Chunks): Promise<unknown>;
  parseWorkbook(chunks: Chunks): Promise<Record<string, unknown>>;
  reconcile(model: Model, options: object): void;
  _processWorksheetEntry(
    chunks: Chunks,
    model: Model,
    sheetNo: string,
    options: object,
    path: string,
  ): Promise<void>;
  _processWorksheetRelsEntry(chunks: Chunks, model: Model, sheetNo: string): Promise<void>;
  _processCommentEntry(chunks: Chunks, model: Model, name: string): Promise<void>;
  _processTableEntry(chunks: Chunks, model: Model, name: string): Promise<void>;
  _processVmlDrawingEntry(chunks: Chunks, model: Model, name: string): Promise<void>;
}

type Model = Record<string, unknown>;

// The workbook alone: exceljs' main module also loads its streaming reader and writer (and
// their zip libraries), which takes a fresh worker thread twice as long.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Workbook = require('exceljs/lib/doc/workbook') as typeof ExcelJS.Workbook;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform') as new () => Xform;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SharedStringsXform =
  require('exceljs/lib/xlsx/xform/strings/shared-strings-xform') as new () => Xform;

/** A workbook's cells, read by exceljs from the package's cell parts. */
export async function loadCellParts(pkg: ZipPackage): Promise<ExcelJS.Workbook> {
  const workbook = new Workbook();
  const xlsx = workbook.xlsx as unknown as XlsxInternals;
  const options = { ignoreNodes: IGNORED_NODES };
  // The model `xlsx.load` starts from.
  const model: Model = {
    worksheets: [],
    worksheetHash: {},
    worksheetRels: [],
    themes: {},
    media: [],
    mediaIndex: {},
    drawings: {},
    drawingRels: {},
    comments: {},
    tables: {},
    vmlDrawings: {},
  };
  for (const entry of pkg.entries) {
    if (!isCellPart(entry.name) || entry.name === '[Content_Types].xml') continue;
    const name = entry.name.replace(/^\//, '');
    const chunks = [pkg.content(entry).toString('utf8')];
    let m: RegExpMatchArray | null;
    if (name === '_rels/.rels') {
      model.globalRels = await xlsx.parseRels(chunks);
    } else if (name === 'xl/workbook.xml') {
      const book = await xlsx.parseWorkbook(chunks);
      model.sheets = book.sheets;
      model.definedNames = book.definedNames;
      model.views = book.views;
      model.properties = book.properties;
      model.calcProperties = book.calcProperties;
    } else if (name === 'xl/_rels/workbook.xml.rels') {
      model.workbookRels = await xlsx.parseRels(chunks);
    } else if (name === 'xl/sharedStrings.xml') {
      const strings = new SharedStringsXform();
      model.sharedStrings = strings;
      await strings.parseStream(chunks);
    } else if (name === 'xl/styles.xml') {
      const styles = new StylesXform();
      model.styles = styles;
      await styles.parseStream(chunks);
    } else if ((m = name.match(/xl\/worksheets\/sheet(\d+)[.]xml/))) {
      chunks[0] = markEmptyFormulaText(chunks[0]);
      await xlsx._processWorksheetEntry(chunks, model, m[1], options, name);
    } else if ((m = name.match(/xl\/worksheets\/_rels\/sheet(\d+)[.]xml.rels/))) {
      await xlsx._processWorksheetRelsEntry(chunks, model, m[1]);
    } else if ((m = name.match(/xl\/(comments\d+)[.]xml/))) {
      await xlsx._processCommentEntry(chunks, model, m[1]);
    } else if ((m = name.match(/xl\/tables\/(table\d+)[.]xml/))) {
      await xlsx._processTableEntry(chunks, model, m[1]);
    } else if ((m = name.match(/xl\/drawings\/(vmlDrawing\d+)[.]vml/))) {
      await xlsx._processVmlDrawingEntry(chunks, model, m[1]);
    }
  }
  xlsx.reconcile(model, options);
  (workbook as unknown as { model: Model }).model = model;
  return workbook;
}
