import { playTurn } from '../src/economy/turn';
import { wholeNumber } from '../src/economy/values';
import {
  DEFAULT_PLAYERS,
  grid,
  PLAYERS_HEADER,
  problems,
  tables,
  treasury,
  turn,
} from './helpers/economy';

/** Reading the books: every problem names the sheet, the row and the column. */

describe('reading the books', () => {
  it('needs Players and Territories, and says which sheets the workbook has', () => {
    const played = playTurn(tables({ players: null, territories: null }), ['Battles', 'Notes']);
    expect(played).toEqual({
      ok: false,
      error: [
        'no sheet or table named "Players" (the workbook has: Battles, Notes)',
        'no sheet or table named "Territories" (the workbook has: Battles, Notes)',
      ],
    });
  });

  it('names a missing column', () => {
    expect(
      problems({
        headers: {
          players: ['Player', 'Home territory', 'Gold'],
          territories: ['Territory', 'Value', 'Owner'],
        },
      }),
    ).toEqual([
      'Players!A1: Players has no "Treasury" column in its header row',
      'Territories!A1: Territories has no "City" column in its header row',
    ]);
    expect(problems({ purchases: [], headers: { purchases: ['Player', 'What'] } })).toEqual([
      'Purchases!A1: Purchases has no "Item" column in its header row',
    ]);
    expect(problems({ ransoms: [], headers: { ransoms: ['Payer', 'General', 'Amount'] } })).toEqual(
      ['Ransoms!A1: Ransoms has no "Captor" column in its header row'],
    );
  });

  it('names the cell of every bad value, all at once', () => {
    expect(
      problems({
        inflation: 4,
        players: [
          ['Ann', 'Roma', 'lots', 'maybe'],
          ['Bob', 'Gallia', -5, 'no'],
          ['', 'Corsica', 0, 'no'],
          ['Cato', '', 0, 'no'],
        ],
        territories: [
          ['Roma', 7, 'Ann', 'none'],
          ['Gallia', 'ten', 'Bob', 'castle'],
          ['', 5, '', ''],
        ],
      }),
    ).toEqual([
      'Players!C2: Ann\'s treasury is "lots": give a whole number',
      'Players!D2: "Caesar captured" is "maybe": give yes or no (blank is no)',
      "Players!C3: Bob's treasury is -5: it must be 0 or more",
      'Players!A4: the row has no player (the Player column is blank)',
      'Players!B5: Cato has no home territory',
      "Territories!B2: Roma's value is 7; a territory is worth 5 or 10 talents",
      'Territories!B3: Gallia\'s value is "ten": give a whole number; a territory is worth 5 or 10 talents',
      'Territories!D3: Gallia\'s city is "castle": give none, city or fortified (blank is none)',
      'Territories!A4: the row has no territory (the Territory column is blank)',
      'Game!A2: the inflation level is 4; it is 1 (starting prices), 2 (doubled) or 3 (tripled)',
    ]);
  });

  it('names every unreadable cell of a row, not only the first', () => {
    expect(
      problems({
        players: [
          ['Ann', '#REF!', 0, { formula: 'B1', result: undefined }],
          ['Bob', 'Gallia', 0, 'no'],
        ],
      }),
    ).toEqual([
      "Players!B2: the cell shows Excel's error #REF!: fix its formula or clear the cell",
      'Players!D2: a formula with no saved value: open and save the workbook in Excel (or type the value)',
    ]);
  });

  it('needs at least one player', () => {
    expect(problems({ players: [] })).toEqual(['Players!A1: Players lists no players']);
  });

  it('checks names across the tables: homes, owners, repeats', () => {
    expect(
      problems({
        players: [
          ['Ann', 'Rome', 0, 'no'],
          ['Bob', 'Gallia', 0, 'no'],
          ['ann', 'Gallia', 0, 'no'],
        ],
        territories: [
          ['Roma', 10, 'Ann', 'none'],
          ['Gallia', 10, 'Robert', 'none'],
          ['GALLIA', 5, '', 'none'],
        ],
      }),
    ).toEqual([
      'Players!A4: player "ann" is listed twice (also at Players!A2)',
      'Territories!A4: territory "GALLIA" is listed twice (also at Territories!A3)',
    ]);
    expect(
      problems({
        players: [['Ann', 'Rome', 0, 'no']],
        territories: [
          ['Roma', 10, 'Ann', 'none'],
          ['Gallia', 10, 'Robert', 'none'],
        ],
      }),
    ).toEqual([
      'Players!B2: Ann\'s home territory "Rome" is not in Territories',
      'Territories!C3: Gallia\'s owner "Robert" is not a player in Players',
    ]);
  });

  it('takes columns by header in any case and order, names in any case, and warns of unknown columns', () => {
    const o = turn({
      headers: {
        players: ['TREASURY', 'notes', 'player', 'home territory', 'Gold'],
        territories: ['city', 'OWNER', 'territory', 'value'],
      },
      players: [[5, 'mine', 'Ann', 'roma', 'x']],
      territories: [
        ['Fortified City', 'ANN', 'Roma', '10'],
        ['', 'ann', 'Neapolis', 5],
      ],
    });
    expect(treasury(o, 'Ann')).toBe(5 + 15 + 5);
    expect(o.after.players[0].home).toBe('Roma');
    expect(o.updates.map((u) => u.cell.address)).toEqual(['Players!A2']);
    expect(o.warnings).toEqual([
      'Players!E1: column "Gold" is not one Praetor reads (Player, Home territory, Treasury, Caesar captured); it is ignored',
    ]);
  });

  it('stops at a value under a look-alike of a column it reads, naming the cell and the column', () => {
    // Read as blank, "Ceasar captured" would leave Bob in the game, collecting and buying.
    const players = [
      ['Ann', 'Roma', 0, ''],
      ['Bob', 'Gallia', 0, 'yes'],
    ];
    const header = ['Player', 'Home territory', 'Treasury', 'Ceasar captured'];
    expect(problems({ players, headers: { players: header } })).toEqual([
      'Players!D3: "yes" is under "Ceasar captured", a column Praetor does not read, so the turn is not played: name the column "Caesar captured" if that is what it holds, or "Notes" if not',
    ]);
    expect(
      problems({
        purchases: [['Ann', 'Infantry', 2, 'Roma']],
        headers: { purchases: ['Player', 'Item', 'Quantiy', 'Territory'] },
      }),
    ).toEqual([
      'Purchases!C2: "2" is under "Quantiy", a column Praetor does not read, so the turn is not played: name the column "Quantity" if that is what it holds, or "Notes" if not',
    ]);
    // Blank under it, or beside the column it looks like, it is only warned of: blank, the
    // warning says what a value would do.
    const blank = turn({
      players: [players[0], ['Bob', 'Gallia', 0, '']],
      headers: { players: header },
    });
    expect(blank.warnings).toEqual([
      'Players!D1: column "Ceasar captured" is not one Praetor reads (Player, Home territory, Treasury, Caesar captured); it looks like "Caesar captured", so a value under it stops the turn',
    ]);
    const beside = turn({
      players: [
        ['Ann', 'Roma', 0, 'no', 5],
        ['Bob', 'Gallia', 0, 'no', ''],
      ],
      headers: { players: [...PLAYERS_HEADER, 'Tresury'] },
    });
    expect(beside.warnings).toEqual([
      'Players!E1: column "Tresury" is not one Praetor reads (Player, Home territory, Treasury, Caesar captured); it is ignored',
    ]);
  });

  it('addresses cells of a table that does not start at A1 (an Excel table)', () => {
    const t = tables({});
    t.players = {
      ...grid(
        'Books',
        ['Player', 'Home territory', 'Treasury'],
        [
          ['Ann', 'Roma', 'x'],
          ['Bob', 'Gallia', 0],
        ],
      ),
      origin: { sheet: 'Books', row: 4, col: 2 },
    };
    const played = playTurn(t);
    expect(played).toEqual({
      ok: false,
      error: ['Books!E6: Ann\'s treasury is "x": give a whole number'],
    });
  });

  it('reads a blank treasury as 0, a blank inflation as 1, and skips blank rows', () => {
    const o = turn({
      inflation: '',
      players: [
        ['Ann', 'Roma', '', ''],
        ['', '', '', ''],
        ['Bob', 'Gallia', null, null],
      ],
    });
    expect(o.before.inflation).toBe(1);
    expect(o.before.players.map((p) => [p.name, p.treasury])).toEqual([
      ['Ann', 0],
      ['Bob', 0],
    ]);
    expect(o.before.players[1].treasuryCell.address).toBe('Players!C4');
  });

  it('reads Caesar captured as the battle sheets read a yes/no cell: 1.0 is yes, 0.0 no', () => {
    const caesar = (cell: unknown) =>
      turn({ players: [['Ann', 'Roma', 0, cell], ...DEFAULT_PLAYERS.slice(1)] }).before.players[0]
        .caesarCaptured;
    const yes = ['1.0', ' +1 ', 1, true, 'TRUE', 'Y', 'x', 'Captured'];
    expect(yes.map(caesar)).toEqual(yes.map(() => true));
    const no = ['0.0', '-0', 0, false, 'False', 'N', '-', ''];
    expect(no.map(caesar)).toEqual(no.map(() => false));
    for (const bad of ['2', '0.5', '1e0', '0x1']) {
      expect(problems({ players: [['Ann', 'Roma', 0, bad]] })).toEqual([
        `Players!D2: "Caesar captured" is "${bad}": give yes or no (blank is no)`,
      ]);
    }
  });

  it('skips a row that holds only notes, as a blank row', () => {
    const o = turn({
      headers: { players: ['Player', 'Home territory', 'Treasury', 'Notes'] },
      players: [
        ['Ann', 'Roma', 5, ''],
        ['', '', '', 'Bob pays his ransom next turn'],
        ['Bob', 'Gallia', 0, ''],
      ],
    });
    expect(o.before.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    // So is a row whose note is under a merged Remarks header's second column (D1:E1).
    const books = tables();
    const territories = books.territories!;
    const merged = playTurn({
      ...books,
      territories: {
        ...territories,
        cells: [
          [...territories.cells[0], 'Remarks', ''],
          ...territories.cells.slice(1).map((row) => [...row, '', '']),
          ['', '', '', '', '', 'Gallia falls next turn'],
        ],
        merges: [{ top: 0, left: 4, bottom: 0, right: 5 }],
      },
    });
    expect(merged.ok ? [] : merged.error).toEqual([]);
  });

  it('reads a wholly blank Purchases or Ransoms sheet as no orders (cleared, header and all)', () => {
    const t = tables({
      players: [
        ['Ann', 'Roma', 3, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
    });
    t.purchases = grid('Purchases', [], []);
    t.ransoms = grid('Ransoms', [null, ''], [[' ', null]]);
    const played = playTurn(t);
    if (!played.ok) throw new Error(played.error.join('\n'));
    expect(played.value.lines.map((l) => l.step)).toEqual(['income', 'income', 'inflation']);
    expect(played.value.after.players[0].treasury).toBe(3 + 15);
    // A header is a table: one without its columns is still a problem.
    t.purchases = grid('Purchases', ['Buyer', ''], []);
    expect(playTurn(t)).toEqual({
      ok: false,
      error: ['Purchases!A1: Purchases has no "Item" column in its header row'],
    });
  });
});

describe('whole numbers too large', () => {
  it('a whole number past the limit says so, not that it is no whole number', () => {
    const limit = '1,000,000,000,000';
    expect(wholeNumber(2 ** 53, 'the treasury', 0)).toEqual({
      ok: false,
      error: `the treasury is 9007199254740992: it must be at most ${limit}`,
    });
    expect(wholeNumber(1e308, 'the treasury', 0)).toEqual({
      ok: false,
      error: `the treasury is 1e+308: it must be at most ${limit}`,
    });
    expect(wholeNumber('99999999999999999999', 'the treasury', 0)).toMatchObject({
      error: `the treasury is 99999999999999999999: it must be at most ${limit}`,
    });
    expect(wholeNumber(1.5, 'the treasury', 0)).toMatchObject({
      error: 'the treasury is "1.5": give a whole number',
    });
  });

  it('reads a number typed as text as other cells do: a negative one is named as too small', () => {
    expect(['3.0', '+3', ' 3 '].map((t) => wholeNumber(t, 'the amount', 1))).toEqual(
      [3, 3, 3].map((value) => ({ ok: true, value })),
    );
    expect(wholeNumber('-5', 'the amount of talents', 1)).toEqual({
      ok: false,
      error: 'the amount of talents is -5: it must be 1 or more',
    });
    for (const t of ['2.5', '0x2', '1e3']) {
      expect(wholeNumber(t, 'the amount', 1)).toEqual({
        ok: false,
        error: `the amount is "${t}": give a whole number`,
      });
    }
  });
});
