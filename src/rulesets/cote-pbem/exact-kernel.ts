/**
 * The exact solver's innermost loop, over the states of a group: a shot from each, in the
 * order of a round order's entries (see `exact-round.ts` and `Sweep.sweepRound`).
 *
 * It is WebAssembly, written as text in `exact-kernel.wat` and compiled into
 * `exact-kernel-wasm.ts` (`npm run build:kernel`): integer and float arithmetic on one heap,
 * the module's memory, without the checks an optimizing compiler keeps around every typed
 * array access in ordinary code (the array's map, its length, its data pointer, overflow),
 * which were about a third of the whole solver's instructions, nor the bounds checks of asm.js
 * (the kernel's form before: the memory's guard pages stand in for them).
 *
 * The heap holds everything the loop reads or writes, as `Float64Array` (F) and `Int32Array`
 * (I) elements at the bases it is given:
 * - the round order's entries (I, at `entries`: `ENTRY` ints each, fields as in exact-round);
 * - the level buffers (F): this group's slots start at `cur`, the breached group's at `breach`;
 * - the group's tables, floats at `gf` (no change at +k, breach at +8+k, the retreats summed
 *   and the rounds begun from +16) and ints at `gi` (per lost unit u, `side * 4 + type`, the
 *   start of the slots of the group it leads to at +2u and the threshold of DROP at +2u+1, and
 *   the count of pending shots at +16); the firing key by side and units left to fire at
 *   `firing`;
 * - the outcome lists of the group's kind of forces, a block of floats at `ob` (the outcomes'
 *   probabilities at +o) and ints from `2 * ob + 64` (the lost unit of each outcome at +o, the
 *   outcomes that change the forces per firing key at +32+k, those that end the battle or
 *   start a burst at +40+k);
 * - the pending shots, those with an outcome the loop leaves to the caller (F at `pendM`, I at
 *   `pendE`: the mass and the entry).
 * `retreater` is the shooter whose shots that change nothing end in a retreat: the defender (1)
 * where the condition holds, else none (-1).
 *
 * `round` sweeps a whole round order: the slots off the no-change path, then the path, after
 * summing its cycle in closed form (see docs/odds.md). It returns the number of states swept,
 * and leaves in the group's tables the retreats of each of the two sweeps (at +16 and +17,
 * each added to the total by the caller, in that order) and the probability of the round start
 * once the cycle is summed (at +18: every round begun in this group).
 */

import { KERNEL_WASM } from './exact-kernel-wasm';

/** Where the group's tables lie, relative to `gf` and `gi`. */
export const GF_NC = 0;
export const GF_BR = 8;
export const GF_RETREAT = 16;
export const GF_ROUNDS = 18;
export const GF_SIZE = 19;
export const GI_TARGET = 0;
export const GI_PENDING = 16;
export const GI_SIZE = 17;
/** An outcome block: floats from `ob`, ints from `2 * ob + OB_INTS`; OB_SIZE floats in all. */
export const OB_P = 0;
export const OB_INTS = 64;
export const OB_LOST = 0;
export const OB_NOUT = 32;
export const OB_NX = 40;
export const OB_SIZE = 56;

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
    ob: number,
    firing: number,
    stride: number,
    retreater: number,
    pendM: number,
    pendE: number,
  ): number;
}

/** A page of WebAssembly memory. */
const PAGE = 1 << 16;

/** A heap's size in whole pages of WebAssembly memory, at least 16 MB. */
export function kernelHeapBytes(bytes: number): number {
  return Math.max(1 << 24, Math.ceil(bytes / PAGE) * PAGE);
}

export interface KernelHeap {
  /** Every byte zero when handed out: fresh, or handed back clean by `releaseKernelHeap`. */
  heap: ArrayBuffer;
  kernel: Kernel;
  memory: WebAssembly.Memory;
}

/** The compiled module, made when first needed (under 1 KB: compiled at once, anywhere). */
let compiled: WebAssembly.Module | null = null;

function kernelModule(): WebAssembly.Module {
  if (compiled === null) {
    compiled = new WebAssembly.Module(Uint8Array.from(atob(KERNEL_WASM), (c) => c.charCodeAt(0)));
  }
  return compiled;
}

const SMALL = kernelHeapBytes(0);
const kernels = new WeakMap<WebAssembly.Memory, Kernel>();

/**
 * Memories handed back after a solve, every byte zero again, for the next solve: the small one
 * held (most battles fit in it, and a fresh 16 MB memory and kernel for each would cost more
 * than their sweep: about 2 ms for 7 v 7), a larger one only until the garbage collector takes
 * it, and grown where the next solve needs more. So the next solve is spared its page faults,
 * and two large heaps never lie side by side while the collector has not come round (two 21 v
 * 21 heaps took 229 MB together, against 177 MB). A solve runs start to end on one thread and
 * takes its memory while it runs, so two never share one.
 */
let small: WebAssembly.Memory | null = null;
let large: WeakRef<WebAssembly.Memory> | null = null;

function heapOf(memory: WebAssembly.Memory): KernelHeap {
  let kernel = kernels.get(memory);
  if (kernel === undefined) {
    const instance = new WebAssembly.Instance(kernelModule(), { env: { memory } });
    kernel = instance.exports as unknown as Kernel;
    kernels.set(memory, kernel);
  }
  return { heap: memory.buffer, kernel, memory };
}

/** A kernel over a zeroed heap of at least `bytes`: one handed back where there is one. */
export function kernelHeap(bytes: number): KernelHeap {
  const size = kernelHeapBytes(bytes);
  if (size <= SMALL) {
    const kept = small ?? new WebAssembly.Memory({ initial: SMALL / PAGE });
    small = null;
    return heapOf(kept);
  }
  const kept = large?.deref();
  large = null;
  if (kept === undefined) return heapOf(new WebAssembly.Memory({ initial: size / PAGE }));
  // The new pages are zero: the memory is as clean as a fresh one.
  if (kept.buffer.byteLength < size) kept.grow((size - kept.buffer.byteLength) / PAGE);
  return heapOf(kept);
}

/** Hands a heap back for the next solve: the caller has left every byte of it zero. */
export function releaseKernelHeap(heap: KernelHeap): void {
  if (heap.memory.buffer.byteLength <= SMALL) small = heap.memory;
  else large = new WeakRef(heap.memory);
}
