import { specFromObject, validateBattle } from '../src/battle-spec';
import { cellAddress } from '../src/cells';
import { parseRosterCells, parseRosterText } from '../src/roster';
import { rulesetIds } from '../src/rulesets';
import { PBEM_UNITS } from '../src/rulesets/cote-pbem/tables';
import { failure } from './helpers/battle';

const text = (t: string) => parseRosterText(t, 'attacker', PBEM_UNITS);
const cells = (grid: unknown[][], sheet?: string) =>
  parseRosterCells(grid, 'defender', PBEM_UNITS, { sheet, row: 2, col: 1 });

describe('roster text', () => {
  it('reads legions with leaders, codes and names in any case, singular or plural', () => {
    const r = text(
      'Marcus: 1 CAT 2 INF; Titus: 3 infantry, 1 Artillery\n2 Cavalry 1 catapults 1 horse',
    );
    expect(r).toEqual({
      ok: true,
      value: [
        { leader: 'Marcus', units: { CAT: 1, INF: 2 }, where: 'attacker legion 1 (Marcus)' },
        { leader: 'Titus', units: { INF: 3, CAT: 1 }, where: 'attacker legion 2 (Titus)' },
        { units: { CAV: 3, CAT: 1 }, where: 'attacker legion 3' },
      ],
    });
  });

  it('reads counts glued to units and commas between them', () => {
    expect(text('2CAT,5INF')).toMatchObject({ ok: true, value: [{ units: { CAT: 2, INF: 5 } }] });
  });

  it.each([
    ['Titus: -1 INF', 'attacker legion 1 (Titus): "-1 INF": a count cannot be negative'],
    ['1.5 INF', 'attacker legion 1: "1.5 INF": a count must be a whole number'],
    [
      'Titus: 2 Dragons',
      'attacker legion 1 (Titus): unknown unit "Dragons" (known: Catapult (CAT), Cavalry (CAV), Infantry (INF), Galley (GAL))',
    ],
    ['INF 2', 'attacker legion 1: expected a count before "INF" (write e.g. "2 INF")'],
    [
      'x',
      'attacker legion 1: expected a count before "x" (write e.g. "2 CAT"; units: Catapult (CAT), Cavalry (CAV), Infantry (INF), Galley (GAL))',
    ],
    ['1 INF; 2', 'attacker legion 2: "2" has no unit after it'],
    ['  ;  ', 'attacker: the roster is empty (no legions given)'],
  ])('%s is a clear error', (input, message) => {
    expect(text(input)).toEqual({ ok: false, error: message });
  });
});

describe('roster text: leaders, glued counts and the largest count', () => {
  it('trims the leader before the colon', () => {
    expect(text('Marcus :2 INF;  Titus  : 1 CAV')).toEqual({
      ok: true,
      value: [
        { leader: 'Marcus', units: { INF: 2 }, where: 'attacker legion 1 (Marcus)' },
        { leader: 'Titus', units: { CAV: 1 }, where: 'attacker legion 2 (Titus)' },
      ],
    });
  });

  it("takes a leader's name up to the last colon: unit text has none", () => {
    expect(text('Marcus: the Elder: 2 INF')).toEqual({
      ok: true,
      value: [
        {
          leader: 'Marcus: the Elder',
          units: { INF: 2 },
          where: 'attacker legion 1 (Marcus: the Elder)',
        },
      ],
    });
  });

  it('reads a glued decimal count like a spaced one: a count must be a whole number', () => {
    expect(text('1.5INF')).toEqual({
      ok: false,
      error: 'attacker legion 1: "1.5 INF": a count must be a whole number',
    });
  });

  it('takes a count of 10,000 and refuses 10,001', () => {
    expect(text('10000 INF')).toMatchObject({ ok: true, value: [{ units: { INF: 10000 } }] });
    expect(text('10001 INF')).toEqual({
      ok: false,
      error: 'attacker legion 1: "10001 INF": the count is 10001; at most 10,000',
    });
  });
});

