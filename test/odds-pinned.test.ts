import { validateBattle } from '../src/battle-spec';
import { RawOptions } from '../src/ruleset';
import { computeOdds } from '../src/odds';

/**
 * The exact solver's results for a handful of mid-size battles, pinned to 1e-12 as the solver
 * computed them before its layout was reworked, so that a faster design cannot drift. Columns:
 * attacker wins, defender wins, attacker retreats, expected attacker and defender survivors,
 * expected rounds; then the likeliest survivor row's probability for each of the three endings.
 */

type Pin = [string, string, RawOptions, number[], number[]];

const PINNED: Pin[] = [
  [
    '2 CAT 2 CAV 3 INF; 1 CAT 1 CAV 2 INF',
    '2 CAT 2 CAV 3 INF; 2 INF',
    {},
    [
      0.91031817415504, 0.08968182584496079, 0, 5.883531618683843, 0.31299921410469694,
      3.1350331986773585,
    ],
    [0.03319420163884531, 0.006861951856688262, 0],
  ],
  [
    '2 CAT 2 CAV 3 INF; 1 CAV 3 INF',
    '2 CAT 2 CAV 3 INF; 1 CAT',
    { fort: 2, breachBy: 'catapult', retreat: 'lost >= 4' },
    [
      0.047579158382518305, 0, 0.9524208416174816, 7.070559267482382, 6.788020065631279,
      1.4538800784854027,
    ],
    [0.00638921873139976, 0, 0.12938746421715253],
  ],
  [
    '2 CAT 2 CAV 3 INF',
    '2 CAT 2 CAV 3 INF; 1 CAV 1 INF',
    { fort: 1, retreat: 'lost >= 6' },
    [
      0.08024472553351149, 0, 0.9197552744664886, 1.180282815712045, 5.561194985747115,
      2.428295561551191,
    ],
    [0.006643850113914931, 0, 0.031907234656060046],
  ],
  [
    'Titus: 1 CAT 2 INF 2 GAL; 1 CAV 1 GAL',
    'Brutus: 2 CAV 1 INF 3 GAL',
    { sea: true },
    [
      0.8809915610993851, 0.11900843890061596, 0, 3.569731068458817, 0.2610931119106893,
      5.526199075834794,
    ],
    [0.27050224237520304, 0.044424804671244836, 0],
  ],
  [
    '2 CAT 1 CAV 3 INF 3 GAL',
    '1 CAT 2 CAV 2 INF 2 GAL',
    { sea: true, retreat: 'GAL < 2' },
    [
      0.9003663065530793, 0, 0.099633693446922, 5.2566382319652245, 0.268906283633044,
      4.549512258120865,
    ],
    [0.10482264507745616, 0, 0.03905185942603663],
  ],
  [
    '4 GAL',
    '1 CAT 2 INF 2 GAL',
    { sea: true },
    [
      0.3067016316845996, 0.6932983683154011, 0, 0.6772229464184972, 2.1149591892228856,
      4.369435239987383,
    ],
    [0.11513156068021817, 0.1905011160622922, 0],
  ],
  [
    '2 CAT 2 CAV 3 INF; 2 CAT 1 INF',
    '2 CAT 2 CAV 3 INF',
    { fort: 2, retreat: 'lost.CAT >= 2 and units <= 6' },
    [
      0.5004788574873218, 0, 0.4995211425126786, 5.460971066418934, 2.23431904130177,
      2.3900285439716638,
    ],
    [0.03562834797013356, 0, 0.022486224784940712],
  ],
];

const FIELDS = [
  'attackerWins',
  'defenderWins',
  'attackerRetreats',
  'expectedAttackerSurvivors',
  'expectedDefenderSurvivors',
  'expectedRounds',
] as const;
const ENDINGS = ['attackerWins', 'defenderWins', 'attackerRetreats'] as const;

function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12);
}

describe('exact odds, pinned results of mid-size battles', () => {
  test.each(PINNED)('%s v %s %j', (attacker, defender, options, values, likeliest) => {
    const b = validateBattle({ attacker, defender, seed: 'unused', options });
    if (!b.ok) throw new Error(b.error);
    const r = computeOdds(b.value, { method: 'exact' });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.method).toBe('exact');
    FIELDS.forEach((field, i) => close(r.value[field], values[i]));
    ENDINGS.forEach((ending, i) => close(r.value.distributions[ending][0]?.p ?? 0, likeliest[i]));
  });
});
