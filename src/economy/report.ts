import { TurnLine } from './lines';
import { TurnOutcome } from './turn';

/** The `Turn report` sheet's cells: a header, then one row per line of the turn. */

export const TURN_REPORT_HEADER = [
  'Step',
  'Player',
  'Order',
  'What',
  'Talents',
  'Treasury',
  'Result',
  'Reason',
];

export const TURN_REPORT_WIDTHS = [10, 12, 16, 60, 9, 9, 9, 70];

export function turnReportRow(line: TurnLine): (string | number)[] {
  return [
    line.step,
    line.player,
    line.at,
    line.what,
    line.talents ?? '',
    line.treasury ?? '',
    line.step === 'warning' ? 'warning' : line.result,
    line.reason,
  ];
}

export function turnReportRows(outcome: TurnOutcome): (string | number)[][] {
  return [TURN_REPORT_HEADER, ...outcome.lines.map(turnReportRow)];
}

/** The `Game` sheet added to a workbook that had none: the inflation level after the turn. */
export function gameSheetRows(outcome: TurnOutcome): (string | number)[][] {
  return [['Inflation'], [outcome.inflation.after]];
}
