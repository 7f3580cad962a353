import {
  GF_BR,
  GF_NC,
  GF_RETREAT,
  GF_ROUNDS,
  GF_SIZE,
  GI_PENDING,
  GI_SIZE,
  GI_TARGET,
  Kernel,
  KernelHeap,
  OB_INTS,
  OB_LOST,
  OB_NOUT,
  OB_NX,
  OB_P,
  OB_SIZE,
  kernelHeap,
  releaseKernelHeap,
} from './exact-kernel';
import { Layout, WALLS } from './exact-layout';
import { OWN, RoundOrders, SHOOTER, slotOf } from './exact-round';
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

/** What a loss leads to: a state of the next level, the end of the battle, a galley burst. */
const OUT_NEXT = 0;
const OUT_WIN_A = 1;
const OUT_WIN_D = 2;
const OUT_RETREAT = 3;
const OUT_BURST = 4;

/**
 * The outcomes that change the forces, by `(shooter * 4 + type) * 4 + j` (see
 * `Sweep.outcomes`): to a state of the next level, in a block of the heap that the kernel
 * reads at `ob` (their probability and the unit lost, `side * 4 + type`, j < nOut[k]); the
 * others, an ending or a burst, here (`x*`, j < nX[k]).
 */
interface OutcomeLists {
  ob: number;
  oP: Float64Array;
  oKey: Int32Array;
  nOut: Int32Array;
  nX: Int32Array;
  xP: Float64Array;
  xKind: Int32Array;
  xKey: Int32Array;
}

/** Blocks for outcome lists kept per kind of outcomes; the last is made again as needed. */
const OUTCOME_BLOCKS = 512;

