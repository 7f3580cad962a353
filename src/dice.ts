import seedrandom from 'seedrandom';
import { parseDecimal } from './cells';
import { err, ok, Result } from './result';
import { shownValue } from './shown-text';
import { commitmentOf, parseKey, SealedPlace, SealedStream } from './sealed';

/**
 * Where a battle's dice come from, as the user gave it. Sealed dice carry the game key (hex):
 * a spec lives in memory only; results and states record the key's commitment instead.
 */
export type DiceSpec =
  | { kind: 'seeded'; seed: string }
  | { kind: 'scripted'; rolls: number[] }
  | ({ kind: 'sealed'; key: string } & SealedPlace);

type AleaState = { c: number; s0: number; s1: number; s2: number };

/**
 * The dice source's whole state, plain JSON: a battle stored mid-way (in a sheet or a file)
 * resumes with exactly the dice it would have rolled.
 */
export type DiceState =
  | { kind: 'seeded'; seed: string; used: number; prng: AleaState }
  | { kind: 'scripted'; rolls: number[]; used: number }
  /** No key: resuming sealed dice needs the key again (see `openDice`). */
  | ({ kind: 'sealed'; commitment: string; used: number; bytes: number } & SealedPlace);

/** Thrown by a scripted source that has no dice left; the battle layer turns it into an error. */
export class OutOfDiceError extends Error {
  constructor(readonly used: number) {
    super(`the scripted dice ran out after ${used} dice`);
  }
}

export interface Dice {
  /** The next d6, 1 to 6. */
  d6(): number;
  /** How many dice this source has given since it was created (across resumes). */
  readonly used: number;
  state(): DiceState;
}

export const SEEDED_ALGORITHM = 'seedrandom alea';

/** A fresh source for a battle; every value drawn is also pushed onto `record` when given. */
export function startDice(spec: DiceSpec, record?: number[]): Dice {
  switch (spec.kind) {
    case 'seeded':
      return new SeededDice(spec.seed, 0, seedrandom.alea(spec.seed, { state: true }), record);
    case 'scripted':
      return new ScriptedDice([...spec.rolls], 0, record);
    case 'sealed': {
      const key = keyBytes(spec.key);
      const { game, turn, battle } = spec;
      return new SealedDice(
        new SealedStream(key, { game, turn, battle }),
        commitmentOf(key),
        0,
        record,
      );
    }
  }
}

/**
 * A source resumed from a stored state. Sealed dice need their game `key` (hex) again: a
 * stored state never holds it. A key that does not match the state's commitment is refused.
 */
export function openDice(state: DiceState, record?: number[], key?: string): Dice {
  switch (state.kind) {
    case 'seeded':
      return new SeededDice(
        state.seed,
        state.used,
        seedrandom.alea('', { state: { ...state.prng } }),
        record,
      );
    case 'scripted':
      return new ScriptedDice(state.rolls, state.used, record);
    case 'sealed': {
      if (key === undefined) throw new Error('the dice are sealed: resuming needs the game key');
      const bytes = keyBytes(key);
      if (commitmentOf(bytes) !== state.commitment) {
        throw new Error(`the key does not match the dice's commitment ${state.commitment}`);
      }
      const { game, turn, battle } = state;
      const stream = new SealedStream(bytes, { game, turn, battle }, state.bytes);
      return new SealedDice(stream, state.commitment, state.used, record);
    }
  }
}

/** The most dice a saved source may have used, or hold as scripted dice: far beyond any battle. */
export const MAX_SAVED_DICE = 100_000_000;

/**
 * A dice state read back from a file (a saved battle): every field `openDice` relies on is
 * checked, so that an edited file gives an error naming the field, never a crash or a hang.
 */
