import { BASE_PRICES, Item } from '../src/economy/items';
import { linesOf, treasury, turn } from './helpers/economy';

/** Purchases: prices times inflation, placement, affordability, in the order written. */

/** Ann (home Roma) with `talents` after her income of 15; she also holds Neapolis. */
const ann = (talents: number): unknown[][] => [
  ['Ann', 'Roma', talents - 15, 'no'],
  ['Bob', 'Gallia', 0, 'no'],
];

describe('prices', () => {
  const cases: [string, Item, string, string][] = [
    ['Infantry', 'infantry', '', 'none'],
    ['Cavalry', 'cavalry', '', 'none'],
    ['Catapult', 'catapult', '', 'none'],
    ['Galley', 'galley', 'Roma', 'none'],
    ['City', 'city', 'Neapolis', 'none'],
    ['Fortified city', 'fortified', 'Neapolis', 'none'],
    ['Upgrade', 'upgrade', 'Neapolis', 'city'],
  ];
  it("are the seed's: 10, 25, 40, 25, 30, 55, 25", () => {
    expect(cases.map(([, item]) => BASE_PRICES[item])).toEqual([10, 25, 40, 25, 30, 55, 25]);
  });
  describe.each([1, 2, 3])('at inflation level %d', (level) => {
    it.each(cases)('%s costs its price times the level', (name, item, territory, city) => {
      const cost = BASE_PRICES[item] * level;
      // Ann's income: Roma (5), and Neapolis (5, and 5 for its city) when she builds there.
      const forCity = territory === 'Neapolis';
      const income = 5 + (forCity ? 5 : 0) + (city === 'none' ? 0 : 5);
      const books = (before: number) => ({
        inflation: level,
        players: [
          ['Ann', 'Roma', before, 'no'],
          ['Bob', 'Gallia', 0, 'no'],
        ],
        territories: [
          ['Roma', 5, 'Ann', 'none'],
          ['Neapolis', 5, forCity ? 'Ann' : 'Bob', city],
          ['Gallia', 10, 'Bob', 'none'],
        ],
        purchases: [[' ann ', name.toUpperCase(), '', territory]],
      });
      const o = turn(books(cost + 1 - income));
      const line = o.lines.find((l) => l.step === 'purchase')!;
      expect([line.result, line.talents, treasury(o, 'Ann')]).toEqual(['done', -cost, 1]);
      // One talent short, the same order is refused.
      const short = turn(books(cost - 1 - income));
      expect(linesOf(short, 'purchase')).toEqual([
        [
          'rejected',
          'Ann',
          expect.stringMatching(new RegExp(`^it costs ${cost} talents.*; Ann has ${cost - 1}$`)),
        ],
      ]);
      expect(treasury(short, 'Ann')).toBe(cost - 1);
    });
  });
  it('a quantity multiplies the price: 3 Cavalry at level 2 cost 150', () => {
    const o = turn({ inflation: 2, players: ann(160), purchases: [['Ann', 'cav', 3, '']] });
    expect(linesOf(o, 'purchase')).toEqual([
      ['done', 'Ann', '3 Cavalry for 150 talents (3 at 50), placed on Roma'],
    ]);
    expect(treasury(o, 'Ann')).toBe(10);
  });
});

