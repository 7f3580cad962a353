import { Battle, validateBattle } from '../src/battle-spec';
import { RawOptions } from '../src/ruleset';
import { computeOdds, monteCarloOdds, ODDS_OUTCOMES, OddsResult } from '../src/odds';

function battle(attacker: string, defender: string, options: RawOptions = {}): Battle {
  const b = validateBattle({ attacker, defender, seed: 'unused', options });
  if (!b.ok) throw new Error(b.error);
  return b.value;
}

function exact(attacker: string, defender: string, options: RawOptions = {}): OddsResult {
  const r = computeOdds(battle(attacker, defender, options), { method: 'exact' });
  if (!r.ok) throw new Error(r.error);
  expect(r.value.method).toBe('exact');
  return r.value;
}

describe('exact odds, hand-computed cases', () => {
  test('1 INF against 1 INF: the attacker wins 3/5', () => {
    // Each shot hits with p = 1/3 and the attacker fires first: a/(1 - (2/3)^2) = 3/5.
    // A round ends the battle with 1/3 + (2/3)(1/3) = 5/9, so rounds are geometric: 9/5.
    const r = exact('1 INF', '1 INF');
    expect(r.attackerWins).toBeCloseTo(3 / 5, 14);
    expect(r.defenderWins).toBeCloseTo(2 / 5, 14);
    expect(r.attackerRetreats).toBe(0);
    expect(r.expectedRounds).toBeCloseTo(9 / 5, 14);
    expect(r.expectedAttackerSurvivors).toBeCloseTo(3 / 5, 14);
    expect(r.distributions.attackerWins).toEqual([
      {
        p: expect.closeTo(0.6, 14),
        attacker: { CAT: 0, CAV: 0, INF: 1, GAL: 0 },
        defender: { CAT: 0, CAV: 0, INF: 0, GAL: 0 },
      },
    ]);
  });

  test('a catapult against an infantry: level 4 against level 2', () => {
    // a = 4/6 per shot, d = 2/6: P = a / (1 - (1-a)(1-d)) = (2/3) / (1 - (1/3)(2/3)) = 6/7.
    expect(exact('1 CAT', '1 INF').attackerWins).toBeCloseTo(6 / 7, 14);
  });

  test('fort 1: the first attacker hit only breaches the walls', () => {
    // W = walls standing. Attacker breaches (1/3), then the defender shoots (1/3 kills);
    // after a breach the rest is 1 INF vs 1 INF from a new round: 3/5.
    // P(W) = (1/3)(2/3)(3/5) + (2/3)(2/3) P(W)  =>  P(W) = (2/15) / (5/9) = 6/25.
    const r = exact('1 INF', '1 INF', { fort: 1 });
    expect(r.attackerWins).toBeCloseTo(6 / 25, 14);
    expect(r.defenderWins).toBeCloseTo(19 / 25, 14);
  });

  test('fort 2 breached by catapult only: infantry never gets in', () => {
    // Attacker's infantry hits are wasted on standing walls; the defender kills in time.
    const r = exact('3 INF', '1 INF', { fort: 2, breachBy: 'catapult' });
    expect(r.attackerWins).toBe(0);
    expect(r.defenderWins).toBeCloseTo(1, 14);
    // Fort 2, any hit breaches: 1 CAT against 1 INF. Per round the catapult hits with 2/3.
    // From walls w: P(w) = (2/3)(2/3) P(w-1) + (1/3)(2/3) P(w) => P(w) = (4/9)/(7/9) P(w-1)
    // = 4/7 P(w-1); with P(0) = 6/7: P(2) = (4/7)^2 (6/7) = 96/343.
    expect(exact('1 CAT', '1 INF', { fort: 2 }).attackerWins).toBeCloseTo(96 / 343, 14);
  });

  test('retreat "units <= 1": 2 INF against 1 INF', () => {
    // Round: A#1 hits (1/3): win. Else D fires: a hit leaves the attacker 1 unit: retreat.
    // Else A#2 hits (1/3): win; else the round repeats.
    // W = 1/3 + (2/3)(2/3)(1/3) + (8/27) W  =>  W = (13/27)/(19/27) = 13/19; retreat 6/19.
    const r = exact('2 INF', '1 INF', { retreat: 'units <= 1' });
    expect(r.attackerWins).toBeCloseTo(13 / 19, 14);
    expect(r.attackerRetreats).toBeCloseTo(6 / 19, 14);
    expect(r.defenderWins).toBe(0);
    expect(r.expectedRounds).toBeCloseTo(27 / 19, 14);
    expect(r.distributions.attackerRetreats).toEqual([
      {
        p: expect.closeTo(6 / 19, 14),
        attacker: expect.objectContaining({ INF: 1 }),
        defender: expect.objectContaining({ INF: 1 }),
      },
    ]);
    // Leaders are captured only on elimination: never the attacker's here.
    expect(r.leaders).toEqual([
      { side: 'attacker', leader: "attacker's leader 1", captured: 0 },
      { side: 'defender', leader: "defender's leader 1", captured: expect.closeTo(13 / 19, 14) },
    ]);
  });

  test('a retreat condition that holds from the start: after the first defender shot', () => {
    // A fires (1/3 wins); otherwise the defender fires: a hit eliminates the attacker (checked
    // before the retreat), a miss lets the attacker retreat. Wins 1/3, losses 2/9, retreats 4/9.
    const r = exact('1 INF', '1 INF', { retreat: 'units <= 5' });
    expect(r.attackerWins).toBeCloseTo(1 / 3, 14);
    expect(r.defenderWins).toBeCloseTo(2 / 9, 14);
    expect(r.attackerRetreats).toBeCloseTo(4 / 9, 14);
    expect(r.expectedRounds).toBe(1);
  });

  test('sea: the galley burst when the last land unit falls', () => {
    // A: 1 INF + 1 GAL, D: 1 GAL (listed, no land). A's INF hits (1/3): win. Else D's galley
    // hits (1/3) A's INF: A's galley bursts at once (1/3 win), else next round 1 GAL v 1 GAL
    // with A first (3/5). Both miss: repeat.
    // X = 1/3 + (2/9)(1/3 + (2/3)(3/5)) + (4/9) X = 1/3 + (2/9)(11/15) + (4/9) X => X = 67/75.
    expect(exact('1 INF 1 GAL', '1 GAL', { sea: true }).attackerWins).toBeCloseTo(67 / 75, 14);
  });

  test('sea: nested bursts (each side loses its last land unit to the other)', () => {
    // S: 1 INF 1 GAL each. A's INF hits (1/3): D's galley bursts; a hit (1/3) kills A's INF,
    //   so A's galley bursts inside it (1/3: win; else next round 1 GAL v 1 GAL: 3/5) -> 11/15;
    //   a miss leaves A 1 INF 1 GAL v 1 GAL next round: 67/75. Together 21/25.
    // A misses (2/3), D's INF hits (1/3): A's galley bursts: a hit (1/3) takes D's INF, so D's
    //   galley bursts inside it (1/3 kills A; else 1 GAL v 1 GAL: 3/5) -> 2/5; a miss leaves
    //   Y = 1 GAL v 1 INF 1 GAL: Y = (1/3)(2/3)(3/5) + (4/9) Y = 6/25. Together 22/75.
    // S = (1/3)(21/25) + (2/9)(22/75) + (4/9) S  =>  S = 233/375.
    expect(exact('1 INF 1 GAL', '1 INF 1 GAL', { sea: true }).attackerWins).toBeCloseTo(
      233 / 375,
      14,
    );
  });

  test('sea: cavalry fires as infantry', () => {
    // At sea CAV hits on 1-2 like INF: the same 3/5 as 1 INF v 1 INF (galleys never fire).
    expect(exact('1 CAV 1 GAL', '1 INF 1 GAL', { sea: true }).attackerWins).toBeCloseTo(
      exactSeaInfantry(),
      14,
    );
  });
});

