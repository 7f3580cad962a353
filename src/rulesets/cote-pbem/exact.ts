import { Forces, SIDES } from '../../forces';
import {
  emptyDistributions,
  OddsLimits,
  OddsSolution,
  sortDistributions,
  SurvivorRow,
} from '../../odds';
import { err, ok, Result } from '../../result';
import { Layout, WALLS } from './exact-layout';
import { PbemOptions } from './options';
import { parseRetreat, RetreatCondition, retreatHolds } from './retreat';
import { CAT, CAV, CODES, FALLBACK, GAL, HIT_LEVEL, INF, TARGET_TABLE } from './tables';

/**
 * Exact odds of a COTE PBEM battle fought to its end (a pause order is ignored). The battle's
 * reachable states are swept once, from the most units left to the fewest, carrying each
 * state's probability forward: every shot either changes the forces (a lower level) or moves the
 * round on (a later slot of the same group). The one cycle, a round in which nothing changes, is
 * summed in closed form: the round start's probability is divided by 1 - p(self).
 * See docs/odds.md.
 */

/** The default limit: state slots laid out (8 bytes each, two levels alive at a time). */
export const DEFAULT_MAX_STATES = 300_000_000;

const WIN_A = 0;
const WIN_D = 1;
const RETREAT = 2;
/** What a loss leads to: a state of the next level, the end of the battle, a galley burst. */
const OUT_NEXT = 0;
const OUT_WIN_A = 1;
const OUT_WIN_D = 2;
const OUT_RETREAT = 3;
const OUT_BURST = 4;

function initialCounts(forces: Forces): number[] {
  const init = new Array<number>(8).fill(0);
  SIDES.forEach((side, s) => {
    for (const legion of forces[side]) {
      for (const [code, n] of Object.entries(legion.units)) {
        const t = (CODES as readonly string[]).indexOf(code);
        if (t >= 0) init[s * 4 + t] += n;
      }
    }
  });
  return init;
}

export function pbemExactOdds(
  forces: Forces,
  options: PbemOptions,
  limits: OddsLimits = {},
): Result<OddsSolution> {
  const max = limits.maxStates ?? DEFAULT_MAX_STATES;
  const init = initialCounts(forces);
  const layout = new Layout(init, options.fort, options.sea);
  const tooLarge = () =>
    err(
      `the battle is too large for the exact solver (more than ${max.toLocaleString('en')} states)`,
    );
  if (layout.groups > max || !layout.build(max)) return tooLarge();
  let retreat: RetreatCondition | null = null;
  if (options.retreat !== null) {
    const parsed = parseRetreat(options.retreat);
    if (!parsed.ok) return parsed;
    retreat = parsed.value;
  }
  return ok(new Sweep(layout, options, retreat).run());
}

class Sweep {
  private readonly bufs: (Float64Array | null)[];
  private readonly term: Float64Array;
  private readonly retreatMemo: Int8Array;
  private rounds = 1;
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
  private readonly c = new Int32Array(9);
  private readonly land = [0, 0];
  /** Shot tables by `shooter * 4 + firing type`: no change, breach, loss by `* 4 + type`. */
  private readonly nc = new Float64Array(8);
  private readonly br = new Float64Array(8);
  private readonly loss = new Float64Array(32);
  /** Where a loss of `side * 4 + type` leads. */
  private readonly tg = new Int32Array(8);
  private readonly tOff = new Int32Array(8);
  private readonly tnA = new Int32Array(8);
  private readonly tnD = new Int32Array(8);
  private readonly tElim = new Uint8Array(8);
  private readonly tRetreat = new Uint8Array(8);
  private readonly tBurst = new Uint8Array(8);
  private readonly lostIdx = new Int32Array(8);
  private gB = 0;
  private offB = 0;
  /** The flattened outcomes that change the forces, by `(shooter * 4 + type) * 4 + j`. */
  private readonly nOut = new Int32Array(8);
  private readonly oP = new Float64Array(32);
  private readonly oKind = new Int32Array(32);
  private readonly oOff = new Int32Array(32);
  private readonly oNa = new Int32Array(32);
  private readonly oNd = new Int32Array(32);
  private readonly oThr = new Int32Array(32);
  private readonly oKey = new Int32Array(32);
  /** The type of the unit that fires with r units left to fire, by side: `[s * 256 + r]`. */
  private typeByR = new Int32Array(512);
  private chain = new Int32Array(0);
  private chainQ = new Float64Array(0);
  private mark = new Uint8Array(0);

