import { addAll } from './problem-list';
import { battleOrders } from './battle';
import { canonicalJson } from './saved-checks';
import { cellAddress, cellText } from './cells';
import { err, ok, Result } from './result';
import { SealRecord } from './sealed';
import { Adjudicated, adjudicateSubmission } from './adjudicate';
import { RESULTS_HEADER, resultsColumn } from './results-sheet';
import { logSheet } from './log-sheet';
import { headerWord } from './columns';
import { readSubmission, SheetTable, Submission } from './submission';
import { addressOf, cellOf, isResultsTable, sheetsInOrder, Mismatch } from './verify-cells';
import { checkResults } from './verify-results';
import { compareLog } from './verify-log';
import {
  checkKey,
  checkPosted,
  lookAlikeGame,
  PostedSeal,
  readSeal,
  VerifyKey,
} from './verify-seal';

/**
 * `praetor verify` and the taskpane's Verify, pure: an adjudicated workbook's battles are
 * re-resolved from its orders (Battles, Legions) with the dice its Results record (a seed,
 * scripted dice, or the sealed stream of a revealed key), and every Results row and every
 * logged shot is compared, cell by cell, with the replay.
 */

export type { Mismatch } from './verify-cells';
export { readSeal } from './verify-seal';
export type { PostedSeal, ReadSeal, VerifyKey } from './verify-seal';

export interface WorkbookSheets {
  battles: SheetTable;
  legions: SheetTable;
  /** The `Fleets` table (imperium battles' ships), when the workbook has one. */
  fleets?: SheetTable | null;
  /** The `Units` table (legion-battles battles' units), when the workbook has one. */
  units?: SheetTable | null;
  /** The `Armies` table (fortunes-of-war battles' armies), when the workbook has one. */
  armies?: SheetTable | null;
  /** Every sheet's name, in the workbook's order. */
  sheetNames: readonly string[];
  /** The cells of the sheets that `isVerifySheet` accepts: the Results and Log sheets. */
  sheets: readonly SheetTable[];
  /**
   * What the reader saw in those sheets that could make a cell show other than its value (a
   * formula, a number format) or hide a sheet; the checked sheets' are mismatches.
   */
  shown?: readonly ShownProblem[];
}

/** A cell or sheet whose look may differ from what verify checks (found by the reader). */
export interface ShownProblem {
  sheet: string;
  /** The cell, or the sheet's name. */
  where: string;
  problem: string;
}

/** The sheets verify reads besides the orders: `Results...` and `Log ...`. */
export const isVerifySheet = (name: string): boolean => /^(results|log )/i.test(name.trim());

export interface Verification {
  /** The Results sheet checked (the last one in the workbook). */
  results: string;
  /** The turn's seal as Results record it, when the dice were sealed. */
  seal: SealRecord | null;
  battles: number;
  /** Of those, the battles the replay refuses (their Results record the same error). */
  failed: number;
  /** Logged shots compared. */
  shots: number;
  mismatches: Mismatch[];
  /** Things to know that are not mismatches (a key given for a workbook without sealed dice). */
  notes: string[];
}

export const NO_RESULTS = 'the workbook has no Results sheet: adjudicate it first';

/** A sheet named as adjudicate names its Results sheets: `Results`, `Results (2)`, ... */
const isResultsName = (sheet: SheetTable): boolean =>
  /^results( \(\d+\))?$/i.test(String(sheet.origin.sheet).trim());

/**
 * The Results sheet to check, `sheets` in the workbook's order: the last with a Results
 * header, and the earlier ones. A sheet named as adjudicate names them (`Results (2)`) after
 * that one is a newer Results sheet whose header was changed: it is named, with the header cell
 * that is wrong or missing, for checking an older one instead would pass what the newest says
 * unread. One that holds no word of a Results header in its first rows may be a sheet of the
 * user's own: the message says to rename it then, never passing it by unread.
 */
export function lastResults(
  sheets: readonly SheetTable[],
): Result<{ results: SheetTable; earlier: SheetTable[] }> {
  const all = sheets.filter(isResultsTable);
  const results = all.pop();
  const after = results ? sheets.slice(sheets.indexOf(results) + 1) : sheets;
  const changed = after.filter(isResultsName).pop();
  if (changed) {
    const own = hasResultsWord(changed) ? '' : OWN_SHEET;
    return err(`${resultsHeaderProblem(changed)}${own}`);
  }
  if (!results) return err(NO_RESULTS);
  return ok({ results, earlier: all });
}

const OWN_SHEET =
  '; if it is a sheet of your own, not one adjudicate wrote, give it a name that does not ' +
  'start with "Results"';

/** Whether a header word of Results is in the sheet's first rows, in any case and spacing. */
function hasResultsWord(sheet: SheetTable): boolean {
  const words = new Set(RESULTS_HEADER.map(headerWord));
  return sheet.cells.slice(0, 5).some((row) => row.some((c) => words.has(headerWord(c))));
}

