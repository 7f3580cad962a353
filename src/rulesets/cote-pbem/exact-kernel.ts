/**
 * The exact solver's innermost loop, over the states of a group: a shot from each, in the
 * order of a round order's entries (see `exact-round.ts` and `Sweep.sweepSlots`).
 *
 * It is written in asm.js, the subset of JavaScript that V8 compiles as WebAssembly: integer
 * and float arithmetic on one heap (an ArrayBuffer), without the checks an optimizing compiler
 * keeps around every typed array access in ordinary code (the array's map, its length, its
 * data pointer, overflow), which were about a third of the whole solver's instructions. The
 * code is still JavaScript: where asm.js does not validate, it runs as ordinary code, more
 * slowly, with the same results. `test/odds-kernel.test.ts` checks that it validates.
 *
 * The heap holds everything the loop reads or writes, as `Float64Array` (F) and `Int32Array`
 * (I) elements at the bases it is given:
 * - the round order's entries (I, at `entries`: `ENTRY` ints each, fields as in exact-round);
 * - the level buffers (F): this group's slots start at `cur`, the breached group's at `breach`;
 * - the group's tables, floats at `gf` (no change at +k, breach at +8+k, the outcomes'
 *   probabilities at +16+o, the retreats summed and the rounds begun from +48) and ints at
 *   `gi` (per lost unit u, `side * 4 + type`, the start of the slots of the group it leads to
 *   at +2u and the threshold of DROP at +2u+1; the lost unit of each outcome o at +16+o; the
 *   outcomes that change the forces per firing key at +48+k, those that end the battle or
 *   start a burst at +56+k, and the count of pending shots at +64); the firing key by side and
 *   units left to fire at `firing`;
 * - the pending shots, those with an outcome the loop leaves to the caller (F at `pendM`, I at
 *   `pendE`: the mass and the entry).
 * `retreater` is the shooter whose shots that change nothing end in a retreat: the defender (1)
 * where the condition holds, else none (-1).
 *
 * `round` sweeps a whole round order: the slots off the no-change path, then the path, after
 * summing its cycle in closed form (see docs/odds.md). It returns the number of states swept,
 * and leaves in the group's tables the retreats of each of the two sweeps (at +48 and +49,
 * each added to the total by the caller, in that order) and the probability of the round start
 * once the cycle is summed (at +50: every round begun in this group).
 */

/** Where the group's tables lie, relative to `gf` and `gi`. */
export const GF_NC = 0;
export const GF_BR = 8;
export const GF_OP = 16;
export const GF_RETREAT = 48;
export const GF_ROUNDS = 50;
export const GF_SIZE = 51;
export const GI_TARGET = 0;
export const GI_LOST = 16;
export const GI_NOUT = 48;
export const GI_NX = 56;
export const GI_PENDING = 64;
export const GI_SIZE = 65;

export interface Kernel {
  round(
    chainStart: number,
    count: number,
    start: number,
    entries: number,
    cur: number,
    breach: number,
    gf: number,
    gi: number,
    firing: number,
    stride: number,
    retreater: number,
    pendM: number,
    pendE: number,
  ): number;
}

/** A heap's size that asm.js accepts: a multiple of 16 MB. */
export function kernelHeapBytes(bytes: number): number {
  const unit = 1 << 24;
  return Math.max(unit, Math.ceil(bytes / unit) * unit);
}

export interface KernelHeap {
  heap: ArrayBuffer;
  kernel: Kernel;
  /** False for the small heap kept from an earlier solve, which is not cleared. */
  fresh: boolean;
}

/**
 * The smallest heap, kept from one solve to the next: most battles fit in it, and a fresh
 * 16 MB buffer and kernel for each would cost more than their sweep (about 2 ms for 7 v 7).
 * A solve runs start to end on one thread, so two never share it at once.
 */
let small: KernelHeap | null = null;

/** A kernel over a heap of at least `bytes`: the small one when it fits (not cleared). */
export function kernelHeap(bytes: number): KernelHeap {
  const size = kernelHeapBytes(bytes);
  const make = () => {
    const heap = new ArrayBuffer(size);
    return { heap, kernel: KernelModule(globalThis, null, heap), fresh: true };
  };
  if (size > kernelHeapBytes(0)) return make();
  if (small !== null) return { ...small, fresh: false };
  return (small = make());
}

