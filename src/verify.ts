import { cellAddress, cellText } from './cells';
import { err, ok, Result } from './result';
import { commitmentOf, parseKey, parseTurn, SealRecord } from './sealed';
import {
  Adjudicated,
  adjudicateSubmission,
  isResultsHeader,
  RESULTS_HEADER,
  logSheet,
  resultsColumn,
  resultsSheet,
} from './sheets';
import { readSubmission, SheetTable } from './submission';
import {
  addressOf,
  cellOf,
  describeCells,
  differingColumns,
  lastRowOf,
  Mismatch,
} from './verify-cells';
import { compareLog } from './verify-log';

/**
 * `praetor verify` and the taskpane's Verify, pure: an adjudicated workbook's battles are
 * re-resolved from its orders (Battles, Legions) with the dice its Results record (a seed,
 * scripted dice, or the sealed stream of a revealed key), and every Results row and every
 * logged shot is compared, cell by cell, with the replay.
 */

export type { Mismatch } from './verify-cells';

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
}

/** The sheets verify reads besides the orders: `Results...` and `Log ...`. */
export const isVerifySheet = (name: string): boolean => /^(results|log )/i.test(name.trim());

/** The revealed key (hex), and the game its key file names, if it came from one. */
export interface VerifyKey {
  key: string;
  game?: string;
}

export interface Verification {
  /** The Results sheet checked (the last one in the workbook). */
  results: string;
  /** The turn's seal as Results record it, when the dice were sealed. */
  seal: SealRecord | null;
  battles: number;
  /** Logged shots compared. */
  shots: number;
  mismatches: Mismatch[];
  /** Things to know that are not mismatches (a key given for a workbook without sealed dice). */
  notes: string[];
}

/**
 * Why no sheet is a Results sheet: a sheet named `Results` (or `Results (2)`, ...) whose header
 * was changed is named with the header cell that is wrong or missing; only a workbook with no
 * such sheet at all has no Results sheet.
 */
