import { PackageLimits } from './workbook/guard';
import { Seal } from '../src/sealed';

/**
 * What `praetor adjudicate` sends a worker and gets back: a file to adjudicate and its report.
 * Kept apart from the adjudication itself so that the main thread never loads the reader.
 */

export interface FileJob {
  input: string;
  output: string;
  force: boolean;
  limits?: PackageLimits;
  /** Sealed dice for every battle: the game key (hex, in memory only), the game and the turn. */
  seal?: Seal;
}

/**
 * The battles a workbook holds, asked of every workbook of a sealed turn before any is
 * adjudicated: two battles with one id would draw the same sealed dice.
 */
export interface IdsJob {
  ids: true;
  input: string;
  limits?: PackageLimits;
}

/** Each battle's id and its cell (none for a workbook that cannot be read: it fails later). */
export interface IdsReport {
  battles: { id: string; where: string }[];
}

/** One battle's result, for `--json`. */
export interface BattleReport {
  id: string;
  where: string;
  outcome: string | null;
  winner: string | null;
  rounds: number | null;
  attacker: string | null;
  defender: string | null;
  captured: string[];
  diceUsed: number | null;
  /** The seed the dice came from, when they came from one. */
  seed: string | null;
  /** The dice the battle's `Dice` cell scripted, when it did (replay them with `--dice`). */
  dice: number[] | null;
  error: string | null;
}

export interface FileReport {
  input: string;
  /** The workbook written, or null when none was. */
  output: string | null;
  battles: number;
  resolved: number;
  /** Battles with errors, plus problems of the workbook as a whole. */
  errors: number;
  results: BattleReport[];
  /** Errors not tied to one battle (a missing sheet or column, a legion for no battle). */
  problems: string[];
  warnings: string[];
  /**
   * What the output replaced (`--force`) posted of a battle that it no longer gives: a shot
   * before a pause fought otherwise, a battle that ended now ending otherwise.
   */
  changed: string[];
  /** Why the file could not be adjudicated at all (not a workbook, encrypted, a zip bomb). */
  error: string | null;
}

export const emptyReport = (input: string): FileReport => ({
  input,
  output: null,
  battles: 0,
  resolved: 0,
  errors: 0,
  results: [],
  problems: [],
  warnings: [],
  changed: [],
  error: null,
});

export const failedFile = (input: string, error: string): FileReport => ({
  ...emptyReport(input),
  errors: 1,
  error,
});