describe('roster cells', () => {
  it('reads a Legions-style table, keeping the rows of its side', () => {
    const grid = [
      ['Battle', 'Side', 'Player', 'Leader', 'Infantry', 'Cavalry', 'Catapults', 'Galleys'],
      ['B1', 'Attacker', 'Ann', 'Marcus', 2, 0, 1, ''],
      ['B1', 'defender', 'Bob', 'Titus', 3, '1', null, 0],
      ['', '', '', '', '', '', '', ''],
      ['B1', 'Defender', 'Bob', '', { formula: 'A1+1', result: 4 }, 0, 0, 0],
    ];
    expect(cells(grid, 'Legions')).toEqual({
      ok: true,
      value: [
        {
          leader: 'Titus',
          units: { INF: 3, CAV: 1, CAT: 0, GAL: 0 },
          where: 'defender legion at Legions!E5 (Titus)',
        },
        { units: { INF: 4, CAV: 0, CAT: 0, GAL: 0 }, where: 'defender legion at Legions!E7' },
      ],
    });
  });

  it('skips a row of a Legions-style table that holds only notes, as a blank row', () => {
    const grid = [
      ['Side', 'Leader', 'Infantry', 'Notes'],
      ['Defender', 'Titus', 3, 'holds the ford'],
      ['', '', '', 'Bob sends more next turn'],
      ['Defender', '', 2, ''],
    ];
    expect(cells(grid, 'Legions')).toEqual({
      ok: true,
      value: [
        { leader: 'Titus', units: { INF: 3 }, where: 'defender legion at Legions!C4 (Titus)' },
        { units: { INF: 2 }, where: 'defender legion at Legions!C6' },
      ],
    });
  });

  it('skips a note-only row of a Unit | Count block with a header; Remark and Comment(s) are notes', () => {
    for (const notes of ['Notes', 'Remark', 'Comment(s)']) {
      expect(
        cells([
          ['Unit', 'Count', notes],
          ['INF', 2, ''],
          ['', '', 'more next turn'],
          ['CAV', 1, 'fast'],
        ]),
      ).toEqual({
        ok: true,
        value: [{ units: { INF: 2, CAV: 1 }, where: 'defender legion at B3' }],
      });
    }
  });

  it('reads a Unit | Count block with an optional header and leader row', () => {
    const grid = [
      ['Unit', 'Count'],
      ['Leader', 'Titus'],
      ['INF', 3],
      ['Catapult', '1'],
    ];
    expect(cells(grid)).toEqual({
      ok: true,
      value: [
        { leader: 'Titus', units: { INF: 3, CAT: 1 }, where: 'defender legion at B3 (Titus)' },
      ],
    });
    expect(cells([['INF', 2]])).toMatchObject({ ok: true, value: [{ units: { INF: 2 } }] });
  });

  it('names the sheet and cell of a bad count or an unknown unit', () => {
    expect(
      cells(
        [
          ['Infantry', 'Side'],
          [2.5, 'Defender'],
        ],
        'My Sheet',
      ),
    ).toEqual({
      ok: false,
      error: "'My Sheet'!B4: 2.5: a count must be a whole number",
    });
    expect(cells([['INF', 'lots']], 'Orders')).toEqual({
      ok: false,
      error: 'Orders!C3: "lots" is not a count (a whole number, 0 or more)',
    });
    expect(
      cells(
        [
          ['INF', 2],
          ['Elephants', 1],
        ],
        'Orders',
      ),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Orders!B4: unknown unit "Elephants"/),
    });
    expect(cells([['Infantry'], [-1]], 'Orders')).toEqual({
      ok: false,
      error: 'Orders!B4: -1: a count cannot be negative',
    });
    expect(cells([[''], [null]])).toEqual({ ok: false, error: 'defender: the range is empty' });
  });

  it('reads sides written A and D (any case), and refuses any other side naming its cell', () => {
    const grid = [
      ['Infantry', 'Side'],
      [2, 'd'],
      [5, 'A'],
      [3, 'D'],
    ];
    expect(cells(grid, 'Legions')).toEqual({
      ok: true,
      value: [
        { units: { INF: 2 }, where: 'defender legion at Legions!B4' },
        { units: { INF: 3 }, where: 'defender legion at Legions!B6' },
      ],
    });
    expect(cells([...grid, [1, 'Ally']], 'Legions')).toEqual({
      ok: false,
      error: 'Legions!C7: side "Ally" is neither Attacker nor Defender',
    });
  });

  it('is an error when the table has no row for the side', () => {
    const grid = [
      ['Infantry', 'Side'],
      [2, 'Attacker'],
    ];
    expect(cells(grid, 'Legions')).toEqual({
      ok: false,
      error: 'defender: no legion rows for the defender below the header at Legions!B3',
    });
  });

  it('adds up a unit given twice in a Unit | Count block', () => {
    const grid = [
      ['INF', 2],
      ['Infantry', '3'],
      ['CAV', 1],
    ];
    expect(cells(grid)).toEqual({
      ok: true,
      value: [{ units: { INF: 5, CAV: 1 }, where: 'defender legion at B3' }],
    });
  });

  it('refuses a second leader in a Unit | Count block, naming its cell; the same name again (any case) is one', () => {
    const grid = (second: string) => [
      ['Leader', 'Titus'],
      ['INF', 2],
      ['Leader', second],
    ];
    expect(cells(grid('Brutus'))).toEqual({
      ok: false,
      error:
        'C5: a second leader, "Brutus", after "Titus": a Unit | Count block is one legion, with one leader',
    });
    expect(cells(grid('TITUS'))).toEqual({
      ok: true,
      value: [{ leader: 'Titus', units: { INF: 2 }, where: 'defender legion at B3 (Titus)' }],
    });
  });

  it('builds A1 addresses past column Z', () => {
    expect(cellAddress({ row: 0, col: 0 }, 9, 27)).toBe('AB10');
    expect(cellAddress({ row: 0, col: 50 }, 0, 2)).toBe('BA1');
    expect(cellAddress({ row: 0, col: 700 }, 0, 1)).toBe('ZZ1');
    expect(cellAddress({ sheet: "O'Brien", row: 0, col: 700 }, 0, 2)).toBe("'O''Brien'!AAA1");
  });
});

