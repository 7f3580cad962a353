import seedrandom from 'seedrandom';
import { Battle, validateBattle } from '../src/battle-spec';
import { computeOdds, monteCarloOdds, ODDS_OUTCOMES, OddsResult } from '../src/odds';
import { RawOptions } from '../src/ruleset';

function battle(attacker: string, defender: string, options: RawOptions = {}): Battle {
  const b = validateBattle({ rules: 'cote-online', attacker, defender, seed: 'unused', options });
  if (!b.ok) throw new Error(b.error);
  return b.value;
}

function exact(attacker: string, defender: string, options: RawOptions = {}): OddsResult {
  const r = computeOdds(battle(attacker, defender, options), { method: 'exact' });
  if (!r.ok) throw new Error(r.error);
  expect(r.value.method).toBe('exact');
  return r.value;
}

const none = { CAT: 0, CAV: 0, INF: 0, GAL: 0, FORT: 0 };

describe('exact odds, hand-computed', () => {
  test('1 INF against 1 INF, to the death: 2/5, 2/5, both fall 1/5', () => {
    // A round: only the attacker hits 2/9, only the defender 2/9, both 1/9, nobody 4/9.
    // Dividing by 1 - 4/9 = 5/9: 2/5, 2/5, 1/5; rounds are geometric with mean 9/5.
    const r = exact('1 INF', '1 INF');
    expect(r.attackerWins).toBeCloseTo(2 / 5, 14);
    expect(r.defenderWins).toBeCloseTo(2 / 5, 14);
    expect(r.undecided).toBeCloseTo(1 / 5, 14);
    expect(r.attackerRetreats).toBe(0);
    expect(r.expectedRounds).toBeCloseTo(9 / 5, 14);
    expect(r.distributions.undecided).toEqual([
      { p: expect.closeTo(0.2, 14), attacker: none, defender: none },
    ]);
    // Nobody is captured in a mutual end.
    expect(r.leaders.map((l) => l.captured)).toEqual([
      expect.closeTo(0.4, 14),
      expect.closeTo(0.4, 14),
    ]);
  });

  test('Hit and Run is one round: 1 INF against 1 INF', () => {
    const r = exact('1 INF', '1 INF', { mode: 'hit-and-run' });
    expect(r.attackerWins).toBeCloseTo(2 / 9, 14);
    expect(r.defenderWins).toBeCloseTo(2 / 9, 14);
    expect(r.undecided).toBeCloseTo(1 / 9, 14);
    expect(r.attackerRetreats).toBeCloseTo(4 / 9, 14);
    expect(r.expectedRounds).toBe(1);
  });

  test("the fort's Artillery: 1 CAT against 1 INF in a fortified city, Hit and Run", () => {
    // The attacker cannot kill two warriors with one hit: it never wins. It dies unless both
    // the fort (2/3) and the INF (1/3) miss: 1 - (1/3)(2/3) = 7/9; else it retreats, 2/9.
    // The fort's Artillery falls when the CAT hits (2/3) and the draw picks it (1/2): 1/3.
    const r = exact('1 CAT', '1 INF', { mode: 'hit-and-run', fort: 'yes' });
    expect(r.attackerWins).toBe(0);
    expect(r.defenderWins).toBeCloseTo(7 / 9, 14);
    expect(r.attackerRetreats).toBeCloseTo(2 / 9, 14);
    expect(r.expectedSurvivors.defender.FORT).toBeCloseTo(2 / 3, 14);
    expect(r.expectedSurvivors.defender.INF).toBeCloseTo(2 / 3, 14);
  });

  test('1 CAT against 1 CAV, to the death', () => {
    // a = 2/3, d = 1/2: only A a(1-d) = 1/3, only D (1-a)d = 1/6, both 1/3, nobody 1/6.
    // Divided by 5/6: 2/5, 1/5, 2/5.
    const r = exact('1 CAT', '1 CAV');
    expect([r.attackerWins, r.defenderWins, r.undecided].map((p) => p * 5)).toEqual([
      expect.closeTo(2, 13),
      expect.closeTo(1, 13),
      expect.closeTo(2, 13),
    ]);
  });

  test('1 CAT 1 INF a side, Hit and Run: one hit falls on either warrior alike', () => {
    // Each side's hits: none (1/3)(2/3) = 2/9, one (2/3)(2/3) + (1/3)(1/3) = 5/9, two 2/9.
    // A side falls to two hits: the attacker wins (2/9)(7/9) = 14/81, the defender 14/81,
    // both fall (2/9)^2 = 4/81, the attacker retreats (7/9)^2 = 49/81. The defender's CAT lives
    // when the attacker misses twice (2/9), or hits once (5/9) and the draw takes the INF (1/2).
    const r = exact('1 CAT 1 INF', '1 CAT 1 INF', { mode: 'hit-and-run' });
    expect([r.attackerWins, r.defenderWins, r.undecided, r.attackerRetreats]).toEqual(
      [14, 14, 4, 49].map((n) => expect.closeTo(n / 81, 14)),
    );
    for (const side of ['attacker', 'defender'] as const) {
      expect(r.expectedSurvivors[side]).toMatchObject({
        CAT: expect.closeTo(2 / 9 + 5 / 18, 14),
        INF: expect.closeTo(2 / 9 + 5 / 18, 14),
      });
    }
  });

  test('a mixed battle with the fort, to the death, as an independent enumeration gives it', () => {
    // Computed apart from the solver, in exact fractions: every sequence of one-at-a-time
    // casualty draws enumerated (not the solver's hypergeometric counts), the round in which
    // nobody loses a warrior summed as a geometric series. Attacker 2655594909695070373 /
    // 7037551524411408000, defender 42951739060040822579 / 80931842530731192000.
    const r = exact('1 CAT 2 INF', '1 CAV 1 INF', { fort: true });
    expect(r.attackerWins).toBeCloseTo(0.37734642517124212, 14);
    expect(r.defenderWins).toBeCloseTo(0.53071495368131916, 14);
    expect(r.undecided).toBeCloseTo(0.09193862114743868, 14);
  });

  test("galleys: the defender's sunk when the attacker wins, every other galley kept", () => {
    const r = exact('1 INF 2 GAL', '1 INF 1 GAL');
    expect(r.distributions.attackerWins[0]).toMatchObject({
      attacker: { INF: 1, GAL: 2 },
      defender: none,
    });
    expect(r.distributions.defenderWins[0]).toMatchObject({
      attacker: { ...none, GAL: 2 },
      defender: { INF: 1, GAL: 1 },
    });
    const hitAndRun = exact('1 INF 2 GAL', '1 INF 1 GAL', { mode: 'hit-and-run' });
    expect(hitAndRun.distributions.attackerRetreats[0]).toMatchObject({
      attacker: { ...none, INF: 1, GAL: 2 },
      defender: { ...none, INF: 1, GAL: 1 },
    });
    expect(r.distributions.undecided[0]).toMatchObject({
      attacker: { GAL: 2 },
      defender: { GAL: 1 },
    });
  });

  test('probabilities sum to 1 and captives follow the winner', () => {
    const r = exact('Marcus: 2 CAT 2 CAV 3 INF', 'Titus: 1 CAT 2 CAV 4 INF', { fort: true });
    expect(r.attackerWins + r.defenderWins + r.attackerRetreats + r.undecided).toBeCloseTo(1, 12);
    const captured = (side: string) => r.leaders.find((l) => l.side === side)!.captured;
    expect(captured('defender')).toBeCloseTo(r.attackerWins, 12);
    expect(captured('attacker')).toBeCloseTo(r.defenderWins, 12);
  });

  test('a battle too large for the solver is refused, and Monte Carlo is used by default', () => {
    const big = battle('7 CAT; 7 CAV; 7 INF', '7 CAT; 7 CAV; 7 INF', { fort: true });
    expect(computeOdds(big, { method: 'exact' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/too large for the exact solver/),
    });
    const mc = computeOdds(big, { runs: 200 });
    expect(mc).toMatchObject({
      ok: true,
      value: { method: 'montecarlo', note: expect.stringMatching(/too large/) },
    });
  });
});

