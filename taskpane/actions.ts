import { resolveBattle } from '../src/battle';
import { Battle, validateBattle } from '../src/battle-spec';
import { Legion, Side } from '../src/forces';
import { outcomeSentence } from '../src/log';
import { err, ok, Result } from '../src/result';
import { readRosterGrid } from '../src/roster';
import { findRuleset, rulesetIds } from '../src/rulesets';
import { adjudicateSubmission } from '../src/adjudicate';
import { logSheet } from '../src/log-sheet';
import { resultsSheetName } from '../src/results-sheet';
import { isPostedSheet, postedChanges } from '../src/posted-rounds';
import { Seal } from '../src/sealed';
import { readSubmission } from '../src/submission';
import { parseRangeRef } from './address';
import { rosterHiddenWarnings } from './hidden';
import { RangeRef, SheetPlan, WorkbookHost } from './host';
import { PaneInput } from './input';
import { battleSpec } from './input';
import { ODDS_STOPPED, OddsProvider, oddsLines } from './odds';
import { paneOptions } from './option-fields';
import { logPlan, resultsPlan } from './plans';
import { rosterCells, sameRangeProblem } from './rosterGrid';

/**
 * What the pane's buttons do, against any WorkbookHost. Each action reads once and writes at
 * most once, and checks everything between the two: an error leaves the workbook untouched.
 */

export interface Report {
  tone: 'success' | 'warning' | 'error';
  message: string;
  /** Further lines: each battle's error, the odds, warnings. */
  details: string[];
  /** The form's box an error is about, to mark and focus (a roster, More options). */
  field?: string;
}

const failure = (message: string, details: string[] = [], field?: string): Report => ({
  tone: 'error',
  message,
  details,
  ...(field === undefined ? {} : { field }),
});

/** Why Resolve or Odds cannot fight the battle, and the box at fault when it is one. */
interface Fault {
  message: string;
  field?: string;
}

const fault = (message: string, field?: string): Result<never, Fault> =>
  err({ message, ...(field === undefined ? {} : { field }) });

const SIDE_TITLE: Record<Side, string> = { attacker: 'Attacker', defender: 'Defender' };

/**
 * Rulesets whose sides a roster range cannot give (a range gives unit counts; their sides need
 * ratings), with the sheet that gives them: only Resolve all reads it.
 */
const OWN_SHEET_ONLY: Record<string, string> = { 'fortunes-of-war': 'Armies' };

/** Reads both rosters and checks the battle: the part Resolve and Odds share. */
async function readBattle(
  host: WorkbookHost,
  input: PaneInput,
): Promise<Result<{ battle: Battle; sheetNames: string[]; warnings: string[] }, Fault>> {
  const ruleset = findRuleset(input.rules);
  if (!ruleset) {
    return fault(`Unknown ruleset "${input.rules}" (known: ${rulesetIds().join(', ')}).`);
  }
  const own = OWN_SHEET_ONLY[ruleset.id];
  if (own !== undefined) {
    return fault(
      `${ruleset.id} battles need their ${own} sheet (each side’s ratings), which Resolve and Odds do not read: write the battle in the ${BATTLES_SHEET}, ${LEGIONS_SHEET} and ${own} sheets, and use Resolve all.`,
    );
  }
  const options = paneOptions(input, ruleset);
  if (!options.ok) return fault(options.error, 'more');
  const refs: RangeRef[] = [];
  for (const side of ['attacker', 'defender'] as const) {
    const ref = parseRangeRef(input[side]);
    if (!ref.ok) return fault(`${SIDE_TITLE[side]} roster: ${ref.error}`, side);
    refs.push(ref.value);
  }
  const read = await host.read(refs);
  if (!read.ok) return fault(read.error);
  const { grids } = read.value;
  const rosters = grids.map((grid) => rosterCells(grid, ruleset.units));
  const same = sameRangeProblem(grids[0], grids[1], rosters[0]);
  if (same !== null) return fault(same);
  const legions: Legion[][] = [];
  const warnings: string[] = [];
  for (const [i, side] of (['attacker', 'defender'] as const).entries()) {
    const cells = rosters[i];
    const parsed = readRosterGrid(cells, side, ruleset.units, input.battle);
    if (!parsed.ok) {
      return fault(`${SIDE_TITLE[side]} roster (${grids[i].address}): ${parsed.error}`, side);
    }
    legions.push(parsed.value.legions);
    warnings.push(...parsed.value.warnings, ...rosterHiddenWarnings(cells));
  }
  warnings.push(...(read.value.notes ?? []));
  const battle = validateBattle(battleSpec(input, legions[0], legions[1], options.value));
  if (!battle.ok) return fault(battle.error);
  // One range may serve both sides (a Side column): its warnings are said once.
  return ok({
    battle: battle.value,
    sheetNames: read.value.sheetNames,
    warnings: [...new Set(warnings)],
  });
}

