import {
  DiceState,
  MAX_SAVED_DICE,
  openDice,
  OutOfDiceError,
  parseDiceList,
  parseDiceState,
  startDice,
} from '../src/dice';

const draw = (dice: { d6(): number }, n: number) => Array.from({ length: n }, () => dice.d6());

describe('seeded dice', () => {
  it('give the same stream for the same seed, and another for another seed', () => {
    const a = draw(startDice({ kind: 'seeded', seed: 'Gallia, turn 3' }), 50);
    expect(draw(startDice({ kind: 'seeded', seed: 'Gallia, turn 3' }), 50)).toEqual(a);
    expect(draw(startDice({ kind: 'seeded', seed: 'Gallia, turn 4' }), 50)).not.toEqual(a);
  });

  it('resume from a stored state (through JSON) to the same stream', () => {
    const straight = draw(startDice({ kind: 'seeded', seed: 'x' }), 40);
    const first = startDice({ kind: 'seeded', seed: 'x' });
    const head = draw(first, 15);
    const stored = JSON.parse(JSON.stringify(first.state()));
    const resumed = openDice(stored);
    expect([...head, ...draw(resumed, 25)]).toEqual(straight);
    expect(resumed.used).toBe(40);
  });

  it('are fair: 600,000 dice within a chi-square bound (5 degrees of freedom, p = 0.001)', () => {
    const dice = startDice({ kind: 'seeded', seed: 'fairness' });
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 600_000;
    for (let i = 0; i < n; i++) counts[dice.d6() - 1]++;
    const expected = n / 6;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.52);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('record every value drawn when asked', () => {
    const record: number[] = [];
    const values = draw(startDice({ kind: 'seeded', seed: 'r' }, record), 10);
    expect(record).toEqual(values);
  });
});

describe('scripted dice', () => {
  it('give the list in order, then a clear error with how many were used', () => {
    const dice = startDice({ kind: 'scripted', rolls: [3, 1, 6] });
    expect(draw(dice, 3)).toEqual([3, 1, 6]);
    expect(() => dice.d6()).toThrow(new OutOfDiceError(3));
    expect(() => dice.d6()).toThrow('the scripted dice ran out after 3 dice');
  });

  it('parse a pasted dice-server list', () => {
    expect(parseDiceList('3,4,4,2,3,4,1, 2,5\n1;6 1')).toEqual({
      ok: true,
      value: [3, 4, 4, 2, 3, 4, 1, 2, 5, 1, 6, 1],
    });
    expect(parseDiceList([1, '2', 3])).toEqual({ ok: true, value: [1, 2, 3] });
    expect(parseDiceList('1, 2, 0')).toEqual({
      ok: false,
      error: 'die 3 is "0": each die must be a whole number from 1 to 6',
    });
    expect(parseDiceList('1, 2.5')).toMatchObject({ ok: false });
    expect(parseDiceList(' , ')).toEqual({ ok: false, error: 'the dice list is empty' });
  });

  it('refuses nothing between two commas or semicolons, naming the die before: one may be missing', () => {
    expect(parseDiceList('3,4,,2')).toEqual({
      ok: false,
      error:
        'nothing between two separators after die 2 (",,"): a die may be missing from the list; else remove the extra separator',
    });
    expect(parseDiceList('3; 4,\n;2')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^nothing between two separators after die 2 /),
    });
    // So at the ends: one separator there is nothing missing, two are a gap.
    expect(parseDiceList(', 3, 4;\n\n 2 ,')).toEqual({ ok: true, value: [3, 4, 2] });
    expect(parseDiceList(',,3,4')).toMatchObject({
      error: expect.stringMatching(/^nothing between two separators before the first die /),
    });
    expect(parseDiceList('3,4 ,;')).toMatchObject({
      error: expect.stringMatching(/^nothing between two separators after die 2 /),
    });
  });

  it('dice run together into one number are told apart in the error, never read as dice', () => {
    expect(parseDiceList([3456, 1])).toEqual({
      ok: false,
      error:
        'die 1 is 3456: each die must be a whole number from 1 to 6 (dice run together: write them apart, as 3 4 5 6)',
    });
    expect(parseDiceList('1 24')).toEqual({
      ok: false,
      error:
        'die 2 is "24": each die must be a whole number from 1 to 6 (dice run together: write them apart, as 2 4)',
    });
    // A 7, a 0 or a 9 cannot be dice run together.
    expect(parseDiceList('37')).toEqual({
      ok: false,
      error: 'die 1 is "37": each die must be a whole number from 1 to 6',
    });
  });
});

describe('every die drawn is recorded, whatever the source', () => {
  it('scripted and sealed dice push each value onto the record, in order', () => {
    const scripted: number[] = [];
    const values = draw(startDice({ kind: 'scripted', rolls: [6, 2, 2, 5] }, scripted), 4);
    expect(values).toEqual([6, 2, 2, 5]);
    expect(scripted).toEqual([6, 2, 2, 5]);
    const sealed: number[] = [];
    const key = '11'.repeat(32);
    const drawn = draw(
      startDice({ kind: 'sealed', key, game: 'g', turn: 1, battle: 'B1' }, sealed),
      30,
    );
    expect(sealed).toEqual(drawn);
  });

  it('a resumed scripted source goes on after the dice already used, and counts them', () => {
    const first = startDice({ kind: 'scripted', rolls: [1, 2, 3, 4, 5] });
    draw(first, 2);
    const record: number[] = [];
    const resumed = openDice(JSON.parse(JSON.stringify(first.state())), record);
    expect(draw(resumed, 3)).toEqual([3, 4, 5]);
    expect(record).toEqual([3, 4, 5]);
    expect(resumed.used).toBe(5);
    expect(() => resumed.d6()).toThrow('the scripted dice ran out after 5 dice');
  });
});

