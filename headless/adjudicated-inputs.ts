import { adjudicatedInputs, BatchInput } from './batch-inputs';
import { realPath } from './fs-errors';

/** Why a folder named on the command line gives nothing to read. */
export const NO_ADJUDICATED_WORKBOOK =
  'no adjudicated workbook (NAME.praetor.xlsx or .xlsm) in this folder or its sub-folders';

/**
 * The files to read, in the order named: files as they are, each folder's adjudicated workbooks
 * (its sub-folders' too) sorted by path. A file reached twice, by two names or through a link,
 * is read once; a folder without one adjudicated workbook is an error.
 */
export function adjudicatedFiles(paths: readonly string[]): BatchInput[] {
  const inputs: BatchInput[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    const found = adjudicatedInputs([path]).sort((a, b) => compareText(a.input, b.input));
    if (found.length === 0) inputs.push({ input: path, error: NO_ADJUDICATED_WORKBOOK });
    for (const input of found) {
      if (input.error === undefined && seen.has(realPath(input.input))) continue;
      seen.add(realPath(input.input));
      inputs.push(input);
    }
  }
  return inputs;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
