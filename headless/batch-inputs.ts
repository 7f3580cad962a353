import { accessSync, constants, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fsErrorReason, isFsError, makeFolder, OutputWriteError, realPath } from './fs-errors';
import { UsageError } from './io';

/**
 * The workbooks a batch takes, and the file each one's result goes to. A folder gives its
 * `.xlsx` and `.xlsm` files and those of its sub-folders (not hidden folders, not Excel's `~$`
 * lock files or macOS' `._` ones, and not the `.praetor.` workbooks an earlier run wrote there);
 * with an output folder, each output keeps the sub-folder (below the folder named) that its
 * input came from, so that players' files of one name stay apart. A file named on the command
 * line is taken whatever its extension, so that the reader can say what is wrong with it.
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
  /** The sub-folder of a folder named on the command line that the input was found in. */
  subFolder?: string;
  error?: string;
}

/**
 * What a folder that cannot be read is told by: it stands in the batch as an input of its own,
 * with this error, so that the run names it and fails; the summary counts it apart.
 */
export const UNREADABLE_FOLDER = 'cannot read the folder';

/** True for the error of a folder that could not be read, not of a workbook. */
export const isUnreadableFolder = (error: string | null | undefined): boolean =>
  error?.startsWith(`${UNREADABLE_FOLDER}: `) ?? false;

/** The error of a path named on the command line that names nothing: neither file nor folder. */
export const NOT_FOUND = 'no such file or folder';

const WORKBOOK = /\.xls[xm]$/i;
const OUTPUT = /\.praetor\.xls[xm]$/i;

export function outputPath(input: string, outDir?: string, subFolder = ''): string {
  const ext = extname(input).toLowerCase() === '.xlsm' ? '.xlsm' : '.xlsx';
  const name = `${basename(input, extname(input))}.praetor${ext}`;
  return outDir === undefined ? join(dirname(input), name) : join(outDir, subFolder, name);
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
    return NOT_FOUND;
  }
  return fsErrorReason(e, path);
}

/**
 * The inputs a batch's paths give: files as they are; a folder's workbooks sorted by name, then
 * its sub-folders' in turn.
 */
export const scanInputs = (paths: readonly string[]): BatchInput[] =>
  searchFolders(paths, isWorkbookName, true);

/**
 * The adjudicated workbooks `paths` give to a report: files named as they are, and in folders
 * the outputs `praetor adjudicate` wrote (`NAME.praetor.xlsx`), found as a batch's inputs are.
 */
export const adjudicatedInputs = (paths: readonly string[]): BatchInput[] =>
  searchFolders(paths, isAdjudicatedName, true);

/** The outputs of earlier runs in the folders named (a folder search passes them over). */
export const earlierOutputs = (paths: readonly string[]): string[] =>
  searchFolders(paths, (name) => OUTPUT.test(name), false)
    .filter((f) => f.error === undefined)
    .map((f) => f.input);

/** Spreadsheets Praetor does not read, found in folders: named so that none is missed unseen. */
const OTHER_FORMAT = /\.(xls|xlsb|ods|numbers|csv)$/i;

/** The spreadsheets of other formats (`.xls`, `.ods`, ...) that the folders of `paths` hold. */
export const otherFormats = (paths: readonly string[]): string[] =>
  searchFolders(paths, (name) => OTHER_FORMAT.test(name) && !/^(~\$|\._)/.test(name), false)
    .filter((f) => f.error === undefined)
    .map((f) => f.input);

/**
 * The folders named in `paths` that hold no workbook, their sub-folders neither: no orders, and
 * no outputs (a folder of outputs, an `--out` named too, is no player's folder left empty). Each
 * once, however it is named.
 */
export function foldersWithoutWorkbooks(paths: readonly string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    try {
      if (!statSync(path).isDirectory()) return false;
    } catch {
      return false;
    }
    const real = realPath(path);
    if (seen.has(real)) return false;
    seen.add(real);
    return scanInputs([path]).length === 0 && earlierOutputs([path]).length === 0;
  });
}

/**
 * The files of `paths` whose names `take` accepts, each folder searched once (however links
 * lead back to it), hidden folders and macOS' `__MACOSX` passed over; the files named
 * themselves too when `named` (whatever their names).
 */
function searchFolders(
  paths: readonly string[],
  take: (name: string) => boolean,
  named: boolean,
): BatchInput[] {
  const inputs: BatchInput[] = [];
  const walked = new Set<string>();
  const walk = (root: string, dir: string): void => {
    const real = realPath(dir);
    if (walked.has(real)) return;
    walked.add(real);
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (e) {
      inputs.push({ input: dir, error: `${UNREADABLE_FOLDER}: ${fsErrorReason(e, dir)}` });
      return;
    }
    const subFolder = relative(root, dir);
    const folders: string[] = [];
    for (const n of names) {
      const path = join(dir, n);
      let kind: 'file' | 'folder' | 'other';
      try {
        const st = statSync(path);
        kind = st.isFile() ? 'file' : st.isDirectory() ? 'folder' : 'other';
      } catch (e) {
        // A broken link or an unreadable entry named like a workbook is that file's error.
        if (take(n)) inputs.push({ input: path, subFolder, error: missingReason(path, e) });
        continue;
      }
      // Pipes or devices that only look like workbooks are not taken.
      if (kind === 'file' && take(n)) inputs.push({ input: path, subFolder });
      else if (kind === 'folder' && !n.startsWith('.') && n !== '__MACOSX') folders.push(path);
    }
    for (const folder of folders) walk(root, folder);
  };
  for (const path of paths) {
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch (e) {
      if (named) inputs.push({ input: path, error: missingReason(path, e) });
      continue;
    }
    if (isDir) walk(path, path);
    else if (named) inputs.push({ input: path });
  }
  return inputs;
}

/** A workbook to take from a folder: not Excel's `~$` lock files, not macOS' `._` shadows. */
const isWorkbookName = (name: string): boolean =>
  WORKBOOK.test(name) && !OUTPUT.test(name) && !name.startsWith('~$') && !name.startsWith('._');

/** A workbook `praetor adjudicate` wrote, not a lock file or shadow of one. */
const isAdjudicatedName = (name: string): boolean =>
  OUTPUT.test(name) && !name.startsWith('~$') && !name.startsWith('._');

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

/**
 * Why nothing can be written into `dir`, or null; one check per folder. A folder not there yet
 * (an input's sub-folder under --out) is made when its output is written: its nearest folder
 * that is there is checked instead.
 */
function folderProblem(dir: string, cache: Map<string, string | null>): string | null {
  const key = resolve(dir);
  if (cache.has(key)) return cache.get(key)!;
  let problem: string | null = null;
  try {
    if (!statSync(dir).isDirectory()) problem = `${dir} is not a folder`;
    else accessSync(dir, constants.W_OK);
  } catch (e) {
    const parent = dirname(dir);
    problem =
      isFsError(e) && e.code === 'ENOENT' && parent !== dir
        ? folderProblem(parent, cache)
        : fsErrorReason(e, join(dir, '_'));
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
  outputOf: (input: string, subFolder?: string) => string,
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
  for (const { input, subFolder, error } of inputs) {
    const key = resolve(input);
    if (seenInputs.has(key)) continue;
    seenInputs.add(key);
    const output = outputOf(input, subFolder);
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
      problem = `its output ${output} is also ${other}'s; run them apart, or name a folder that holds both (under --out, each output then keeps its sub-folder)`;
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
  return planOutputs(scanInputs(paths), (input, subFolder) => outputPath(input, outDir, subFolder));
}
