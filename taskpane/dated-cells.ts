import { CellGrid } from '../src/cells';
import { isDateFormat, serialDate, shownDate } from '../src/excel-dates';

/** Which day a workbook counts as day 0: Excel for the Mac before 2011 counted from 1904. */
export type DateSystem = '1900' | '1904';

/** Day 0 of the 1904 system (1 January 1904) as a day of the 1900 system. */
const DAY_0_OF_1904 = 1462;

/**
 * The date system a workbook uses, from Excel's answer to `DATE(1904,1,1)`: day 0 in the 1904
 * system, day 1462 in the 1900 one. Anything else (an error) is taken as the usual 1900.
 */
export const dateSystemOf = (first1904: unknown): DateSystem => (first1904 === 0 ? '1904' : '1900');

/**
 * A range's values as `praetor adjudicate` reads the saved file: Excel gives the pane a date as
 * its day number, which the cell's number format shows as a day, where exceljs reads that day.
 */
export function datedCells(
  values: unknown[][],
  formats: unknown[][],
  system: DateSystem = '1900',
): CellGrid {
  const shift = system === '1904' ? DAY_0_OF_1904 : 0;
  return values.map((row, r) =>
    row.map((value, c) => {
      const format = formats[r]?.[c];
      return typeof value === 'number' && typeof format === 'string' && isDateFormat(format)
        ? shownDate(serialDate(value + shift))
        : value;
    }),
  );
}
