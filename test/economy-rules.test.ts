import { linesOf, problems, treasury, turn } from './helpers/economy';

/**
 * Economy rules of docs/economy.md that the other economy tests leave open: the item and yes/no
 * spellings the docs list, the limits on quantities and amounts, ransoms of two generals of the
 * same name, and the warning for an eliminated player who still owns a territory.
 */

describe('item spellings listed in docs/economy.md', () => {
  it('"Ship" buys a Galley at 25, placed on the home territory', () => {
    // Ann collects 15 (Roma 10, Neapolis 5): 10 + 15 = 25, one Galley.
    const o = turn({
      players: [
        ['Ann', 'Roma', 10, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      purchases: [['Ann', 'Ship', 1, '']],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['done', 'Ann', '1 Galley for 25 talents (1 at 25), placed on Roma'],
    ]);
    expect(treasury(o, 'Ann')).toBe(0);
  });

  it('"Fortify" upgrades a plain city to fortified for 25', () => {
    // Ann collects 10 + 5 + 5 (Neapolis's city) = 20: 5 + 20 = 25, one upgrade.
    const o = turn({
      players: [
        ['Ann', 'Roma', 5, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Neapolis', 5, 'Ann', 'city'],
        ['Gallia', 10, 'Bob', 'none'],
      ],
      purchases: [['Ann', 'Fortify', '', 'Neapolis']],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['done', 'Ann', 'City upgrade in Neapolis for 25 talents'],
    ]);
    expect(o.after.territories.find((t) => t.name === 'Neapolis')!.city).toBe('fortified');
    expect(treasury(o, 'Ann')).toBe(0);
  });
});

describe('"Caesar captured" spellings listed in docs/economy.md', () => {
  it.each(['yes', 'y', 'true', '1', 'x', 'captured', 'X', 'Yes'])(
    '%s means captured: the player is eliminated and collects nothing',
    (word) => {
      const o = turn({
        players: [
          ['Ann', 'Roma', 0, word],
          ['Bob', 'Gallia', 0, 'no'],
        ],
      });
      expect(linesOf(o, 'income')).toEqual([
        ['none', 'Ann', 'Ann is eliminated (Caesar captured)'],
        ['done', 'Bob', 'income: 1 territory (10)'],
      ]);
      expect(treasury(o, 'Ann')).toBe(0);
    },
  );

  it.each(['no', 'n', 'false', '0', ''])('"%s" means free: the player collects', (word) => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 0, word],
        ['Bob', 'Gallia', 0, 'no'],
      ],
    });
    expect(treasury(o, 'Ann')).toBe(15);
  });
});

describe('limits', () => {
  it('a quantity of 1000 is an error at its cell; 999 is read (and priced)', () => {
    const o = turn({
      purchases: [
        ['Ann', 'Infantry', 1000, ''],
        ['Ann', 'Infantry', 999, ''],
      ],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['error', 'Ann', 'Purchases!C2: the quantity is 1000: it must be at most 999'],
      ['rejected', 'Ann', 'it costs 9990 talents (999 at 10); Ann has 15'],
    ]);
  });

  it('a treasury of 1,000,000,000,000 is read; one talent more stops the turn', () => {
    const books = (talents: number) => ({
      players: [
        ['Ann', 'Roma', talents, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
    });
    expect(treasury(turn(books(1_000_000_000_000)), 'Ann')).toBe(1_000_000_000_015);
    expect(problems(books(1_000_000_000_001))).toEqual([
      "Players!C2: Ann's treasury is 1000000000001: it must be at most 1,000,000,000,000",
    ]);
  });
});

describe('ransoms', () => {
  it('two payers may each ransom a general of the same name (the same general is per payer)', () => {
    // Ann collects 15, Bob 10; each pays the other 10 for their own "Marcus".
    const o = turn({
      ransoms: [
        ['Ann', 'Marcus', 10, 'Bob'],
        ['Bob', 'Marcus', 10, 'Ann'],
      ],
    });
    expect(linesOf(o, 'ransom')).toEqual([
      ['done', 'Ann', 'pays 10 talents to Bob for Marcus, who returns to Roma'],
      ['done', 'Bob', 'receives 10 talents from Ann, the ransom of Marcus'],
      ['done', 'Bob', 'pays 10 talents to Ann for Marcus, who returns to Gallia'],
      ['done', 'Ann', 'receives 10 talents from Bob, the ransom of Marcus'],
    ]);
    expect(treasury(o, 'Ann')).toBe(15);
    expect(treasury(o, 'Bob')).toBe(10);
  });
});

describe('eliminated players', () => {
  it('one who still owns a single territory gets a warning naming it', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 0, 'yes'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Gallia', 10, 'Bob', 'none'],
      ],
    });
    expect(o.warnings).toEqual([
      'Players!A2: Ann is eliminated but still owns Roma: the winner of the battle takes them over (change their Owner)',
    ]);
  });
});
