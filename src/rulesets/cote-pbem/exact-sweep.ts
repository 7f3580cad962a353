import { Layout, roundSize, roundSlot, WALLS } from './exact-layout';
import { shotTable } from './exact-shots';
import { PbemOptions } from './options';
import { RetreatCondition, retreatHolds } from './retreat';
import { CAT, CAV, GAL, INF } from './tables';

/**
 * The exact solver's sweep: every reachable state's probability carried forward, level by
 * level, from the most units left to the fewest. See docs/odds.md.
 */

/** The endings, as `term` counts them: `term[ending * combos + counts]`. */
const WIN_A = 0;
const WIN_D = 1;
const RETREAT = 2;

export interface SweepResult {
  /** The probability of each ending with each combination of survivors. */
  term: Float64Array;
  expectedRounds: number;
  states: number;
}

/**
 * The index of round slot (rA, rD, turn) in a group whose sides have nA and nD units in their
 * lists: the turn counts only while both sides have units to fire, and both done is the next
 * round's start.
 */
function slotOf(nA: number, nD: number, rA: number, rD: number, turn: number): number {
  if (rA === 0) return rD === 0 ? roundSlot(nA, nD, nA, nD, 0) : roundSlot(nA, nD, 0, rD, 0);
  return roundSlot(nA, nD, rA, rD, rD === 0 ? 0 : turn);
}

/** What a loss leads to: a state of the next level, the end of the battle, a galley burst. */
const OUT_NEXT = 0;
const OUT_WIN_A = 1;
const OUT_WIN_D = 2;
const OUT_RETREAT = 3;
const OUT_BURST = 4;

export class Sweep {
  /** Two level buffers, used in turn: level lv's slots are in `bufs[lv & 1]`. */
  private readonly bufs: Float64Array[];
  private lv = 0;
  private readonly term: Float64Array;
  private readonly retreatMemo: Int8Array;
  private rounds = 0;
  private states = 0;
  private readonly sea: boolean;
  private readonly catapultOnly: boolean;
  private readonly shots: Float64Array;

  // The group being swept.
  private g = 0;
  private buf: Float64Array = new Float64Array(0);
  private next: Float64Array = new Float64Array(0);
  private off = 0;
  private nA = 0;
  private nD = 0;
  private retreatHere = false;
  /** Where this group's retreats are counted in `term`. */
  private retreatTerm = 0;
  /** The probability of the shot being taken, for `other`. */
  private m = 0;
  private readonly c = new Int32Array(9);
  private readonly land = [0, 0];
  /** Shot tables by `shooter * 4 + firing type`: no change, breach, loss by `* 4 + type`. */
  private readonly nc = new Float64Array(8);
  private readonly br = new Float64Array(8);
  private readonly loss = new Float64Array(32);
  /** Where a loss of `side * 4 + type` leads. */
  private readonly tg = new Int32Array(8);
  private readonly tElim = new Uint8Array(8);
  private readonly tRetreat = new Uint8Array(8);
  private readonly tBurst = new Uint8Array(8);
  private readonly lostIdx = new Int32Array(8);
  private gB = 0;
  private offB = 0;
  /** The flattened outcomes that change the forces, by `(shooter * 4 + type) * 4 + j`. */
  private readonly nOut = new Int32Array(8);
  private readonly oP = new Float64Array(32);
  private readonly oOff = new Int32Array(32);
  private readonly oThr = new Int32Array(32);
  private readonly nX = new Int32Array(8);
  private readonly xP = new Float64Array(32);
  private readonly xKind = new Int32Array(32);
  private readonly xKey = new Int32Array(32);
  /** The type of the unit that fires with r units left to fire, by side. */
  private typeA = new Int32Array(0);
  private typeD = new Int32Array(0);
  private chain = new Int32Array(0);
  private chainQ = new Float64Array(0);
  private chainM = new Float64Array(0);
  private mark = new Uint8Array(0);
  private chainA = new Int32Array(0);
  private chainD = new Int32Array(0);

  constructor(
    private readonly L: Layout,
    options: PbemOptions,
    private readonly retreat: RetreatCondition | null,
  ) {
    const most = Math.max(...L.levelSize);
    this.bufs = [new Float64Array(most), new Float64Array(most)];
    const n = L.init.reduce((a, b) => a + b, 1);
    this.typeA = new Int32Array(n);
    this.typeD = new Int32Array(n);
    this.term = new Float64Array(3 * L.combos);
    this.retreatMemo = new Int8Array(retreat ? L.combos : 0);
    this.sea = options.sea;
    this.catapultOnly = options.breachBy === 'catapult';
    this.shots = shotTable(this.sea, this.catapultOnly);
  }

