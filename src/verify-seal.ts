import { err, ok, Result } from './result';
import { commitmentOf, lookAlikeProblem, parseKey, parseTurn, SealRecord } from './sealed';
import { RESULTS_HEADER, resultsColumn, SEAL_HEADER } from './results-sheet';
import type { SheetTable } from './submission';
import { addressOf, cellOf, lastRowOf, Mismatch } from './verify-cells';

/**
 * The seal side of verify: the seal a Results sheet records, the revealed key against its
 * commitment, the seal the players were told of before orders were due, and names that could
 * have been chosen to pick a stream.
 */

/** The revealed key (hex), and the game its key file names, if it came from one. */
export interface VerifyKey {
  key: string;
  game?: string;
  /** The turn a key file was sealed for, if it was. */
  turn?: number;
}

/**
 * What the players were told before orders were due: the commitment the game master posted,
 * the game and the turn. Each one given must be what Results record.
 */
export interface PostedSeal {
  commitment?: string;
  game?: string;
  turn?: number;
}

export interface ReadSeal {
  record: SealRecord;
  /** Where the commitment, the game and the turn were read. */
  at: string;
  gameAt: string;
  turnAt: string;
}

/** Where a sealed Results sheet's seal columns are: after the usual ten, as adjudicate writes them. */
const GAME_COL = RESULTS_HEADER.length;
const TURN_COL = GAME_COL + 1;
const COMMITMENT_COL = GAME_COL + 2;

/** One row's seal, or the first of its cells that cannot be one. */
function rowSeal(results: SheetTable, r: number): Result<ReadSeal> {
  const c = results.origin.col;
  const at = addressOf(results, r, c + COMMITMENT_COL);
  const gameAt = addressOf(results, r, c + GAME_COL);
  const turnAt = addressOf(results, r, c + TURN_COL);
  const commitment = cellOf(results, r, c + COMMITMENT_COL);
  if (commitment === '') return err(`${at}: a sealed battle's Commitment is blank`);
  if (!/^[0-9a-f]{64}$/.test(commitment)) {
    return err(`${at}: "${commitment}" is not a commitment (64 hex digits)`);
  }
  const game = cellOf(results, r, c + GAME_COL);
  if (game === '') return err(`${gameAt}: a sealed battle's Game is blank`);
  const turn = parseTurn(cellOf(results, r, c + TURN_COL));
  if (!turn.ok) return err(`${turnAt}: ${turn.error}`);
  return ok({ record: { game, turn: turn.value, commitment }, at, gameAt, turnAt });
}

/**
 * The seal a Results sheet records, or null when no battle's dice were sealed. The dice are
 * sealed when rows hold anything in the three columns after the usual ten and either one of
 * those columns' headers names it (`Game`, `Turn`, `Commitment`) or a row with them says Seed
 * `sealed` (else they are a reader's notes): a renamed header or a cleared cell is then a
 * mismatch or an error naming that cell, never a turn read as unsealed. Every row records the same seal; the one most rows
 * record is the turn's (on a tie, that of the first battle fought, whose dice it gave), and
 * the replay names each row that differs.
 */
export function readSeal(results: SheetTable): Result<ReadSeal | null> {
  const top = results.origin.row;
  const last = lastRowOf(results);
  const c = results.origin.col;
  const sealCols = [GAME_COL, TURN_COL, COMMITMENT_COL];
  const sealCells = (r: number) => sealCols.some((col) => cellOf(results, r, c + col) !== '');
  const saysSealed = (r: number) => cellOf(results, r, c + resultsColumn('Seed')) === 'sealed';
  const rows: number[] = [];
  for (let r = top + 1; r <= last; r++) if (sealCells(r)) rows.push(r);
  const header = sealCols.some((col, i) => cellOf(results, top, c + col) === SEAL_HEADER[i]);
  if (rows.length === 0 || !(header || rows.some(saysSealed))) return ok(null);
  const read = rows.map((r) => ({ r, seal: rowSeal(results, r) }));
  const groups = new Map<string, { seal: ReadSeal; rows: number[] }>();
  for (const { r, seal } of read) {
    if (!seal.ok) continue;
    const { game, turn, commitment } = seal.value.record;
    const id = JSON.stringify([game, turn, commitment]);
    const group = groups.get(id) ?? { seal: seal.value, rows: [] };
    group.rows.push(r);
    groups.set(id, group);
  }
  const fought = (r: number) => cellOf(results, r, c + resultsColumn('Outcome')) !== 'error';
  const firstFought = (g: { rows: number[] }) => g.rows.find(fought) ?? Infinity;
  const best = [...groups.values()].sort(
    (a, b) => b.rows.length - a.rows.length || firstFought(a) - firstFought(b),
  )[0];
  // With no row readable, the first row's first unreadable cell.
  return best ? ok(best.seal) : read[0].seal;
}

