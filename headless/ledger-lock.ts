import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { err, ok, Result } from '../src/result';
import { fsErrorReason } from './fs-errors';

/**
 * One `adjudicate --key` run at a time per ledger. Two runs of one key at once would each read
 * the ledger before the other wrote it, and the last to write would drop the other's battles:
 * a later run could then seal one of those ids again from another workbook. The lock is a file
 * beside the ledger, made only if it is not there (`rome.key.battles.json.lock`), naming the
 * process that holds it. A lock left by a run that was killed (its process gone, on this
 * machine) is taken over.
 */

interface Holder {
  pid: number;
  host: string;
  /** When the run began, ISO 8601. */
  since: string;
}

export const lockPath = (ledgerPath: string): string => `${ledgerPath}.lock`;

/** Takes the ledger's lock: the function that releases it, or why another run holds it. */
export function lockLedger(ledgerPath: string, now = new Date()): Result<() => void> {
  const path = lockPath(ledgerPath);
  const me: Holder = { pid: process.pid, host: hostname(), since: now.toISOString() };
  const text = `${JSON.stringify(me)}\n`;
  // Twice at most: the second time after a dead run's lock is removed.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      return ok(() => release(path, text));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        return err(`the ledger's lock ${path} cannot be made: ${fsErrorReason(e, path)}`);
      }
    }
    const held = readHolder(path);
    if (held === undefined) continue; // released in between
    if (held === null || !isGone(held)) return err(heldMessage(path, held));
    removeIfStill(path, held);
  }
  return err(heldMessage(path, readHolder(path) ?? null));
}

/** The lock's holder; null when its file cannot be read as one; undefined when it is gone. */
function readHolder(path: string): Holder | null | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null;
  }
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    return Number.isSafeInteger(h.pid) && typeof h.host === 'string' && typeof h.since === 'string'
      ? (h as Holder)
      : null;
  } catch {
    return null;
  }
}

/** A holder whose process has ended, on this machine (another machine's cannot be asked). */
function isGone(holder: Holder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (e) {
    // EPERM: the process is there, another user's.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function removeIfStill(path: string, holder: Holder): void {
  const now = readHolder(path);
  if (now && now.pid === holder.pid && now.since === holder.since) rmSync(path, { force: true });
}

function heldMessage(path: string, holder: Holder | null): string {
  const who = holder
    ? `another "praetor adjudicate --key" run (process ${holder.pid} on ${holder.host}, since ${holder.since})`
    : 'another "praetor adjudicate --key" run';
  return `${who} is using the ledger (its lock ${path} is there): run one at a time, so that no battle of either is left out of the ledger; if no such run is going on, delete ${path}`;
}

/** Removes the lock if it is still this run's. */
function release(path: string, text: string): void {
  try {
    if (readFileSync(path, 'utf8') === text) rmSync(path, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}
