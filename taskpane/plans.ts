import { Adjudicated } from '../src/adjudicate';
import { CellValue } from '../src/cell-value';
import { LogSheet, logHeaderRow, logSummaryLayout } from '../src/log-sheet';
import { RESULTS_WIDTHS, RESULTS_WRAPPED, resultsSheet } from '../src/results-sheet';
import { numberColumns } from '../src/sheet-layout';
import { SheetPlan } from './host';
import { pageSection } from '../src/page-text';
import { charsToPoints, excelValue } from './values';

/**
 * The new sheets as blocks of values: the core's `logSheet` and `resultsSheet` rows, padded into
 * one rectangle each, so that each sheet is written with a single `range.values` assignment.
 */

function rectangle(rows: readonly (readonly CellValue[])[], width: number): CellValue[][] {
  return rows.map((row) => {
    const cells = row.map(excelValue);
    while (cells.length < width) cells.push('');
    return cells;
  });
}

/** A log sheet: the summary on top, a blank row, the header, one row per shot. */
export function logPlan(log: LogSheet): SheetPlan {
  const width = Math.max(1, log.header.length, ...log.rows.map((r) => r.length));
  const headerRow = logHeaderRow(log);
  const rows: CellValue[][] = [...log.summary.map((line) => [line]), [], log.header, ...log.rows];
  const { columns, lines } = logSummaryLayout(log);
  return {
    name: log.name,
    values: rectangle(rows, width),
    summaryRows: headerRow - 1,
    summary: { columns, lines },
    headerRow,
    widths: log.widths.map(charsToPoints),
    centered: numberColumns(log.rows),
    print: {
      header: pageSection(`${log.page.battle} — ${log.page.ruleset}`),
      footer: pageSection(log.page.dice),
    },
  };
}

/** The `Results` sheet of a whole submission, as `praetor adjudicate` writes it. */
export function resultsPlan(
  name: string,
  all: readonly Adjudicated[],
  problems: readonly string[],
  warnings: readonly string[],
): SheetPlan {
  const rows = resultsSheet(all, problems, warnings);
  return {
    name,
    values: rectangle(rows, rows[0].length),
    summaryRows: 0,
    headerRow: 0,
    widths: RESULTS_WIDTHS.slice(0, rows[0].length).map(charsToPoints),
    wrapped: RESULTS_WRAPPED.filter((col) => col < rows[0].length),
    centered: numberColumns(rows.slice(1)),
    top: true,
    print: { header: pageSection('Praetor results'), footer: pageSection(`${all.length} battles`) },
  };
}