  run(): SweepResult {
    const L = this.L;
    const g0 = L.groups - 1;
    const top = L.level[g0];
    const nA = L.nList[0][g0];
    const nD = L.nList[1][g0];
    L.place(g0);
    this.bufs[top & 1][L.offset[g0] + slotOf(nA, nD, 0, 0, 0)] = 1;
    for (let lv = top; lv >= 1; lv--) {
      this.lv = lv;
      this.buf = this.bufs[lv & 1];
      this.next = this.bufs[(lv - 1) & 1];
      for (let i = L.levelStart[lv]; i < L.levelStart[lv + 1]; i++) {
        if (L.reached[L.order[i]] === 1) this.sweepGroup(L.order[i]);
      }
    }
    return { term: this.term, expectedRounds: this.rounds, states: this.states };
  }

  private retreatAt(ci: number): boolean {
    if (!this.retreat) return false;
    const memo = this.retreatMemo[ci];
    if (memo !== 0) return memo === 2;
    const c = this.L.decode(ci, new Int32Array(9));
    const init = this.L.init;
    const side = (s: number) => ({
      count: [c[s * 4], c[s * 4 + 1], c[s * 4 + 2], c[s * 4 + 3]],
      lost: [0, 1, 2, 3].map((t) => init[s * 4 + t] - c[s * 4 + t]),
    });
    const holds = retreatHolds(this.retreat, side(0), side(1));
    this.retreatMemo[ci] = holds ? 2 : 1;
    return holds;
  }

  private sweepGroup(g: number): void {
    const L = this.L;
    const c = L.decode(g, this.c);
    this.g = g;
    this.off = L.offset[g];
    this.nA = L.nList[0][g];
    this.nD = L.nList[1][g];
    this.land[0] = c[CAT] + c[CAV] + c[INF];
    this.land[1] = c[4 + CAT] + c[4 + CAV] + c[4 + INF];
    this.retreatHere = this.retreatAt(g % L.combos);
    this.retreatTerm = RETREAT * L.combos + (g % L.combos);
    this.shotTables();
    this.targets();
    this.flatten();
    if (this.sea) this.sweepBursts();
    this.sweepRound();
  }

  /** The outcomes of a shot by each side's unit of each type against this group's forces. */
  private shotTables(): void {
    const c = this.c;
    for (let s = 0; s < 2; s++) {
      const e = (1 - s) * 4;
      const present = (c[e] > 0 ? 1 : 0) | (c[e + 1] > 0 ? 2 : 0) | (c[e + 2] > 0 ? 4 : 0);
      const walls = s === 0 && c[WALLS] > 0 ? 1 : 0;
      const base = ((s * 2 + walls) * 8 + present) * 4 * 6;
      for (let t = 0; t < 4; t++) {
        const k = s * 4 + t;
        const from = base + t * 6;
        this.nc[k] = this.shots[from];
        this.br[k] = this.shots[from + 1];
        for (let u = 0; u < 4; u++) this.loss[k * 4 + u] = this.shots[from + 2 + u];
      }
    }
  }

  /** Where each possible loss (and a breach) leads from this group. */
  private targets(): void {
    const { L, c, g } = this;
    for (let e = 0; e < 2; e++) {
      const living = this.land[e] + c[e * 4 + GAL];
      for (let u = 0; u < 4; u++) {
        const key = e * 4 + u;
        if (c[key] === 0 || !this.canLose(e, u)) continue;
        const g2 = g - L.stride[key];
        this.tg[key] = g2;
        if (living > 1) L.place(g2);
        this.tElim[key] = living === 1 ? 1 : 0;
        this.tRetreat[key] = e === 0 && living > 1 && this.retreatAt(g2 % L.combos) ? 1 : 0;
        this.tBurst[key] =
          this.sea && u !== GAL && this.land[e] === 1 && c[e * 4 + GAL] > 0 ? 1 : 0;
        this.lostIdx[key] =
          this.land[e] === 0
            ? c[e * 4 + GAL] - 1
            : u === CAT
              ? c[e * 4] - 1
              : u === CAV
                ? c[e * 4] + c[e * 4 + 1] - 1
                : this.land[e] - 1;
      }
    }
    if (c[WALLS] > 0 && this.canBreach()) {
      this.gB = g - L.stride[WALLS];
      L.place(this.gB);
      this.offB = L.offset[this.gB];
    }
  }

  /** Whether side s has units of type t that fire here: land units, or galleys when none. */
  private fires(s: number, t: number): boolean {
    return this.land[s] > 0 ? t !== GAL && this.c[s * 4 + t] > 0 : t === GAL;
  }

