import type ExcelJS from 'exceljs';
import { cellAddress } from '../../src/cells';
import { err, ok, Result } from '../../src/result';
import { isVerifySheet, ShownProblem, WorkbookSheets } from '../../src/verify';
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
  const checked = workbook.worksheets.filter((ws) => isVerifySheet(ws.name));
  return ok({
    battles: tables.battles,
    legions: tables.legions,
    fleets: tables.fleets,
    units: tables.units,
    armies: tables.armies,
    sheetNames: tables.sheetNames,
    sheets: checked.map(sheetGrid),
    shown: checked.flatMap(shownProblems),
  });
}

/** Number formats that show a value as it is. */
const PLAIN_FORMATS = new Set(['General', '@']);

/** Cells listed per sheet; the rest are counted. */
const LISTED = 5;

/**
 * What could make a sheet Praetor wrote show other than the values verify checks: Praetor
 * writes values only, with no number format, and never hides a sheet. A formula shows what
 * it computes when Excel recalculates, not the saved result verify reads; a number format
 * such as `"6"` or `;;;` shows other text than the value.
 */
function shownProblems(ws: ExcelJS.Worksheet): ShownProblem[] {
  const sheet = ws.name;
  const found: ShownProblem[] = [];
  if (ws.state !== 'visible') {
    found.push({
      sheet,
      where: `sheet '${sheet}'`,
      problem: `the sheet is ${ws.state === 'veryHidden' ? 'very hidden' : 'hidden'}; Praetor never hides a sheet, so what is shown may not be what is checked`,
    });
  }
  const cells: ShownProblem[] = [];
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      const where = cellAddress(
        { sheet, row: 0, col: 0 },
        Number(cell.row) - 1,
        Number(cell.col) - 1,
      );
      const formula = cell.formula ?? (cell.value as { sharedFormula?: string })?.sharedFormula;
      if ((cell.type as number) === 6 || formula !== undefined) {
        cells.push({
          sheet,
          where,
          problem: `holds a formula (=${formula ?? '...'}): Praetor writes values only, and Excel may show what the formula computes rather than the saved value checked`,
        });
      } else if (cell.numFmt !== undefined && !PLAIN_FORMATS.has(cell.numFmt)) {
        cells.push({
          sheet,
          where,
          problem: `has the number format ${JSON.stringify(cell.numFmt)}: Praetor writes no number formats, and this one may show other text than the value checked`,
        });
      }
    }),
  );
  found.push(...cells.slice(0, LISTED));
  if (cells.length > LISTED) {
    const more = cells.length - LISTED;
    found.push({
      sheet,
      where: cells[LISTED].where,
      problem: `and ${more} more cell${more === 1 ? '' : 's'} of '${sheet}' with a formula or a number format, from here on`,
    });
  }
  return found;
}
