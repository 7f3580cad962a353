import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { fsErrorReason, isDir, isFsError, OutputWriteError } from './fs-errors';

export { OutputWriteError } from './fs-errors';

/**
 * Writes a file whole or not at all: the data goes to a temporary file beside the target,
 * which then takes the target's name. Without `overwrite`, an existing target is left alone
 * (a hard link, which fails if the name is taken, makes the check and the write one step).
 *
 * A write that fails says so about the target, in plain words (its folder does not exist, it
 * is a folder, permission denied...): the temporary file's name is never shown.
 */

export class OutputExistsError extends Error {
  constructor(readonly path: string) {
    super(`${path} exists; add --force to overwrite it`);
  }
}

/** A temporary file removed if it is there; its name is never worth an error of its own. */
function removeQuietly(temp: string): void {
  try {
    rmSync(temp, { force: true });
  } catch {
    // Not made, or its folder is gone: nothing to remove.
  }
}

/** Random once per process (a name a crashed run left behind is never taken), then counted. */
const session = randomBytes(4).toString('hex');
let serial = 0;

/** The error for a target name already taken: by a folder (never replaced), or by a file. */
const taken = (path: string): Error =>
  isDir(path) ? new OutputWriteError(path, 'it is a folder') : new OutputExistsError(path);

/**
 * The permissions for a file made from `source` (a workbook adjudicated): its read and write
 * bits, so that private orders stay private, and always its owner's write bit (a read-only
 * input gives an output its owner may still replace); undefined when it cannot be read.
 */
export function modeOf(source: string): number | undefined {
  try {
    return (statSync(source).mode & 0o666) | 0o200;
  } catch {
    return undefined;
  }
}

export function writeFileAtomic(
  path: string,
  data: Uint8Array,
  overwrite: boolean,
  /** The file's permissions, e.g. 0o600 for a secret (set when the temporary file is made). */
  mode?: number,
): void {
  if (path === '') throw new OutputWriteError('""', 'the name is empty');
  const temp = join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${threadId}-${session}${(serial++).toString(36)}.tmp`,
  );
  try {
    writeFileSync(temp, data, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
  } catch (e) {
    removeQuietly(temp);
    throw new OutputWriteError(path, fsErrorReason(e, path));
  }
  // Every step is a system call, and some file systems make each one dear: no more than needed.
  let left = true;
  try {
    if (overwrite) {
      renameSync(temp, path);
      left = false;
      return;
    }
    try {
      linkSync(temp, path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw taken(path);
      // File systems without hard links: check, then rename (a narrow race, but no worse).
      if (existsSync(path)) throw taken(path);
      renameSync(temp, path);
      left = false;
    }
  } catch (e) {
    if (e instanceof OutputExistsError || !isFsError(e)) throw e;
    throw new OutputWriteError(path, fsErrorReason(e, path));
  } finally {
    if (left) removeQuietly(temp);
  }
}