/** The header cell of a Results-named sheet that is wrong or missing, and what it should read. */
function resultsHeaderProblem(sheet: SheetTable): string {
  const name = String(sheet.origin.sheet);
  const header = sheet.cells[0] ?? [];
  const i = Math.max(
    RESULTS_HEADER.findIndex((v, col) => cellText(header[col]) !== v),
    0,
  );
  const at = cellAddress(sheet.origin, 0, i);
  const shown = cellText(header[i]);
  const found = header.findIndex((c) => cellText(c) === RESULTS_HEADER[i]);
  const moved =
    found >= 0 ? ` ("${RESULTS_HEADER[i]}" is at ${cellAddress(sheet.origin, 0, found)})` : '';
  return (
    `${at}: the header of ${name} should read "${RESULTS_HEADER[i]}" here, but ` +
    `${shown === '' ? 'the cell is blank' : `it reads "${shown}"`}${moved}; its header must be ` +
    `${RESULTS_HEADER.join(', ')}, from column A, as adjudicate wrote it`
  );
}

/** What a whole turn's check needs of a workbook's replay. */
export interface Replayed {
  /** The ids of the battles the replay fought: those that drew dice. */
  fought: string[];
  /**
   * Every battle as read and replayed, as canonical JSON: its id, territory, orders and dice,
   * or error. Copies of one workbook have the same, whatever their cells' formats or notes.
   */
  battles: string;
}

export function verifyWorkbook(
  book: WorkbookSheets,
  key?: VerifyKey,
  posted: PostedSeal = {},
): Result<Verification> {
  const checked = verifyWithReplay(book, key, posted);
  return checked.ok ? ok(checked.value.verification) : checked;
}

/**
 * `verifyWorkbook`, and what a whole turn's check compares across workbooks: the battles the
 * replay fought (drew dice for), and every battle as replayed.
 */
export function verifyWithReplay(
  book: WorkbookSheets,
  key?: VerifyKey,
  posted: PostedSeal = {},
): Result<{ verification: Verification; replayed: Replayed }> {
  const { byName, ordered } = sheetsInOrder(book.sheetNames, book.sheets);
  const last = lastResults(ordered);
  if (!last.ok) return last;
  const { results, earlier: all } = last.value;
  const resultsName = String(results.origin.sheet);

  const read = readSeal(results);
  if (!read.ok) return read;
  const seal = read.value;
  const verification: Verification = {
    results: resultsName,
    seal: seal?.record ?? null,
    battles: 0,
    failed: 0,
    shots: 0,
    mismatches: checkPosted(seal, posted, resultsName),
    notes: all.map(
      (s) =>
        `${String(s.origin.sheet)} is an earlier Results sheet: only the last, ${resultsName}, is checked`,
    ),
  };
  if (seal) {
    if (!key) {
      return err(
        `the dice of ${resultsName} are sealed (commitment ${seal.record.commitment} at ${seal.at}): ` +
          'give the game key the game master revealed',
      );
    }
    const checked = checkKey(seal, key);
    if (!checked.ok) return checked;
    addAll(verification.mismatches, checked.value.mismatches);
    if (checked.value.stop) return ok({ verification, replayed: { fought: [], battles: '[]' } });
  } else if (key) {
    verification.mismatches.push(notSealed(results));
  }

  const sealedDice = seal && key ? { ...seal.record, key: key.key } : undefined;
  const submission = readSubmission(book.battles, book.legions, book);
  const replay = adjudicateSubmission(submission, sealedDice);
  verification.battles = replay.length;
  verification.failed = replay.filter((a) => !a.outcome.ok).length;
  if (seal) verification.mismatches.push(...lookAlikeGame(seal));
  if (seal && replay.every((a) => !a.outcome.ok)) {
    verification.notes.push(
      `no battle of ${resultsName} was fought, so no die came from the key: the game and turn ` +
        `it records (${seal.gameAt}, ${seal.turnAt}) are checked only against those posted ` +
        '(--game, --turn)',
    );
  }
  verification.mismatches.push(
    ...checkResults(results, replay, submission, verification.notes, () =>
      adjudicateSubmission(readSubmission(book.battles, book.legions, book, false), sealedDice),
    ),
  );

  const logs = checkLogSheets(book.sheetNames, ordered, byName, results, replay);
  addAll(verification.mismatches, logs.mismatches);
  verification.shots = logs.shots;
  addAll(verification.notes, logs.notes);
  addAll(verification.mismatches, shownMismatches(book.shown ?? [], logs.checkedSheets));
  return ok({ verification, replayed: replayedOf(replay, submission) });
}

/**
 * Every resolved battle's log sheet against its replay (`checkLog`), with notes on the log
 * sheets after Results: those laid out before logs named the forces, and those no battle claims.
 * `checkedSheets` gives the battle of each sheet checked, by its name in lower case (null for
 * the Results sheet).
 */