describe('legions against the rules', () => {
  it.each([
    [
      { attacker: 'Marcus: 4 INF 4 CAV', defender: '1 INF' },
      'battle battle: attacker legion 1 (Marcus): 8 combat units; a legion holds at most 7',
    ],
    [
      { attacker: '1 INF 1 GAL', defender: '1 INF' },
      'battle battle: attacker legion 1: 1 GAL in a land battle; galleys fight only at sea (set sea)',
    ],
    [
      { attacker: '1 INF 1 GAL', defender: 'Titus: 1 INF', sea: true },
      'battle battle: defender legion 1 (Titus): at sea every legion needs at least one galley to carry it',
    ],
    [
      { attacker: 'Marcus: 0 INF', defender: '1 INF' },
      'battle battle: attacker legion 1 (Marcus): the legion has no combat units (Infantry, Cavalry or Catapult)',
    ],
    [
      { attacker: '1 INF', defender: '' },
      'battle battle: defender: no roster given (the side is empty)',
    ],
    [
      { attacker: '1 INF', defender: '1 INF', sea: true, fort: 1 },
      'battle battle: a sea battle cannot have a fortification: set either sea or fort, not both',
    ],
    [
      { attacker: '1 INF', defender: '1 INF', fort: 3 },
      'battle battle: fort is "3": expected 0, 1 or 2 wall hit points (or yes/no)',
    ],
    [
      { attacker: '1 INF', defender: '1 INF', brechBy: 'cat' },
      'battle battle: unknown option "brechBy" (known: sea, fort, breachBy, retreat, rounds); a battle\'s own fields are id, rules, attacker, defender, seed, dice; unknown field "brechBy": did you mean "breachBy"?',
    ],
    [
      { attacker: '1 INF', attackr: '2 INF', defender: '1 INF' },
      'battle battle: unknown option "attackr" (known: sea, fort, breachBy, retreat, rounds); a battle\'s own fields are id, rules, attacker, defender, seed, dice; unknown field "attackr": did you mean "attacker"?',
    ],
    [
      { attacker: '1 INF', defender: '1 INF', rules: 'risk' },
      `battle battle: unknown rules "risk" (known: ${rulesetIds().join(', ')})`,
    ],
    [
      { attacker: '1 INF', defender: '1 INF', rules: 'cote-pbm' },
      `battle battle: unknown rules "cote-pbm" (known: ${rulesetIds().join(', ')}): did you mean "cote-pbem"?`,
    ],
    [
      { attacker: '1 INF', defender: '1 INF', rounds: 0 },
      'battle battle: rounds is "0": expected a whole number of rounds from 1 to 10,000',
    ],
  ])('%o is refused', (battle, message) => {
    expect(failure({ seed: 's', ...battle })).toBe(message);
  });

  it('needs dice: a seed or a list, not both, each die 1 to 6', () => {
    const base = { attacker: '1 INF', defender: '1 INF' };
    expect(failure(base)).toMatch(/no dice: give a seed/);
    expect(failure({ ...base, seed: 'x', dice: [1] })).toMatch(
      /either a seed or a list of dice, not both/,
    );
    expect(failure({ ...base, dice: '1, 2, 7' })).toMatch(
      /dice: die 3 is "7": each die must be a whole number from 1 to 6/,
    );
  });

  it('accepts a 7-unit legion plus galleys at sea', () => {
    const b = validateBattle(
      specFromObject({ attacker: '7 INF 3 GAL', defender: '1 GAL', sea: 'yes', seed: 's' }),
    );
    expect(b.ok).toBe(true);
  });
});
