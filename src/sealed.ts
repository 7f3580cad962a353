import { err, ok, Result } from './result';
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256';

/**
 * Sealed dice: every battle's d6 stream is fixed by a secret game key, the game's name, the
 * turn and the battle's id, before any orders come in; the game master posts the key's
 * commitment (SHA-256 of the key) and reveals the key after the turn, so that anyone can
 * re-derive every die. docs/verify.md spells the derivation out:
 *
 *   M    = UTF-8 of `game|turn|battle`          (turn in decimal, no leading zeros)
 *   B_i  = HMAC-SHA256(key, M + "|" + i)        for the counter i = 0, 1, 2, ... in decimal
 *   the stream is B_0 B_1 B_2 ... (32 bytes each); each byte b < 252 gives the die b % 6 + 1,
 *   and a byte of 252 to 255 is skipped (252 = 42 * 6, so each face has exactly 42 bytes).
 */

export const SEALED_ALGORITHM = 'HMAC-SHA256 sealed dice v1';

/** Bytes below this are used (b % 6 + 1); 252 to 255 are rejected, so that no face is favoured. */
export const ACCEPT_BELOW = 252;

export const KEY_BYTES = 32;

/** HMAC-SHA256, or a stand-in for tests. */
export type Hmac = (key: Uint8Array, message: Uint8Array) => Uint8Array;

/** Where a sealed stream belongs: the game, the turn and the battle. */
export interface SealedPlace {
  game: string;
  turn: number;
  battle: string;
}

/** The turn's seal as Results record it: never the key. */
export interface SealRecord {
  game: string;
  turn: number;
  /** SHA-256 of the key, 64 hex digits. */
  commitment: string;
}

/** The game master's seal for a turn: the key (64 hex digits), the game and the turn. */
export interface Seal {
  key: string;
  game: string;
  turn: number;
}

/** The commitment to a key: SHA-256 of its bytes, in hex. */
export const commitmentOf = (key: Uint8Array): string => toHex(sha256(key));

/** The commitment to a key given in hex; throws on a key that is not 64 hex digits. */
export function keyCommitment(hex: string): string {
  const key = parseKey(hex);
  if (!key.ok) throw new Error(key.error);
  return commitmentOf(key.value);
}

/** A key as 64 hex digits (spaces and a `0x` allowed around it), as bytes. */
export function parseKey(text: string): Result<Uint8Array> {
  const hex = text.trim().replace(/^0x/i, '');
  const bytes = fromHex(hex);
  if (bytes === null || bytes.length !== KEY_BYTES) {
    return err(`a game key is ${KEY_BYTES * 2} hex digits (0-9, a-f); this is not one`);
  }
  return ok(bytes);
}

/** A game's name as the seal uses it: trimmed, not empty, every character seen. */
export function checkGame(game: string): Result<string> {
  const name = game.trim();
  if (name === '') return err('the game has no name');
  if (/[\u0000-\u001f]/.test(name)) return err('the game name has control characters');
  const problem = lookAlikeProblem(name);
  if (problem) return err(`the game name ${problem}`);
  return ok(name);
}

/**
 * Characters that do not show, or show as a space other than U+0020: controls, private and
 * unassigned code points, the default-ignorable ones (U+200B, U+00AD, U+FE0F, U+3164, ...).
 */
const UNSEEN = /[\p{Cc}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{White_Space}/u;

/** Scripts whose letters have look-alikes in one another (Latin a, Cyrillic а, Greek α). */
const LOOK_ALIKE_SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why a name that picks sealed dice (a game, a battle's id) can look like another that picks
 * other dice, or null: a character that does not show, two spaces in a row, text not in
 * composed form (NFC: e and U+0301 look like é), or letters of two scripts with look-alikes. A game master who could
 * try such names could choose among streams; docs/verify.md.
 */
export function lookAlikeProblem(name: string): string | null {
  const unseen = UNSEEN.exec(name);
  if (unseen) {
    return `has a character that does not show as itself (${codePoint(unseen[0])} at position ${unseen.index + 1})`;
  }
  const spaces = name.indexOf('  ');
  if (spaces >= 0)
    return `has two spaces in a row (at position ${spaces + 1}), which look like one`;
  if (name.normalize('NFC') !== name) {
    return 'is not in composed form (NFC): it looks like another text that gives other dice';
  }
  const scripts = LOOK_ALIKE_SCRIPTS.filter(([, re]) => re.test(name)).map(([n]) => n);
  if (scripts.length > 1) {
    return `mixes ${scripts.join(' and ')} letters, which look alike`;
  }
  return null;
}

/** A turn: a whole number, 0 or more (written in Results and in the derivation in decimal). */
export function parseTurn(value: unknown): Result<number> {
  const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) {
    return err(`the turn is "${text}": give a whole number, 0 or more`);
  }
  return ok(n);
}

/** Block `counter` of a battle's stream: HMAC-SHA256(key, `game|turn|battle|counter`). */
export function sealedBlock(
  key: Uint8Array,
  place: SealedPlace,
  counter: number,
  hmac: Hmac = hmacSha256,
): Uint8Array {
  return hmac(key, utf8(`${place.game}|${place.turn}|${place.battle}|${counter}`));
}

/**
 * A battle's sealed d6 stream. `bytes` counts the stream's bytes read so far (rejected ones
 * too), so that a stored position resumes exactly where it stopped.
 */
export class SealedStream {
  private block: Uint8Array | null = null;
  private blockIndex = -1;

  constructor(
    private readonly key: Uint8Array,
    readonly place: SealedPlace,
    public bytes = 0,
    private readonly hmac: Hmac = hmacSha256,
  ) {}

  next(): number {
    for (;;) {
      const index = Math.floor(this.bytes / 32);
      if (index !== this.blockIndex || this.block === null) {
        this.block = sealedBlock(this.key, this.place, index, this.hmac);
        if (this.block.length !== 32) throw new Error('the HMAC must give 32 bytes');
        this.blockIndex = index;
      }
      const b = this.block[this.bytes % 32];
      this.bytes++;
      if (b < ACCEPT_BELOW) return (b % 6) + 1;
    }
  }
}

/** The first `n` dice of a battle's sealed stream (for checks and docs). */
export function sealedDice(
  key: Uint8Array,
  place: SealedPlace,
  n: number,
  hmac: Hmac = hmacSha256,
): number[] {
  const stream = new SealedStream(key, place, 0, hmac);
  return Array.from({ length: n }, () => stream.next());
}
