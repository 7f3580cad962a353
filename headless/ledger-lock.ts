import { linkSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { err, ok, Result } from '../src/result';
import { fsErrorReason } from './fs-errors';

/**
 * One `adjudicate --key` run at a time per ledger. Two runs of one key at once would each read
 * the ledger before the other wrote it, and the last to write would drop the other's battles:
 * a later run could then seal one of those ids again from another workbook. The lock is a file
 * beside the ledger, made only if it is not there (`rome.key.battles.json.lock`), naming the
 * process that holds it. A lock left by a run that was killed (its process gone, on this
 * machine) is taken over, as is one from before the machine restarted, or whose process number
 * now belongs to another program (where the system tells: Linux).
 */

export interface Holder {
  pid: number;
  host: string;
  /** When the run began, ISO 8601. */
  since: string;
  /** The machine's boot (Linux's boot id), where the system tells it. */
  boot?: string;
  /** When the process started, in clock ticks since boot, where the system tells it. */
  start?: number;
  /** The process numbers it is known by (Linux's pid namespace), where the system tells it. */
  pids?: string;
  /** The machine (`/etc/machine-id`), where the system tells it: two may share a host name. */
  machine?: string;
}

export const lockPath = (ledgerPath: string): string => `${ledgerPath}.lock`;

/** A lock taken: how to release it, and the killed run whose lock it took over, if any. */
export interface LedgerLock {
  release: () => void;
  /** Why the lock was there already: a run that ended without releasing it. */
  tookOver?: string;
}

/** Takes the ledger's lock, or says which run holds it. */
export function lockLedger(ledgerPath: string, now = new Date()): Result<LedgerLock> {
  const path = lockPath(ledgerPath);
  const text = `${JSON.stringify(me(now))}\n`;
  let tookOver: string | undefined;
  // Twice at most: the second time after a dead run's lock is put aside.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      return ok({ release: () => release(path, text), ...(tookOver ? { tookOver } : {}) });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        return err(`the ledger's lock ${path} cannot be made: ${fsErrorReason(e, path)}`);
      }
    }
    const held = readHolder(path);
    if (held === undefined) continue; // released in between
    const gone = held === null ? null : whyGone(held);
    if (held === null || gone === null) return err(heldMessage(path, held));
    putAside(path, held);
    tookOver = `the ledger's lock ${path} was left by a run that ended without releasing it (process ${held.pid}, since ${held.since}${gone}): that run was cut short, and the battles it was about to seal are in the ledger already. The lock is taken over`;
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
    if (!(Number.isSafeInteger(h.pid) && typeof h.host === 'string')) return null;
    if (typeof h.since !== 'string') return null;
    // A field written otherwise than this Praetor writes it tells nothing: left out.
    const { pid, host, since, boot, start, pids, machine } = h as Holder;
    return {
      pid,
      host,
      since,
      ...(typeof boot === 'string' ? { boot } : {}),
      ...(Number.isSafeInteger(start) ? { start } : {}),
      ...(typeof pids === 'string' ? { pids } : {}),
      ...(typeof machine === 'string' ? { machine } : {}),
    };
  } catch {
    return null;
  }
}

/** The machine's own id (systemd's, kept over restarts), or undefined where there is none. */
function machineId(): string | undefined {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = readFileSync(path, 'utf8').trim();
      if (id) return id;
    } catch {
      // Not there: the next, or none.
    }
  }
  return undefined;
}

/** This boot of the machine (Linux), or undefined where the system does not tell. */
function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * When process `pid` started, in clock ticks since the machine booted (Linux, in
 * `/proc/PID/stat`), or undefined where the system does not tell: with the boot, it names one
 * process for good, where a process number is used again. Unlike the wall clock, it never steps.
 */
function startTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name, in parentheses, may hold spaces: fields are counted after it.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The set of process numbers this process sees (Linux's pid namespace, `pid:[4026531836]`), or
 * undefined where the system does not tell. A container, a Flatpak or a toolbox may share the
 * machine's name and boot with another, but not its process numbers.
 */
function pidSpace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** This process, as a lock names its holder. */
function me(now: Date): Holder {
  const boot = bootId();
  const start = startTicks(process.pid);
  const pids = pidSpace();
  const machine = machineId();
  return {
    pid: process.pid,
    host: hostname(),
    since: now.toISOString(),
    ...(boot === undefined ? {} : { boot }),
    ...(start === undefined ? {} : { start }),
    ...(pids === undefined ? {} : { pids }),
    ...(machine === undefined ? {} : { machine }),
  };
}

/**
 * Why a holder's run is over: '' when its process has ended, or the words for a machine
 * restarted since, or a process number now another program's (told by the boot and start the
 * lock records, where the system gives them); null while it may still be running, or when it
 * cannot be told: another machine's run, or one in another set of process numbers.
 */
function whyGone(holder: Holder): string | null {
  // Another machine's run cannot be asked, though it may share this one's name.
  if (holder.host !== hostname() || holder.machine !== machineId()) return null;
  const boot = bootId();
  if (holder.boot !== undefined && boot !== undefined && holder.boot !== boot) {
    return '; this machine has restarted since';
  }
  // Its process number means nothing here when it was given in another set of numbers, or in
  // one this process cannot tell from its own (a lock of Linux that names none).
  if (holder.pids !== pidSpace()) return null;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    // EPERM: the process is there, another user's.
    return (e as NodeJS.ErrnoException).code === 'ESRCH' ? '' : null;
  }
  const start = startTicks(holder.pid);
  return holder.start !== undefined && start !== undefined && start !== holder.start
    ? "; that process number is now another program's"
    : null;
}

/**
 * Moves a dead run's lock out of the way. Another run may have done so at the same moment and
 * made its own lock: what was moved is then that run's, and goes back.
 */
export function putAside(path: string, dead: Holder): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // gone already
  }
  const moved = readHolder(aside);
  if (!(moved && moved.pid === dead.pid && moved.since === dead.since)) {
    try {
      linkSync(aside, path);
    } catch {
      // A third run made a lock in between: the narrowest of races, left as it is.
    }
  }
  rmSync(aside, { force: true });
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
