import seedrandom from 'seedrandom';
import { validateBattle } from '../src/battle-spec';
import { RawOptions } from '../src/ruleset';
import { computeOdds, monteCarloOdds, ODDS_OUTCOMES, OddsResult } from '../src/odds';

/**
 * The exact solver against Monte Carlo through the battle engine (an independent reading of the
 * rules): 30 random small battles covering every option, each number within 4 standard errors.
 */

const RUNS = 4000;
const RETREATS = [
  'units <= 2',
  'lost >= 2',
  'lost.CAT >= 1 and units <= 3',
  'enemy.units > units',
  'lost.INF >= 1, enemy.lost = 0',
  'GAL < 2',
];

function randomSide(rng: () => number, sea: boolean, legions: number): string {
  const pick = (n: number) => Math.floor(rng() * (n + 1));
  return Array.from({ length: legions }, () => {
    let [cat, cav, inf] = [pick(2), pick(2), pick(3)];
    const gal = sea ? 1 + pick(1) : 0;
    if (!sea && cat + cav + inf === 0) inf = 1;
    if (sea && rng() < 0.15) [cat, cav, inf] = [0, 0, 0]; // an empty transport fleet
    return `${cat} CAT ${cav} CAV ${inf} INF ${gal} GAL`;
  }).join('; ');
}

function randomBattle(i: number) {
  const rng = seedrandom(`odds-battle-${i}`);
  const sea = i % 3 === 0;
  const options: RawOptions = { sea };
  if (!sea) {
    options.fort = [0, 1, 2][i % 3];
    options.breachBy = rng() < 0.5 ? 'any' : 'catapult';
  }
  if (rng() < 0.5) options.retreat = RETREATS[Math.floor(rng() * RETREATS.length)];
  const attacker = randomSide(rng, sea, 1 + (rng() < 0.25 ? 1 : 0));
  const defender = randomSide(rng, sea, 1);
  return { attacker, defender, options };
}

const FIELDS = [
  'attackerWins',
  'defenderWins',
  'attackerRetreats',
  'expectedAttackerSurvivors',
  'expectedDefenderSurvivors',
  'expectedRounds',
] as const;

/** The variance of one battle's value of `field`, from the exact survivor distributions. */
function exactVariance(e: OddsResult, field: (typeof FIELDS)[number]): number {
  const rows = ODDS_OUTCOMES.flatMap((o) =>
    e.distributions[o].map((row) => ({ ...row, outcome: o })),
  );
  const value = (row: (typeof rows)[number]) => {
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    if (field === 'expectedAttackerSurvivors') return total(row.attacker);
    if (field === 'expectedDefenderSurvivors') return total(row.defender);
    return row.outcome === field ? 1 : 0;
  };
  const mean = rows.reduce((a, r) => a + r.p * value(r), 0);
  return rows.reduce((a, r) => a + r.p * (value(r) - mean) ** 2, 0);
}

describe('exact odds against Monte Carlo', () => {
  const battles = [
    ...Array.from({ length: 30 }, (_, i) => randomBattle(i)),
    // Retreat checked after each shot of a defender's galley burst, nested bursts included.
    {
      attacker: '1 INF 1 GAL',
      defender: '1 INF 2 GAL',
      options: { sea: true, retreat: 'enemy.INF = 0' } as RawOptions,
    },
    {
      attacker: '2 INF 1 GAL',
      defender: '1 CAV 2 GAL',
      options: { sea: true, retreat: 'lost >= 2' },
    },
  ];

  test('the random battles cover every option', () => {
    const all = battles.map((b) => b.options);
    expect(all.some((o) => o.sea)).toBe(true);
    expect(all.some((o) => o.fort === 1)).toBe(true);
    expect(all.some((o) => o.fort === 2 && o.breachBy === 'catapult')).toBe(true);
    expect(all.some((o) => o.retreat && o.sea)).toBe(true);
    expect(all.some((o) => o.retreat && o.fort)).toBe(true);
  });

  test.each(battles.map((b, i) => [i, b.attacker, b.defender, b.options] as const))(
    'battle %i: %s v %s %j',
    (i, attacker, defender, options) => {
      const b = validateBattle({ attacker, defender, seed: 'unused', options });
      if (!b.ok) throw new Error(b.error);
      const ex = computeOdds(b.value, { method: 'exact' });
      const mc = monteCarloOdds(b.value, RUNS, `mc-${i}`);
      if (!ex.ok || !mc.ok) throw new Error('odds failed');
      const e: OddsResult = ex.value;
      const m: OddsResult = mc.value;
      for (const field of FIELDS) {
        const exactValue = e[field];
        // The error of a mean over RUNS battles, from the exact distribution where there is
        // one (a rare outcome is often missed by a small sample, which then reports no error).
        const se =
          field === 'expectedRounds'
            ? m.standardErrors![field]
            : Math.sqrt(exactVariance(e, field) / RUNS);
        // Two battles' worth of slack: a rare outcome (p ~ 1e-6) seen once is not an error.
        const slack = (2 * (field.startsWith('expected') ? 20 : 1)) / RUNS;
        expect({ field, within: Math.abs(m[field] - exactValue) <= 4 * se + slack }).toEqual({
          field,
          within: true,
        });
      }
      // Leader capture: the defender's leaders fall exactly when the attacker wins outright.
      const captured = e.leaders.find((l) => l.side === 'defender')!.captured;
      expect(captured).toBeCloseTo(e.attackerWins, 12);
    },
  );
});
