import { BattleResult } from '../../src/battle';

/** What `praetor report` reads: files, their battles, and each battle with its file. */

/** An error of a file, or of one of its battles (named, so that `--battle` may leave it out). */
export interface LoadError {
  text: string;
  battle?: string;
}

export interface Loaded {
  results: BattleResult[];
  errors: LoadError[];
  territories?: Map<string, string>;
}

/** An input file, and what the report calls it when there are several. */
export interface InputFile {
  path: string;
  label?: string;
}

/** One file's battles. */
export interface Source extends InputFile {
  loaded: Loaded;
}

/** A battle to report, with the file it came from. */
export interface Entry {
  result: BattleResult;
  source: Source;
}
