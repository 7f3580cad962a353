import { validateBattle } from '../src/battle-spec';
import { computeOdds, monteCarloOdds } from '../src/odds';

/**
 * The seed's battle figures against the exact model, under the readings of
 * docs/rules-legion-battles.md (the default options). `model` pins what the model gives.
 */
const FIGURES: {
  name: string;
  attacker: string;
  defender: string;
  read: 'attackerWins' | 'defenderWins' | 'holds';
  seed: number;
  model: string;
}[] = [
  {
    name: 'Veteran century on finished works vs Raw levy at 4:1 holds',
    attacker: 'levy: raw levy, discipline 2, 4:1',
    defender: 'century: veteran century, discipline 4, pila, finished works',
    read: 'holds',
    seed: 98.3,
    model: '97.6',
  },
  {
    name: 'Trained unit on Short supply beats an equal enemy (legionPila: both throw pila)',
    attacker: 'a: trained century, discipline 3, short supply',
    defender: 'b: trained century, discipline 3',
    read: 'attackerWins',
    seed: 32.3,
    model: '32.8',
  },
  {
    name: 'Starving (legionPila: both throw pila)',
    attacker: 'a: trained century, discipline 3, starving',
    defender: 'b: trained century, discipline 3',
    read: 'attackerWins',
    seed: 13.7,
    model: '13.5',
  },
  {
    name: 'Trained century vs mailed nobles at 2:1 wins',
    attacker: 'century: trained century, discipline 3, pila',
    defender: 'nobles: trained nobles, discipline 3, 2:1',
    read: 'attackerWins',
    seed: 54.3,
    model: '53.8',
  },
  {
    name: 'the same with a PC fighting in the front rank (63.8%)',
    attacker: 'century: trained century, discipline 3, pila, pc Septimius fight 3/2',
    defender: 'nobles: trained nobles, discipline 3, 2:1',
    read: 'attackerWins',
    seed: 61.4,
    model: '61.5',
  },
  {
    name: 'Veteran cohort vs a Carrhae screen with camel train breaks (legionPila: the cohort throws pila)',
    attacker: 'parthians: trained screen, camels',
    defender: 'cohort: veteran cohort, discipline 4',
    read: 'attackerWins',
    seed: 63.5,
    model: '68.8',
  },
  {
    name: 'in locked shields (legionPila)',
    attacker: 'parthians: trained screen, camels',
    defender: 'cohort: veteran cohort, discipline 4, locked shields',
    read: 'attackerWins',
    seed: 33.8,
    model: '38.2',
  },
  {
    name: 'without the camel train (legionPila)',
    attacker: 'parthians: trained screen, arrows 4',
    defender: 'cohort: veteran cohort, discipline 4',
    read: 'attackerWins',
    seed: 5.0,
    model: '6.0',
  },
  {
    name: 'a Trained cohort on Short supply breaks (legionPila)',
    attacker: 'parthians: trained screen, camels',
    defender: 'cohort: trained cohort, discipline 3, short supply',
    read: 'attackerWins',
    seed: 94.6,
    model: '94.4',
  },
];

function battle(attacker: string, defender: string, options: Record<string, unknown> = {}) {
  const b = validateBattle({ rules: 'legion-battles', attacker, defender, seed: 'odds', options });
  if (!b.ok) throw new Error(b.error);
  return b.value;
}

describe('legion-battles exact odds: the seed figures', () => {
  for (const f of FIGURES) {
    it(`${f.name}: seed ${f.seed}, model ${f.model}`, () => {
      const r = computeOdds(battle(f.attacker, f.defender), { method: 'exact' });
      if (!r.ok) throw new Error(r.error);
      const v = r.value;
      expect(v.method).toBe('exact');
      expect(v.attackerWins + v.defenderWins + v.undecided).toBeCloseTo(1, 9);
      const p = f.read === 'holds' ? 1 - v.attackerWins : v[f.read];
      expect((100 * p).toFixed(1)).toBe(f.model);
      expect(Math.abs(100 * p - f.seed)).toBeLessThan(6.5);
    }, 60_000);
  }
});

/**
 * The Carrhae figures under the readings tried (docs/rules-legion-battles.md): `legionPila` (the
 * default) brings all four nearer the seed; none of the others does without contradicting the
 * seed or moving another figure away from it. Each pins the model's figures: camel train,
 * locked shields, 4 Clashes of arrows, and the Trained cohort on Short supply.
 */
