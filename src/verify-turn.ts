import { plural } from './narrate-words';
/** What checking several workbooks came to, counted. */
export interface TurnCounts {
  workbooks: number;
  /** Workbooks that could not be checked (and folders that gave none). */
  failed: number;
  /** Workbooks checked with one mismatch or more. */
  mismatched: number;
  /** Battle ids that workbooks of one sealed turn share. */
  clashes: number;
}

/** The last line of `praetor verify` over several workbooks. */
export function turnSummary({ workbooks, failed, mismatched, clashes }: TurnCounts): string {
  const good = workbooks - failed - mismatched;
  const line =
    `${plural(workbooks, 'workbook')}: ${good} OK, ${mismatched} with mismatches, ` +
    `${failed} could not be checked`;
  if (clashes === 0) return line;
  return `${line}; ${plural(clashes, 'battle id')} in more than one workbook`;
}
