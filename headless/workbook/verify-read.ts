import { err, ok, Result } from '../../src/result';
import { isVerifySheet, WorkbookSheets } from '../../src/verify';
import { openWorkbook, sheetGrid, tablesOf } from './read';

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
  return ok({
    battles: tables.battles,
    legions: tables.legions,
    fleets: tables.fleets,
    units: tables.units,
    armies: tables.armies,
    sheetNames: tables.sheetNames,
    sheets: workbook.worksheets.filter((ws) => isVerifySheet(ws.name)).map(sheetGrid),
  });
}
