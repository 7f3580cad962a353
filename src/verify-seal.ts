import { cellText } from './cells';
import { err, ok, Result } from './result';
import { commitmentOf, lookAlikeProblem, parseKey, parseTurn, SealRecord } from './sealed';
import type { Adjudicated } from './sheets';
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
      turnAt,
    });
  }
  return ok(null);
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
  const { record, at, gameAt } = seal;
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
    return ok({ stop: true, mismatches: [m] });
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