  constructor(
    private readonly L: Layout,
    options: PbemOptions,
    private readonly retreat: RetreatCondition | null,
  ) {
    this.bufs = L.levelSize.map(() => null);
    this.term = new Float64Array(3 * L.combos);
    this.retreatMemo = new Int8Array(retreat ? L.combos : 0);
    this.sea = options.sea;
    this.catapultOnly = options.breachBy === 'catapult';
    this.shots = Sweep.shotTable(this.sea, this.catapultOnly);
  }

  run(): OddsSolution {
    const L = this.L;
    const g0 = L.groups - 1;
    const top = L.level[g0];
    this.bufs[top] = new Float64Array(L.levelSize[top]);
    const nA = L.nList[0][g0];
    const nD = L.nList[1][g0];
    L.place(g0);
    this.bufs[top]![L.offset[g0] + nA * (nD + 1) * 2 + nD * 2] = 1;
    for (let lv = top; lv >= 1; lv--) {
      if (!this.bufs[lv]) continue;
      this.next = this.bufs[lv - 1] ??= new Float64Array(L.levelSize[lv - 1]);
      for (let i = L.levelStart[lv]; i < L.levelStart[lv] + L.placed[lv]; i++) {
        this.sweepGroup(L.order[i]);
      }
      this.bufs[lv] = null;
    }
    return this.solution();
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
    this.buf = this.bufs[L.level[g]]!;
    this.off = L.offset[g];
    this.nA = L.nList[0][g];
    this.nD = L.nList[1][g];
    this.land[0] = c[CAT] + c[CAV] + c[INF];
    this.land[1] = c[4 + CAT] + c[4 + CAV] + c[4 + INF];
    this.retreatHere = this.retreatAt(g % L.combos);
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

  /**
   * Every shot's outcomes, by shooter, walls standing (attacker only), which land types the
   * enemy has (bits CAT 1, CAV 2, INF 4; none: its galleys) and the firing type:
   * no change, breach, and the loss of each type.
   */
  private static shotTable(sea: boolean, catapultOnly: boolean): Float64Array {
    const table = new Float64Array(2 * 2 * 8 * 4 * 6);
    const has = [0, 0, 0, 0];
    for (let s = 0; s < 2; s++) {
      for (let walls = 0; walls < 2; walls++) {
        for (let present = 0; present < 8; present++) {
          for (let u = 0; u < 3; u++) has[u] = (present >> u) & 1;
          const landTypes = has[0] + has[1] + has[2];
          for (let t = 0; t < 4; t++) {
            const at = (((s * 2 + walls) * 8 + present) * 4 + t) * 6;
            const f = sea && t === CAV ? INF : t;
            const h = HIT_LEVEL[f] / 6;
            table[at] = 1 - h;
            if (s === 0 && walls === 1) {
              if (catapultOnly && t !== CAT) table[at] = 1;
              else table[at + 1] = h;
            } else if (landTypes === 0) table[at + 2 + GAL] = h;
            else if (landTypes === 1) table[at + 2 + (has[0] ? CAT : has[1] ? CAV : INF)] = h;
            else {
              for (let d = 0; d < 6; d++) {
                let ty = TARGET_TABLE[f][d];
                if (!has[ty]) ty = has[FALLBACK[ty][0]] ? FALLBACK[ty][0] : FALLBACK[ty][1];
                table[at + 2 + ty] += h / 6;
              }
            }
          }
        }
      }
    }
    return table;
  }

  /** Where each possible loss (and a breach) leads from this group. */
  private targets(): void {
    const { L, c, g } = this;
    for (let e = 0; e < 2; e++) {
      const living = this.land[e] + c[e * 4 + GAL];
      for (let u = 0; u < 4; u++) {
        const key = e * 4 + u;
        if (c[key] === 0) continue;
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
        this.tOff[key] = L.offset[g2];
        this.tnA[key] = L.nList[0][g2];
        this.tnD[key] = L.nList[1][g2];
      }
    }
    if (c[WALLS] > 0) {
      this.gB = g - L.stride[WALLS];
      L.place(this.gB);
      this.offB = L.offset[this.gB];
    }
  }

  /** Per shooter and type, the outcomes that change the forces; the firing type by r. */
  private flatten(): void {
    const { L, c } = this;
    const most = Math.max(this.nA, this.nD);
    if (this.typeByR.length < 2 * (most + 1)) this.typeByR = new Int32Array(4 * (most + 1));
    const half = this.typeByR.length >> 1;
    for (let s = 0; s < 2; s++) {
      const n = s === 0 ? this.nA : this.nD;
      for (let r = 1; r <= n; r++) this.typeByR[s * half + r] = this.typeAt(s, n - r);
      const e = 1 - s;
      for (let t = 0; t < 4; t++) {
        const k = s * 4 + t;
        this.nOut[k] = 0;
        // Only the types that can fire here: living land units, or galleys when none is left.
        if (this.land[s] > 0 ? t === GAL || c[s * 4 + t] === 0 : t !== GAL) continue;
        let j = 0;
        for (let u = 0; u < 4; u++) {
          const p = this.loss[k * 4 + u];
          if (p === 0) continue;
          const key = e * 4 + u;
          const o = k * 4 + j++;
          const g2 = this.tg[key];
          this.oP[o] = p;
          this.oKey[o] = key;
          this.oKind[o] = this.tElim[key]
            ? s === 0
              ? OUT_WIN_A
              : OUT_WIN_D
            : this.tRetreat[key] && s === 1
              ? OUT_RETREAT
              : this.tBurst[key]
                ? OUT_BURST
                : OUT_NEXT;
          this.oOff[o] = L.offset[g2];
          this.oNa[o] = L.nList[0][g2];
          this.oNd[o] = L.nList[1][g2];
          // The loss takes one of e's unfired units when e has at least this many left to fire.
          this.oThr[o] = (e === 0 ? this.nA : this.nD) - this.lostIdx[key];
        }
        this.nOut[k] = j;
      }
    }
  }

  /** The type of the unit at `idx` in side s's list of living units. */
  private typeAt(s: number, idx: number): number {
    const c = this.c;
    if (this.land[s] === 0) return GAL;
    return idx < c[s * 4] ? CAT : idx < c[s * 4] + c[s * 4 + 1] ? CAV : INF;
  }

  /** Adds probability to a round slot of group g; both sides done means the next round. */
  private put(
    buf: Float64Array,
    off: number,
    g: number,
    nA: number,
    nD: number,
    rA: number,
    rD: number,
    turn: number,
    mass: number,
  ): void {
    if (rA === 0 && rD === 0) {
      rA = nA;
      rD = nD;
      turn = 0;
      this.rounds += mass;
    } else if (rA === 0 || rD === 0) turn = 0;
    buf[off + (rA * (nD + 1) + rD) * 2 + turn] += mass;
  }

  private terminal(kind: number, g: number, mass: number): void {
    this.term[kind * this.L.combos + (g % this.L.combos)] += mass;
  }

  /** Side x's galley burst with bX galleys still to fire; y has rY units to fire this round. */
  private putBurst(g: number, x: number, bX: number, rY: number, mass: number): void {
    const L = this.L;
    if (bX === 0) {
      const nA = L.nList[0][g];
      const nD = L.nList[1][g];
      const buf = this.bufs[L.level[g]]!;
      this.put(buf, L.offset[g], g, nA, nD, x === 0 ? 0 : rY, x === 1 ? 0 : rY, 0, mass);
      return;
    }
    this.bufs[L.level[g]]![L.offset[g] + L.burstSlot(g, x, bX, rY)] += mass;
  }

  /** Inside side x's burst, the other side's galleys burst with bY still to fire. */
  private putNested(g: number, x: number, bX: number, bY: number, mass: number): void {
    const L = this.L;
    if (bY === 0) this.putBurst(g, x, bX, 0, mass);
    else {
      this.bufs[L.level[g]]![L.offset[g] + L.nestedSlot(g, x, bX, bY)] += mass;
    }
  }

  /** One ordinary shot from round slot (rA, rD, turn) carrying probability m. */
  private shoot(rA: number, rD: number, turn: number, m: number): void {
    const s = rA > 0 ? (rD > 0 ? turn : 0) : 1;
    const half = this.typeByR.length >> 1;
    let rA1 = rA;
    let rD1 = rD;
    let k: number;
    if (s === 0) k = this.typeByR[rA1--];
    else k = 4 + this.typeByR[half + rD1--];
    const ns = 1 - s;
    const q = this.nc[k];
    const nD1 = this.nD + 1;
    const turn1 = rA1 === 0 || rD1 === 0 ? 0 : ns;
    const idx1 =
      rA1 === 0 && rD1 === 0 ? (this.nA * nD1 + this.nD) * 2 : (rA1 * nD1 + rD1) * 2 + turn1;
    const ends = rA1 === 0 && rD1 === 0 ? 1 : 0;
    if (q > 0) {
      const mq = m * q;
      if (s === 1 && this.retreatHere) this.terminal(RETREAT, this.g, mq);
      else {
        this.buf[this.off + idx1] += mq;
        if (ends) this.rounds += mq;
      }
    }
    const b = this.br[k];
    if (b > 0) {
      this.next[this.offB + idx1] += m * b;
      if (ends) this.rounds += m * b;
    }
    const next = this.next;
    for (let o = k * 4, end = k * 4 + this.nOut[k]; o < end; o++) {
      const mp = m * this.oP[o];
      const kind = this.oKind[o];
      if (kind === OUT_NEXT) {
        let rA2 = rA1;
        let rD2 = rD1;
        if (s === 1) {
          if (rA1 >= this.oThr[o]) rA2--;
        } else if (rD1 >= this.oThr[o]) rD2--;
        const nd = this.oNd[o];
        let idx: number;
        if (rA2 === 0 && rD2 === 0) {
          idx = (this.oNa[o] * (nd + 1) + nd) * 2;
          this.rounds += mp;
        } else idx = (rA2 * (nd + 1) + rD2) * 2 + (rA2 === 0 || rD2 === 0 ? 0 : ns);
        next[this.oOff[o] + idx] += mp;
      } else if (kind === OUT_BURST) {
        const e = ns;
        this.putBurst(this.tg[this.oKey[o]], e, this.c[e * 4 + GAL], s === 0 ? rA1 : rD1, mp);
      } else {
        const g2 = this.tg[this.oKey[o]];
        this.terminal(kind === OUT_WIN_A ? WIN_A : kind === OUT_WIN_D ? WIN_D : RETREAT, g2, mp);
      }
    }
  }

  /** The round slots: first those off the no-change cycle, then the cycle in closed form. */
  private sweepRound(): void {
    const { nA, nD, buf, off } = this;
    const size = (nA + 1) * (nD + 1) * 2;
    if (this.mark.length < size) {
      this.mark = new Uint8Array(size * 2);
      this.chain = new Int32Array(size * 2);
      this.chainQ = new Float64Array(size * 2);
    }
    const { chain, chainQ, mark } = this;
    // The no-change path from the round start: every unit fires once and nothing changes.
    let rA = nA;
    let rD = nD;
    let turn = 0;
    let len = 0;
    let cycle = true;
    let pSelf = 1;
    for (;;) {
      const idx = (rA * (nD + 1) + rD) * 2 + turn;
      const s = rA > 0 ? (rD > 0 ? turn : 0) : 1;
      const q = this.nc[s * 4 + this.typeAt(s, s === 0 ? nA - rA : nD - rD)];
      chain[len] = idx;
      chainQ[len++] = q;
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
    const row = (nD + 1) * 2;
    for (let idx = size - 1; idx >= 2; idx--) {
      const m = buf[off + idx];
      if (m === 0 || mark[idx] === 1) continue;
      this.states++;
      const a = (idx / row) | 0;
      const rest = idx - a * row;
      this.shoot(a, rest >> 1, rest & 1, m);
    }
    if (cycle) {
      let back = 0;
      for (let i = 1; i < len; i++) back = (back + buf[off + chain[i]]) * chainQ[i];
      buf[off + chain[0]] = (buf[off + chain[0]] + back) / (1 - pSelf);
    }
    for (let i = 0; i < len; i++) {
      const idx = chain[i];
      mark[idx] = 0;
      const m = buf[off + idx];
      if (m === 0) continue;
      this.states++;
      const a = Math.floor(idx / 2 / (nD + 1));
      const d = Math.floor(idx / 2) % (nD + 1);
      this.shoot(a, d, idx % 2, m);
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
          if (this.buf[slot] !== 0) this.nestedShot(x, bX, bY, this.buf[slot]);
        }
        if (bX === 0) continue;
        for (let rY = nY; rY >= 0; rY--) {
          const slot = this.off + L.burstSlot(g, x, bX, rY);
          if (this.buf[slot] !== 0) this.burstShot(x, bX, rY, this.buf[slot]);
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

  private solution(): OddsSolution {
    const L = this.L;
    const d = emptyDistributions();
    const kinds = ['attackerWins', 'defenderWins', 'attackerRetreats'] as const;
    const c = new Int32Array(9);
    const counts = (s: number) =>
      Object.fromEntries(CODES.map((code, t) => [code, c[s * 4 + t]])) as Record<string, number>;
    for (let kind = 0; kind < 3; kind++) {
      for (let ci = 0; ci < L.combos; ci++) {
        const p = this.term[kind * L.combos + ci];
        if (p === 0) continue;
        L.decode(ci, c);
        const row: SurvivorRow = { p, attacker: counts(0), defender: counts(1) };
        d[kinds[kind]].push(row);
      }
    }
    sortDistributions(d);
    const prob = (rows: SurvivorRow[]) => rows.reduce((a, r) => a + r.p, 0);
    return {
      distributions: d,
      expectedRounds: this.rounds,
      captured: { attacker: prob(d.defenderWins), defender: prob(d.attackerWins) },
      states: this.states,
    };
  }
}