function checkLogSheets(
  sheetNames: readonly string[],
  ordered: readonly SheetTable[],
  byName: ReadonlyMap<string, SheetTable>,
  results: SheetTable,
  replay: readonly Adjudicated[],
): {
  mismatches: Mismatch[];
  shots: number;
  notes: string[];
  checkedSheets: Map<string, string | null>;
} {
  const resultsName = String(results.origin.sheet);
  const taken = new Set(sheetNames.slice(0, sheetNames.indexOf(resultsName) + 1));
  const later = ordered.slice(ordered.indexOf(results) + 1);
  const checkedSheets = new Map<string, string | null>([[resultsName.toLowerCase(), null]]);
  const mismatches: Mismatch[] = [];
  const notes: string[] = [];
  let shots = 0;
  const earlier: string[] = [];
  for (const a of replay) {
    const checked = checkLog(a, taken, byName, later);
    addAll(mismatches, checked.mismatches);
    shots += checked.shots;
    if (checked.sheet) checkedSheets.set(checked.sheet.toLowerCase(), a.id);
    if (checked.earlier && checked.sheet) earlier.push(checked.sheet);
  }
  if (earlier.length > 0) {
    notes.push(
      `${earlier.join(', ')} ${earlier.length === 1 ? 'has' : 'have'} no Attacker and Defender ` +
        'lines (written before logs named the forces): compared without them, every shot checked',
    );
  }
  // A log sheet no battle claims could hold a forged copy: say that it was not checked.
  for (const s of later) {
    const name = String(s.origin.sheet);
    if (/^log /i.test(name.trim()) && !checkedSheets.has(name.toLowerCase())) {
      notes.push(
        `${name} is a log sheet after ${resultsName} that no battle of it has: it was not checked`,
      );
    }
  }
  return { mismatches, shots, notes, checkedSheets };
}

/** The reader's findings (`WorkbookSheets.shown`) in the sheets checked, as mismatches. */
function shownMismatches(
  shown: readonly ShownProblem[],
  checkedSheets: ReadonlyMap<string, string | null>,
): Mismatch[] {
  return shown.flatMap((p) => {
    const battle = checkedSheets.get(p.sheet.toLowerCase());
    if (battle === undefined) return [];
    const message = `${battle === null ? '' : `battle ${battle}: `}${p.where}: ${p.problem}`;
    return [{ battle, where: p.where, says: '', replay: '', message }];
  });
}

function replayedOf(replay: readonly Adjudicated[], submission: Submission): Replayed {
  const battles = replay.map((a, i) => ({
    id: a.id,
    territory: submission.entries[i]?.territory ?? null,
    orders: a.outcome.ok ? battleOrders(a.outcome.value) : null,
    error: a.outcome.ok ? null : a.outcome.error,
  }));
  return {
    fought: replay.flatMap((a) => (a.outcome.ok ? [a.id] : [])),
    battles: canonicalJson(battles),
  };
}

/**
 * A key given for a workbook whose dice are not sealed: whoever gave it expected sealed dice,
 * and dice from a seed or a list can be chosen after the orders are in.
 */
function notSealed(results: SheetTable): Mismatch {
  const row = results.origin.row + 1;
  const where = addressOf(results, row, results.origin.col + resultsColumn('Seed'));
  const seed = cellOf(results, row, results.origin.col + resultsColumn('Seed'));
  const says = seed === '' ? '(blank)' : `"${seed}"`;
  return {
    battle: null,
    where,
    says: seed,
    replay: 'sealed',
    message:
      `a game key was given, but no battle in ${String(results.origin.sheet)} has sealed dice ` +
      `(${where} says Seed ${says}): these dice do not come from the key, and whoever chose ` +
      'a seed or a list of dice could choose them after the orders were in',
  };
}

/**
 * A resolved battle's log sheet against its replay: the sheet named as adjudicating named it,
 * else (a sheet before it was deleted since) the first log sheet after Results with its title.
 */
function checkLog(
  a: Adjudicated,
  taken: Set<string>,
  byName: ReadonlyMap<string, SheetTable>,
  later: readonly SheetTable[],
): { mismatches: Mismatch[]; shots: number; sheet?: string; earlier?: boolean } {
  if (!a.outcome.ok) return { mismatches: [], shots: 0 };
  const log = logSheet(a.outcome.value, taken);
  taken.add(log.name);
  const sheet =
    byName.get(log.name.toLowerCase()) ??
    later.find((s) => /^log /i.test(String(s.origin.sheet)) && cellOf(s, 0, 0) === log.summary[0]);
  if (!sheet) {
    return {
      shots: 0,
      mismatches: [
        {
          battle: a.id,
          where: log.name,
          says: '',
          replay: '',
          message: `battle ${a.id}: the workbook has no sheet "${log.name}" (its log)`,
        },
      ],
    };
  }
  return { ...compareLog(a.id, log, sheet), sheet: String(sheet.origin.sheet) };
}
