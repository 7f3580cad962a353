import { Forces, Side } from '../../forces';
import {
  emptyDistributions,
  OddsLimits,
  OddsOutcome,
  OddsSolution,
  sortDistributions,
  SurvivorRow,
} from '../../odds';
import { err, ok, Result } from '../../result';
import { OnlineOptions } from './options';
import { CAT, CAV, FORT, GAL, HIT_CHANCE, INF } from './tables';

/**
 * Exact odds of an online battle fought to its end (a pause order is ignored). A round is two
 * independent hit counts (sums of binomials, one per warrior type), then the casualties: a hit
 * count of h against n warriors removes a uniformly random set of min(h, n) of them, so the
 * losses by type are multivariate hypergeometric. The two sides' losses are independent given
 * the forces, so a round's transition is the product of the two loss distributions. A Markov
 * chain over (attacker counts by type, defender counts by type): every round but the one in
 * which nobody hits loses a warrior, so states are swept from the most warriors to the fewest,
 * each state's self-loop summed in closed form (its mass divided by 1 - p(nobody hits)).
 * Hit and Run is one round. See docs/rules-cote-online.md.
 */

/** Default limits: states laid out, and transitions summed (the solver's time). */
export const DEFAULT_MAX_STATES = 20_000_000;
export const MAX_TRANSITIONS = 400_000_000;

/** The dimensions of a side's state: attacker `[CAT, CAV, INF]`, defender `[FORT, CAT, CAV, INF]`. */
const ATTACKER_TYPES = [CAT, CAV, INF];
const DEFENDER_TYPES = [FORT, CAT, CAV, INF];

/** A side's counts by its types, numbered in a mixed radix; a loss is a subtraction. */
class SideSpace {
  readonly radix: number[];
  readonly size: number;
  readonly hits: Float64Array[] = [];
  /** Per index: for each m, the loss vectors of m warriors with their probabilities. */
  private readonly losses: { delta: Int32Array; p: Float64Array }[][] = [];

  constructor(
    readonly types: readonly number[],
    readonly init: readonly number[],
  ) {
    this.radix = init.map((n) => n + 1);
    this.size = this.radix.reduce((a, b) => a * b, 1);
  }

  decode(index: number): number[] {
    const c: number[] = [];
    for (const r of this.radix) {
      c.push(index % r);
      index = Math.floor(index / r);
    }
    return c;
  }

  /** The distribution of the side's hits: a convolution of one binomial per type. */
  hitDistribution(index: number): Float64Array {
    const cached = this.hits[index];
    if (cached) return cached;
    const c = this.decode(index);
    let dist = new Float64Array([1]);
    c.forEach((n, i) => {
      const p = HIT_CHANCE[this.types[i]];
      for (let k = 0; k < n; k++) {
        const next = new Float64Array(dist.length + 1);
        for (let h = 0; h < dist.length; h++) {
          next[h] += dist[h] * (1 - p);
          next[h + 1] += dist[h] * p;
        }
        dist = next;
      }
    });
    this.hits[index] = dist;
    return dist;
  }

  /**
   * The ways to lose m warriors chosen uniformly at random (multivariate hypergeometric), as
   * index deltas, for every m from 0 to the side's warriors.
   */
  lossTable(index: number): { delta: Int32Array; p: Float64Array }[] {
    const cached = this.losses[index];
    if (cached) return cached;
    const c = this.decode(index);
    const n = c.reduce((a, b) => a + b, 0);
    const byM: { delta: number[]; p: number[] }[] = Array.from({ length: n + 1 }, () => ({
      delta: [],
      p: [],
    }));
    const stride: number[] = [];
    let s = 1;
    for (const r of this.radix) {
      stride.push(s);
      s *= r;
    }
    const x = c.map(() => 0);
    const visit = (i: number) => {
      if (i === c.length) {
        const m = x.reduce((a, b) => a + b, 0);
        let ways = 1;
        let delta = 0;
        x.forEach((xi, t) => {
          ways *= choose(c[t], xi);
          delta += xi * stride[t];
        });
        byM[m].delta.push(delta);
        byM[m].p.push(ways / choose(n, m));
        return;
      }
      for (x[i] = 0; x[i] <= c[i]; x[i]++) visit(i + 1);
      x[i] = 0;
    };
    visit(0);
    const table = byM.map((t) => ({ delta: Int32Array.from(t.delta), p: Float64Array.from(t.p) }));
    this.losses[index] = table;
    return table;
  }

  warriors(index: number): number {
    return this.decode(index).reduce((a, b) => a + b, 0);
  }
}

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** The losses of a side with `n` warriors facing `hits`: `m` warriors with probability p. */
function lossCounts(hits: Float64Array, n: number): Float64Array {
  const w = new Float64Array(n + 1);
  for (let h = 0; h < hits.length; h++) w[Math.min(h, n)] += hits[h];
  return w;
}

function initialCounts(forces: Forces, side: Side): number[] {
  const sum = (code: string) => forces[side].reduce((a, l) => a + (l.units[code] ?? 0), 0);
  return [sum('CAT'), sum('CAV'), sum('INF'), sum('GAL')];
}

