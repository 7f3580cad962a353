import { CAT, CAV, GAL, INF } from './tables';

/**
 * Where the exact solver keeps each state's probability. A *group* is a position of the forces:
 * both sides' living counts `[CAT, CAV, INF, GAL]` and the wall hit points left, numbered in a
 * mixed radix (so a loss is a subtraction). Inside a group a *slot* is a position in the round:
 * each side's unfired units (the last `r` of its list of living units), whose turn it is, and
 * during a galley burst how many galleys are still to fire. Groups are swept by *level*
 * (living units + walls), which every change lowers by one.
 */

/**
 * The round slots of a group whose sides have nA and nD units in their lists: slot
 * (rA, rD, turn) is at `(rA * (nD + 1) + rD) * 2 + turn`.
 */
export function roundSize(nA: number, nD: number): number {
  return (nA + 1) * (nD + 1) * 2;
}

export function roundSlot(nA: number, nD: number, rA: number, rD: number, turn: number): number {
  return (rA * (nD + 1) + rD) * 2 + turn;
}

/** Counts are kept at `side * 4 + type`; the walls at WALLS. */
export const WALLS = 8;

const land = (c: ArrayLike<number>, side: number) =>
  c[side * 4 + CAT] + c[side * 4 + CAV] + c[side * 4 + INF];

export class Layout {
  readonly radix: number[];
  readonly stride: number[];
  /** Groups, and combinations of counts (groups without the walls). */
  readonly groups: number;
  readonly combos: number;
  /** Filled by `build`: the list length of each side, level, slot offset and slot count. */
  nList: [Uint16Array, Uint16Array] = [new Uint16Array(0), new Uint16Array(0)];
  level = new Uint16Array(0);
  offset = new Int32Array(0);
  levelSize: number[] = [];
  /**
   * Groups by level, in increasing number: `order[levelStart[L] .. levelStart[L + 1])`. A
   * group's slots lie in its level's buffer in the same order, so that the groups a sweep of
   * one level writes to move forward through the next level's buffer together.
   */
  order = new Int32Array(0);
  levelStart = new Int32Array(0);
  /** Whether a group has been reached (only those are swept). */
  reached = new Uint8Array(0);
  slots = 0;
  size = new Float64Array(0);
  /** Each group's counts and walls, as `decode` gives them: filled by `build`. */
  private digits = new Uint16Array(0);
  private readonly scratch = new Int32Array(9);

  constructor(
    readonly init: readonly number[],
    readonly fort: number,
    readonly sea: boolean,
  ) {
    this.radix = [...init.map((n) => n + 1), fort + 1];
    this.stride = [];
    let s = 1;
    for (const r of this.radix) {
      this.stride.push(s);
      s *= r;
    }
    this.groups = s;
    this.combos = this.stride[WALLS];
  }

  /** Group g's counts and walls, into `out` (after `build`, which works them out once). */
  decode(g: number, out: Int32Array): Int32Array {
    for (let i = 0, at = g * 9; i <= WALLS; i++) out[i] = this.digits[at + i];
    return out;
  }

  /**
   * Slots of a group whose sides have landA and landD land units: 0 when the group is never a
   * live state (a side has nothing left, or has lost galleys while it still had land units:
   * galleys are lost only in a burst, after the last land unit).
   */
  private sizeOf(c: Int32Array, landA: number, landD: number): number {
    const { init } = this;
    if (landA + c[GAL] === 0 || landD + c[4 + GAL] === 0) return 0;
    if (landA > 0 && c[GAL] < init[GAL]) return 0;
    if (landD > 0 && c[4 + GAL] < init[4 + GAL]) return 0;
    const nA = landA > 0 ? landA : c[GAL];
    const nD = landD > 0 ? landD : c[4 + GAL];
    return roundSize(nA, nD) + this.burstSize(c, nA, nD);
  }

