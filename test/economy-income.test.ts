import { BASE_PRICES, inflationAfter } from '../src/economy/items';
import { linesOf, treasury, turn } from './helpers/economy';

/** Income, and the inflation it sets off. */

describe('income', () => {
  it('is the value of the territories held (5 or 10 each), collected into the treasury', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 7, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
    });
    expect(treasury(o, 'Ann')).toBe(7 + 10 + 5);
    expect(treasury(o, 'Bob')).toBe(10);
    expect(o.incomes).toEqual([
      { player: 'Ann', talents: 15 },
      { player: 'Bob', talents: 10 },
    ]);
    expect(linesOf(o, 'income')).toEqual([
      ['done', 'Ann', 'income: 2 territories (15)'],
      ['done', 'Bob', 'income: 1 territory (10)'],
    ]);
    expect(o.updates.map((u) => [u.cell.address, u.value])).toEqual([
      ['Players!C2', 22],
      ['Players!C3', 10],
    ]);
  });

  it('adds 5 per city held, a fortified city counting as a city', () => {
    const o = turn({
      territories: [
        ['Roma', 10, 'Ann', 'fortified'],
        ['Neapolis', 5, 'Ann', 'city'],
        ['Sicilia', 5, 'Ann', ''],
        ['Gallia', 10, 'Bob', 'none'],
        ['Aegyptus', 10, '', 'city'],
      ],
    });
    expect(treasury(o, 'Ann')).toBe(10 + 5 + 5 + 2 * 5);
    expect(linesOf(o, 'income')[0]).toEqual([
      'done',
      'Ann',
      'income: 3 territories (20) + 2 cities (10)',
    ]);
    // A city on a territory nobody holds pays nobody.
    expect(treasury(o, 'Bob')).toBe(10);
  });

  it('is nothing while the player does not hold the home territory, whatever else they hold', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 30, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Bob', 'city'],
        ['Neapolis', 5, 'Ann', 'city'],
        ['Gallia', 10, 'Bob', 'none'],
      ],
    });
    expect(treasury(o, 'Ann')).toBe(30);
    expect(treasury(o, 'Bob')).toBe(10 + 10 + 5);
    expect(linesOf(o, 'income')[0]).toEqual([
      'none',
      'Ann',
      'Ann does not hold the home territory Roma',
    ]);
    expect(o.updates.map((u) => u.cell.address)).toEqual(['Players!C3']);
  });

  it('is nothing for an eliminated player (Caesar captured), with a warning about what they still own', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 30, 'yes'],
        ['Bob', 'Gallia', 0, ''],
      ],
    });
    expect(treasury(o, 'Ann')).toBe(30);
    expect(linesOf(o, 'income')[0]).toEqual(['none', 'Ann', 'Ann is eliminated (Caesar captured)']);
    expect(o.warnings).toEqual([
      'Players!A2: Ann is eliminated but still owns Roma, Neapolis: the winner of the battle takes them over (change their Owner)',
    ]);
  });
});