export function onlineExactOdds(
  forces: Forces,
  options: OnlineOptions,
  limits: OddsLimits = {},
): Result<OddsSolution> {
  const att = initialCounts(forces, 'attacker');
  const def = initialCounts(forces, 'defender');
  const A = new SideSpace(ATTACKER_TYPES, [att[CAT], att[CAV], att[INF]]);
  const D = new SideSpace(DEFENDER_TYPES, [options.fort ? 1 : 0, def[CAT], def[CAV], def[INF]]);
  const maxStates = limits.maxStates ?? DEFAULT_MAX_STATES;
  const states = A.size * D.size;
  // Transitions: every state pairs each loss vector of one side with each of the other's.
  const pairs = (init: readonly number[]) => init.reduce((a, n) => (a * (n + 1) * (n + 2)) / 2, 1);
  const transitions = options.mode === 'hit-and-run' ? 0 : pairs(A.init) * pairs(D.init);
  if (states > maxStates || transitions > MAX_TRANSITIONS) {
    return err(
      `the battle is too large for the exact solver (${states.toLocaleString('en')} states, ` +
        `${transitions.toLocaleString('en')} transitions; at most ${maxStates.toLocaleString('en')} and ` +
        `${MAX_TRANSITIONS.toLocaleString('en')})`,
    );
  }
  return ok(new Chain(A, D, options, att[GAL], def[GAL]).run());
}

/** The sweep over the chain's states, from the most warriors to the fewest. */
class Chain {
  private readonly mass: Float64Array;
  /** Probability of ending in each final state (its outcome follows from the state). */
  private readonly ends = new Map<number, number>();
  private rounds = 0;
  private visited = 0;

  constructor(
    private readonly A: SideSpace,
    private readonly D: SideSpace,
    private readonly options: OnlineOptions,
    private readonly galleysA: number,
    private readonly galleysD: number,
  ) {
    this.mass = new Float64Array(A.size * D.size);
  }

  run(): OddsSolution {
    const { A, D } = this;
    const start = A.size - 1 + A.size * (D.size - 1);
    this.mass[start] = 1;
    // Bucket the states by warriors left: a round that changes anything lowers the total.
    const warriorsA = Array.from({ length: A.size }, (_, i) => A.warriors(i));
    const warriorsD = Array.from({ length: D.size }, (_, i) => D.warriors(i));
    const top = warriorsA[A.size - 1] + warriorsD[D.size - 1];
    const buckets: number[][] = Array.from({ length: top + 1 }, () => []);
    for (let s = 0; s < this.mass.length; s++) {
      const a = warriorsA[s % A.size];
      const d = warriorsD[Math.floor(s / A.size)];
      if (a > 0 && d > 0) buckets[a + d].push(s);
    }
    for (let total = top; total >= 2; total--) {
      for (const s of buckets[total]) if (this.mass[s] > 0) this.step(s);
    }
    return this.solution();
  }

  private step(s: number): void {
    const { A, D } = this;
    const ia = s % A.size;
    const id = Math.floor(s / A.size);
    const nA = A.warriors(ia);
    const nD = D.warriors(id);
    const lostD = lossCounts(A.hitDistribution(ia), nD);
    const lostA = lossCounts(D.hitDistribution(id), nA);
    const oneRound = this.options.mode === 'hit-and-run';
    const pSelf = lostD[0] * lostA[0];
    const m = oneRound ? this.mass[s] : this.mass[s] / (1 - pSelf);
    this.mass[s] = 0;
    this.visited++;
    this.rounds += m;
    const tableD = D.lossTable(id);
    const tableA = A.lossTable(ia);
    for (let mD = 0; mD <= nD; mD++) {
      if (lostD[mD] === 0) continue;
      const { delta: dx, p: px } = tableD[mD];
      for (let mA = 0; mA <= nA; mA++) {
        if (lostA[mA] === 0 || (mA === 0 && mD === 0 && !oneRound)) continue;
        const w = m * lostD[mD] * lostA[mA];
        const { delta: dy, p: py } = tableA[mA];
        const ends = oneRound || mD === nD || mA === nA;
        for (let i = 0; i < dx.length; i++) {
          const base = s - A.size * dx[i];
          const wx = w * px[i];
          for (let j = 0; j < dy.length; j++) {
            const t = base - dy[j];
            if (ends) this.ends.set(t, (this.ends.get(t) ?? 0) + wx * py[j]);
            else this.mass[t] += wx * py[j];
          }
        }
      }
    }
  }

  private solution(): OddsSolution {
    const { A, D } = this;
    const distributions = emptyDistributions();
    const captured = { attacker: 0, defender: 0 };
    for (const [t, p] of this.ends) {
      const a = A.decode(t % A.size);
      const d = D.decode(Math.floor(t / A.size));
      const aLeft = a[0] + a[1] + a[2];
      const dLeft = d[0] + d[1] + d[2] + d[3];
      const outcome: OddsOutcome =
        aLeft === 0 && dLeft === 0
          ? 'undecided'
          : dLeft === 0
            ? 'attackerWins'
            : aLeft === 0
              ? 'defenderWins'
              : 'attackerRetreats';
      if (outcome === 'attackerWins') captured.defender += p;
      if (outcome === 'defenderWins') captured.attacker += p;
      const row: SurvivorRow = {
        p,
        attacker: {
          CAT: a[0],
          CAV: a[1],
          INF: a[2],
          GAL: this.galleysA,
          FORT: 0,
        },
        defender: {
          CAT: d[1],
          CAV: d[2],
          INF: d[3],
          GAL: outcome === 'attackerWins' ? 0 : this.galleysD,
          FORT: d[0],
        },
      };
      distributions[outcome].push(row);
    }
    sortDistributions(distributions);
    return {
      distributions,
      expectedRounds: this.rounds,
      captured,
      states: this.visited + this.ends.size,
    };
  }
}