  /** Lays out every group; false when the slots would exceed `maxSlots`. */
  build(maxSlots: number): boolean {
    const { groups } = this;
    const c = this.scratch;
    const nA = new Uint16Array(groups);
    const nD = new Uint16Array(groups);
    const level = new Uint16Array(groups);
    const size = new Float64Array(groups);
    const digits = new Uint16Array(groups * 9);
    let maxLevel = 0;
    let slots = 0;
    c.fill(0);
    for (let g = 0; g < groups; g++) {
      if (g > 0) {
        // The next number's digits: add one, carrying.
        for (let i = 0; i <= WALLS && ++c[i] === this.radix[i]; i++) c[i] = 0;
      }
      for (let i = 0; i <= WALLS; i++) digits[g * 9 + i] = c[i];
      let lv = c[WALLS];
      for (let i = 0; i < 8; i++) lv += c[i];
      level[g] = lv;
      if (lv > maxLevel) maxLevel = lv;
      const landA = land(c, 0);
      const landD = land(c, 1);
      nA[g] = landA > 0 ? landA : c[GAL];
      nD[g] = landD > 0 ? landD : c[4 + GAL];
      size[g] = this.sizeOf(c, landA, landD);
      slots += size[g];
      if (slots > maxSlots) return false;
    }
    const levelStart = new Int32Array(maxLevel + 2);
    for (let g = 0; g < groups; g++) levelStart[level[g] + 1]++;
    for (let L = 0; L <= maxLevel; L++) levelStart[L + 1] += levelStart[L];
    const levelSize = new Array<number>(maxLevel + 1).fill(0);
    const offset = new Int32Array(groups);
    const order = new Int32Array(groups);
    const at = levelStart.slice();
    for (let g = 0; g < groups; g++) {
      const lv = level[g];
      offset[g] = levelSize[lv];
      levelSize[lv] += size[g];
      order[at[lv]++] = g;
    }
    const reached = new Uint8Array(groups);
    Object.assign(this, { nList: [nA, nD], level, offset, levelSize, order, levelStart, slots });
    Object.assign(this, { size, reached, digits });
    return true;
  }

  /** Marks group g reached, if it is ever a live state. */
  place(g: number): void {
    if (this.size[g] !== 0) this.reached[g] = 1;
  }

  /** Burst slots: per bursting side X, `[bX - 1][rY]`, then nested `[bX][bY - 1]`. */
  private burstSize(c: Int32Array, nA: number, nD: number): number {
    if (!this.sea) return 0;
    let size = 0;
    for (const x of [0, 1]) size += this.burstSegment(c, x, x === 0 ? nD : nA, true);
    return size;
  }

  /** The size of side x's burst slots (non-nested and nested); 0 when x cannot burst here. */
  private burstSegment(c: ArrayLike<number>, x: number, nY: number, nested: boolean): number {
    const y = 1 - x;
    const gx = c[x * 4 + GAL];
    if (land(c, x) > 0 || gx === 0) return 0;
    const gy = land(c, y) === 0 ? c[y * 4 + GAL] : 0;
    return gx * (nY + 1) + (nested ? gx * gy : 0);
  }

  /** Where side x's burst slots start in group g: after the round's, and the attacker's. */
  private burstStart(g: number, x: number, c: Int32Array): number {
    const base = roundSize(this.nList[0][g], this.nList[1][g]);
    return x === 1 ? base + this.burstSegment(c, 0, this.nList[1][g], true) : base;
  }

  /** The slot index, within group g, of side x's burst: non-nested `(bX, rY)`. */
  burstSlot(g: number, x: number, bX: number, rY: number): number {
    const c = this.decode(g, this.scratch);
    const nY = this.nList[1 - x][g];
    return this.burstStart(g, x, c) + (bX - 1) * (nY + 1) + rY;
  }

  /** The slot index of a nested burst: side x bursting with bX left, y's galleys bY left. */
  nestedSlot(g: number, x: number, bX: number, bY: number): number {
    const c = this.decode(g, this.scratch);
    const nested = this.burstStart(g, x, c) + this.burstSegment(c, x, this.nList[1 - x][g], false);
    return nested + bX * c[(1 - x) * 4 + GAL] + (bY - 1);
  }
}
