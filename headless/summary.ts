import { isUnreadableFolder } from './batch-inputs';
import { BattleReport, FileReport } from './file-report';
import { fileLabels } from './file-labels';
import { renderTextTable } from '../src/log';
import { printable } from './io';

/** The end of a batch: a table of files, then every error and warning with its place. */

/**
 * The table of the batch's workbooks. A folder that could not be read is no workbook: it is
 * left out of the rows and the count, and named among the errors (`problemLines`).
 */
export function summaryTable(reports: readonly FileReport[]): string {
  const workbooks = reports.filter((r) => !isUnreadableFolder(r.error));
  const sum = (key: 'battles' | 'resolved' | 'errors') => workbooks.reduce((n, r) => n + r[key], 0);
  const labels = fileLabels(workbooks.map((r) => r.input));
  const rows = workbooks.map((r) => [
    printable(labels.get(r.input)!),
    r.battles,
    r.resolved,
    r.errors,
    r.error ? 'not written' : printable(r.output ?? 'not written'),
  ]);
  const files = `${workbooks.length} file${workbooks.length === 1 ? '' : 's'}`;
  rows.push(['total', sum('battles'), sum('resolved'), sum('errors'), files]);
  return renderTextTable({
    headers: ['File', 'Battles', 'Resolved', 'Errors', 'Output'],
    widths: [],
    rows,
  });
}

/** A battle's error, naming the battle when the error itself starts at a cell. */
const battleError = (b: BattleReport): string =>
  b.error!.startsWith(`battle ${b.id}:`) ? b.error! : `battle ${b.id}: ${b.error}`;

/** Every message of the batch, each line beginning with the file it is about, on one line. */
export function problemLines(reports: readonly FileReport[]): {
  errors: string[];
  warnings: string[];
} {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const r of reports) {
    const file = r.input;
    if (r.error) errors.push(`${file}: ${r.error}`);
    for (const p of r.problems) errors.push(`${file}: ${p}`);
    for (const b of r.results) if (b.error) errors.push(`${file}: ${battleError(b)}`);
    for (const w of r.warnings) warnings.push(`${file}: ${w}`);
  }
  return { errors: errors.map(printable), warnings: warnings.map(printable) };
}