  /** Whether side e can lose a unit of type u to a shot here. */
  private canLose(e: number, u: number): boolean {
    const s = 1 - e;
    for (let t = 0; t < 4; t++) {
      if (this.fires(s, t) && this.loss[(s * 4 + t) * 4 + u] > 0) return true;
    }
    return false;
  }

  /** Whether an attacker's shot can breach the walls here. */
  private canBreach(): boolean {
    for (let t = 0; t < 4; t++) if (this.fires(0, t) && this.br[t] > 0) return true;
    return false;
  }

  /**
   * Per shooter and type, the outcomes that change the forces: those to a state of the next
   * level (`o*` at `k * 4 + j`, j < nOut[k]) and the others (`x*`: an ending or a burst).
   * The firing type by r.
   */
  private flatten(): void {
    const { L, c } = this;
    for (let s = 0; s < 2; s++) {
      const n = s === 0 ? this.nA : this.nD;
      const byR = s === 0 ? this.typeA : this.typeD;
      // The list is CAT, CAV, INF (or galleys): the last r are still to fire.
      const c0 = this.land[s] === 0 ? 0 : c[s * 4 + CAT];
      const c1 = this.land[s] === 0 ? 0 : c[s * 4 + CAV];
      const rest = this.land[s] === 0 ? GAL : INF;
      for (let r = 1; r <= n; r++) byR[r] = r > n - c0 ? CAT : r > n - c0 - c1 ? CAV : rest;
      const e = 1 - s;
      for (let t = 0; t < 4; t++) {
        const k = s * 4 + t;
        this.nOut[k] = 0;
        this.nX[k] = 0;
        if (!this.fires(s, t)) continue;
        let j = 0;
        let x = 0;
        for (let u = 0; u < 4; u++) {
          const p = this.loss[k * 4 + u];
          if (p === 0) continue;
          const key = e * 4 + u;
          const kind = this.tElim[key]
            ? s === 0
              ? OUT_WIN_A
              : OUT_WIN_D
            : this.tRetreat[key] && s === 1
              ? OUT_RETREAT
              : this.tBurst[key]
                ? OUT_BURST
                : OUT_NEXT;
          if (kind === OUT_NEXT) {
            const o = k * 4 + j++;
            this.oP[o] = p;
            this.oOff[o] = L.offset[this.tg[key]];
            // The loss takes one of e's unfired units when e has at least this many to fire.
            this.oThr[o] = (e === 0 ? this.nA : this.nD) - this.lostIdx[key];
          } else {
            const o = k * 4 + x++;
            this.xP[o] = p;
            this.xKind[o] = kind;
            this.xKey[o] = key;
          }
        }
        this.nOut[k] = j;
        this.nX[k] = x;
      }
    }
  }

  /** Adds probability to an ending with group g's survivors. */
  private terminal(kind: number, g: number, mass: number): void {
    this.term[kind * this.L.combos + (g % this.L.combos)] += mass;
  }

  /** The buffer of a level being swept or the next. */
  private bufOf(g: number): Float64Array {
    return this.L.level[g] === this.lv ? this.buf : this.next;
  }

  /** Side x's galley burst with bX galleys still to fire; y has rY units to fire this round. */
  private putBurst(g: number, x: number, bX: number, rY: number, mass: number): void {
    const L = this.L;
    if (bX === 0) {
      const nA = L.nList[0][g];
      const nD = L.nList[1][g];
      const rA = x === 0 ? 0 : rY;
      const rD = x === 1 ? 0 : rY;
      this.bufOf(g)[L.offset[g] + slotOf(nA, nD, rA, rD, 0)] += mass;
      return;
    }
    this.bufOf(g)[L.offset[g] + L.burstSlot(g, x, bX, rY)] += mass;
  }

  /** Inside side x's burst, the other side's galleys burst with bY still to fire. */
  private putNested(g: number, x: number, bX: number, bY: number, mass: number): void {
    const L = this.L;
    if (bY === 0) this.putBurst(g, x, bX, 0, mass);
    else this.bufOf(g)[L.offset[g] + L.nestedSlot(g, x, bX, bY)] += mass;
  }