describe('orders', () => {
  it('go through in the order written; one the player cannot afford is rejected with the reason', () => {
    const o = turn({
      players: ann(60),
      purchases: [
        ['Ann', 'Catapult', 1, ''],
        ['Ann', 'Cavalry', 1, ''],
        ['Ann', 'Infantry', 2, ''],
        ['Ann', 'Infantry', 1, ''],
      ],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['done', 'Ann', '1 Catapult for 40 talents (1 at 40), placed on Roma'],
      ['rejected', 'Ann', 'it costs 25 talents (1 at 25); Ann has 20'],
      ['done', 'Ann', '2 Infantry for 20 talents (2 at 10), placed on Roma'],
      ['rejected', 'Ann', 'it costs 10 talents (1 at 10); Ann has 0'],
    ]);
    expect(o.lines.filter((l) => l.step === 'purchase').map((l) => [l.at, l.treasury])).toEqual([
      ['Purchases!A2', 20],
      ['Purchases!A3', 20],
      ['Purchases!A4', 0],
      ['Purchases!A5', 0],
    ]);
    expect(o.counts).toMatchObject({ rejected: 2, error: 0 });
  });

  it('a row is bought whole or not at all: 5 Infantry with 40 talents buys none', () => {
    const o = turn({ players: ann(40), purchases: [['Ann', 'Infantry', 5, '']] });
    expect(linesOf(o, 'purchase')).toEqual([
      ['rejected', 'Ann', 'it costs 50 talents (5 at 10); Ann has 40'],
    ]);
    expect(treasury(o, 'Ann')).toBe(40);
  });

  it('new units go to the home territory: naming it is fine, naming another is rejected', () => {
    const o = turn({
      players: ann(100),
      purchases: [
        ['Ann', 'Galley', 1, 'roma'],
        ['Ann', 'Infantry', 2, 'Neapolis'],
        ['Ann', 'Infantry', 1, 'Atlantis'],
      ],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['done', 'Ann', '1 Galley for 25 talents (1 at 25), placed on Roma'],
      ['rejected', 'Ann', 'new units are placed on the home territory Roma, not Neapolis'],
      ['error', 'Ann', 'Purchases!D4: no territory "Atlantis" in Territories'],
    ]);
    expect(treasury(o, 'Ann')).toBe(75);
  });

  it('a city goes on a territory the buyer holds, with no city yet; an upgrade needs a plain city', () => {
    const o = turn({
      players: ann(1000),
      territories: [
        ['Roma', 10, 'Ann', 'fortified'],
        ['Neapolis', 5, 'Ann', 'city'],
        ['Sicilia', 5, 'Ann', 'none'],
        ['Gallia', 10, 'Bob', 'none'],
        ['Aegyptus', 10, '', 'none'],
      ],
      purchases: [
        ['Ann', 'City', '', 'Gallia'],
        ['Ann', 'City', '', 'Aegyptus'],
        ['Ann', 'City', '', 'Neapolis'],
        ['Ann', 'Fortified city', '', 'Neapolis'],
        ['Ann', 'Upgrade', '', 'Sicilia'],
        ['Ann', 'Upgrade', '', 'Roma'],
        ['Ann', 'Upgrade', '', 'Neapolis'],
        ['Ann', 'City', 1, 'Sicilia'],
        ['Ann', 'Upgrade', '', 'Sicilia'],
      ],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      [
        'rejected',
        'Ann',
        'Ann does not hold Gallia (Bob does); a city goes on a territory its buyer holds',
      ],
      [
        'rejected',
        'Ann',
        'Ann does not hold Aegyptus (nobody does); a city goes on a territory its buyer holds',
      ],
      ['rejected', 'Ann', 'Neapolis has a city already'],
      ['rejected', 'Ann', 'Neapolis has a city already; order an Upgrade to fortify it'],
      ['rejected', 'Ann', 'Sicilia has no city to upgrade; order a City or a Fortified city'],
      ['rejected', 'Ann', "Roma's city is fortified already"],
      ['done', 'Ann', 'City upgrade in Neapolis for 25 talents'],
      ['done', 'Ann', 'City in Sicilia for 30 talents'],
      ['done', 'Ann', 'City upgrade in Sicilia for 25 talents'],
    ]);
    expect(o.after.territories.map((t) => t.city)).toEqual([
      'fortified',
      'fortified',
      'fortified',
      'none',
      'none',
    ]);
    expect(o.updates.filter((u) => u.cell.sheet === 'Territories')).toEqual([
      {
        cell: { sheet: 'Territories', row: 2, col: 3, address: 'Territories!D3' },
        value: 'fortified',
      },
      {
        cell: { sheet: 'Territories', row: 3, col: 3, address: 'Territories!D4' },
        value: 'fortified',
      },
    ]);
  });

  it('a city bought this turn pays from the next turn (income comes first)', () => {
    const o = turn({ players: ann(30), purchases: [['Ann', 'City', 1, 'Neapolis']] });
    expect(o.incomes[0].talents).toBe(15);
    expect(treasury(o, 'Ann')).toBe(0);
    const next = turn({
      players: [
        ['Ann', 'Roma', 0, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Neapolis', 5, 'Ann', o.after.territories[1].city],
        ['Gallia', 10, 'Bob', 'none'],
      ],
    });
    expect(next.incomes[0].talents).toBe(20);
  });

  it('an eliminated player or one without the home territory buys nothing', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 100, 'yes'],
        ['Bob', 'Gallia', 100, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Gallia', 10, 'Ann', 'none'],
      ],
      purchases: [
        ['Ann', 'Infantry', 1, ''],
        ['Bob', 'Infantry', 1, ''],
      ],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['rejected', 'Ann', 'Ann is eliminated (Caesar captured)'],
      [
        'rejected',
        'Bob',
        'Bob does not hold the home territory Gallia: no purchases until it is reclaimed',
      ],
    ]);
    expect([treasury(o, 'Ann'), treasury(o, 'Bob')]).toEqual([100, 100]);
  });

  it('orders that cannot be read are errors at their cell; the other orders go on', () => {
    const o = turn({
      players: ann(100),
      purchases: [
        ['Zed', 'Infantry', 1, ''],
        ['Ann', 'Elephant', 1, ''],
        ['Ann', 'Infantry', 0, ''],
        ['Ann', 'Infantry', 1.5, ''],
        ['Ann', 'City', 2, 'Neapolis'],
        ['Ann', 'City', 1, ''],
        ['', 'Infantry', 1, ''],
        ['Ann', 'Infantry', '2', ''],
      ],
    });
    expect(linesOf(o, 'purchase')).toEqual([
      ['error', 'Zed', 'Purchases!A2: "Zed" is not a player in Players'],
      [
        'error',
        'Ann',
        'Purchases!B3: unknown item "Elephant" (one of: Infantry, Cavalry, Catapult (Artillery), Galley (Ship), City, Fortified city, Upgrade)',
      ],
      ['error', 'Ann', 'Purchases!C4: the quantity is 0: it must be 1 or more'],
      ['error', 'Ann', 'Purchases!C5: the quantity is "1.5": give a whole number'],
      ['error', 'Ann', 'Purchases!C6: a territory takes one city; order each city on its own row'],
      ['error', 'Ann', 'Purchases!D7: the order does not say which territory the city is for'],
      ['error', '', 'Purchases!A8: the order names no player (the Player column is blank)'],
      ['done', 'Ann', '2 Infantry for 20 talents (2 at 10), placed on Roma'],
    ]);
    expect(o.counts).toMatchObject({ done: 3, error: 7 });
  });

  it('reads the Purchases columns in any case and order; Quantity may be left out (1 each)', () => {
    const o = turn({
      players: ann(100),
      headers: { purchases: ['ITEM', 'territory', 'player'] },
      purchases: [
        ['Artillery', '', 'Ann'],
        ['fortified city', 'Neapolis', 'Ann'],
      ],
    });
    expect(linesOf(o, 'purchase').map((l) => l[0])).toEqual(['done', 'done']);
    expect(treasury(o, 'Ann')).toBe(100 - 40 - 55);
  });
});
