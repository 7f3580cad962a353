import { err, ok, Result } from '../../src/result';
import { commitmentOf, parseKey, Seal } from '../../src/sealed';
import { Adjudicated, adjudicateSubmission } from '../../src/adjudicate';
import { readSubmission, SheetTable } from '../../src/submission';
import { lastResults, NO_RESULTS, readSeal } from '../../src/verify';
import { checkResultRows } from '../../src/verify-results';
import { openWorkbook, sheetGrid, tablesOf } from './read';

/**
 * An adjudicated workbook read back: its battles replayed from the orders in `Battles` and
 * `Legions` (the same code as `praetor adjudicate`, so the same dice), each checked against its
 * row of the `Results` sheet as `praetor verify` checks it: the first battle against the row
 * under the header, and so on, so that a battle id used twice has each of its rows checked
 * against its own replay.
 */
export interface ReadBack {
  battles: Adjudicated[];
  /**
   * Rows of `Results` that differ from the replay, as verify finds them: a battle's (its index
   * in `battles`), one that `Results` lacks, or a row of no battle (null: the header, a general
   * error or warning, a row past them), with verify's message.
   */
  mismatches: { battle: number | null; message: string }[];
  problems: string[];
  /** Each battle's territory, when its row names one. */
  territories: Map<string, string>;
}

/** `key` (hex) replays sealed dice; a workbook with sealed dice cannot be replayed without it. */
export async function readAdjudicated(path: string, key?: string): Promise<Result<ReadBack>> {
  const opened = await openWorkbook(path);
  if (!opened.ok) return opened;
  const workbook = opened.value;
  const tables = tablesOf(workbook);
  if (!tables.battles || !tables.legions) {
    return err(`${path}: no Battles and Legions sheets, so no orders to report on`);
  }
  // The Results sheet verify checks; one whose header was changed is named as verify names it.
  const last = lastResults(workbook.worksheets.map(sheetGrid));
  if (!last.ok) {
    return err(
      last.error === NO_RESULTS
        ? `${path}: no Results sheet; adjudicate it first (praetor adjudicate ${path})`
        : `${path}: ${last.error}`,
    );
  }
  const { results } = last.value;
  const seal = sealFor(results, key);
  if (!seal.ok) return err(`${path}: ${seal.error}`);
  const submission = readSubmission(tables.battles, tables.legions, tables);
  const battles = adjudicateSubmission(submission, seal.value);
  const territories = new Map(
    submission.entries.flatMap((e) => (e.territory ? [[e.id, e.territory] as const] : [])),
  );
  // Verify's notes (Results written by an earlier Praetor, compared as it wrote them) are its own.
  const mismatches = checkResultRows(results, battles, submission, [], () =>
    adjudicateSubmission(
      readSubmission(tables.battles!, tables.legions!, tables, false),
      seal.value,
    ),
  ).map(({ battle, mismatch }) => ({ battle, message: mismatch.message }));
  return ok({
    battles,
    mismatches,
    problems: submission.problems,
    territories,
  });
}

/** The seal to replay with: none for seeded or scripted dice; sealed dice need their key. */
function sealFor(results: SheetTable, key: string | undefined): Result<Seal | undefined> {
  const seal = readSeal(results);
  if (!seal.ok) return seal;
  if (!seal.value) return ok(undefined);
  const { record, at } = seal.value;
  if (key === undefined) {
    return err(`its dice are sealed (${at}): give the game key the game master revealed (--key)`);
  }
  const bytes = parseKey(key);
  if (!bytes.ok) return err(`the key: ${bytes.error}`);
  if (commitmentOf(bytes.value) !== record.commitment) {
    return err(`the key does not match the commitment at ${at} (check it with praetor verify)`);
  }
  return ok({ key, game: record.game, turn: record.turn });
}
