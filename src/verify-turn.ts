import { plural } from './narrate-words';

/** What checking several workbooks came to, counted. */
export interface TurnCounts {
  /** Workbooks found, checked or not. */
  workbooks: number;
  /** Workbooks that could not be checked. */
  failed: number;
  /** Workbooks checked with one mismatch or more. */
  mismatched: number;
  /** Battle ids that workbooks of one sealed turn share. */
  clashes: number;
  /** Folders named that hold no adjudicated workbook. */
  emptyFolders?: number;
}

/** The last line of `praetor verify` over several workbooks. */
export function turnSummary(counts: TurnCounts): string {
  const { workbooks, failed, mismatched, clashes, emptyFolders = 0 } = counts;
  const good = workbooks - failed - mismatched;
  const parts = [
    `${plural(workbooks, 'workbook')}: ${good} OK, ${mismatched} with mismatches, ` +
      `${failed} could not be checked`,
    ...(emptyFolders > 0 ? [`${plural(emptyFolders, 'folder')} with none`] : []),
    ...(clashes > 0 ? [`${plural(clashes, 'battle id')} in more than one workbook`] : []),
  ];
  return parts.join('; ');
}