describe('inflation', () => {
  it.each([
    [1, [100], 1],
    [1, [101], 2],
    [1, [200], 2],
    [1, [201], 3],
    [1, [50, 150], 2],
    [2, [10], 2],
    [2, [250], 3],
    [3, [0], 3],
    [3, [150], 3],
  ] as const)('from level %d, incomes %j give level %d', (level, incomes, expected) => {
    expect(inflationAfter(level, incomes)).toBe(expected);
  });

  it('rises 1 -> 2 -> 3 over turns and never falls, written in the Game sheet', () => {
    const territories = (n: number) => [
      ['Roma', 10, 'Ann', 'none'],
      ...Array.from({ length: n }, (_, i) => [`T${i}`, 10, 'Ann', 'none']),
      ['Gallia', 10, 'Bob', 'none'],
    ];
    const t1 = turn({ inflation: 1, territories: territories(10) });
    expect(t1.incomes[0].talents).toBe(110);
    expect(t1.inflation).toEqual({ before: 1, after: 2 });
    expect(t1.updates.find((u) => u.cell.sheet === 'Game')).toEqual({
      cell: { sheet: 'Game', row: 1, col: 0, address: 'Game!A2' },
      value: 2,
    });
    expect(linesOf(t1, 'inflation')).toEqual([
      [
        'done',
        '',
        "Ann collected 110 talents, more than 100; this turn's purchases are at the new prices",
      ],
    ]);
    const t2 = turn({ inflation: t1.inflation.after, territories: territories(20) });
    expect(t2.inflation).toEqual({ before: 2, after: 3 });
    const t3 = turn({ inflation: t2.inflation.after, territories: territories(0) });
    expect(t3.inflation).toEqual({ before: 3, after: 3 });
    expect(t3.updates.some((u) => u.cell.sheet === 'Game')).toBe(false);
    expect(linesOf(t3, 'inflation')).toEqual([
      ['none', '', 'inflation stays at level 3 (prices tripled: prices ×3)'],
    ]);
  });

  it('exactly 100 talents is not more than 100', () => {
    const o = turn({
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ...Array.from({ length: 9 }, (_, i) => [`T${i}`, 10, 'Ann', 'none']),
        ['Gallia', 10, 'Bob', 'none'],
      ],
    });
    expect(o.incomes[0].talents).toBe(100);
    expect(o.inflation.after).toBe(1);
  });

  it("a level reached this turn already prices this turn's purchases", () => {
    const o = turn({
      inflation: '',
      players: [
        ['Ann', 'Roma', 0, 'no'],
        ['Bob', 'Gallia', 15, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ...Array.from({ length: 10 }, (_, i) => [`T${i}`, 10, 'Ann', 'none']),
        ['Gallia', 10, 'Bob', 'none'],
      ],
      purchases: [
        ['Ann', 'Infantry', 1, ''],
        ['Bob', 'Infantry', 1, ''],
      ],
    });
    expect(o.inflation).toEqual({ before: 1, after: 2 });
    expect(treasury(o, 'Ann')).toBe(110 - 2 * BASE_PRICES.infantry);
    // Bob's own income is small, but the prices are everyone's.
    expect(treasury(o, 'Bob')).toBe(15 + 10 - 2 * BASE_PRICES.infantry);
  });

  it('prices the purchases of a player listed before the one who set it off', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 5, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Gallia', 10, 'Bob', 'none'],
        ...Array.from({ length: 20 }, (_, i) => [`T${i}`, 10, 'Bob', 'none']),
      ],
      purchases: [['Ann', 'Infantry', 1, '']],
    });
    // Bob collects 210 (more than 200): tripled. Ann has 5 + 10 and an Infantry costs 30.
    expect(o.incomes).toEqual([
      { player: 'Ann', talents: 10 },
      { player: 'Bob', talents: 210 },
    ]);
    expect(o.inflation).toEqual({ before: 1, after: 3 });
    expect(linesOf(o, 'purchase')).toEqual([
      ['rejected', 'Ann', 'it costs 30 talents (1 at 30); Ann has 15'],
    ]);
    expect(linesOf(o, 'inflation')[0][2]).toBe(
      "Bob collected 210 talents, more than 200; this turn's purchases are at the new prices",
    );
  });

  it('names the first player listed when two collect the same highest income', () => {
    const o = turn({
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Gallia', 10, 'Bob', 'none'],
        ...Array.from({ length: 20 }, (_, i) => [`T${i}`, 10, i % 2 ? 'Bob' : 'Ann', 'none']),
      ],
    });
    expect(o.incomes.map((i) => i.talents)).toEqual([110, 110]);
    expect(linesOf(o, 'inflation')[0][2]).toMatch(/^Ann collected 110 talents, more than 100;/);
  });

  it('counts income only: talents received as ransom do not set it off', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 0, 'no'],
        ['Bob', 'Gallia', 500, 'no'],
      ],
      ransoms: [['Bob', 'Marcus', 300, 'Ann']],
    });
    expect(treasury(o, 'Ann')).toBe(15 + 300);
    expect(o.inflation.after).toBe(1);
  });

  it('a workbook without a Game sheet starts at level 1 and is given one', () => {
    const o = turn({});
    expect(o.inflation).toEqual({ before: 1, after: 1 });
    expect(o.addGameSheet).toBe(true);
    expect(turn({ inflation: 1 }).addGameSheet).toBe(false);
  });
});