/** What the shots can do against one kind of forces (see `Sweep.loadKind`). */
interface KindTables {
  nc: Float64Array;
  br: Float64Array;
  loss: Float64Array;
  loseMask: number;
  breachable: boolean;
}

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
  private readonly c = new Int32Array(9);
  private readonly land = [0, 0];
  /**
   * Everything the loop over a group's states reads or writes lies in one heap, for the
   * kernel (see `exact-kernel.ts`): the level buffers, the group's tables (`gf`, `gi`), the
   * pending shots and the round orders. The typed arrays below are views of it.
   */
  private readonly kernel: Kernel;
  private readonly kernelHeap: KernelHeap;
  /** Where the level buffers end in F: every slot is zero again when the sweep is done. */
  private readonly levelsEnd: number;
  private readonly F: Float64Array;
  private readonly I: Int32Array;
  /** Where things lie in the heap: element indices in F or in I. */
  private readonly at: Record<'gf' | 'ob' | 'gi' | 'firing' | 'pendM' | 'pendE', number>;
  private readonly gi: Int32Array;
  /** Shot tables by `shooter * 4 + firing type`: no change, breach, loss by `* 4 + type`. */
  private readonly nc: Float64Array;
  private readonly br: Float64Array;
  private readonly loss = new Float64Array(32);
  /** Where a loss of `side * 4 + type` leads. */
  private readonly tg = new Int32Array(8);
  private readonly tElim = new Uint8Array(8);
  private readonly tRetreat = new Uint8Array(8);
  private readonly tBurst = new Uint8Array(8);
  private readonly lostIdx = new Int32Array(8);
  private gB = 0;
  private offB = 0;
  /**
   * The outcome lists of this group's kind of outcomes (`outcomeKind`), and those of every
   * kind met so far, each in a block of its own. Where each lost unit leads is in `gi`, at
   * `GI_TARGET + 2 * key`: the start of the slots of the group it leads to (in F) and, after
   * it, the threshold of DROP.
   */
  private out: OutcomeLists;
  private readonly outcomeLists = new Map<number, OutcomeLists>();
  private readonly scratchLists: OutcomeLists;
  /** The shot table key (`shooter * 4 + type`) of side s's unit that fires with r units left to fire, at `s * firingStride + r`. */
  private readonly firing: Int32Array;
  private readonly firingStride: number;
  /** The lists (length, CATs, CAVs, of galleys or not) the firing tables now hold, per side. */
  private readonly lists = [-1, -1];
  /** The types present and the outcomes' kinds of this group, and of the lists in `out`. */
  private outcomeKind = -1;
  private flatKind = -1;
  /** Where each level buffer starts in F. */
  private readonly levelBase: number[];
  private bufBase = 0;
  private nextBase = 0;
  private readonly orders: RoundOrders;
  /** Which types each side has and whether walls stand, for the shot tables now loaded. */
  private kind = -1;
  /** By kind: its shot tables, lose mask and whether its shots can breach. */
  private readonly kinds = new Map<number, KindTables>();
  /** Bit `side * 4 + type`: whether a shot here can take that side a unit of that type. */
  private loseMask = 0;
  private breachable = false;
  /** The shots of a sweep of slots whose outcomes `other` takes: probability and entry. */
  private readonly pendingM: Float64Array;
  private readonly pendingE: Int32Array;

  constructor(
    private readonly L: Layout,
    options: PbemOptions,
    private readonly retreat: RetreatCondition | null,
  ) {
    const most = Math.max(...L.levelSize);
    this.firingStride = L.init.reduce((a, b) => a + b, 1);
    const units = (side: number) => L.init.slice(side * 4, side * 4 + 4).reduce((a, b) => a + b, 0);
    const slots = (units(0) + 1) * (units(1) + 1) * 2;
    // Floats first, then ints (two per float).
    let f = 2 * most;
    const place = (n: number) => (f += n) - n;
    const at = {
      gf: place(GF_SIZE),
      ob: place(OUTCOME_BLOCKS * OB_SIZE),
      pendM: place(slots),
      gi: 0,
      firing: 0,
      pendE: 0,
    };
    let i = 2 * f;
    const placeInt = (n: number) => (i += n) - n;
    at.gi = placeInt(GI_SIZE);
    at.firing = placeInt(2 * this.firingStride);
    at.pendE = placeInt(slots);
    const orders = RoundOrders.capacity(L, retreat !== null);
    const ordersAt = placeInt(orders);
    this.kernelHeap = kernelHeap(4 * i);
    const { heap, kernel } = this.kernelHeap;
    this.F = new Float64Array(heap);
    this.I = new Int32Array(heap);
    this.kernel = kernel;
    this.levelsEnd = 2 * most;
    this.at = at;
    this.levelBase = [0, most];
    this.bufs = [this.F.subarray(0, most), this.F.subarray(most, 2 * most)];
    const gf = this.F.subarray(at.gf, at.gf + GF_SIZE);
    this.nc = gf.subarray(GF_NC, GF_NC + 8);
    this.br = gf.subarray(GF_BR, GF_BR + 8);
    this.gi = this.I.subarray(at.gi, at.gi + GI_SIZE);
    this.scratchLists = this.blockLists(OUTCOME_BLOCKS - 1);
    this.out = this.scratchLists;
    this.firing = this.I.subarray(at.firing, at.firing + 2 * this.firingStride);
    this.pendingM = this.F.subarray(at.pendM, at.pendM + slots);
    this.pendingE = this.I.subarray(at.pendE, at.pendE + slots);
    this.orders = new RoundOrders(this.I, ordersAt, orders);
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
      this.bufBase = this.levelBase[lv & 1];
      this.nextBase = this.levelBase[(lv - 1) & 1];
      // Groups of one level do not reach each other. Taken from the highest number down, the
      // sweep moves through both buffers in one direction, as it does inside a group.
      for (let i = L.levelStart[lv + 1] - 1; i >= L.levelStart[lv]; i--) {
        if (L.reached[L.order[i]] === 1) this.sweepGroup(L.order[i]);
      }
    }
    // The level buffers are clean (every slot is cleared as it is swept): clear the rest, and
    // the heap can serve the next solve without a pass over its levels.
    const { heap } = this.kernelHeap;
    const levels = 8 * this.levelsEnd;
    new Uint8Array(heap, levels, 4 * this.orders.placedEnd() - levels).fill(0);
    releaseKernelHeap(this.kernelHeap);
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
    // The solver weighs no rounds: the condition never changes by round here (see exact.ts).
    const holds = retreatHolds(this.retreat, side(0), side(1), 1);
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
    // The shot tables depend only on which types each side has and on the walls standing.
    const kind =
      (c[CAT] > 0 ? 1 : 0) |
      (c[CAV] > 0 ? 2 : 0) |
      (c[INF] > 0 ? 4 : 0) |
      (c[GAL] > 0 ? 8 : 0) |
      (c[4 + CAT] > 0 ? 16 : 0) |
      (c[4 + CAV] > 0 ? 32 : 0) |
      (c[4 + INF] > 0 ? 64 : 0) |
      (c[4 + GAL] > 0 ? 128 : 0) |
      (c[WALLS] > 0 ? 256 : 0);
    if (kind !== this.kind) {
      this.kind = kind;
      this.loadKind(kind);
    }
    this.targets();
    this.flatten();
    if (this.sea) this.sweepBursts();
    this.sweepRound();
  }

  /**
   * The shot tables, and which losses and breaches can happen, for the types present: made
   * once per kind, as the kind changes from one group to the next more often than not.
   */
  private loadKind(kind: number): void {
    const known = this.kinds.get(kind);
    if (known !== undefined) {
      this.nc.set(known.nc);
      this.br.set(known.br);
      this.loss.set(known.loss);
      this.loseMask = known.loseMask;
      this.breachable = known.breachable;
      return;
    }
    this.shotTables();
    this.loseMask = 0;
    for (let key = 0; key < 8; key++) {
      if (this.canLose(key >> 2, key & 3)) this.loseMask |= 1 << key;
    }
    this.breachable = this.c[WALLS] > 0 && this.canBreach();
    this.kinds.set(kind, {
      nc: this.nc.slice(),
      br: this.br.slice(),
      loss: this.loss.slice(),
      loseMask: this.loseMask,
      breachable: this.breachable,
    });
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

  /**
   * Where each possible loss (and a breach) leads from this group: for the kernel, the start of
   * the slots of the group one unit less, and when the loss takes one of the unfired units.
   */
  private targets(): void {
    const { L, c, g, gi, tg, lostIdx } = this;
    const { stride, offset } = L;
    const base = this.nextBase;
    let flags = 0;
    for (let e = 0; e < 2; e++) {
      const at = e * 4;
      const land = this.land[e];
      const galleys = c[at + GAL];
      const living = land + galleys;
      const n = e === 0 ? this.nA : this.nD;
      for (let u = 0; u < 4; u++) {
        const key = at + u;
        if (c[key] === 0 || ((this.loseMask >> key) & 1) === 0) continue;
        const g2 = g - stride[key];
        tg[key] = g2;
        // Bit 0: the loss ends the battle; bit 8: the attacker retreats; bit 16: a burst.
        let flag = 0;
        if (living === 1) flag = 1;
        else {
          L.place(g2);
          if (e === 0 && this.retreat !== null && this.retreatAt(g2 % L.combos)) flag = 256;
        }
        if (this.sea && u !== GAL && land === 1 && galleys > 0) flag |= 65536;
        this.tElim[key] = flag & 1;
        this.tRetreat[key] = (flag >> 8) & 1;
        this.tBurst[key] = flag >> 16;
        flags |= flag << key;
        const lost =
          land === 0
            ? galleys - 1
            : u === CAT
              ? c[at] - 1
              : u === CAV
                ? c[at] + c[at + 1] - 1
                : land - 1;
        lostIdx[key] = lost;
        gi[GI_TARGET + 2 * key] = base + offset[g2];
        // The loss takes one of e's unfired units when e has at least this many to fire.
        gi[GI_TARGET + 2 * key + 1] = n - lost;
      }
    }
    // With the types present, these say which outcomes end the battle or start a burst.
    this.outcomeKind = this.kind + 512 * flags;
    if (this.breachable) {
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

  /** What the kernel needs of this group besides its targets: firing tables and outcomes. */
  private flatten(): void {
    this.firingTables();
    if (this.outcomeKind === this.flatKind) return;
    this.flatKind = this.outcomeKind;
    let lists = this.outcomeLists.get(this.outcomeKind);
    if (lists === undefined) {
      const keep = this.outcomeLists.size < OUTCOME_BLOCKS - 1;
      lists = keep ? this.blockLists(this.outcomeLists.size) : this.scratchLists;
      this.outcomes(lists);
      if (keep) this.outcomeLists.set(this.outcomeKind, lists);
    }
    this.out = lists;
  }

  /** The outcome lists in block b of the heap. */
  private blockLists(b: number): OutcomeLists {
    const ob = this.at.ob + b * OB_SIZE;
    const ints = 2 * ob + OB_INTS;
    return {
      ob,
      oP: this.F.subarray(ob + OB_P, ob + OB_P + 32),
      oKey: this.I.subarray(ints + OB_LOST, ints + OB_LOST + 32),
      nOut: this.I.subarray(ints + OB_NOUT, ints + OB_NOUT + 8),
      nX: this.I.subarray(ints + OB_NX, ints + OB_NX + 8),
      xP: new Float64Array(32),
      xKind: new Int32Array(32),
      xKey: new Int32Array(32),
    };
  }

  /** The firing type by units left to fire: the list is CAT, CAV, INF (or galleys). */
  private firingTables(): void {
    const { c, firing } = this;
    for (let s = 0; s < 2; s++) {
      const n = s === 0 ? this.nA : this.nD;
      const landS = this.land[s];
      // The last r are still to fire.
      const at = s * this.firingStride;
      const cats = landS === 0 ? 0 : c[s * 4 + CAT];
      const cavs = landS === 0 ? 0 : c[s * 4 + CAV];
      const rest = s * 4 + (landS === 0 ? GAL : INF);
      // The same list as the last group's (the defender's mostly is): the table stands.
      const list = (n * 1024 + cats) * 1024 + cavs + (landS === 0 ? 2 ** 30 : 0);
      if (list === this.lists[s]) continue;
      this.lists[s] = list;
      for (let r = 1; r <= n - cats - cavs; r++) firing[at + r] = rest;
      for (let r = n - cats - cavs + 1; r <= n - cats; r++) firing[at + r] = s * 4 + CAV;
      for (let r = n - cats + 1; r <= n; r++) firing[at + r] = s * 4 + CAT;
    }
  }

  /**
   * Per shooter and type, the outcomes that change the forces: those to a state of the next
   * level (`o*` at `k * 4 + j`, j < nOut[k]) and the others (`x*`: an ending or a burst).
   * They depend only on the types present, the walls and which losses end the battle, make
   * the attacker retreat or start a burst (`outcomeKind`): made once per such kind.
   */
  private outcomes(lists: OutcomeLists): void {
    const { c, loss, tElim, tRetreat, tBurst } = this;
    const { nOut, nX, oP, oKey, xP, xKind, xKey } = lists;
    for (let s = 0; s < 2; s++) {
      const landS = this.land[s];
      const e = 1 - s;
      for (let t = 0; t < 4; t++) {
        const k = s * 4 + t;
        let j = 0;
        let x = 0;
        const fires = landS > 0 ? t !== GAL && c[k] > 0 : t === GAL;
        for (let u = 0; fires && u < 4; u++) {
          const p = loss[k * 4 + u];
          if (p === 0) continue;
          const key = e * 4 + u;
          const kind = tElim[key]
            ? s === 0
              ? OUT_WIN_A
              : OUT_WIN_D
            : tRetreat[key] && s === 1
              ? OUT_RETREAT
              : tBurst[key]
                ? OUT_BURST
                : OUT_NEXT;
          if (kind === OUT_NEXT) {
            const o = k * 4 + j++;
            oP[o] = p;
            oKey[o] = key;
          } else {
            const o = k * 4 + x++;
            xP[o] = p;
            xKind[o] = kind;
            xKey[o] = key;
          }
        }
        nOut[k] = j;
        nX[k] = x;
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

  /** The outcomes of a shot by side s's type k that end the battle or start a burst. */
  private other(s: number, k: number, rS: number, m: number): void {
    const { nX, xP, xKind, xKey } = this.out;
    for (let o = k * 4, end = o + nX[k]; o < end; o++) {
      const mp = m * xP[o];
      const kind = xKind[o];
      const key = xKey[o];
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
   * The round slots, in the order of `roundOrder`, by the kernel: first those off the
   * no-change path from the round start, then the path, whose cycle (a round in which nothing
   * changes) is summed in closed form before it is swept. Every slot is cleared as it is swept,
   * so that the level's buffer is clean for reuse. The rare outcomes that end the battle or
   * start a burst, which never reach this group's slots, are taken afterwards, here.
   */
  private sweepRound(): void {
    const { F, I, at } = this;
    const order = this.orders.get(this.nA, this.nD, this.retreatHere);
    this.states += this.kernel.round(
      order.chainStart,
      order.count,
      order.start,
      order.base,
      this.bufBase + this.off,
      this.nextBase + this.offB,
      at.gf,
      at.gi,
      this.out.ob,
      at.firing,
      this.firingStride,
      this.retreatHere ? 1 : -1,
      at.pendM,
      at.pendE,
    );
    // The retreats of the two sweeps, added as they were made.
    const offPath = F[at.gf + GF_RETREAT];
    const onPath = F[at.gf + GF_RETREAT + 1];
    if (offPath !== 0) this.term[this.retreatTerm] += offPath;
    if (onPath !== 0) this.term[this.retreatTerm] += onPath;
    this.rounds += F[at.gf + GF_ROUNDS];
    for (let j = 0, pending = I[at.gi + GI_PENDING]; j < pending; j++) {
      const e = this.pendingE[j];
      const s = I[e + SHOOTER];
      const own = I[e + OWN];
      this.other(s, this.firing[s * this.firingStride + own], own - 1, this.pendingM[j]);
    }
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
