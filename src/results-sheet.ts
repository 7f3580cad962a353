import { Adjudicated } from './adjudicate';
import { BattleResult } from './battle';
import { CellValue } from './cell-value';
import { cellText } from './cells';
import { formatCounts } from './forces';
import { findRuleset } from './rulesets';
import { freeSheetName } from './sheet-names';

/**
 * The `Results` sheet Praetor writes back: one row per battle, then the submission's problems.
 * Pure, so that the taskpane and the headless referee write the same values.
 */

/** The `Results` columns of every workbook, sealed or not. */
export const RESULTS_HEADER = [
  'Battle',
  'Winner',
  'Outcome',
  'Rounds',
  'Attacker survivors',
  'Defender survivors',
  'Leaders captured',
  'Dice used',
  'Seed',
  'Error',
];

/**
 * The columns after those when the dice are sealed: the turn's seal, never the key. They come
 * last, so that anything reading the first ten columns reads a sealed Results sheet too.
 */
export const SEAL_HEADER = ['Game', 'Turn', 'Commitment'];

/** A sheet is a Results sheet when its header row starts with RESULTS_HEADER. */
export const isResultsHeader = (cells: readonly unknown[]): boolean =>
  RESULTS_HEADER.every((v, i) => cellText(cells[i]) === v);

/** A Results column's index by its header (the sealed columns included). */
export const resultsColumn = (header: string): number =>
  [...RESULTS_HEADER, ...SEAL_HEADER].indexOf(header);

const codesOf = (result: BattleResult) => findRuleset(result.ruleset.id)!.units.map((u) => u.code);

export function resultsRow(a: Adjudicated): CellValue[] {
  const seal = a.seal ? [a.seal.game, a.seal.turn, a.seal.commitment] : [];
  if (!a.outcome.ok) return [a.id, '', 'error', '', '', '', '', '', '', a.outcome.error, ...seal];
  const r = a.outcome.value;
  const codes = codesOf(r);
  const seed =
    'seed' in r.dice
      ? r.dice.seed
      : 'scripted' in r.dice
        ? `scripted: ${r.dice.scripted.join(',')}`
        : 'sealed';
  return [
    r.id,
    r.winner ?? '',
    r.outcome,
    r.rounds,
    formatCounts(r.attacker, codes),
    formatCounts(r.defender, codes),
    r.captured.join(', '),
    r.diceUsed,
    seed,
    '',
    ...seal,
  ];
}

/** A row for an error or warning that belongs to no one battle (a column, a stray legion). */
export function noteRow(kind: 'error' | 'warning', message: string): CellValue[] {
  return ['', '', kind, '', '', '', '', '', '', message];
}

/**
 * The `Results` sheet: the header, one row per battle in the workbook's order, then a row for
 * each problem and warning of the submission (give them to have them listed).
 */
export function resultsSheet(
  all: readonly Adjudicated[],
  problems: readonly string[] = [],
  warnings: readonly string[] = [],
): CellValue[][] {
  const sealed = all.some((a) => a.seal !== undefined);
  return [
    sealed ? [...RESULTS_HEADER, ...SEAL_HEADER] : RESULTS_HEADER,
    ...all.map(resultsRow),
    ...problems.map((p) => noteRow('error', p)),
    ...warnings.map((w) => noteRow('warning', w)),
  ];
}

/** Widths (characters) of the `Results` columns, the sealed ones last: take as many as needed. */
export const RESULTS_WIDTHS = [14, 10, 11, 8, 22, 22, 22, 10, 30, 40, 16, 6, 33];
/**
 * The Results columns whose text wraps within their width (the seed, which a derived seed makes
 * hundreds of characters long, the error, the 64 hex digits of the commitment), so that a printed
 * page, fitted to the sheet's width, stays readable.
 */
export const RESULTS_WRAPPED: readonly number[] = [8, 9, 12];

/** `Results`, or `Results (2)`, ... when the workbook already has a sheet of that name. */
export const resultsSheetName = (taken: ReadonlySet<string>): string =>
  freeSheetName('Results', taken);