const whole =
  (battle: string | null, where: string, says: string, replay: string) =>
  (message: string): Mismatch => ({ battle, where, says, replay, message });

/**
 * The key against the recorded commitment, and the key file's game against the recorded one;
 * the first mismatch stops the replay (no die can be derived from a wrong key).
 */
export function checkKey(
  seal: ReadSeal,
  key: VerifyKey,
): Result<{ stop: boolean; mismatches: Mismatch[] }> {
  const { record, at, gameAt, turnAt } = seal;
  const bytes = parseKey(key.key);
  if (!bytes.ok) return err(`the key: ${bytes.error}`);
  const commitment = commitmentOf(bytes.value);
  if (commitment !== record.commitment) {
    const m = whole(
      null,
      at,
      record.commitment,
      commitment,
    )(
      `the key does not match the commitment: ${at} says ${record.commitment}; the key's SHA-256 is ${commitment}`,
    );
    return ok({ stop: true, mismatches: [{ ...m, wrongKey: true }] });
  }
  if (key.game !== undefined && key.game !== record.game) {
    const m = whole(
      null,
      gameAt,
      record.game,
      key.game,
    )(`the key file is for game "${key.game}", but ${gameAt} says "${record.game}"`);
    return ok({ stop: false, mismatches: [m] });
  }
  if (key.turn !== undefined && key.turn !== record.turn) {
    const m = whole(
      null,
      turnAt,
      String(record.turn),
      String(key.turn),
    )(`the key file seals turn ${key.turn}, but ${turnAt} says ${record.turn}`);
    return ok({ stop: false, mismatches: [m] });
  }
  return ok({ stop: false, mismatches: [] });
}

/** What was posted against what Results record (or that they record no seal at all). */
export function checkPosted(
  seal: ReadSeal | null,
  posted: PostedSeal,
  results: string,
): Mismatch[] {
  const given = (['commitment', 'game', 'turn'] as const).filter((k) => posted[k] !== undefined);
  if (given.length === 0) return [];
  if (!seal) {
    const what = given.map((k) => `${k} ${String(posted[k])}`).join(', ');
    return [
      whole(
        null,
        results,
        '',
        what,
      )(`${results} records no sealed dice, but the dice were to be sealed (${what} given)`),
    ];
  }
  const where = { commitment: seal.at, game: seal.gameAt, turn: seal.turnAt };
  return given.flatMap((k) => {
    const says = String(seal.record[k]);
    const want = String(posted[k]);
    if (says === (k === 'commitment' ? want.toLowerCase() : want)) return [];
    return [
      whole(
        null,
        where[k],
        says,
        want,
      )(`${where[k]} says ${k} ${says}, but the ${k} posted before orders were due is ${want}`),
    ];
  });
}

/**
 * A sealed turn's game whose name looks like another that gives other dice. (A battle id that
 * does: the replay refuses to fight it, as adjudicating does, and Results that say otherwise
 * are a mismatch.)
 */
export function lookAlikeGame(seal: ReadSeal): Mismatch[] {
  const game = lookAlikeProblem(seal.record.game);
  if (!game) return [];
  const message = `${seal.gameAt}: the game "${seal.record.game}" ${game}, and a game's name picks its dice`;
  return [whole(null, seal.gameAt, seal.record.game, '')(message)];
}