function noResultsSheet(sheets: readonly SheetTable[]): string {
  const named = sheets.filter((s) => /^results( \(\d+\))?$/i.test(String(s.origin.sheet).trim()));
  const sheet = named.pop();
  if (!sheet) return 'the workbook has no Results sheet: adjudicate it first';
  const name = String(sheet.origin.sheet);
  const header = sheet.cells[0] ?? [];
  const i = RESULTS_HEADER.findIndex((v, col) => cellText(header[col]) !== v);
  const at = cellAddress(sheet.origin, 0, Math.max(i, 0));
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

export function verifyWorkbook(book: WorkbookSheets, key?: VerifyKey): Result<Verification> {
  const byName = new Map(book.sheets.map((s) => [String(s.origin.sheet).toLowerCase(), s]));
  const ordered = book.sheetNames.flatMap((n) => byName.get(n.toLowerCase()) ?? []);
  const results = ordered.filter((s) => s.cells.length > 0 && isResultsHeader(s.cells[0])).pop();
  if (!results) return err(noResultsSheet(ordered));
  const resultsName = String(results.origin.sheet);

  const seal = readSeal(results);
  if (!seal.ok) return seal;
  const verification: Verification = {
    results: resultsName,
    seal: seal.value?.record ?? null,
    battles: 0,
    shots: 0,
    mismatches: [],
    notes: [],
  };
  let sealKey: string | undefined;
  if (seal.value) {
    const { record, at } = seal.value;
    if (!key) {
      return err(
        `the dice of ${resultsName} are sealed (commitment ${record.commitment} at ${at}): ` +
          'give the game key the game master revealed',
      );
    }
    const bytes = parseKey(key.key);
    if (!bytes.ok) return err(`the key: ${bytes.error}`);
    const commitment = commitmentOf(bytes.value);
    if (commitment !== record.commitment) {
      verification.mismatches.push({
        battle: null,
        where: at,
        says: record.commitment,
        replay: commitment,
        message: `the key does not match the commitment: ${at} says ${record.commitment}; the key's SHA-256 is ${commitment}`,
      });
      return ok(verification);
    }
    if (key.game !== undefined && key.game !== record.game) {
      verification.mismatches.push({
        battle: null,
        where: seal.value.gameAt,
        says: record.game,
        replay: key.game,
        message: `the key file is for game "${key.game}", but ${seal.value.gameAt} says "${record.game}"`,
      });
    }
    sealKey = key.key;
  } else if (key) {
    verification.notes.push(`no battle in ${resultsName} has sealed dice: the key was not needed`);
  }

  const submission = readSubmission(book.battles, book.legions, book);
  const replay = adjudicateSubmission(
    submission,
    seal.value && sealKey ? { ...seal.value.record, key: sealKey } : undefined,
  );
  verification.battles = replay.length;
  const expected = resultsSheet(replay, submission.problems, submission.warnings);
  verification.mismatches.push(...compareResults(results, expected));

  const taken = new Set(book.sheetNames.slice(0, book.sheetNames.indexOf(resultsName) + 1));
  const later = ordered.slice(ordered.indexOf(results) + 1);
  for (const a of replay) {
    const checked = checkLog(a, taken, byName, later);
    verification.mismatches.push(...checked.mismatches);
    verification.shots += checked.shots;
  }
  return ok(verification);
}

export interface ReadSeal {
  record: SealRecord;
  /** Where the commitment and the game were read. */
  at: string;
  gameAt: string;
}

/**
 * The seal a Results sheet records: that of its first row with a commitment (the replay checks
 * the other rows), or null when no battle's dice were sealed.
 */
export function readSeal(results: SheetTable): Result<ReadSeal | null> {
  const header = results.cells[0].map(cellText);
  const col = (name: string) => {
    const i = header.indexOf(name);
    return i < 0 ? undefined : i;
  };
  const [game, turn, commitment] = [col('Game'), col('Turn'), col('Commitment')];
  if (commitment === undefined) return ok(null);
  const top = results.origin.row;
  for (let r = top + 1; r <= lastRowOf(results); r++) {
    const c = results.origin.col;
    const value = cellOf(results, r, c + commitment);
    if (value === '') continue;
    const at = addressOf(results, r, c + commitment);
    if (!/^[0-9a-f]{64}$/.test(value)) {
      return err(`${at}: "${value}" is not a commitment (64 hex digits)`);
    }
    const gameAt = addressOf(results, r, c + (game ?? 0));
    const turnAt = addressOf(results, r, c + (turn ?? 0));
    const gameName = game === undefined ? '' : cellOf(results, r, c + game);
    if (gameName === '') return err(`${gameAt}: a sealed battle's Game is blank`);
    const turnNumber = parseTurn(turn === undefined ? '' : cellOf(results, r, c + turn));
    if (!turnNumber.ok) return err(`${turnAt}: ${turnNumber.error}`);
    return ok({
      record: { game: gameName, turn: turnNumber.value, commitment: value },
      at,
      gameAt,
    });
  }
  return ok(null);
}

/** Every Results row against the replay's, in order; one mismatch per differing row. */
function compareResults(sheet: SheetTable, expected: readonly (readonly unknown[])[]): Mismatch[] {
  const header = expected[0] as string[];
  const top = sheet.origin.row;
  const last = Math.max(top + expected.length - 1, lastRowOf(sheet));
  const battleCol = resultsColumn('Battle');
  const out: Mismatch[] = [];
  for (let r = top; r <= last; r++) {
    const want = (expected[r - top] ?? []) as (string | number | boolean)[];
    // Columns right of the header are the reader's own notes: not compared.
    const columns = differingColumns(sheet, r, want, header.length);
    if (columns.length === 0) continue;
    const id = cellText(want[battleCol] ?? '') || cellOf(sheet, r, battleCol) || null;
    const where = addressOf(sheet, r, columns[0]);
    const says = describeCells(columns, header, (c) => cellOf(sheet, r, c));
    const replay = describeCells(columns, header, (c) => cellText(want[c] ?? ''));
    const who = id === null ? `${where}` : `battle ${id}: ${where}`;
    const message =
      r - top >= expected.length
        ? `${who}: a Results row the orders do not give: ${says}`
        : `${who}: Results say ${says}; the replay says ${replay}`;
    out.push({ battle: id, where, says, replay, message });
  }
  return out;
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
): { mismatches: Mismatch[]; shots: number } {
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
  return compareLog(a.id, log, sheet);
}
