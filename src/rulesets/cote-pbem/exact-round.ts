import { Layout, roundSize, roundSlot } from './exact-layout';

/**
 * The order in which the exact solver sweeps the round slots of a group whose sides have nA
 * and nD units in their lists, with each slot's successors worked out once per shape rather
 * than at every state. See docs/odds.md.
 */

/** The fields of an entry, `ENTRY` ints each: the slot, who fires (0 the attacker, 1 the defender), */
export const SLOT = 0;
export const SHOOTER = 1;
/** the shooter's units left to fire (it fires the last of them) and the other side's, */
export const OWN = 2;
export const OTHER = 3;
/** the slot the shot leads to when it changes nothing, */
export const SAME = 4;
/** and, in the group that lost a unit, the slot when the loss takes an already fired unit */
export const KEEP = 5;
/** or one still to fire (the field right after KEEP: the sweep picks one by adding 0 or 1). */
export const DROP = KEEP + 1;
export const ENTRY = 7;

export interface RoundOrder {
  /** `ENTRY` ints per slot, in sweep order. */
  entries: Int32Array;
  /** Where the entries start in the heap they were placed in (see `RoundOrders`). */
  base: number;
  /** Entries before `chainStart` are off the no-change path from the round start. */
  chainStart: number;
  count: number;
  /** The round start's slot. */
  start: number;
}

/**
 * The slot of (rA, rD, turn): the turn counts only while both sides have units to fire, and
 * both done is the next round's start.
 */
export function slotOf(nA: number, nD: number, rA: number, rD: number, turn: number): number {
  if (rA === 0) return rD === 0 ? roundSlot(nA, nD, nA, nD, 0) : roundSlot(nA, nD, 0, rD, 0);
  return roundSlot(nA, nD, rA, rD, rD === 0 ? 0 : turn);
}

/**
 * The slots in sweep order: first those off the no-change path from the round start, in
 * decreasing index (a shot that changes nothing leads to a lower index), then the path itself,
 * which the sweep sums in closed form. With `stopAtDefender` (a retreat that holds in this
 * group) the path ends at the defender's first shot.
 */
export function roundOrder(nA: number, nD: number, stopAtDefender: boolean): RoundOrder {
  const size = (nA + 1) * (nD + 1) * 2;
  const entries = new Int32Array(size * ENTRY);
  let count = 0;
  const put = (a: number, d: number, t: number, s: number) => {
    const at = count++ * ENTRY;
    entries[at + SLOT] = roundSlot(nA, nD, a, d, t);
    entries[at + SHOOTER] = s;
    entries[at + OWN] = s === 0 ? a : d;
    entries[at + OTHER] = s === 0 ? d : a;
    if (s === 0) {
      entries[at + SAME] = slotOf(nA, nD, a - 1, d, 1);
      entries[at + KEEP] = nD > 0 ? slotOf(nA, nD - 1, a - 1, d, 1) : 0;
      entries[at + DROP] = nD > 0 && d > 0 ? slotOf(nA, nD - 1, a - 1, d - 1, 1) : 0;
    } else {
      entries[at + SAME] = slotOf(nA, nD, a, d - 1, 0);
      entries[at + KEEP] = nA > 0 ? slotOf(nA - 1, nD, a, d - 1, 0) : 0;
      entries[at + DROP] = nA > 0 && a > 0 ? slotOf(nA - 1, nD, a - 1, d - 1, 0) : 0;
    }
  };
  // The no-change path from the round start, as (rA, rD, turn, shooter).
  const path: number[] = [];
  const onPath = new Uint8Array(size);
  let rA = nA;
  let rD = nD;
  let turn = 0;
  for (;;) {
    const s = rA > 0 ? (rD > 0 ? turn : 0) : 1;
    path.push(rA, rD, turn, s);
    onPath[roundSlot(nA, nD, rA, rD, turn)] = 1;
    if (s === 1 && stopAtDefender) break;
    if (s === 0) rA--;
    else rD--;
    turn = rA === 0 || rD === 0 ? 0 : 1 - s;
    if (rA === 0 && rD === 0) break;
  }
  for (let a = nA; a >= 0; a--) {
    for (let d = nD; d >= 0; d--) {
      // Only these slots ever hold probability: the turn is 0 once a side has fired all.
      if (a > 0 && d > 0 && !onPath[roundSlot(nA, nD, a, d, 1)]) put(a, d, 1, 1);
      if ((a > 0 || d > 0) && !onPath[roundSlot(nA, nD, a, d, 0)]) put(a, d, 0, a > 0 ? 0 : 1);
    }
  }
  const chainStart = count;
  for (let i = 0; i < path.length; i += 4) put(path[i], path[i + 1], path[i + 2], path[i + 3]);
  return {
    entries: entries.subarray(0, count * ENTRY),
    base: 0,
    chainStart,
    count,
    start: roundSlot(nA, nD, nA, nD, 0),
  };
}

/**
 * Round orders by shape, made when first needed and placed in `heap[at .. at + capacity)`,
 * where the solver's kernel reads them.
 */
export class RoundOrders {
  private readonly cache = new Map<number, RoundOrder>();

  private readonly end: number;

  constructor(
    private readonly heap: Int32Array,
    private at: number,
    capacity: number,
  ) {
    this.end = at + capacity;
  }

  /**
   * Room for the orders of every shape among the groups of a layout (the ints of all their
   * slots), once, or twice where a retreat condition may call for the order that stops at it.
   */
  static capacity(L: Layout, retreat: boolean): number {
    const [nA, nD] = L.nList;
    const width = Math.max(...L.init.slice(4)) * 4 + 1;
    const seen = new Uint8Array(width * (Math.max(...L.init.slice(0, 4)) * 4 + 1));
    let ints = 0;
    for (let g = 0; g < L.groups; g++) {
      const shape = nA[g] * width + nD[g];
      if (L.size[g] === 0 || seen[shape] === 1) continue;
      seen[shape] = 1;
      ints += roundSize(nA[g], nD[g]) * ENTRY;
    }
    return retreat ? 2 * ints : ints;
  }

  /** Where the orders placed so far end in the heap (ints). */
  placedEnd(): number {
    return this.at;
  }

  get(nA: number, nD: number, stopAtDefender: boolean): RoundOrder {
    const key = (nA * 1024 + nD) * 2 + (stopAtDefender ? 1 : 0);
    let order = this.cache.get(key);
    if (order === undefined) {
      const made = roundOrder(nA, nD, stopAtDefender);
      const n = made.entries.length;
      if (this.at + n > this.end) throw new Error('round orders exceed their room in the heap');
      this.heap.set(made.entries, this.at);
      order = { ...made, entries: this.heap.subarray(this.at, this.at + n), base: this.at };
      this.at += n;
      this.cache.set(key, order);
    }
    return order;
  }
}