export function parseDiceState(value: unknown, path = 'dice'): Result<DiceState> {
  const bad = (field: string, v: unknown, expected: string) =>
    err(`${path}${field} is ${shownValue(v)}, expected ${expected}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return bad('', value, 'an object with the dice kind and state');
  }
  const d = value as Record<string, unknown>;
  const whole = (v: unknown, max: number) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;
  if (!whole(d.used, MAX_SAVED_DICE)) {
    return bad('.used', d.used, `a whole number from 0 to ${MAX_SAVED_DICE}`);
  }
  const used = d.used as number;
  switch (d.kind) {
    case 'seeded': {
      if (typeof d.seed !== 'string') return bad('.seed', d.seed, 'text');
      const p = d.prng as Record<string, unknown> | null;
      if (typeof p !== 'object' || p === null || Array.isArray(p)) {
        return bad('.prng', p, 'the generator state { c, s0, s1, s2 }');
      }
      // Alea's state: a carry 0 to 2091639 and three fractions in [0, 1).
      if (!whole(p.c, 2091639)) return bad('.prng.c', p.c, 'a whole number from 0 to 2091639');
      for (const k of ['s0', 's1', 's2'] as const) {
        const s = p[k];
        if (typeof s !== 'number' || !(s >= 0 && s < 1)) {
          return bad(`.prng.${k}`, s, 'a number from 0 to less than 1');
        }
      }
      const prng = { c: p.c as number, s0: p.s0 as number, s1: p.s1 as number, s2: p.s2 as number };
      return ok({ kind: 'seeded', seed: d.seed, used, prng });
    }
    case 'scripted': {
      const rolls = d.rolls;
      if (!Array.isArray(rolls) || rolls.length > MAX_SAVED_DICE) {
        return bad('.rolls', rolls, 'a list of d6 values');
      }
      for (let i = 0; i < rolls.length; i++) {
        if (!whole(rolls[i], 6) || rolls[i] < 1) {
          return bad(`.rolls[${i}]`, rolls[i], 'a whole number from 1 to 6');
        }
      }
      if (used > rolls.length) {
        return bad('.used', used, `at most the ${rolls.length} scripted dice`);
      }
      return ok({ kind: 'scripted', rolls: [...(rolls as number[])], used });
    }
    case 'sealed': {
      const { commitment, bytes, game, turn, battle } = d;
      if (typeof commitment !== 'string' || !/^[0-9a-f]{64}$/i.test(commitment)) {
        return bad('.commitment', commitment, 'the key commitment, 64 hex digits');
      }
      if (!whole(bytes, 32 * MAX_SAVED_DICE))
        return bad('.bytes', bytes, `a whole number from 0 to ${32 * MAX_SAVED_DICE}`);
      if (typeof game !== 'string') return bad('.game', game, 'text');
      if (!whole(turn, Number.MAX_SAFE_INTEGER)) return bad('.turn', turn, 'a whole number');
      if (typeof battle !== 'string') return bad('.battle', battle, 'text');
      return ok({
        kind: 'sealed',
        commitment,
        used,
        bytes: bytes as number,
        game,
        turn: turn as number,
        battle,
      });
    }
    default:
      return bad('.kind', d.kind, '"seeded", "scripted" or "sealed"');
  }
}

function keyBytes(hex: string): Uint8Array {
  const key = parseKey(hex);
  if (!key.ok) throw new Error(key.error);
  return key.value;
}

class SeededDice implements Dice {
  constructor(
    private readonly seed: string,
    public used: number,
    private readonly prng: seedrandom.StatefulPRNG<AleaState>,
    private readonly record: number[] | undefined,
  ) {}

  d6(): number {
    this.used++;
    const value = Math.floor(this.prng() * 6) + 1;
    this.record?.push(value);
    return value;
  }

  state(): DiceState {
    return { kind: 'seeded', seed: this.seed, used: this.used, prng: this.prng.state() };
  }
}

class ScriptedDice implements Dice {
  constructor(
    private readonly rolls: number[],
    public used: number,
    private readonly record: number[] | undefined,
  ) {}

  d6(): number {
    if (this.used >= this.rolls.length) throw new OutOfDiceError(this.used);
    const value = this.rolls[this.used++];
    this.record?.push(value);
    return value;
  }

  state(): DiceState {
    return { kind: 'scripted', rolls: this.rolls, used: this.used };
  }
}

class SealedDice implements Dice {
  constructor(
    private readonly stream: SealedStream,
    private readonly commitment: string,
    public used: number,
    private readonly record: number[] | undefined,
  ) {}

  d6(): number {
    this.used++;
    const value = this.stream.next();
    this.record?.push(value);
    return value;
  }

  state(): DiceState {
    return {
      kind: 'sealed',
      ...this.stream.place,
      commitment: this.commitment,
      used: this.used,
      bytes: this.stream.bytes,
    };
  }
}

/**
 * Reads a list of d6 values as pasted from a dice server's email: numbers separated by commas,
 * spaces, semicolons or new lines. Anything else is an error naming the first bad item, and so
 * is nothing between two commas or semicolons (`3,,4`): a die may have been lost in the pasting.
 */
export function parseDiceList(input: string | readonly unknown[]): Result<number[]> {
  if (typeof input === 'string') {
    // `1,,2`: a die deleted from the posted stream, or a doubled comma; which, only the GM knows.
    const gap = /[,;]\s*[,;]/.exec(input);
    if (gap !== null) {
      const after = input
        .slice(0, gap.index)
        .split(/[\s,;]+/)
        .filter((s) => s !== '').length;
      const where = after === 0 ? 'before the first die' : `after die ${after}`;
      return err(
        `nothing between two separators ${where} (${JSON.stringify(gap[0])}): ` +
          'a die may be missing from the list; else remove the extra separator',
      );
    }
  }
  const items =
    typeof input === 'string'
      ? input
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : input;
  const rolls: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const n =
      typeof item === 'number'
        ? item
        : typeof item === 'string'
          ? (parseDecimal(item) ?? NaN)
          : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 6) {
      return err(
        `die ${i + 1} is ${JSON.stringify(item)}: each die must be a whole number from 1 to 6` +
          runTogether(String(item)),
      );
    }
    rolls.push(n);
  }
  if (rolls.length === 0) return err('the dice list is empty');
  return ok(rolls);
}

/** The hint for dice run together into one number (`3456`), or ''. */
export function runTogether(item: string): string {
  if (!/^[1-6]{2,}$/.test(item)) return '';
  return ` (dice run together: write them apart, as ${[...item].join(' ')})`;
}

/** One uniform choice drawn from a d6 stream: the index chosen and every die drawn for it. */
export interface UniformDraw {
  /** 0 to n - 1. */
  index: number;
  /** The dice of each attempt, in order; all but the last were rejected and drawn again. */
  attempts: number[][];
}

/**
 * A uniform choice among `n` (a whole number, 1 or more) from d6 rolls, so that scripted dice can
 * replay it: take the fewest dice k with 6^k >= n, read them as a base-6 number
 * v = (d1-1)*6^(k-1) + ... + (dk-1), accept when v < n * floor(6^k / n) and choose v mod n;
 * otherwise draw k dice again. A choice among 1 takes no dice.
 */
export function uniformIndex(dice: Dice, n: number): UniformDraw {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`cannot choose among ${n}`);
  let k = 0;
  let span = 1;
  while (span < n) {
    k++;
    span *= 6;
  }
  const limit = n * Math.floor(span / n);
  const attempts: number[][] = [];
  for (;;) {
    const rolled: number[] = [];
    let v = 0;
    for (let i = 0; i < k; i++) {
      const d = dice.d6();
      rolled.push(d);
      v = v * 6 + (d - 1);
    }
    attempts.push(rolled);
    if (v < limit) return { index: v % n, attempts };
  }
}
