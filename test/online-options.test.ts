import { findRuleset } from '../src/rulesets';
import { coteOnline, OnlineEvent, OnlineOptions } from '../src/rulesets/cote-online';
import { logTable } from '../src/log';
import { onlineFailure, resolveOnline } from './helpers/online';

const parse = coteOnline.parseOptions;

describe('options', () => {
  test('defaults: fight to the death, no fort, no pause', () => {
    expect(parse({})).toEqual({
      ok: true,
      value: { mode: 'fight-to-the-death', fort: false, rounds: null },
    });
  });

  test.each([
    ['hit-and-run', 'hit-and-run'],
    ['Hit And Run', 'hit-and-run'],
    ['hit_and_run', 'hit-and-run'],
    ['Fight To The Death', 'fight-to-the-death'],
    ['', 'fight-to-the-death'],
  ])('mode %j', (mode, expected) => {
    expect(parse({ mode })).toMatchObject({ ok: true, value: { mode: expected } });
  });

  test.each([
    [true, true],
    ['yes', true],
    ['1', true],
    ['Fortified', true],
    [false, false],
    ['no', false],
    ['0', false],
    [' ', false],
  ])('fort %j', (fort, expected) => {
    expect(parse({ fort })).toMatchObject({ ok: true, value: { fort: expected } });
  });

  test('rounds as in cote-pbem', () => {
    expect(parse({ rounds: '2' })).toMatchObject({ ok: true, value: { rounds: 2 } });
    expect(parse({ rounds: 0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/rounds is "0"/),
    });
  });

  test('bad values and unknown options are errors; undefined values are not given', () => {
    expect(parse({ mode: 'retreat' })).toMatchObject({
      ok: false,
      error: 'mode is "retreat": expected "fight-to-the-death" or "hit-and-run"',
    });
    expect(parse({ fort: 2 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/fort is "2": expected yes or no/),
    });
    expect(parse({ sea: true })).toMatchObject({
      ok: false,
      error: 'cote-online has no sea battles: galleys are transports and never fight',
    });
    expect(parse({ retreat: 'units <= 2', breachBy: 'catapult' })).toMatchObject({
      ok: false,
      error: 'unknown option "retreat", "breachBy" for cote-online (known: mode, fort, rounds)',
    });
    // A workbook's shared Sea column saying "no" (or blank cells) only says what cote-online is.
    expect(parse({ sea: 'no', breachBy: '', mode: 'hit-and-run' })).toMatchObject({ ok: true });
    expect(
      parse({ sea: undefined, breachBy: undefined, retreat: undefined, mode: 'hit-and-run' }),
    ).toMatchObject({
      ok: true,
    });
  });

  test('describeOptions leaves out the plain defaults', () => {
    expect(
      coteOnline.describeOptions({ mode: 'fight-to-the-death', fort: false, rounds: null }),
    ).toEqual(['Fight to the Death, no fortified city.']);
    const o = parse({ mode: 'hit-and-run', fort: 'yes', rounds: 1 });
    if (!o.ok) throw new Error(o.error);
    expect(coteOnline.describeOptions(o.value)).toEqual([
      'Hit and Run: one round; an attacker that has not destroyed every defender retreats.',
      'Fortified city: the defender has one extra Artillery.',
      'Pause after 1 round.',
    ]);
  });
});

describe('forces', () => {
  test('is registered, with the same unit words as cote-pbem', () => {
    expect(findRuleset('COTE-Online')).toBe(coteOnline);
    const r = resolveOnline({
      attacker: '1 Artillery 1 catapults 2 Horse 1 foot 1 ship',
      defender: '1 INF',
      rounds: 1,
      seed: 's',
    });
    expect(r.forces.attacker[0].units).toEqual({ CAT: 2, CAV: 2, INF: 1, GAL: 1 });
  });

  test('a legion is a leader and 1 to 7 warriors; galleys do not count', () => {
    expect(() =>
      resolveOnline({ attacker: '3 CAT 2 CAV 2 INF 3 GAL', defender: '1 INF', seed: 's' }),
    ).not.toThrow();
    expect(onlineFailure({ attacker: 'Marcus: 4 CAT 4 INF', defender: '1 INF', seed: 's' })).toBe(
      'battle battle: attacker legion 1 (Marcus): 8 warriors; a legion holds at most 7',
    );
    // Without warriors there is no battle: the seed captures a lone leader, sinks empty ships.
    expect(onlineFailure({ attacker: '1 INF', defender: '2 GAL', seed: 's' })).toBe(
      'battle battle: defender legion 1: the legion has no warriors (Infantry, Cavalry or Catapult); a legion is a leader and 1 to 7 warriors; a leader alone is captured, and empty galleys destroyed, without a battle',
    );
    // Nor with a fortified city: its Artillery is one extra for a defender that fights.
    expect(onlineFailure({ attacker: '1 INF', defender: '1 GAL', fort: true, seed: 's' })).toBe(
      'battle battle: defender legion 1: the legion has no warriors (Infantry, Cavalry or Catapult); a legion is a leader and 1 to 7 warriors; ' +
        "a fortified city with no defending warriors is taken without a battle (the fort's Artillery fights only beside warriors): a leader alone is captured, and empty galleys destroyed",
    );
    // A city held by another legion's warriors is not taken: the empty legion is the slip.
    expect(
      onlineFailure({ attacker: '1 INF', defender: 'B: 2 INF; C: 1 GAL', fort: true, seed: 's' }),
    ).toBe(
      'battle battle: defender legion 2 (C): the legion has no warriors (Infantry, Cavalry or Catapult); a legion is a leader and 1 to 7 warriors; a leader alone is captured, and empty galleys destroyed, without a battle',
    );
    expect(onlineFailure({ attacker: 'Marcus: 1 GAL', defender: '1 INF', seed: 's' })).toBe(
      'battle battle: attacker legion 1 (Marcus): the legion has no warriors (Infantry, Cavalry or Catapult); a legion is a leader and 1 to 7 warriors; a leader must bring at least one warrior to attack',
    );
  });

  test("the fort's Artillery comes from the fort option, never from a roster", () => {
    expect(onlineFailure({ attacker: '1 INF', defender: '1 INF 1 FORT', seed: 's' })).toMatch(
      /not part of a legion; set the fort option instead/,
    );
  });
});