describe('parseDiceList', () => {
  it('refuses items that are neither numbers nor text, naming the die', () => {
    expect(parseDiceList([2, true])).toEqual({
      ok: false,
      error: 'die 2 is true: each die must be a whole number from 1 to 6',
    });
    expect(parseDiceList([null, 3])).toEqual({
      ok: false,
      error: 'die 1 is null: each die must be a whole number from 1 to 6',
    });
  });

  it('takes 1 and 6, refuses 7 and 0, as numbers or text', () => {
    expect(parseDiceList([1, 6, '1', '6'])).toEqual({ ok: true, value: [1, 6, 1, 6] });
    expect(parseDiceList([7])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^die 1 is 7:/),
    });
    expect(parseDiceList('6 7')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^die 2 is "7":/),
    });
    expect(parseDiceList([0])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^die 1 is 0:/),
    });
  });
});

describe('parseDiceState: a dice state read back from an edited file', () => {
  const seeded = (): Record<string, any> => {
    const dice = startDice({ kind: 'seeded', seed: 'edited' });
    draw(dice, 7);
    return JSON.parse(JSON.stringify(dice.state()));
  };
  const sealed = (): Record<string, any> => {
    const dice = startDice({
      kind: 'sealed',
      key: '22'.repeat(32),
      game: 'g',
      turn: 2,
      battle: 'B',
    });
    draw(dice, 7);
    return JSON.parse(JSON.stringify(dice.state()));
  };
  const scripted = (rolls: unknown[], used: number) => ({ kind: 'scripted', rolls, used });

  it('takes back every kind of state as it was saved', () => {
    for (const state of [seeded(), sealed(), scripted([1, 6, 3], 3)]) {
      expect(parseDiceState(state)).toEqual({ ok: true, value: state as DiceState });
    }
  });

  it('refuses a used count beyond MAX_SAVED_DICE (100,000,000)', () => {
    expect(MAX_SAVED_DICE).toBe(100_000_000);
    const s = seeded();
    s.used = 100_000_000;
    expect(parseDiceState(s)).toMatchObject({ ok: true });
    s.used = 100_000_001;
    expect(parseDiceState(s)).toEqual({
      ok: false,
      error: 'dice.used is 100000001, expected a whole number from 0 to 100000000',
    });
  });

  it('refuses an Alea state out of its range: carry 0 to 2091639, fractions below 1', () => {
    const c = seeded();
    c.prng.c = 2091639;
    expect(parseDiceState(c)).toMatchObject({ ok: true });
    c.prng.c = 2091640;
    expect(parseDiceState(c)).toEqual({
      ok: false,
      error: 'dice.prng.c is 2091640, expected a whole number from 0 to 2091639',
    });
    for (const k of ['s0', 's1', 's2']) {
      const s = seeded();
      s.prng[k] = 1;
      expect(parseDiceState(s)).toEqual({
        ok: false,
        error: `dice.prng.${k} is 1, expected a number from 0 to less than 1`,
      });
    }
  });

  it('refuses scripted dice that are not d6 values, naming the die', () => {
    expect(parseDiceState(scripted([3, 0, 4], 0))).toEqual({
      ok: false,
      error: 'dice.rolls[1] is 0, expected a whole number from 1 to 6',
    });
    expect(parseDiceState(scripted([3, 7], 0))).toEqual({
      ok: false,
      error: 'dice.rolls[1] is 7, expected a whole number from 1 to 6',
    });
  });

  it('refuses more scripted dice used than were given (all of them used is fine)', () => {
    expect(parseDiceState(scripted([1, 2, 3], 3))).toMatchObject({ ok: true });
    expect(parseDiceState(scripted([1, 2, 3], 4))).toEqual({
      ok: false,
      error: 'dice.used is 4, expected at most the 3 scripted dice',
    });
  });

  it('refuses a sealed commitment that is not 64 hex digits', () => {
    for (const commitment of ['ab'.repeat(31) + 'a', 'ab'.repeat(32) + 'a', 'xy'.repeat(32)]) {
      const s = sealed();
      s.commitment = commitment;
      expect(parseDiceState(s)).toMatchObject({
        ok: false,
        error: expect.stringMatching(
          /^dice\.commitment is ".*, expected the key commitment, 64 hex digits$/,
        ),
      });
    }
  });

  it('refuses a sealed byte count beyond 32 bytes for each of MAX_SAVED_DICE dice', () => {
    const s = sealed();
    s.bytes = 3_200_000_000;
    expect(parseDiceState(s)).toMatchObject({ ok: true });
    s.bytes = 3_200_000_001;
    // (The message's range is loose, "0 or more": only the field and the value are pinned.)
    expect(parseDiceState(s)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^dice\.bytes is 3200000001, expected a whole number/),
    });
  });
});
