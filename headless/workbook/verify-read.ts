import type ExcelJS from 'exceljs';
import { err, ok, Result } from '../../src/result';
import { isVerifySheet, WorkbookSheets } from '../../src/verify';
import { ShownCell, ShownSheet, shownProblems } from '../../src/verify-shown';
import type { PostedSheets } from '../../src/posted-rounds';
import { readFailure } from './exceljs-parts';
import { PackageLimits } from './guard';
import { loadWorkbook, openWorkbook, readPackageFile, sheetGrid, tablesOf } from './read';
import { sheetIndex } from './exceljs-load';

/**
 * An adjudicated workbook's sheets as `verifyWorkbook` takes them: the orders (the Battles
 * and Legions tables, found as `praetor adjudicate` finds them) and the Results and Log sheets.
 */
export async function readForVerify(path: string): Promise<Result<WorkbookSheets>> {
  const opened = await openWorkbook(path);
  if (!opened.ok) return opened;
  const workbook = opened.value;
  const tables = tablesOf(workbook);
  if (!tables.battles || !tables.legions) {
    return err(`${path}: no Battles and Legions sheets or tables, so no orders to replay`);
  }
  const checked = workbook.worksheets.filter((ws) => isVerifySheet(ws.name));
  return ok({
    battles: tables.battles,
    legions: tables.legions,
    fleets: tables.fleets,
    units: tables.units,
    armies: tables.armies,
    sheetNames: tables.sheetNames,
    sheets: checked.map(sheetGrid),
    shown: shownProblems(checked.map(shownSheet)),
  });
}

/** The most sheets of an output replaced that are read back to compare its battles. */
export const MAX_POSTED_SHEETS = 2_000;
const SHEET_PART = /^\/?xl\/worksheets\/[^/]+\.xml$/;

/**
 * The Results and Log sheets of a workbook Praetor wrote before (the output `--force`
 * replaces), checked by the guard as any input, or why they cannot be read.
 */
export async function readPostedSheets(
  path: string,
  limits?: PackageLimits,
): Promise<Result<PostedSheets>> {
  const checked = readPackageFile(path, limits);
  if (!checked.ok) return checked;
  // Read back with exceljs, every sheet of a huge output would take longer than the file may.
  const sheetCount = checked.value.entries.filter((e) => SHEET_PART.test(e.name)).length;
  if (sheetCount > MAX_POSTED_SHEETS) {
    return err(
      `it has ${sheetCount.toLocaleString('en')} sheets, and an output of more than ` +
        `${MAX_POSTED_SHEETS.toLocaleString('en')} is not read back (it would take too long)`,
    );
  }
  try {
    const workbook = await loadWorkbook(checked.value);
    const sheets = workbook.worksheets.filter((ws) => isVerifySheet(ws.name)).map(sheetGrid);
    return ok({ sheetNames: sheetIndex(workbook), sheets });
  } catch (e) {
    return err(`not a readable workbook (${readFailure(e)})`);
  }
}

/**
 * A checked sheet as `shownProblems` takes it: its state, and its cells that hold a formula or
 * have a number format. exceljs gives a formula without its `=`; one whose text it does not
 * give is shown as `=...`.
 */
function shownSheet(ws: ExcelJS.Worksheet): ShownSheet {
  const cells: ShownCell[] = [];
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      const place = { row: Number(cell.row) - 1, col: Number(cell.col) - 1 };
      const formula = cell.formula ?? (cell.value as { sharedFormula?: string })?.sharedFormula;
      if ((cell.type as number) === 6 || formula !== undefined) {
        cells.push({ ...place, formula: `=${formula ?? '...'}` });
      } else if (cell.numFmt !== undefined) {
        cells.push({ ...place, numberFormat: cell.numFmt });
      }
    }),
  );
  return { name: ws.name, visibility: ws.state, cells };
}