  /** The attacker's unit with rA - 1 after it left to fire fires, carrying probability m. */
  private shootA(rA: number, rD: number, at: number): void {
    const { nA, nD } = this;
    const m = this.buf[at];
    this.buf[at] = 0;
    const k = this.typeA[rA];
    const a = rA - 1;
    const idx1 = slotOf(nA, nD, a, rD, 1);
    const q = this.nc[k];
    if (q > 0) {
      this.buf[this.off + idx1] += m * q;
    }
    const b = this.br[k];
    if (b > 0) {
      this.next[this.offB + idx1] += m * b;
    }
    const { next, oP, oOff, oThr } = this;
    for (let o = k * 4, end = o + this.nOut[k]; o < end; o++) {
      const d = rD >= oThr[o] ? rD - 1 : rD;
      next[oOff[o] + slotOf(nA, nD - 1, a, d, 1)] += m * oP[o];
    }
    if (this.nX[k] > 0) {
      this.m = m;
      this.other(0, k, a);
    }
  }

  /** The defender's next unit fires, carrying probability m. */
  private shootD(rA: number, rD: number, at: number): void {
    const { nA, nD } = this;
    const m = this.buf[at];
    this.buf[at] = 0;
    const k = 4 + this.typeD[rD];
    const d = rD - 1;
    const q = this.nc[k];
    if (q > 0) {
      if (this.retreatHere) this.term[this.retreatTerm] += m * q;
      else {
        this.buf[this.off + slotOf(nA, nD, rA, d, 0)] += m * q;
      }
    }
    const { next, oP, oOff, oThr } = this;
    for (let o = k * 4, end = o + this.nOut[k]; o < end; o++) {
      const a = rA >= oThr[o] ? rA - 1 : rA;
      next[oOff[o] + slotOf(nA - 1, nD, a, d, 0)] += m * oP[o];
    }
    if (this.nX[k] > 0) {
      this.m = m;
      this.other(1, k, d);
    }
  }

  /** The outcomes of a shot by side s's type k that end the battle or start a burst. */
  private other(s: number, k: number, rS: number): void {
    const m = this.m;
    for (let o = k * 4, end = o + this.nX[k]; o < end; o++) {
      const mp = m * this.xP[o];
      const kind = this.xKind[o];
      const key = this.xKey[o];
      if (kind === OUT_BURST) {
        const e = 1 - s;
        this.putBurst(this.tg[key], e, this.c[e * 4 + GAL], rS, mp);
      } else {
        const end = kind === OUT_WIN_A ? WIN_A : kind === OUT_WIN_D ? WIN_D : RETREAT;
        this.terminal(end, this.tg[key], mp);
      }
    }
  }

  /**
   * The round slots: first those off the no-change cycle, then the cycle in closed form. Every
   * slot is cleared as it is swept, so that the level's buffer is clean for reuse.
   */
  private sweepRound(): void {
    const { nA, nD, buf, off } = this;
    const size = roundSize(nA, nD);
    if (this.chain.length < size) {
      this.chain = new Int32Array(size);
      this.chainQ = new Float64Array(size);
      this.chainM = new Float64Array(size);
      this.mark = new Uint8Array(size);
      this.chainA = new Int32Array(size);
      this.chainD = new Int32Array(size);
    }
    const { chain, chainQ, chainM, mark, chainA, chainD } = this;
    // The no-change path from the round start: every unit fires once and nothing changes. The sweep
    // below passes over its slots.
    let rA = nA;
    let rD = nD;
    let turn = 0;
    let len = 0;
    let cycle = true;
    let pSelf = 1;
    for (;;) {
      const idx = roundSlot(nA, nD, rA, rD, turn);
      const s = rA > 0 ? (rD > 0 ? turn : 0) : 1;
      const q = this.nc[s === 0 ? this.typeA[rA] : 4 + this.typeD[rD]];
      chain[len] = idx;
      chainA[len] = rA;
      chainD[len] = rD;
      chainQ[len] = q;
      chainM[len++] = 0;
      mark[idx] = 1;
      pSelf *= q;
      if (s === 1 && this.retreatHere) {
        cycle = false;
        break;
      }
      if (s === 0) rA--;
      else rD--;
      turn = rA === 0 || rD === 0 ? 0 : 1 - s;
      if (rA === 0 && rD === 0) break;
    }
    // Slots in decreasing index: a shot that changes nothing always leads to a lower index.
    let states = 0;
    for (let a = nA; a >= 0; a--) {
      for (let d = nD; d >= 0; d--) {
        const at = off + roundSlot(nA, nD, a, d, 0);
        const m1 = buf[at + 1];
        if (m1 !== 0 && mark[at + 1 - off] === 0) {
          states++;
          if (a > 0 && d === 0) this.shootA(a, d, at + 1);
          else this.shootD(a, d, at + 1);
        }
        const m0 = buf[at];
        if (m0 !== 0 && mark[at - off] === 0) {
          states++;
          if (a > 0) this.shootA(a, d, at);
          else this.shootD(a, d, at);
        }
      }
    }
    for (let i = 0; i < len; i++) {
      chainM[i] = buf[off + chain[i]];
      buf[off + chain[i]] = 0;
      mark[chain[i]] = 0;
    }
    if (cycle) {
      let back = 0;
      for (let i = 1; i < len; i++) back = (back + chainM[i]) * chainQ[i];
      chainM[0] = (chainM[0] + back) / (1 - pSelf);
    }
    // Every round begun in this group starts here.
    this.rounds += chainM[0];
    for (let i = 0; i < len; i++) {
      const idx = chain[i];
      // With what the previous slot of the path brings now.
      const m = chainM[i] + buf[off + idx];
      buf[off + idx] = m;
      if (m === 0) continue;
      states++;
      const a = chainA[i];
      const d = chainD[i];
      if (a > 0 && (d === 0 || (idx & 1) === 0)) this.shootA(a, d, off + idx);
      else this.shootD(a, d, off + idx);
    }
    buf[off + chain[0]] = 0;
    this.states += states;
  }