/** 1 INF 1 GAL against 1 INF 1 GAL, as the cavalry case must equal. */
function exactSeaInfantry(): number {
  return exact('1 INF 1 GAL', '1 INF 1 GAL', { sea: true }).attackerWins;
}

describe('exact odds, consistency', () => {
  const legion = '2 CAT 2 CAV 3 INF';
  const cases: [string, string, RawOptions][] = [
    [legion, legion, {}],
    [legion, legion, { fort: 1 }],
    [legion, '1 CAT 3 INF', { fort: 2, breachBy: 'catapult', retreat: 'lost >= 3' }],
    ['Titus: 1 CAT 2 INF 2 GAL; 1 CAV 1 GAL', 'Brutus: 2 CAV 1 INF 3 GAL', { sea: true }],
  ];
  test.each(cases)('%s v %s %j: probabilities and distributions add up', (a, d, o) => {
    const r = exact(a, d, o);
    expect(r.attackerWins + r.defenderWins + r.attackerRetreats + r.undecided).toBeCloseTo(1, 12);
    for (const outcome of ODDS_OUTCOMES) {
      const sum = r.distributions[outcome].reduce((s, row) => s + row.p, 0);
      expect(sum).toBeCloseTo(r[outcome], 12);
    }
    for (const row of r.distributions.attackerWins) {
      expect(Object.values(row.defender).every((n) => n === 0)).toBe(true);
    }
    for (const row of r.distributions.defenderWins) {
      expect(Object.values(row.attacker).every((n) => n === 0)).toBe(true);
    }
    const byType = Object.values(r.expectedSurvivors.attacker).reduce((s, n) => s + n, 0);
    expect(byType).toBeCloseTo(r.expectedAttackerSurvivors, 12);
    expect(r.expectedRounds).toBeGreaterThanOrEqual(1);
  });

  test('a battle too large for the exact solver: an error, or Monte Carlo with a note', () => {
    const b = battle('1 CAT 2 CAV 3 INF', '1 CAT 2 CAV 3 INF');
    const refused = computeOdds(b, { method: 'exact', limits: { maxStates: 100 } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/too large/);
    const fallback = computeOdds(b, { limits: { maxStates: 100 }, runs: 500 });
    expect(fallback.ok && fallback.value.method).toBe('montecarlo');
    expect(fallback.ok && fallback.value.note).toMatch(
      /too large.*Monte Carlo from 500 battles instead$/,
    );
  });

  test('a retreat condition that changes by round: Monte Carlo with a note, exact refused', () => {
    const b = battle('2 CAV 3 INF', '4 INF', { retreat: 'none; units <= 3 from round 2' });
    const refused = computeOdds(b, { method: 'exact' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/changes by round/);
    const fallback = computeOdds(b, { runs: 2000 });
    if (!fallback.ok) throw new Error(fallback.error);
    expect(fallback.value.method).toBe('montecarlo');
    expect(fallback.value.note).toMatch(/changes by round.*Monte Carlo from 2,000 battles/);
    // No retreat in round 1, and from round 2 on some battles end in one.
    expect(fallback.value.attackerRetreats).toBeGreaterThan(0);
  });

  test('Monte Carlo is reproducible by seed and reports standard errors', () => {
    const b = battle('1 CAT 2 INF', '2 INF 1 CAV');
    const one = monteCarloOdds(b, 2000, 'seed-1');
    const two = monteCarloOdds(b, 2000, 'seed-1');
    const three = monteCarloOdds(b, 2000, 'seed-2');
    if (!one.ok || !two.ok || !three.ok) throw new Error('failed');
    expect(one.value).toEqual(two.value);
    expect(one.value.attackerWins).not.toBe(three.value.attackerWins);
    const p = one.value.attackerWins;
    expect(one.value.standardErrors?.attackerWins).toBeCloseTo(Math.sqrt((p * (1 - p)) / 2000), 12);
  });
});