// prettier-ignore
export function KernelModule(stdlib: typeof globalThis, foreign: unknown, heap: ArrayBuffer): Kernel {
  'use asm';
  var F = new stdlib.Float64Array(heap);
  var I = new stdlib.Int32Array(heap);
  var imul = stdlib.Math.imul;

  function sweep(from: number, to: number, entries: number, cur: number, breach: number, gf: number, gi: number, firing: number, stride: number, retreater: number, pendM: number, pendE: number, retreatAt: number): number {
    from = from | 0;
    to = to | 0;
    entries = entries | 0;
    cur = cur | 0;
    breach = breach | 0;
    gf = gf | 0;
    gi = gi | 0;
    firing = firing | 0;
    stride = stride | 0;
    retreater = retreater | 0;
    pendM = pendM | 0;
    pendE = pendE | 0;
    retreatAt = retreatAt | 0;
    var e = 0, stop = 0, at = 0, s = 0, own = 0, other = 0, same = 0, k = 0, o = 0, end = 0;
    var out = 0, drop = 0, states = 0, pending = 0;
    var m = 0.0, q = 0.0, b = 0.0, retreat = 0.0;
    pending = I[(gi + 64) << 2 >> 2] | 0;
    e = (entries + imul(from, 7)) | 0;
    stop = (entries + imul(to, 7)) | 0;
    for (;;) {
      // Most slots are empty: skipped in a loop of their own, which keeps its few values in
      // registers.
      for (; (e | 0) < (stop | 0); e = (e + 7) | 0) {
        at = (cur + (I[e << 2 >> 2] | 0)) | 0;
        if (+F[at << 3 >> 3] != 0.0) break;
      }
      if ((e | 0) >= (stop | 0)) break;
      m = +F[at << 3 >> 3];
      F[at << 3 >> 3] = 0.0;
      states = (states + 1) | 0;
      s = I[(e + 1) << 2 >> 2] | 0;
      own = I[(e + 2) << 2 >> 2] | 0;
      other = I[(e + 3) << 2 >> 2] | 0;
      same = I[(e + 4) << 2 >> 2] | 0;
      k = I[(firing + imul(s, stride) + own) << 2 >> 2] | 0;
      q = +F[(gf + k) << 3 >> 3];
      if (q > 0.0) {
        // A defender's shot that changes nothing ends in a retreat where the condition holds.
        if ((s | 0) == (retreater | 0)) {
          retreat = retreat + m * q;
        } else {
          at = (cur + same) | 0;
          F[at << 3 >> 3] = +F[at << 3 >> 3] + m * q;
        }
      }
      // Only the attacker's shots breach, so this is 0 for the defender's.
      b = +F[(gf + 8 + k) << 3 >> 3];
      if (b > 0.0) {
        at = (breach + same) | 0;
        F[at << 3 >> 3] = +F[at << 3 >> 3] + m * b;
      }
      o = k << 2;
      end = (o + (I[(gi + 48 + k) << 2 >> 2] | 0)) | 0;
      for (; (o | 0) < (end | 0); o = (o + 1) | 0) {
        // KEEP when the loss takes a unit that has fired (other < threshold), else DROP, the
        // field after it.
        out = (gi + (I[(gi + 16 + o) << 2 >> 2] << 1)) | 0;
        drop = ((I[(out + 1) << 2 >> 2] | 0) - other - 1) >>> 31;
        at = ((I[out << 2 >> 2] | 0) + (I[(e + 5 + drop) << 2 >> 2] | 0)) | 0;
        F[at << 3 >> 3] = +F[at << 3 >> 3] + m * +F[(gf + 16 + o) << 3 >> 3];
      }
      if ((I[(gi + 56 + k) << 2 >> 2] | 0) > 0) {
        F[(pendM + pending) << 3 >> 3] = m;
        I[(pendE + pending) << 2 >> 2] = e;
        pending = (pending + 1) | 0;
      }
      e = (e + 7) | 0;
    }
    F[(gf + retreatAt) << 3 >> 3] = retreat;
    I[(gi + 64) << 2 >> 2] = pending;
    return states | 0;
  }

  function round(chainStart: number, count: number, start: number, entries: number, cur: number, breach: number, gf: number, gi: number, firing: number, stride: number, retreater: number, pendM: number, pendE: number): number {
    chainStart = chainStart | 0;
    count = count | 0;
    start = start | 0;
    entries = entries | 0;
    cur = cur | 0;
    breach = breach | 0;
    gf = gf | 0;
    gi = gi | 0;
    firing = firing | 0;
    stride = stride | 0;
    retreater = retreater | 0;
    pendM = pendM | 0;
    pendE = pendE | 0;
    var i = 0, e = 0, states = 0;
    var q = 0.0, back = 0.0, self = 1.0;
    I[(gi + 64) << 2 >> 2] = 0;
    states = sweep(0, chainStart, entries, cur, breach, gf, gi, firing, stride, retreater, pendM, pendE, 48) | 0;
    start = (cur + start) | 0;
    // What has reached a slot of the path goes round it to the start with the path's
    // no-change probabilities, and the cycle (a round in which nothing changes) is summed.
    // Where the retreat condition holds the path ends in a retreat: there is no cycle.
    if ((retreater | 0) < 0) {
      for (i = chainStart; (i | 0) < (count | 0); i = (i + 1) | 0) {
        e = (entries + imul(i, 7)) | 0;
        q = +F[(gf + (I[(firing + imul(I[(e + 1) << 2 >> 2] | 0, stride) + (I[(e + 2) << 2 >> 2] | 0)) << 2 >> 2] | 0)) << 3 >> 3];
        if ((i | 0) > (chainStart | 0)) back = (back + +F[(cur + (I[e << 2 >> 2] | 0)) << 3 >> 3]) * q;
        self = self * q;
      }
      F[start << 3 >> 3] = (+F[start << 3 >> 3] + back) / (1.0 - self);
    }
    F[(gf + 50) << 3 >> 3] = +F[start << 3 >> 3];
    states = (states + (sweep(chainStart, count, entries, cur, breach, gf, gi, firing, stride, retreater, pendM, pendE, 49) | 0)) | 0;
    // The last shot of the path, when it changes nothing, starts a round already counted.
    F[start << 3 >> 3] = 0.0;
    return states | 0;
  }

  return { round: round };
}