const CARRHAE_READINGS: {
  reading: string;
  options?: Record<string, unknown>;
  cohort?: string;
  model: [string, string, string, string];
}[] = [
  { reading: 'the readings of record (legionPila=yes)', model: ['68.8', '38.2', '6.0', '94.4'] },
  {
    reading: 'legionPila=no (pila only where rated)',
    options: { legionPila: 'no' },
    model: ['69.9', '39.4', '6.8', '94.8'],
  },
  {
    reading: 'screenHits=steps',
    options: { screenHits: 'steps' },
    model: ['68.3', '37.7', '6.0', '93.8'],
  },
  {
    reading: 'breakAtZero=no',
    options: { breakAtZero: 'no' },
    model: ['68.2', '37.4', '6.0', '93.4'],
  },
  { reading: 'shakenAt=0', options: { shakenAt: 0 }, model: ['68.6', '38.1', '6.0', '94.2'] },
  { reading: 'clashes=11', options: { clashes: 11 }, model: ['62.2', '32.5', '6.0', '91.5'] },
  {
    reading: 'a cohort without relief (no line of cohorts, so no pila)',
    cohort: 'no relief',
    model: ['80.5', '51.4', '9.8', '98.2'],
  },
  {
    reading: 'a PC fighting in the front rank',
    cohort: 'pc A fight 3/2',
    model: ['60.0', '30.7', '4.6', '90.9'],
  },
];

describe('legion-battles exact odds: the Carrhae figures under other readings', () => {
  for (const r of CARRHAE_READINGS) {
    it(`${r.reading}: ${r.model.join(' / ')} (seed 63.5 / 33.8 / 5.0 / 94.6)`, () => {
      const extra = r.cohort ? `, ${r.cohort}` : '';
      const veteran = `cohort: veteran cohort, discipline 4${extra}`;
      const trained = `cohort: trained cohort, discipline 3, short supply${extra}`;
      const breaks = (screen: string, cohort: string) => {
        const o = computeOdds(battle(screen, cohort, r.options), { method: 'exact' });
        if (!o.ok) throw new Error(o.error);
        return (100 * o.value.attackerWins).toFixed(1);
      };
      expect([
        breaks('parthians: trained screen, camels', veteran),
        breaks('parthians: trained screen, camels', `${veteran}, locked shields`),
        breaks('parthians: trained screen, arrows 4', veteran),
        breaks('parthians: trained screen, camels', trained),
      ]).toEqual(r.model);
    });
  }
  it("locked shields from Clash 4 (as in the seed's narrative): 46.6", () => {
    const o = computeOdds(
      battle(
        'parthians: trained screen, camels',
        'cohort: veteran cohort, discipline 4, locked shields from 4',
      ),
      { method: 'exact' },
    );
    if (!o.ok) throw new Error(o.error);
    expect((100 * o.value.attackerWins).toFixed(1)).toBe('46.6');
  });
});

describe('legion-battles exact odds agree with Monte Carlo', () => {
  const CASES: [string, string, string][] = [
    ['Trained against Raw', 'a: trained century, discipline 3', 'c: raw, discipline 2'],
    [
      'a player character who fights, rallies in Clashes 2-3, then fights again',
      'a: trained century, discipline 2, pc S fight 3/2, pc S rally 3/3 in clashes 2-3',
      'c: trained century, discipline 3',
    ],
    [
      'two cohorts against a screen with 2 Clashes of arrows',
      'a: trained cohort, discipline 3; b: raw levy, discipline 2',
      'c: trained screen, arrows 2',
    ],
    [
      'two attackers against one, the second at the flank',
      'a: trained century, discipline 3; b: raw levy, discipline 2, flank, vs 1',
      'c: trained century, discipline 3',
    ],
    [
      'two units a side',
      'a: trained century, discipline 3; b: raw levy, discipline 2',
      'c: trained nobles, discipline 3; d: raw levy, discipline 2',
    ],
  ];
  for (const [name, attacker, defender] of CASES) {
    it(
      name,
      () => {
        const b = battle(attacker, defender);
        const exact = computeOdds(b, { method: 'exact' });
        const mc = monteCarloOdds(b, 3000, 'legion');
        if (!exact.ok || !mc.ok) throw new Error('no odds');
        const e = exact.value;
        expect(e.method).toBe('exact');
        expect(e.attackerWins + e.defenderWins + e.undecided).toBeCloseTo(1, 9);
        for (const o of ['attackerWins', 'defenderWins'] as const) {
          expect(Math.abs(e[o] - mc.value[o])).toBeLessThan(
            4 * (mc.value.standardErrors?.[o] ?? 1) + 1e-9,
          );
        }
        expect(Math.abs(e.expectedRounds - mc.value.expectedRounds)).toBeLessThan(0.1);
      },
      60_000,
    );
  }
});
