import { cellAddress } from './cells';
import type { ShownProblem } from './verify';

/**
 * What could make a sheet Praetor wrote show other than the values verify checks, decided the
 * same way for `praetor verify` (read with exceljs) and the taskpane's Verify (read with
 * Office.js): each reader gives the checked sheets as plain data, this names the problems.
 */

export type SheetVisibility = 'visible' | 'hidden' | 'veryHidden';

/** A cell that carries a formula or a number format, 0-based on its sheet. */
export interface ShownCell {
  row: number;
  col: number;
  /** The formula as Excel shows it in the formula bar, `=` first; absent for a value. */
  formula?: string;
  /** The cell's number format code; absent (or General) for none. */
  numberFormat?: string;
}

/** A checked sheet (Results or Log), how it is shown, and its cells that may show otherwise. */
export interface ShownSheet {
  name: string;
  visibility: SheetVisibility;
  cells: readonly ShownCell[];
}

/** Number formats that show a value as it is: General and Text. */
const PLAIN_FORMATS = new Set(['General', '@']);

export const isPlainFormat = (numberFormat: string): boolean => PLAIN_FORMATS.has(numberFormat);

/** Cells listed per sheet; the rest are counted. */
const LISTED = 5;

/**
 * The problems of each sheet, in the order given: its visibility, then its cells row by row, 5
 * listed and the rest counted. Praetor writes values only, with no number format, and never
 * hides a sheet. A formula shows what it computes when Excel recalculates, not the saved
 * result verify reads; a number format such as `"6"` or `;;;` shows other text than the value.
 */
export function shownProblems(sheets: readonly ShownSheet[]): ShownProblem[] {
  return sheets.flatMap(sheetProblems);
}

function sheetProblems({ name: sheet, visibility, cells }: ShownSheet): ShownProblem[] {
  const found: ShownProblem[] = [];
  if (visibility !== 'visible') {
    found.push({
      sheet,
      where: `sheet '${sheet}'`,
      problem: `the sheet is ${visibility === 'veryHidden' ? 'very hidden' : 'hidden'}; Praetor never hides a sheet, so what is shown may not be what is checked`,
    });
  }
  const byPosition = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  const problems = byPosition.flatMap((cell) => cellProblem(sheet, cell));
  found.push(...problems.slice(0, LISTED));
  if (problems.length > LISTED) {
    const more = problems.length - LISTED;
    found.push({
      sheet,
      where: problems[LISTED].where,
      problem: `and ${more} more cell${more === 1 ? '' : 's'} of '${sheet}' with a formula or a number format, from here on`,
    });
  }
  return found;
}

function cellProblem(sheet: string, cell: ShownCell): ShownProblem[] {
  const where = cellAddress({ sheet, row: 0, col: 0 }, cell.row, cell.col);
  if (cell.formula !== undefined) {
    return [
      {
        sheet,
        where,
        problem: `holds a formula (${cell.formula}): Praetor writes values only, and Excel may show what the formula computes rather than the saved value checked`,
      },
    ];
  }
  if (cell.numberFormat !== undefined && !isPlainFormat(cell.numberFormat)) {
    return [
      {
        sheet,
        where,
        problem: `has the number format ${JSON.stringify(cell.numberFormat)}: Praetor writes no number formats, and this one may show other text than the value checked`,
      },
    ];
  }
  return [];
}
