import { err, ok, Result } from '../src/result';
import { checkGame, commitmentOf, parseKey, parseTurn, Seal } from '../src/sealed';
import { toHex } from '../src/sha256';

/**
 * A sealed game key loaded for the session: pasted as 64 hex digits or as the key file's text,
 * kept in the pane's memory only (never written to the workbook, nor to any storage).
 */

export interface SessionKey {
  /** The key, 64 lower-case hex digits. */
  key: string;
  /** SHA-256 of the key: compare it with the commitment posted to the players. */
  commitment: string;
  /** The game, when the key came from a key file. */
  game?: string;
  /** The turn, when the key came from a key file sealed for one (`praetor seal --turn`). */
  turn?: number;
}

/** The pasted text: a key in hex, or a key file (JSON) from `praetor seal`. */
export function readPastedKey(text: string): Result<SessionKey> {
  const trimmed = text.trim();
  if (trimmed === '') return err('Paste the game key first (64 hex digits, or the key file).');
  if (trimmed.startsWith('{')) return readKeyFileText(trimmed);
  const key = parseKey(trimmed);
  if (!key.ok) return err(`That is not a game key: ${key.error}.`);
  return ok({ key: toHex(key.value), commitment: commitmentOf(key.value) });
}

function readKeyFileText(text: string): Result<SessionKey> {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return err('That is not a key file: its text is not JSON.');
  }
  const key = parseKey(String(data?.key ?? ''));
  if (!key.ok) return err(`That is not a key file: its "key": ${key.error}.`);
  const commitment = commitmentOf(key.value);
  if (data.commitment !== undefined && String(data.commitment).toLowerCase() !== commitment) {
    return err("The key file's commitment is not the SHA-256 of its key: the file was changed.");
  }
  const turn = data.turn === undefined ? undefined : parseTurn(data.turn);
  if (turn && !turn.ok) return err(`That is not a key file: its "turn": ${turn.error}.`);
  const sealedFor = turn ? { turn: turn.value } : {};
  if (data.game === undefined) return ok({ key: toHex(key.value), commitment, ...sealedFor });
  const game = typeof data.game === 'string' ? checkGame(data.game) : err('it is not text');
  if (!game.ok) return err(`That is not a key file: its "game": ${game.error}.`);
  return ok({ key: toHex(key.value), commitment, game: game.value, ...sealedFor });
}

/** The seal for Resolve all: the loaded key with the game and the turn from the pane. */
export function sessionSeal(session: SessionKey, game: string, turn: string): Result<Seal> {
  const name = sealedGame(session, game);
  if (!name.ok) return name;
  const number = parseTurn(turn);
  if (!number.ok) return err(`Sealed dice need the turn: ${number.error}.`);
  if (session.turn !== undefined && number.value !== session.turn) {
    return err(
      `The loaded key seals turn ${session.turn}, not ${number.value}: a key seals one turn. Load the key of turn ${number.value}, or set Turn to ${session.turn}.`,
    );
  }
  return ok({ key: session.key, game: name.value, turn: number.value });
}

/** The box at fault when `sessionSeal` refuses: Game when its game is wrong, else Turn. */
export const sealField = (session: SessionKey, game: string): 'seal-game' | 'seal-turn' =>
  sealedGame(session, game).ok ? 'seal-turn' : 'seal-game';

/** The game the pane's Game box gives the seal, or why it gives none. */
function sealedGame(session: SessionKey, game: string): Result<string> {
  const name = checkGame(game);
  if (!name.ok) {
    return err(
      game.trim() === ''
        ? 'Sealed dice need the game’s name: fill in Game.'
        : `${name.error.charAt(0).toUpperCase()}${name.error.slice(1)}: change it in Game.`,
    );
  }
  if (session.game !== undefined && name.value !== session.game) {
    return err(
      `The loaded key file is for game “${session.game}”, not “${name.value}”: its game fixes every die. Set Game to ${session.game}, or load the key of “${name.value}”.`,
    );
  }
  return name;
}
