import { TURN_REPORT_WIDTHS } from '../../src/economy/report';
import { SheetContent, SheetRow } from './sheet-xml';

/** How the `Turn report` sheet (and a `Game` sheet Praetor adds) look on screen and on paper. */

function table(
  name: string,
  rows: (string | number)[][],
  widths: readonly number[],
  title: string,
  workbook: string,
): SheetContent {
  return {
    name,
    rows: rows.map((cells, r): SheetRow => ({ cells, kind: r === 0 ? 'header' : 'body' })),
    widths,
    frozenRows: 1,
    printTitleRow: 0,
    pageHeader: { left: title, right: workbook },
    pageFooter: { left: name },
  };
}

export const turnReportContent = (name: string, rows: (string | number)[][], workbook: string) =>
  table(name, rows, TURN_REPORT_WIDTHS, 'Praetor: turn report', workbook);

export const gameContent = (rows: (string | number)[][], workbook: string) =>
  table('Game', rows, [10], 'Praetor: game', workbook);
