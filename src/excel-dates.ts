/**
 * Dates as Excel stores them (a number of days, shown as a date by the cell's number format) and
 * shows them, so that a date cell reads the same from a file (exceljs) and from Excel itself
 * (the taskpane, which gets the bare number).
 */

const DAY_MS = 86_400_000;
const MARCH_1900 = Date.UTC(1900, 2, 1);
const FEBRUARY_28_1900 = Date.UTC(1900, 1, 28);
/** Day 0 of the 1900 date system, 30 December 1899, as days since 1970. */
const UNIX_DAY_OF_1900_SYSTEM = 25569;

/**
 * Whether a number format shows a date or a time, by exceljs' rule (a `y`, `m`, `d`, `h`, `s` or
 * `b` outside quoted text and `[...]`), which the headless reader follows.
 */
export function isDateFormat(format: string): boolean {
  const bare = format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]/.test(bare);
}

/** A day number of the 1900 date system as exceljs reads it (before `shownDate`). */
export const serialDate = (serial: number): Date =>
  new Date(Math.round((serial - UNIX_DAY_OF_1900_SYSTEM) * DAY_MS));

/**
 * A date as Excel shows it. Excel counts 1900 as a leap year (as Lotus 1-2-3 did): its day 60
 * is 29 February 1900, and every day before it is one day later than exceljs makes it.
 */
export function shownDate(date: Date): Date | string {
  const time = date.getTime();
  if (Number.isNaN(time) || time >= MARCH_1900) return date;
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  return day === FEBRUARY_28_1900 ? '1900-02-29' : new Date(time + DAY_MS);
}