describe('log and narration', () => {
  const r = resolveOnline({
    attacker: 'Gaius: 1 CAT 1 GAL',
    defender: 'Titus: 5 INF 1 GAL',
    fort: true,
    dice: [3, 1, 1, 2, 3, 4, 6, 6, 1, 1, 6, 6, 6, 6, 5, 6, 6, 6, 4, 1, 1, 1],
  });
  const names = { attacker: 'Gaius', defender: 'Titus' };
  const say = (e: OnlineEvent) => coteOnline.narrate(e, r.options as OnlineOptions, names);

  test('narrates rolls, draws (with redraws) and sunk galleys in plain words', () => {
    // Round 1: CAT 3 hit; FORT 1, INF 1 2 3 4 6: INF#5 hits. Among 6 defenders: 6 -> INF#5.
    // Among 1: CAT#1. The attacker is destroyed; its galley stays (no enemy enters its space).
    expect(r.events.map(say)).toEqual([
      "Gaius' CAT#1 rolls 3: a hit.",
      "Titus' fort Artillery rolls 1: a miss.",
      "Titus' INF#1 rolls 1: a miss.",
      "Titus' INF#2 rolls 2: a miss.",
      "Titus' INF#3 rolls 3: a miss.",
      "Titus' INF#4 rolls 4: a miss.",
      "Titus' INF#5 rolls 6: a hit.",
      "Gaius' hit 1: die 6 chooses warrior 6 of 6; Titus loses INF#5.",
      "Titus' hit 1: one warrior left to choose; Gaius loses CAT#1.",
    ]);
    expect(r.attacker.GAL).toBe(1);
  });

  // Round 1: CAT#1 3, CAT#2 4 hit; FORT 1, INF 2 miss. Among FORT#1, INF#1: die 6 -> v 5 ->
  // 5 mod 2 = 1: INF#1; then the last, FORT#1. The attacker holds Titus' galley's space: sunk.
  const won = resolveOnline({
    attacker: 'Gaius: 2 CAT 1 GAL',
    defender: 'Titus: 1 INF 1 GAL',
    fort: true,
    dice: [3, 4, 1, 2, 6],
  });

  test("narrates the defender's galleys sunk when the attacker takes the territory", () => {
    expect(won.events.slice(4).map(say)).toEqual([
      "Gaius' hit 1: die 6 chooses warrior 2 of 2; Titus loses INF#1.",
      "Gaius' hit 2: one warrior left to choose; Titus loses the fort Artillery.",
      "Titus' 1 galley, left empty, is destroyed.",
    ]);
  });

  test('one row per event in the log table', () => {
    const table = logTable(coteOnline, r.events);
    expect(table.headers).toEqual([
      'Round',
      'Side',
      'Unit',
      'Roll',
      'Result',
      'Draw dice',
      'Among',
      'Lost',
      'Attacker left',
      'Defender left',
    ]);
    expect(table.rows[0]).toEqual([
      1,
      'attacker',
      'CAT#1',
      3,
      'hit',
      '',
      '',
      '',
      '1 CAT 1 GAL',
      '5 INF 1 GAL 1 FORT',
    ]);
    expect(table.rows[7]).toEqual([
      1,
      'attacker',
      'hit 1',
      '',
      'casualty',
      '6',
      6,
      'INF#5',
      '1 CAT 1 GAL',
      '4 INF 1 GAL 1 FORT',
    ]);
    expect(table.rows).toHaveLength(9);
    expect(coteOnline.forcesAfter(r.events[8])).toEqual(r.events[8].left);
    expect(logTable(coteOnline, won.events).rows[6]).toEqual([
      1,
      'defender',
      'GAL',
      '',
      'sunk',
      '',
      '',
      '1 GAL',
      '2 CAT 1 GAL',
      'none',
    ]);
    expect(coteOnline.forcesAfter(won.events[6])).toEqual(won.events[6].left);
  });

  test('a redrawn draw says so', () => {
    const five = resolveOnline({
      attacker: '1 CAT',
      defender: '5 INF',
      dice: [3, 1, 2, 3, 4, 6, 6, 2],
    });
    expect(
      coteOnline.narrate(five.events[6], five.options as OnlineOptions, {
        attacker: 'the attacker',
        defender: 'the defender',
      }),
    ).toBe(
      "The attacker's hit 1: die 6 (too high: drawn again), then 2 chooses warrior 2 of 5; the defender loses INF#2.",
    );
    expect(logTable(coteOnline, five.events).rows[6][5]).toBe('6 (redrawn), 2');
    const seven = resolveOnline({
      attacker: '1 CAT',
      defender: '7 INF',
      rounds: 1,
      dice: [3, 1, 1, 1, 1, 1, 1, 1, 6, 6, 3, 4],
    });
    const names = { attacker: 'Gaius', defender: 'Titus' };
    expect(coteOnline.narrate(seven.events[8], seven.options as OnlineOptions, names)).toBe(
      "Gaius' hit 1: dice 6 6 (too high: drawn again), then 3 4 choose warrior 2 of 7; Titus loses INF#2.",
    );
    expect(logTable(coteOnline, seven.events).rows[8][5]).toBe('6 6 (redrawn), 3 4');
  });
});
