import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { err, ok, Result } from '../src/result';
import { checkGame, commitmentOf, KEY_BYTES, parseKey, parseTurn } from '../src/sealed';
import { toHex } from '../src/sha256';
import { writeFileAtomic } from './atomic-write';
import { fsErrorReason } from './fs-errors';
import { readTextFile } from './io';

/**
 * A game key file: the game master's secret for sealed dice. JSON, readable by its owner only
 * (mode 0600), and never written into a workbook: Results record the commitment only.
 */

export interface KeyFile {
  format: 'praetor-game-key';
  game: string;
  /** The turn the key seals, when given to `praetor seal --turn`: no other turn takes it. */
  turn?: number;
  /** 32 random bytes, 64 hex digits. */
  key: string;
  /** SHA-256 of the key bytes, hex: what the players are given before orders are due. */
  commitment: string;
  /** When the key was made (ISO 8601). */
  created: string;
}

/** A fresh key for `game` from the operating system's secure random source. */
export function newKeyFile(game: string, now = new Date(), turn?: number): KeyFile {
  const key = randomBytes(KEY_BYTES);
  return {
    format: 'praetor-game-key',
    game,
    ...(turn === undefined ? {} : { turn }),
    key: toHex(key),
    commitment: commitmentOf(key),
    created: now.toISOString(),
  };
}

const WORKBOOK = /^\.xl[a-z]{1,2}$/i;

/** Writes the key file with mode 0600, atomically; refuses a workbook's name. */
export function writeKeyFile(path: string, file: KeyFile, overwrite: boolean): void {
  if (WORKBOOK.test(extname(path))) {
    throw new Error(`${path}: a key file is never a workbook; name it e.g. game.key.json`);
  }
  writeFileAtomic(path, Buffer.from(`${JSON.stringify(file, null, 2)}\n`), overwrite, 0o600);
}

const MAX_KEY_FILE_BYTES = 64 * 1024;

/** A key file read and checked: its key is 64 hex digits, and its commitment is the key's. */
export function readKeyFile(path: string): Result<KeyFile> {
  const notKey = `${path}: not a key file (Praetor's key files are made by praetor seal)`;
  let text: string;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return err(`${path}: a folder, not a key file`);
    // A key file is a few hundred bytes: a workbook or a device is not read whole.
    if (!stat.isFile() || stat.size > MAX_KEY_FILE_BYTES) return err(notKey);
    text = readTextFile(path);
  } catch (e) {
    return err(`${path}: cannot read the key file: ${fsErrorReason(e, path)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err(notKey);
  }
  if (typeof data !== 'object' || data === null || !('key' in data)) return err(notKey);
  const o = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const key = parseKey(String(o.key ?? ''));
  if (!key.ok) return err(`${path}: not a Praetor key file: its "key": ${key.error}`);
  const game =
    typeof o.game === 'string' || o.game === undefined
      ? checkGame(o.game ?? '')
      : err('its "game" is not text');
  if (!game.ok) return err(`${path}: ${game.error}`);
  const turn = o.turn === undefined ? undefined : parseTurn(o.turn);
  if (turn && !turn.ok) return err(`${path}: its "turn": ${turn.error}`);
  const commitment = commitmentOf(key.value);
  if (o.commitment !== undefined && String(o.commitment).toLowerCase() !== commitment) {
    return err(
      `${path}: its "commitment" ${String(o.commitment)} is not the SHA-256 of its key (${commitment}): the file was changed`,
    );
  }
  return ok({
    format: 'praetor-game-key',
    game: game.value,
    ...(turn ? { turn: turn.value } : {}),
    key: toHex(key.value),
    commitment,
    created: String(o.created ?? ''),
  });
}

/** `--key KEYFILE|HEX`: a key file, or the key itself as 64 hex digits (no game then). */
export function readKeyArg(arg: string): Result<{ key: string; game?: string; turn?: number }> {
  if (!existsSync(arg)) {
    const key = parseKey(arg);
    if (key.ok) return ok({ key: toHex(key.value) });
    return err(`${arg}: no such key file, and not a key (64 hex digits)`);
  }
  const file = readKeyFile(arg);
  if (!file.ok) return file;
  const { key, game, turn } = file.value;
  return ok({ key, game, ...(turn === undefined ? {} : { turn }) });
}
