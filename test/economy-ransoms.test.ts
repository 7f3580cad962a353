import { linesOf, treasury, turn } from './helpers/economy';

/** Ransoms: talents from payer to captor, the general home; after income, before purchases. */

const players = (ann: number, bob: number, annOut = 'no', bobOut = 'no') => [
  ['Ann', 'Roma', ann, annOut],
  ['Bob', 'Gallia', bob, bobOut],
];

describe('ransoms', () => {
  it('move the amount from the payer to the captor and send the general home', () => {
    const o = turn({ players: players(50, 0), ransoms: [['Ann', 'Marcus', 40, 'Bob']] });
    expect(treasury(o, 'Ann')).toBe(50 + 15 - 40);
    expect(treasury(o, 'Bob')).toBe(10 + 40);
    expect(
      o.lines.filter((l) => l.step === 'ransom').map((l) => [l.at, l.player, l.talents, l.what]),
    ).toEqual([
      ['Ransoms!A2', 'Ann', -40, 'pays 40 talents to Bob for Marcus, who returns to Roma'],
      ['Ransoms!A2', 'Bob', 40, 'receives 40 talents from Ann, the ransom of Marcus'],
    ]);
  });

  it("come after income (the payer may use this turn's) and before purchases (the captor may spend them)", () => {
    const o = turn({
      players: players(0, 0),
      ransoms: [['Ann', 'Marcus', 15, 'Bob']],
      purchases: [['Bob', 'Cavalry', 1, '']],
    });
    expect(o.lines.map((l) => [l.step, l.player, l.result])).toEqual([
      ['income', 'Ann', 'done'],
      ['income', 'Bob', 'done'],
      ['inflation', '', 'none'],
      ['ransom', 'Ann', 'done'],
      ['ransom', 'Bob', 'done'],
      ['purchase', 'Bob', 'done'],
    ]);
    expect([treasury(o, 'Ann'), treasury(o, 'Bob')]).toEqual([0, 0]);
  });

  it('are rejected with the reason when the payer cannot pay, is out, or has no home; the rest go on', () => {
    const o = turn({
      players: [
        ['Ann', 'Roma', 0, 'no'],
        ['Bob', 'Gallia', 100, 'no'],
        ['Cato', 'Corsica', 100, 'yes'],
        ['Dido', 'Africa', 100, 'no'],
      ],
      territories: [
        ['Roma', 10, 'Ann', 'none'],
        ['Gallia', 10, 'Bob', 'none'],
        ['Corsica', 5, '', 'none'],
        ['Africa', 10, 'Bob', 'none'],
      ],
      ransoms: [
        ['Ann', 'Marcus', 11, 'Bob'],
        ['Cato', 'Brutus', 10, 'Bob'],
        ['Bob', 'Titus', 10, 'Cato'],
        ['Dido', 'Hanno', 10, 'Bob'],
        ['Ann', 'Marcus', 10, 'Bob'],
        ['Ann', 'marcus', 10, 'Bob'],
      ],
    });
    expect(linesOf(o, 'ransom')).toEqual([
      ['rejected', 'Ann', 'Ann has 10 talents, less than the 11 asked'],
      ['rejected', 'Cato', 'Cato is eliminated (Caesar captured)'],
      [
        'rejected',
        'Bob',
        'the captor Cato is eliminated (Caesar captured): the ransom cannot be paid',
      ],
      [
        'rejected',
        'Dido',
        "Hanno would return to Dido's home territory Africa, which Dido does not hold",
      ],
      ['done', 'Ann', 'pays 10 talents to Bob for Marcus, who returns to Roma'],
      ['done', 'Bob', 'receives 10 talents from Ann, the ransom of Marcus'],
      ['rejected', 'Ann', 'marcus is released already by the ransom at Ransoms!A6'],
    ]);
    expect(treasury(o, 'Ann')).toBe(0);
    expect(treasury(o, 'Bob')).toBe(100 + 20 + 10);
  });

  it('that cannot be read are errors at their cell', () => {
    const o = turn({
      ransoms: [
        ['Ann', 'Marcus', 0, 'Bob'],
        ['Ann', 'Marcus', 'ten', 'Bob'],
        ['Ann', '', 10, 'Bob'],
        ['Ann', 'Marcus', 10, ''],
        ['Ann', 'Marcus', 10, 'Zed'],
        ['Ann', 'Marcus', 10, 'ann'],
      ],
    });
    expect(linesOf(o, 'ransom')).toEqual([
      ['error', 'Ann', 'Ransoms!C2: the amount of talents is 0: it must be 1 or more'],
      ['error', 'Ann', 'Ransoms!C3: the amount of talents is "ten": give a whole number'],
      ['error', 'Ann', 'Ransoms!B4: the ransom names no general'],
      ['error', 'Ann', 'Ransoms!D5: the ransom names no captor'],
      ['error', 'Ann', 'Ransoms!A6: "Zed" is not a player in Players'],
      ['error', 'Ann', 'Ransoms!A7: Ann cannot pay a ransom to themselves'],
    ]);
    expect(o.counts.error).toBe(6);
  });
});
