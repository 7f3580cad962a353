import { CellValue } from '../../src/cell-value';
import { logHeaderRow, LogSheet, logSummaryLayout } from '../../src/log-sheet';
import { numberColumns } from '../../src/sheet-layout';
import { RESULTS_WIDTHS, RESULTS_WRAPPED } from '../../src/results-sheet';
import { SheetContent, SheetRow } from './sheet-xml';

/** How the `Results` and `Log <battle>` sheets look on screen and on paper. */

export function resultsContent(name: string, rows: CellValue[][], workbook: string): SheetContent {
  return {
    name,
    rows: rows.map((cells, r): SheetRow => ({ cells, kind: r === 0 ? 'header' : 'body' })),
    widths: RESULTS_WIDTHS.slice(0, rows[0]?.length ?? 0),
    wrapped: RESULTS_WRAPPED,
    centered: numberColumns(rows.slice(1)),
    // A row as tall as its wrapped seed or error reads from its first line, as they do.
    top: true,
    frozenRows: 1,
    printTitleRow: 0,
    pageHeader: { left: 'Praetor: results', right: workbook },
    pageFooter: { left: name },
  };
}

export function logContent(log: LogSheet): SheetContent {
  const header = logHeaderRow(log);
  // Each summary line spans the table's columns and wraps there: an Options line or a side of
  // five legions runs to hundreds of characters, which would make the printed page, fitted to
  // one page wide, shrink to fit it (LibreOffice), or be cut at the table's edge (Excel).
  const { columns } = logSummaryLayout(log);
  return {
    name: log.name,
    rows: [
      ...log.summary.map((line, i): SheetRow => ({
        cells: [line],
        kind: i === 0 ? 'title' : 'body',
        span: columns,
      })),
      // Every row with a kind, so that the writer sees rows of one shape.
      { cells: [], kind: 'body' },
      { cells: log.header, kind: 'header' },
      ...log.rows.map((cells): SheetRow => ({ cells, kind: 'body' })),
    ],
    widths: log.widths,
    centered: numberColumns(log.rows),
    frozenRows: header + 1,
    printTitleRow: header,
    // One section each, as the taskpane prints them: a seed Praetor derives from the rosters
    // runs to 80 characters, which printed over the header's other sections.
    pageHeader: { center: `${log.page.battle} — ${log.page.ruleset}` },
    pageFooter: { left: log.page.dice },
  };
}
