import { accessSync, constants, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fsErrorReason, isFsError, makeFolder, OutputWriteError } from './fs-errors';
import { UsageError } from './io';

/**
 * The workbooks a batch takes, and the file each one's result goes to. A folder gives its
 * `.xlsx` and `.xlsm` files (not its sub-folders, not Excel's `~$` lock files, and not the
 * `.praetor.` workbooks an earlier run wrote there). A file named on the command line is taken
 * whatever its extension, so that the reader can say what is wrong with it.
 *
 * An output is never an input of the same run (not even with --force: the input would be lost),
 * never another input's output, and never a folder: such a file gets an error, the rest go on.
 */

export interface PlannedFile {
  input: string;
  output: string;
  /** Why the file cannot be adjudicated before it is even opened. */
  error?: string;
}

export interface BatchInput {
  input: string;
  error?: string;
}

const WORKBOOK = /\.xls[xm]$/i;
const OUTPUT = /\.praetor\.xls[xm]$/i;

export function outputPath(input: string, outDir?: string): string {
  const ext = extname(input).toLowerCase() === '.xlsm' ? '.xlsm' : '.xlsx';
  const name = `${basename(input, extname(input))}.praetor${ext}`;
  return join(outDir ?? dirname(input), name);
}

/**
 * `--out DIR`, checked and made before any work: not empty, not a file, not under a file, and
 * writable. A UsageError naming the option otherwise.
 */
export function prepareOutDir(out: string | undefined, option = '--out'): void {
  if (out === undefined) return;
  if (out.trim() === '') throw new UsageError(`${option} is empty: give the folder to write into`);
  try {
    makeFolder(out);
  } catch (e) {
    if (e instanceof OutputWriteError) throw new UsageError(`${option} ${out}: ${e.reason}`);
    throw e;
  }
  try {
    accessSync(out, constants.W_OK);
  } catch (e) {
    throw new UsageError(`${option} ${out}: ${fsErrorReason(e, out)} (cannot write into it)`);
  }
}

/** Why a path named as an input cannot be opened at all. */
function missingReason(path: string, e: unknown): string {
  if (isFsError(e) && e.code === 'ENOENT') {
    try {
      if (lstatSync(path).isSymbolicLink())
        return 'a broken link: what it points to does not exist';
    } catch {
      // Not even a link: missing.
    }
    return 'no such file or folder';
  }
  return fsErrorReason(e, path);
}

/** The inputs a batch's paths give: files as they are, folders' workbooks, sorted by name. */
export function scanInputs(paths: readonly string[]): BatchInput[] {
  const inputs: BatchInput[] = [];
  for (const path of paths) {
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch (e) {
      inputs.push({ input: path, error: missingReason(path, e) });
      continue;
    }
    if (!isDir) {
      inputs.push({ input: path });
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(path);
    } catch (e) {
      inputs.push({ input: path, error: `cannot read the folder: ${fsErrorReason(e, path)}` });
      continue;
    }
    names = names.filter((n) => WORKBOOK.test(n) && !OUTPUT.test(n) && !n.startsWith('~$')).sort();
    for (const n of names) {
      const file = join(path, n);
      try {
        // Sub-folders, and pipes or devices that only look like workbooks, are not taken.
        if (statSync(file).isFile()) inputs.push({ input: file });
      } catch (e) {
        // A broken link or an unreadable entry is this file's error; the rest go on.
        inputs.push({ input: file, error: missingReason(file, e) });
      }
    }
  }
  return inputs;
}

/**
 * Where a write to `path` lands: its folder's real path (links resolved) and its own name (a
 * rename replaces a link, not what the link points to). Lower case: some file systems ignore
 * case, and a false alarm costs less than a lost file.
 */
function placeOf(path: string): string {
  try {
    return join(realpathSync(dirname(path)), basename(path)).toLowerCase();
  } catch {
    return resolve(path).toLowerCase();
  }
}

/** The file behind `path`, links resolved. */
function realOf(path: string): string {
  try {
    return realpathSync(path).toLowerCase();
  } catch {
    return placeOf(path);
  }
}

/** Why nothing can be written into `dir`, or null; one check per folder. */
function folderProblem(dir: string, cache: Map<string, string | null>): string | null {
  const key = resolve(dir);
  if (cache.has(key)) return cache.get(key)!;
  let problem: string | null = null;
  try {
    if (!statSync(dir).isDirectory()) problem = `${dir} is not a folder`;
    else accessSync(dir, constants.W_OK);
  } catch (e) {
    problem = fsErrorReason(e, join(dir, '_'));
  }
  cache.set(key, problem);
  return problem;
}

/**
 * Each input with its output, refusing before any work an output that is one of the inputs,
 * that another input also writes, that is a folder, or that cannot be written. Inputs named
 * twice are taken once.
 */
export function planOutputs(
  inputs: readonly BatchInput[],
  outputOf: (input: string) => string,
): PlannedFile[] {
  const inputAt = new Map<string, string>();
  for (const { input } of inputs) {
    for (const key of [resolve(input).toLowerCase(), placeOf(input), realOf(input)]) {
      if (!inputAt.has(key)) inputAt.set(key, input);
    }
  }
  const seenInputs = new Set<string>();
  const seenOutputs = new Map<string, string>();
  const folders = new Map<string, string | null>();
  const planned: PlannedFile[] = [];
  for (const { input, error } of inputs) {
    const key = resolve(input);
    if (seenInputs.has(key)) continue;
    seenInputs.add(key);
    const output = outputOf(input);
    if (error) {
      planned.push({ input, output, error });
      continue;
    }
    const place = placeOf(output);
    const overwritten = inputAt.get(place) ?? inputAt.get(resolve(output).toLowerCase());
    const other = seenOutputs.get(place);
    let problem: string | null = null;
    if (overwritten !== undefined) {
      problem = `its output ${output} would replace the input ${overwritten}; an input is never overwritten, even with --force: run them apart or use --out`;
    } else if (other !== undefined) {
      problem = `its output ${output} is also ${other}'s; run them apart`;
    } else {
      seenOutputs.set(place, input);
      let isFolder = false;
      try {
        isFolder = statSync(output).isDirectory();
      } catch {
        // Not there yet: the usual case.
      }
      const folder = isFolder ? 'it is a folder' : folderProblem(dirname(output), folders);
      if (folder !== null) problem = `cannot write its output ${output}: ${folder}`;
    }
    planned.push(problem === null ? { input, output } : { input, output, error: problem });
  }
  return planned;
}

export function planFiles(paths: readonly string[], outDir?: string): PlannedFile[] {
  return planOutputs(scanInputs(paths), (input) => outputPath(input, outDir));
}
