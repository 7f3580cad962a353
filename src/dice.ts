import seedrandom from 'seedrandom';
import { err, ok, Result } from './result';
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
 * spaces, semicolons or new lines. Anything else is an error naming the first bad item.
 */
export function parseDiceList(input: string | readonly unknown[]): Result<number[]> {
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
    const n = typeof item === 'number' ? item : typeof item === 'string' ? Number(item) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 6) {
      return err(
        `die ${i + 1} is ${JSON.stringify(item)}: each die must be a whole number from 1 to 6`,
      );
    }
    rolls.push(n);
  }
  if (rolls.length === 0) return err('the dice list is empty');
  return ok(rolls);
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