/** Resolve: one battle, its log on a new sheet. */
export async function resolveOne(host: WorkbookHost, input: PaneInput): Promise<Report> {
  const read = await readBattle(host, input);
  if (!read.ok) return failure(read.error.message, [], read.error.field);
  const result = resolveBattle(read.value.battle);
  if (!result.ok) return failure(result.error);
  const log = logSheet(result.value, new Set(read.value.sheetNames));
  const written = await host.addSheets([logPlan(log)]);
  if (!written.ok) return failure(written.error);
  const codes = read.value.battle.ruleset.units.map((u) => u.code);
  const { warnings } = read.value;
  return {
    tone: warnings.length > 0 ? 'warning' : 'success',
    message: `${outcomeSentence(result.value, codes)} The log is on sheet “${log.name}”.`,
    details: [`${result.value.diceUsed} dice used.`, ...warnings],
  };
}

/** Odds: the chances before rolling, shown in the pane; the workbook is only read. */
export async function showOdds(
  host: WorkbookHost,
  input: PaneInput,
  provider: OddsProvider,
  progress?: (share: number) => void,
): Promise<Report> {
  const read = await readBattle(host, input);
  if (!read.ok) return failure(read.error.message, [], read.error.field);
  const odds = await provider.compute(read.value.battle, progress);
  if (!odds.ok && odds.error === ODDS_STOPPED) {
    return { tone: 'warning', message: ODDS_STOPPED, details: [] };
  }
  if (!odds.ok) return failure(odds.error);
  const { warnings } = read.value;
  return {
    tone: warnings.length > 0 ? 'warning' : 'success',
    message: `Odds for battle ${read.value.battle.id}`,
    details: [...oddsLines(odds.value), ...warnings],
  };
}

export const BATTLES_SHEET = 'Battles';
export const LEGIONS_SHEET = 'Legions';
/**
 * The rulesets' own tables, read when the workbook has them, as `praetor adjudicate` finds
 * them (an Excel table of that name, else the sheet): Imperium's ships, Legion Battles' units,
 * Fortunes of War's armies.
 */
export const FLEETS_SHEET = 'Fleets';
export const UNITS_SHEET = 'Units';
export const ARMIES_SHEET = 'Armies';
export const SUBMISSION_TABLES = {
  required: [BATTLES_SHEET, LEGIONS_SHEET],
  optional: [FLEETS_SHEET, UNITS_SHEET, ARMIES_SHEET],
} as const;

/**
 * Resolve all: every battle of the `Battles` and `Legions` tables (or sheets), through the same functions as
 * `praetor adjudicate`, into a new `Results` sheet and one log sheet per resolved battle. With a
 * `seal` (a key loaded for the session), every battle's dice are sealed, as with
 * `praetor adjudicate --key --turn`: Results record the commitment, never the key.
 */
export async function resolveAll(host: WorkbookHost, seal?: Seal): Promise<Report> {
  // A run before this one (its Results and logs) is read too: the battles must come out as
  // posted. Should Excel fail to send them as well, the orders are read alone, and that said.
  let read = await host.readTables({ ...SUBMISSION_TABLES, sheets: isPostedSheet });
  let postedUnread: string | null = null;
  if (!read.ok) {
    const alone = await host.readTables(SUBMISSION_TABLES);
    if (alone.ok) [postedUnread, read] = [read.error, alone];
  }
  if (!read.ok) return failure(read.error);
  const [battles, legions] = read.value.required;
  const [fleets, units, armies] = read.value.optional;
  const submission = readSubmission(battles, legions, { fleets, units, armies });
  if (submission.entries.length === 0) {
    return failure(`No battles to resolve in the ${BATTLES_SHEET} sheet.`, [
      ...submission.problems,
      ...submission.warnings,
    ]);
  }
  const all = adjudicateSubmission(submission, seal);
  const changed = postedChanges(read.value, all);
  const taken = new Set(read.value.sheetNames);
  const resultsName = resultsSheetName(taken);
  taken.add(resultsName);
  const plans: SheetPlan[] = [
    resultsPlan(resultsName, all, submission.problems, submission.warnings),
  ];
  for (const a of all) {
    if (!a.outcome.ok) continue;
    const log = logSheet(a.outcome.value, taken);
    taken.add(log.name);
    plans.push(logPlan(log));
  }
  const written = await host.addSheets(plans);
  if (!written.ok) return failure(written.error);
  const failed = all.filter((a) => !a.outcome.ok);
  const notes = [
    ...submission.problems,
    ...submission.warnings,
    ...changed.map((c) => `Not as posted in the sheets before: ${c}`),
    ...(read.value.notes ?? []),
    ...(postedUnread === null
      ? []
      : [
          `Not compared with the sheets of the run before, which Excel could not send: ${postedUnread}`,
        ]),
  ];
  const resolved = all.length - failed.length;
  return {
    tone: failed.length > 0 || notes.length > 0 ? 'warning' : 'success',
    message:
      `Resolved ${resolved} of ${all.length} battle${all.length === 1 ? '' : 's'}: ` +
      `results on sheet “${resultsName}”, ${plans.length - 1} log sheet${plans.length === 2 ? '' : 's'}.`,
    details: [
      ...failed.map((a) => (a.outcome.ok ? '' : a.outcome.error)),
      ...notes,
      ...(all[0]?.seal
        ? [
            `Dice sealed: game “${all[0].seal.game}”, turn ${all[0].seal.turn}, commitment ${all[0].seal.commitment}.`,
          ]
        : []),
    ],
  };
}
