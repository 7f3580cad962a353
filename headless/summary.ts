import { plural } from '../src/narrate-words';
import { isUnreadableFolder, NOT_FOUND } from './batch-inputs';
import { BattleReport, FileReport } from './file-report';
import { fileLabels } from './file-labels';
import { renderTextTable } from '../src/log';
import { printable } from './io';

/** The end of a batch: a table of files, then every error and warning with its place. */

/**
 * The table of the batch: a row per workbook, per folder that could not be read and per path
 * that names nothing (each one's error counts among the errors, as the run fails for it), the
 * total naming how many of each.
 */
export function summaryTable(reports: readonly FileReport[]): string {
  const sum = (key: 'battles' | 'resolved' | 'errors') => reports.reduce((n, r) => n + r[key], 0);
  const labels = fileLabels(reports.map((r) => r.input));
  const rows = reports.map((r) => [
    printable(labels.get(r.input)!),
    r.battles,
    r.resolved,
    r.errors,
    r.error ? 'not written' : printable(r.output ?? 'not written'),
  ]);
  const folders = reports.filter((r) => isUnreadableFolder(r.error)).length;
  const missing = reports.filter((r) => r.error === NOT_FOUND).length;
  const files = reports.length - folders - missing;
  const count = [
    ...(files > 0 || folders + missing === 0 ? [plural(files, 'file')] : []),
    ...(folders > 0 ? [`${plural(folders, 'folder')} not read`] : []),
    ...(missing > 0 ? [`${missing} not found`] : []),
  ].join(', ');
  rows.push(['total', sum('battles'), sum('resolved'), sum('errors'), count]);
  return renderTextTable({
    headers: ['File', 'Battles', 'Resolved', 'Errors', 'Output'],
    widths: [],
    rows,
  });
}

/**
 * A battle's error, beginning with the battle: `battle A9: Battles!B2: ...`, also for an error
 * that names the battle after its cell (`Battles!B2: battle A9: the scripted dice ran out`).
 */
export function namingBattle(id: string, error: string): string {
  const own = `battle ${id}: `;
  if (error.startsWith(own)) return error;
  const at = error.indexOf(`: ${own}`);
  if (at > 0 && !error.slice(0, at).includes(': ')) {
    return `${own}${error.slice(0, at)}: ${error.slice(at + 2 + own.length)}`;
  }
  return own + error;
}

const battleError = (b: BattleReport): string => namingBattle(b.id, b.error!);

/** Every message of the batch, each line beginning with the file it is about, on one line. */
export function problemLines(reports: readonly FileReport[]): {
  errors: string[];
  warnings: string[];
  changed: string[];
} {
  const errors: string[] = [];
  const warnings: string[] = [];
  const changed: string[] = [];
  for (const r of reports) {
    const file = r.input;
    if (r.error) errors.push(`${file}: ${r.error}`);
    for (const p of r.problems) errors.push(`${file}: ${p}`);
    for (const b of r.results) if (b.error) errors.push(`${file}: ${battleError(b)}`);
    for (const w of r.warnings) warnings.push(`${file}: ${w}`);
    for (const c of r.changed) changed.push(`${r.output ?? file}: ${c}`);
  }
  return {
    errors: errors.map(printable),
    warnings: warnings.map(printable),
    changed: changed.map(printable),
  };
}
