import { lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, normalize, resolve } from 'node:path';

/** File system errors in plain words, naming the path at fault: what a user is shown. */

/** The target could not be written: `reason` says why, in plain words. */
export class OutputWriteError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot write ${path}: ${reason}`);
  }
}

/** A Node file system error: it has a `code` such as ENOENT, and often a `syscall` and `path`. */
export function isFsError(e: unknown): e is NodeJS.ErrnoException & { code: string } {
  // Not `instanceof Error`: an error made in another realm (a VM context, Jest) is not one.
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as NodeJS.ErrnoException).code === 'string' &&
    /^E[A-Z0-9]+$/.test((e as NodeJS.ErrnoException).code!)
  );
}

/** True for a folder, false for anything else, null when there is nothing there. */
export const isDir = (path: string): boolean | null => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return null;
  }
};

/**
 * Why `path` could not be read or written, in plain words, from a file system error's code
 * (and, for a missing or non-folder part of the path, the part at fault).
 */
export function fsErrorReason(e: unknown, path: string): string {
  const code = isFsError(e) ? e.code : '';
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR': {
      // The first part of the path that is missing, or is a file where a folder should be.
      const parts: string[] = [];
      for (let dir = dirname(path); ; dir = dirname(dir)) {
        parts.unshift(dir);
        if (dirname(dir) === dir) break;
      }
      for (const dir of parts) {
        const d = isDir(dir);
        if (d === false) return `${dir} is a file, not a folder`;
        if (d === null) return `the folder ${dir} does not exist`;
      }
      if (code === 'ENOTDIR') return 'a part of the path is not a folder';
      try {
        lstatSync(path);
        return 'it is a broken link (what it points to does not exist)';
      } catch {
        return 'no such file';
      }
    }
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'EBUSY':
    case 'ETXTBSY':
      return 'the file is in use';
    case 'ELOOP':
      return 'too many levels of links (a link that points to itself?)';
    case 'EINVAL':
      return 'not a valid name here';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'an input/output error of the device';
    case 'EEXIST':
      return 'it exists';
    default:
      return code ? `the system refused (${code})` : (e as Error)?.message || String(e);
  }
}

/**
 * Makes the folder `path` and any missing parents, or throws an OutputWriteError saying why
 * not. (`mkdirSync(..., { recursive: true })` never returns for some paths, e.g. in /proc.)
 */
export function makeFolder(path: string): void {
  if (path.trim() === '') throw new OutputWriteError('""', 'the name is empty');
  const missing: string[] = [];
  const start = normalize(path).replace(/(.)[\\/]+$/, '$1');
  for (let dir = start; ; dir = dirname(dir)) {
    const d = isDir(dir);
    if (d === true) break;
    if (d === false) {
      throw new OutputWriteError(
        path,
        dir === start ? 'it is a file, not a folder' : `${dir} is a file, not a folder`,
      );
    }
    missing.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (e) {
      if (isFsError(e) && e.code === 'EEXIST' && isDir(dir)) continue;
      const reason =
        isFsError(e) && e.code === 'ENOENT'
          ? `the folder ${dir} cannot be made there`
          : fsErrorReason(e, dir);
      throw new OutputWriteError(path, reason);
    }
  }
}

/** A path with its links resolved (the same file or folder however it is named), or as given. */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
