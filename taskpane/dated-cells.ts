import { CellGrid } from '../src/cells';
import { isDateFormat, serialDate, shownDate } from '../src/excel-dates';

/**
 * A range's values as `praetor adjudicate` reads the saved file: Excel gives the pane a date as
 * its day number, which the cell's number format shows as a day, where exceljs reads that day.
 * Days are counted from 1900, as in every workbook but those made by Excel for the Mac before
 * 2011 (the 1904 system, which the pane does not ask Excel for).
 */
export function datedCells(values: unknown[][], formats: unknown[][]): CellGrid {
  return values.map((row, r) =>
    row.map((value, c) => {
      const format = formats[r]?.[c];
      return typeof value === 'number' && typeof format === 'string' && isDateFormat(format)
        ? shownDate(serialDate(value))
        : value;
    }),
  );
}