/** Small random battles over both modes, the fort and galleys. */
function randomBattle(i: number) {
  const rng = seedrandom(`online-odds-${i}`);
  const pick = (n: number) => Math.floor(rng() * (n + 1));
  const side = (legions: number) =>
    Array.from({ length: legions }, () => {
      const [cat, cav, inf] = [pick(2), pick(2), pick(3)];
      return `${cat} CAT ${cav} CAV ${cat + cav + inf === 0 ? 1 : inf} INF ${pick(1)} GAL`;
    }).join('; ');
  const options: RawOptions = {
    fort: i % 2 === 0,
    mode: i % 3 === 0 ? 'hit-and-run' : 'fight-to-the-death',
  };
  return { attacker: side(1 + (rng() < 0.3 ? 1 : 0)), defender: side(1), options };
}

const RUNS = 4000;
const FIELDS = [
  'attackerWins',
  'defenderWins',
  'attackerRetreats',
  'undecided',
  'expectedAttackerSurvivors',
  'expectedDefenderSurvivors',
  'expectedRounds',
] as const;

/** The variance of one battle's value of `field`, from the exact distributions. */
function exactVariance(e: OddsResult, field: (typeof FIELDS)[number]): number {
  const rows = ODDS_OUTCOMES.flatMap((o) =>
    e.distributions[o].map((row) => ({ ...row, outcome: o })),
  );
  const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
  const value = (row: (typeof rows)[number]) =>
    field === 'expectedAttackerSurvivors'
      ? total(row.attacker)
      : field === 'expectedDefenderSurvivors'
        ? total(row.defender)
        : row.outcome === field
          ? 1
          : 0;
  const mean = rows.reduce((a, r) => a + r.p * value(r), 0);
  return rows.reduce((a, r) => a + r.p * (value(r) - mean) ** 2, 0);
}

describe('exact odds against Monte Carlo through the battle engine', () => {
  const battles = Array.from({ length: 24 }, (_, i) => randomBattle(i));

  test.each(battles.map((b, i) => [i, b.attacker, b.defender, b.options] as const))(
    'battle %i: %s v %s %j',
    (i, attacker, defender, options) => {
      const b = battle(attacker, defender, options);
      const ex = computeOdds(b, { method: 'exact' });
      const mc = monteCarloOdds(b, RUNS, `online-mc-${i}`);
      if (!ex.ok || !mc.ok) throw new Error('odds failed');
      const e = ex.value;
      const m = mc.value;
      for (const field of FIELDS) {
        const se =
          field === 'expectedRounds'
            ? m.standardErrors![field]
            : Math.sqrt(exactVariance(e, field) / RUNS);
        const within = Math.abs(m[field] - e[field]) <= 4 * se + 2 / RUNS;
        expect({ field, exact: e[field], mc: m[field], within }).toMatchObject({
          field,
          within: true,
        });
      }
      for (const side of ['attacker', 'defender'] as const) {
        for (const code of ['CAT', 'CAV', 'INF', 'GAL', 'FORT']) {
          const se = m.standardErrors!.expectedSurvivors[side][code];
          const diff = Math.abs(m.expectedSurvivors[side][code] - e.expectedSurvivors[side][code]);
          expect({ side, code, within: diff <= 4 * se + 2 / RUNS }).toEqual({
            side,
            code,
            within: true,
          });
        }
      }
    },
  );
});
