import type ExcelJS from 'exceljs';

/**
 * The parts of exceljs 4.4.0 that `loadCellParts` uses in place of `xlsx.load`: its workbook and
 * sheet classes and its xforms (the parsers of each kind of part), with the shapes of what they
 * give. Internal to exceljs, so pinned to its version (package.json).
 */

/** exceljs' xforms take any async iterable of text where `xlsx.load` gives them a stream. */
export type Chunks = string[];
export type Model = Record<string, unknown>;

export interface Xform {
  parseStream(chunks: Chunks): Promise<unknown>;
  reconcile(model: unknown, options: object): void;
}
export type XformClass = new (options?: object) => Xform;

export interface Relationship {
  Id?: string;
  Type?: string;
  Target?: string;
  TargetMode?: string;
}

export interface SheetEntry {
  name?: string;
  state?: string;
  rId?: string;
}

export interface CellModel {
  address?: string;
  type?: number;
  value?: unknown;
  /** A formula's saved value. */
  result?: unknown;
}

export interface RowModel {
  number: number;
  cells: CellModel[];
}

export interface SheetModel {
  rows?: RowModel[];
  mergeCells?: string[];
  tableParts?: { rId?: string }[];
  relationships?: Relationship[];
}

export interface StylesModel extends Xform {
  model?: unknown;
}

export interface SharedStrings extends Xform {
  uniqueCount: number;
}

// The workbook alone: exceljs' main module also loads its streaming reader and writer (and
// their zip libraries), which takes a fresh worker thread twice as long.
/* eslint-disable @typescript-eslint/no-require-imports */
export const Workbook = require('exceljs/lib/doc/workbook') as typeof ExcelJS.Workbook;
export const Worksheet = require('exceljs/lib/doc/worksheet') as new (options: object) => {
  model: unknown;
};
export const Range = require('exceljs/lib/doc/range') as new (ref: string) => {
  top: number;
  left: number;
  bottom: number;
  right: number;
};
export const colCache = require('exceljs/lib/utils/col-cache') as {
  decodeAddress(address: string): { col: number };
};
export const RelationshipsXform =
  require('exceljs/lib/xlsx/xform/core/relationships-xform') as XformClass;
export const WorkbookXform = require('exceljs/lib/xlsx/xform/book/workbook-xform') as XformClass;
export const WorksheetXform = require('exceljs/lib/xlsx/xform/sheet/worksheet-xform') as XformClass;
export const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform') as XformClass;
export const SharedStringsXform =
  require('exceljs/lib/xlsx/xform/strings/shared-strings-xform') as XformClass;
export const TableXform = require('exceljs/lib/xlsx/xform/table/table-xform') as XformClass;
export const CommentsXform = require('exceljs/lib/xlsx/xform/comment/comments-xform') as XformClass;
export const VmlNotesXform =
  require('exceljs/lib/xlsx/xform/comment/vml-notes-xform') as XformClass;
/* eslint-enable @typescript-eslint/no-require-imports */
