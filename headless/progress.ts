import { basename } from 'node:path';
import { fileLabels } from './file-labels';
import { FileReport } from './file-report';
import { Io, printable } from './io';

/**
 * Progress of a batch on the error stream: a bar redrawn in place on a terminal, one plain line
 * per file otherwise (logs, pipes, CI). Files that fail are named as they happen either way.
 */

export interface Progress {
  fileDone(report: FileReport): void;
  /** A line of its own, the bar redrawn below it. */
  note(text: string): void;
  finish(): void;
}

/** One line about a file done (control characters of its name or message escaped). */
export function fileLine(r: FileReport, name = basename(r.input)): string {
  if (r.error) return printable(`${name}: error: ${r.error}`);
  const battles = `${r.battles} battle${r.battles === 1 ? '' : 's'}, ${r.resolved} resolved`;
  const errors = r.errors > 0 ? `, ${r.errors} error${r.errors === 1 ? '' : 's'}` : '';
  return printable(`${name}: ${battles}${errors}${r.output ? ` -> ${r.output}` : ''}`);
}

/** Progress through `inputs`, each named as the summary will name it. */
export function startProgress(io: Io, inputs: readonly string[]): Progress {
  const total = inputs.length;
  const labels = fileLabels(inputs);
  const line = (r: FileReport) => fileLine(r, labels.get(r.input));
  let done = 0;
  const tty = io.tty;
  if (!tty) {
    return {
      fileDone(report) {
        done++;
        io.err(`[${done}/${total}] ${line(report)}`);
      },
      note: (text) => io.err(text),
      finish() {},
    };
  }
  let shown = '';
  const draw = (name: string) => {
    shown = name;
    const width = Math.max(10, Math.min(40, tty.columns - 40));
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
    const room = Math.max(0, tty.columns - bar.length - 2);
    tty.write(`\r\x1b[2K${bar} ${name.slice(0, room)}`);
  };
  draw('');
  return {
    fileDone(report) {
      done++;
      if (report.errors > 0) tty.write(`\r\x1b[2K${line(report)}\n`);
      draw(printable(labels.get(report.input) ?? basename(report.input)));
    },
    note(text) {
      tty.write(`\r\x1b[2K${text}\n`);
      draw(shown);
    },
    finish() {
      tty.write('\r\x1b[2K');
    },
  };
}

/**
 * A count's progress on a terminal (`Monte Carlo: 12,000 of 100,000 battles`), redrawn in place
 * at most ten times a second and cleared at the end; nothing at all off a terminal.
 */
export function countProgress(
  io: Io,
  what: string,
  now: () => number = Date.now,
): { update(done: number, total: number): void; finish(): void } {
  const tty = io.tty;
  let last = -Infinity;
  let drawn = false;
  return {
    update(done, total) {
      if (!tty || now() - last < 100 || done >= total) return;
      last = now();
      drawn = true;
      const line = `${what}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`;
      tty.write(`\r\x1b[2K${line.slice(0, Math.max(0, tty.columns - 1))}`);
    },
    finish() {
      if (tty && drawn) tty.write('\r\x1b[2K');
    },
  };
}
