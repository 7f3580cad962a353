import { validateBattle } from '../src/battle-spec';
import { Dice } from '../src/dice';
import { computeOdds } from '../src/odds';
import { RawOptions } from '../src/ruleset';
import { PbemState } from '../src/rulesets/cote-pbem';
import { playPbem, startPbem } from '../src/rulesets/cote-pbem/engine';
import { PbemOptions } from '../src/rulesets/cote-pbem/options';

/**
 * The exact solver (a sweep over counts and round slots, exact-sweep.ts) against the battle
 * engine itself, enumerated: from each position at the start of a round, the engine plays the
 * round on every sequence of dice, each with its probability, and the positions reached make a
 * Markov chain solved exactly (a round in which nothing changes: the geometric series). Two
 * independent readings of the rules must give the same odds, to rounding.
 *
 * Dice are enumerated by the classes the rules tell apart: hit levels 2, 3, 4 and the target
 * tables' cuts make {1,2}, {3}, {4}, {5}, {6}; when only level-2 units fire (Infantry, galleys,
 * Cavalry at sea) and no side has two land types (no target die), {1,2} and {3..6} suffice.
 */

const NEED = new Error('need another die');

class PrefixDice implements Dice {
  private i = 0;
  constructor(private readonly prefix: readonly number[]) {}
  d6(): number {
    if (this.i >= this.prefix.length) throw NEED;
    return this.prefix[this.i++];
  }
  get used(): number {
    return this.i;
  }
  state(): never {
    throw new Error('not saved');
  }
}

const FIVE: [number, number][] = [
  [1, 2 / 6],
  [3, 1 / 6],
  [4, 1 / 6],
  [5, 1 / 6],
  [6, 1 / 6],
];
const TWO: [number, number][] = [
  [1, 1 / 3],
  [6, 2 / 3],
];

interface Value {
  attackerWins: number;
  defenderWins: number;
  attackerRetreats: number;
  rounds: number;
}

function engineOdds(
  attacker: string,
  defender: string,
  raw: RawOptions,
  faces: [number, number][],
) {
  const b = validateBattle({ attacker, defender, seed: 'unused', options: raw });
  if (!b.ok) throw new Error(b.error);
  const options = { ...(b.value.options as PbemOptions), rounds: 1 };
  const memo = new Map<string, Value>();
  const key = (s: PbemState) => JSON.stringify([s.count, s.lost, s.walls]);

  /** Every way the round from `s` can go: its probability and the state it leaves. */
  const round = (s: PbemState) => {
    const ways: { p: number; st: PbemState }[] = [];
    const explore = (prefix: number[], p: number) => {
      const st = structuredClone(s);
      try {
        playPbem(st, options, new PrefixDice(prefix), () => {});
      } catch (e) {
        if (e !== NEED) throw e;
        for (const [face, q] of faces) explore([...prefix, face], p * q);
        return;
      }
      ways.push({ p, st });
    };
    explore([], 1);
    return ways;
  };

  const value = (s: PbemState): Value => {
    const k = key(s);
    const known = memo.get(k);
    if (known) return known;
    let same = 0;
    const v = { attackerWins: 0, defenderWins: 0, attackerRetreats: 0, rounds: 1 };
    for (const { p, st } of round(s)) {
      const end = st.end!;
      if (end.outcome === 'paused') {
        if (key(st) === k) {
          same += p;
          continue;
        }
        const next = value(st);
        v.attackerWins += p * next.attackerWins;
        v.defenderWins += p * next.defenderWins;
        v.attackerRetreats += p * next.attackerRetreats;
        v.rounds += p * next.rounds;
      } else if (end.outcome === 'retreat') v.attackerRetreats += p;
      else if (end.winner === 'attacker') v.attackerWins += p;
      else v.defenderWins += p;
    }
    const out = {
      attackerWins: v.attackerWins / (1 - same),
      defenderWins: v.defenderWins / (1 - same),
      attackerRetreats: v.attackerRetreats / (1 - same),
      rounds: v.rounds / (1 - same),
    };
    memo.set(k, out);
    return out;
  };

  return value(startPbem(b.value.forces, options));
}

const CASES: [string, string, string, RawOptions, [number, number][]][] = [
  [
    'nested bursts: a galley sunk before its turn does not fire',
    '1 INF 1 GAL',
    '1 INF 2 GAL',
    { sea: true },
    TWO,
  ],
  ['the same, the other way round', '1 INF 2 GAL', '1 INF 1 GAL', { sea: true }, TWO],
  [
    'nested bursts with a retreat read after each defender galley shot',
    '1 INF 1 GAL',
    '1 INF 2 GAL',
    { sea: true, retreat: 'enemy.GAL < 2' },
    TWO,
  ],
  [
    'two land units and two galleys a side, retreat on units',
    '2 INF 2 GAL',
    '1 INF 2 GAL',
    { sea: true, retreat: 'units <= 2' },
    TWO,
  ],
  [
    'walls only a Catapult breaches, target die and fallback',
    '1 CAT',
    '1 CAV 1 INF',
    { fort: 1, breachBy: 'catapult' },
    FIVE,
  ],
  [
    'two wall hit points, a retreat on losses',
    '1 CAT 1 INF',
    '1 CAV',
    { fort: 2, retreat: 'lost >= 1' },
    FIVE,
  ],
  [
    'target dice on both sides, one wall hit point',
    '1 CAV 1 INF',
    '1 CAT 1 INF',
    { fort: 1 },
    FIVE,
  ],
  [
    'Cavalry at sea fires as Infantry, against two land types',
    '1 CAV 1 INF 1 GAL',
    '1 CAT 1 GAL',
    { sea: true },
    FIVE,
  ],
];

describe('exact odds equal the engine enumerated round by round', () => {
  test.each(CASES)('%s: %s v %s %j', (_, attacker, defender, options, faces) => {
    const engine = engineOdds(attacker, defender, options, faces);
    const b = validateBattle({ attacker, defender, seed: 'unused', options });
    if (!b.ok) throw new Error(b.error);
    const r = computeOdds(b.value, { method: 'exact' });
    if (!r.ok) throw new Error(r.error);
    const solver = r.value;
    expect(solver.method).toBe('exact');
    for (const field of ['attackerWins', 'defenderWins', 'attackerRetreats'] as const) {
      expect({ field, diff: Math.abs(solver[field] - engine[field]) < 1e-12 }).toEqual({
        field,
        diff: true,
      });
    }
    expect(solver.expectedRounds).toBeCloseTo(engine.rounds, 12);
    expect(engine.attackerWins + engine.defenderWins + engine.attackerRetreats).toBeCloseTo(1, 12);
  });
});