  /** Galley bursts at sea: a side that lost its last land unit fires all its galleys at once. */
  private sweepBursts(): void {
    const { L, c, g } = this;
    for (let x = 0; x < 2; x++) {
      const gx = c[x * 4 + GAL];
      if (this.land[x] > 0 || gx === 0) continue;
      const y = 1 - x;
      const nY = y === 0 ? this.nA : this.nD;
      const gy = this.land[y] === 0 ? c[y * 4 + GAL] : 0;
      for (let bX = gx; bX >= 0; bX--) {
        // A nested burst starts after one of x's galleys fired: bX < gx.
        for (let bY = bX < gx ? gy : 0; bY >= 1; bY--) {
          const slot = this.off + L.nestedSlot(g, x, bX, bY);
          const m = this.buf[slot];
          this.buf[slot] = 0;
          if (m !== 0) this.nestedShot(x, bX, bY, m);
        }
        if (bX === 0) continue;
        for (let rY = nY; rY >= 0; rY--) {
          const slot = this.off + L.burstSlot(g, x, bX, rY);
          const m = this.buf[slot];
          this.buf[slot] = 0;
          if (m !== 0) this.burstShot(x, bX, rY, m);
        }
      }
    }
  }

  /** The next of side x's bursting galleys fires. */
  private burstShot(x: number, bX: number, rY: number, m: number): void {
    this.states++;
    const k = x * 4 + GAL;
    const y = 1 - x;
    const q = this.nc[k];
    if (q > 0) {
      if (x === 1 && this.retreatHere) this.terminal(RETREAT, this.g, m * q);
      else this.putBurst(this.g, x, bX - 1, rY, m * q);
    }
    if (this.br[k] > 0) this.putBurst(this.gB, x, bX - 1, rY, m * this.br[k]);
    const nY = y === 0 ? this.nA : this.nD;
    for (let u = 0; u < 4; u++) {
      const p = this.loss[k * 4 + u];
      if (p === 0) continue;
      const key = y * 4 + u;
      const g2 = this.tg[key];
      if (this.tElim[key]) this.terminal(x === 0 ? WIN_A : WIN_D, g2, m * p);
      else if (this.tRetreat[key] && x === 1) this.terminal(RETREAT, g2, m * p);
      else if (this.tBurst[key]) this.putNested(g2, x, bX - 1, this.c[y * 4 + GAL], m * p);
      else {
        const rY2 = this.lostIdx[key] >= nY - rY ? rY - 1 : rY;
        this.putBurst(g2, x, bX - 1, rY2, m * p);
      }
    }
  }

  /** Inside side x's burst, the next of the other side's bursting galleys fires at x's. */
  private nestedShot(x: number, bX: number, bY: number, m: number): void {
    this.states++;
    const y = 1 - x;
    const k = y * 4 + GAL;
    const q = this.nc[k];
    if (q > 0) {
      if (y === 1 && this.retreatHere) this.terminal(RETREAT, this.g, m * q);
      else this.putNested(this.g, x, bX, bY - 1, m * q);
    }
    if (this.br[k] > 0) this.putNested(this.gB, x, bX, bY - 1, m * this.br[k]);
    for (let u = 0; u < 4; u++) {
      const p = this.loss[k * 4 + u];
      if (p === 0) continue;
      const key = x * 4 + u;
      const g2 = this.tg[key];
      if (this.tElim[key]) this.terminal(y === 0 ? WIN_A : WIN_D, g2, m * p);
      else if (this.tRetreat[key] && y === 1) this.terminal(RETREAT, g2, m * p);
      else this.putNested(g2, x, bX > 0 ? bX - 1 : 0, bY - 1, m * p);
    }
  }
}
