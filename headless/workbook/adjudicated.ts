import { cellText } from '../../src/cells';
import { err, ok, Result } from '../../src/result';
import { commitmentOf, parseKey, Seal } from '../../src/sealed';
import { Adjudicated, adjudicateSubmission } from '../../src/adjudicate';
import { RESULTS_HEADER, resultsRow, SEAL_HEADER } from '../../src/results-sheet';
import { readSubmission, SheetTable } from '../../src/submission';
import { lastResults, NO_RESULTS, readSeal } from '../../src/verify';
import { openWorkbook, sheetGrid, tablesOf } from './read';

/**
 * An adjudicated workbook read back: its battles replayed from the orders in `Battles` and
 * `Legions` (the same code as `praetor adjudicate`, so the same dice), each checked against the
 * row that its `Results` sheet holds.
 */
export interface ReadBack {
  battles: Adjudicated[];
  /** Battles whose `Results` row differs from the replay, or that `Results` lacks. */
  mismatches: string[];
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
  return ok({
    battles,
    mismatches: compare(battles, results),
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

const HEADER = [...RESULTS_HEADER, ...SEAL_HEADER];

function compare(battles: readonly Adjudicated[], results: SheetTable): string[] {
  const rows = new Map(results.cells.slice(1).map((row, i) => [cellText(row[0]), i + 1]));
  const sheet = results.origin.sheet ?? 'Results';
  return battles.flatMap((b) => {
    const at = rows.get(b.id);
    if (at === undefined) return [`battle ${b.id}: not in ${sheet}`];
    const row = results.cells[at];
    const replay = resultsRow(b);
    const differs = replay.findIndex((v, i) => cellText(row[i]) !== String(v));
    if (differs < 0) return [];
    return [
      `battle ${b.id}: ${sheet} row ${results.origin.row + at + 1} says ${HEADER[differs]} ` +
        `"${cellText(row[differs])}", but its orders replay to "${replay[differs]}"`,
    ];
  });
}
