import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Excel's lock file (`~$NAME.xlsx`), which it writes beside a workbook it has open: given as an
 * input it is no workbook, and found beside one it says that what was not saved was not read.
 */

export const LOCK_FILE =
  "this is Excel's lock file of a workbook open in Excel (it holds who opened it), not a workbook: name the workbook itself";

export const isLockFile = (path: string): boolean => basename(path).startsWith('~$');

/** The warning for a workbook open in Excel, or null when no lock file is beside it. */
export function openInExcelWarning(path: string): string | null {
  const lock = join(dirname(path), `~$${basename(path)}`);
  return existsSync(lock)
    ? `the workbook is open in Excel (its lock file ${basename(lock)} is beside it): changes not saved there were not read`
    : null;
}
