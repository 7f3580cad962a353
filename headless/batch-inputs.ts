import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

/**
 * The workbooks a batch takes, and the file each one's result goes to. A folder gives its
 * `.xlsx` and `.xlsm` files (not its sub-folders, not Excel's `~$` lock files, and not the
 * `.praetor.` workbooks an earlier run wrote there). A file named on the command line is taken
 * whatever its extension, so that the reader can say what is wrong with it.
 */

export interface PlannedFile {
  input: string;
  output: string;
  /** Why the file cannot be adjudicated before it is even opened. */
  error?: string;
}

const WORKBOOK = /\.xls[xm]$/i;
const OUTPUT = /\.praetor\.xls[xm]$/i;

export function outputPath(input: string, outDir?: string): string {
  const ext = extname(input).toLowerCase() === '.xlsm' ? '.xlsm' : '.xlsx';
  const name = `${basename(input, extname(input))}.praetor${ext}`;
  return join(outDir ?? dirname(input), name);
}

export function planFiles(paths: readonly string[], outDir?: string): PlannedFile[] {
  const inputs: { input: string; error?: string }[] = [];
  for (const path of paths) {
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      inputs.push({ input: path, error: 'no such file or folder' });
      continue;
    }
    if (!isDir) {
      inputs.push({ input: path });
      continue;
    }
    const names = readdirSync(path)
      .filter((n) => WORKBOOK.test(n) && !OUTPUT.test(n) && !n.startsWith('~$'))
      .sort();
    for (const n of names) {
      const file = join(path, n);
      if (statSync(file).isFile()) inputs.push({ input: file });
    }
  }
  const seenInputs = new Set<string>();
  const seenOutputs = new Map<string, string>();
  const planned: PlannedFile[] = [];
  for (const { input, error } of inputs) {
    const key = resolve(input);
    if (seenInputs.has(key)) continue;
    seenInputs.add(key);
    const output = outputPath(input, outDir);
    const other = seenOutputs.get(resolve(output).toLowerCase());
    if (error) planned.push({ input, output, error });
    else if (other !== undefined) {
      planned.push({
        input,
        output,
        error: `its output ${output} is also ${other}'s; run them apart`,
      });
    } else {
      seenOutputs.set(resolve(output).toLowerCase(), input);
      planned.push({ input, output });
    }
  }
  return planned;
}
