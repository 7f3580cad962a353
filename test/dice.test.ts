import { openDice, OutOfDiceError, parseDiceList, startDice } from '../src/dice';

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
});
