import { GridOrigin } from '../src/cells';
import { readState } from '../src/economy/read-state';
import { gridMerges, GridMerge, mergedCellProblem } from '../src/merged-cells';
import { adjudicateSubmission } from '../src/adjudicate';
import { readSubmission, SheetTable } from '../src/submission';

/**
 * Merged cells: Excel shows a merged range's value in every cell it covers, but only the
 * top-left cell holds it. A cell Praetor reads that a merge covers is named, with the merge:
 * read as blank, it would fight a battle without what the player sees there.
 */

const at = (sheet: string, row = 0, col = 0): GridOrigin => ({ sheet, row, col });
const table = (sheet: string, cells: unknown[][], merges?: GridMerge[]): SheetTable => ({
  cells,
  origin: at(sheet),
  ...(merges ? { merges } : {}),
});
/** A merge by grid rows and columns (0-based, the header row 0). */
const box = (top: number, left: number, bottom: number, right: number): GridMerge => ({
  top,
  left,
  bottom,
  right,
});

const BATTLES = [
  ['Battle', 'Territory', 'Seed'],
  ['B1', 'Gallia', 's1'],
  ['B2', 'Italia', 's2'],
];
/** Legions with the cells a merge covers blank, as a workbook holds them. */
const LEGIONS = [
  ['Battle', 'Side', 'Player', 'Infantry', 'Cavalry'],
  ['B1', 'Attacker', 'Ann', 3, 1],
  ['B1', 'Defender', 'Bob', 4, ''],
  ['B2', 'Attacker', 'Ann', 3, ''],
  ['B2', 'Defender', 'Cato', '', 1],
];

const read = (battles: SheetTable, legions: SheetTable) => {
  const s = readSubmission(battles, legions);
  const outcomes = adjudicateSubmission(s).map((a) => (a.outcome.ok ? null : a.outcome.error));
  return { s, outcomes };
};

describe('merged cells in the Legions table', () => {
  it('a count a merge shows over two legions stops that battle, naming the cell and the merge', () => {
    // D4:D5 shows 3 infantry for both of B2's legions; only D4 holds it.
    const { s, outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', LEGIONS, [box(3, 3, 4, 3)]),
    );
    expect(outcomes).toEqual([
      null,
      'Legions!D5: the merged cells D4:D5 show "3" here, but that is D4\'s value and Praetor reads D5 as blank: unmerge D4:D5 and give each cell its own value',
    ]);
    expect(s.problems).toEqual([]);
  });

  it('without the merge, the same cells fight the defender with no infantry (what a merge hid)', () => {
    const { outcomes } = read(table('Battles', BATTLES), table('Legions', LEGIONS));
    expect(outcomes).toEqual([null, null]);
  });

  it("a battle id merged over its legions' rows is that battle's error, not a legion for no battle", () => {
    const legions = LEGIONS.map((row) => [...row]);
    legions[2][0] = ''; // A3, under the merge A2:A3 showing B1
    const { s, outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(1, 0, 2, 0)]),
    );
    expect(outcomes[0]).toBe(
      'Legions!A3: the merged cells A2:A3 show "B1" here, but that is A2\'s value and Praetor reads A3 as blank: unmerge A2:A3 and give each cell its own value',
    );
    expect(outcomes[1]).toBeNull();
    expect(s.problems).toEqual([]);
  });

  it('a merge showing a battle that does not exist is a problem of the table', () => {
    const legions = [
      ...LEGIONS.map((row) => [...row]),
      ['B9', 'Attacker', '', 1, ''],
      ['', 'Defender', '', 1, ''],
    ];
    const { s } = read(table('Battles', BATTLES), table('Legions', legions, [box(5, 0, 6, 0)]));
    expect(s.problems).toContain(
      'Legions!A7: the merged cells A6:A7 show "B9" here, but that is A6\'s value and Praetor reads A7 as blank: unmerge A6:A7 and give each cell its own value',
    );
  });

  it("a player's name merged over two rows is a warning: it labels the legion, the battle is fought", () => {
    const legions = LEGIONS.map((row) => [...row]);
    legions[4][2] = ''; // C5 under C4:C5 showing Ann
    const { s, outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(3, 2, 4, 2)]),
    );
    expect(outcomes).toEqual([null, null]);
    expect(s.warnings).toEqual([
      'Legions!C5: the merged cells C4:C5 show "Ann" here, but that is C4\'s value and Praetor reads C5 as blank: unmerge C4:C5 and give each cell its own value',
    ]);
  });

  it('a merge that shows nothing (its top-left cell blank), or covers no column read, changes nothing', () => {
    const legions = LEGIONS.map((row) => [...row, '']);
    legions[0][5] = 'Notes';
    legions[1][5] = 'same as below';
    const merges = [
      box(1, 4, 2, 4) /* E2:E3 over 1 and '': E2 holds 1 */,
      box(3, 4, 4, 4),
      box(1, 5, 4, 5),
    ];
    legions[3][4] = ''; // E4:E5 blank: shows nothing, and holds nothing
    legions[4][4] = '';
    legions[4][3] = 2;
    const { s, outcomes } = read(table('Battles', BATTLES), table('Legions', legions, merges));
    // E2:E3 shows 1 cavalry over B1's defender row too: that one is named.
    expect(outcomes[0]).toMatch(/^Legions!E3: the merged cells E2:E3 show "1" here/);
    expect(outcomes[1]).toBeNull();
    expect(s.warnings).toEqual([]);
  });
});

describe('values a merge hides (merged by a program that kept them)', () => {
  it('a cell holding its own value under a merge is named with both, whatever the merge shows', () => {
    const legions = LEGIONS.map((row) => [...row]);
    legions[4][4] = 5; // E5 holds 5 under E4:E5, which shows E4's blank
    legions[2][3] = 7; // D3 holds 7 under D2:D3, which shows 3
    const merges = [box(3, 4, 4, 4), box(1, 3, 2, 3)];
    const { outcomes } = read(table('Battles', BATTLES), table('Legions', legions, merges));
    expect(outcomes).toEqual([
      'Legions!D3: the merged cells D2:D3 show "3" here, but D3 holds "7", hidden: unmerge D2:D3 and give each cell its own value',
      'Legions!E5: the merged cells E4:E5 show nothing here, but E5 holds "5", hidden: unmerge E4:E5 and give each cell its own value',
    ]);
  });

  it("a legion row hidden whole under merges from the row above is its battle's error, not left out", () => {
    // Rows 2 and 3 are two attacker legions of B1; A2:E2 is merged down over row 3, which Excel
    // shows as one taller row (Marcus) while the file holds Gaius's legion in row 3.
    const legions = [
      ['Battle', 'Side', 'Player', 'Infantry', 'Cavalry'],
      ['B1', 'Attacker', 'Marcus', 3, 1],
      ['B1', 'Attacker', 'Gaius', 4, 2],
      ['B1', 'Defender', 'Bob', 4, ''],
      ['B2', 'Attacker', 'Ann', 3, ''],
      ['B2', 'Defender', 'Cato', '', 1],
    ];
    const merges = [0, 1, 2, 3, 4].map((c) => box(1, c, 2, c));
    const { s, outcomes } = read(table('Battles', BATTLES), table('Legions', legions, merges));
    expect(outcomes[0]).toBe(
      'Legions!A3: the merged cells A2:A3 show "B1" here, and A3 holds it too, hidden: unmerge A2:A3 and give each cell its own value; ' +
        'Legions!B3: the merged cells B2:B3 show "Attacker" here, and B3 holds it too, hidden: unmerge B2:B3 and give each cell its own value; ' +
        'Legions!D3: the merged cells D2:D3 show "3" here, but D3 holds "4", hidden: unmerge D2:D3 and give each cell its own value; ' +
        'Legions!E3: the merged cells E2:E3 show "1" here, but E3 holds "2", hidden: unmerge E2:E3 and give each cell its own value',
    );
    expect(outcomes[1]).toBeNull();
    // The player's name is a label: its hidden value is a warning.
    expect(s.warnings).toEqual([
      'Legions!C3: the merged cells C2:C3 show "Marcus" here, but C3 holds "Gaius", hidden: unmerge C2:C3 and give each cell its own value',
    ]);
  });

  it("a battle id hidden under a merge names its row's battle, which its legions then find", () => {
    // A2:A3 merged, showing B1; A3 holds B2, hidden.
    const battles = [
      ['Battle', 'Seed'],
      ['B1', 's1'],
      ['B2', 's2'],
    ];
    const { s, outcomes } = read(
      table('Battles', battles, [box(1, 0, 2, 0)]),
      table('Legions', LEGIONS),
    );
    expect(s.entries.map((e) => e.id)).toEqual(['B1', 'B2']);
    expect(outcomes).toEqual([
      null,
      'Battles!A3: the merged cells A2:A3 show "B1" here, but A3 holds "B2", hidden: unmerge A2:A3 and give each cell its own value',
    ]);
    // B2's legions find their battle: no "not in Battles" for them.
    expect(s.problems).toEqual([]);
  });

  it('a cell holding what the merge shows is read as shown, its row being no hidden row', () => {
    // C2:C3 merged over two Rules cells that both hold cote-pbem (LibreOffice keeping them).
    const battles = [
      ['Battle', 'Territory', 'Rules', 'Seed'],
      ['B1', 'Gallia', 'cote-pbem', 's1'],
      ['B2', 'Italia', 'cote-pbem', 's2'],
    ];
    const { s, outcomes } = read(
      table('Battles', battles, [box(1, 2, 2, 2)]),
      table('Legions', LEGIONS),
    );
    expect(outcomes).toEqual([null, null]);
    expect(s.warnings).toEqual([]);
  });

  it('a header hidden under a merge: the values below it are named', () => {
    const legions = LEGIONS.map((row) => [...row]);
    // "Infantry" merged over D1:E1 hides E1's own "Cavalry": E is read as cavalry, unseen.
    const { outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(0, 3, 0, 4)]),
    );
    expect(outcomes).toEqual([
      'Legions!E2: "1" is under E1, whose header "Cavalry" is hidden under the merged cells D1:E1: unmerge D1:E1 and give each column its own header',
      'Legions!E5: "1" is under E1, whose header "Cavalry" is hidden under the merged cells D1:E1: unmerge D1:E1 and give each column its own header',
    ]);
  });
});

describe('rows and headers that merges make', () => {
  it('a row blank in its own cells is a blank row, whatever merges reach into it', () => {
    // Row 3 is blank; A2:A3, B2:B3 and D2:D3 are merged down from row 2: to Excel's eye one
    // taller legion row, not two legions. So is a count merged over a spacer row below.
    const legions = [
      ['Battle', 'Side', 'Player', 'Infantry', 'Cavalry'],
      ['B1', 'Attacker', 'Ann', 3, 1],
      ['', '', '', '', ''],
      ['B1', 'Defender', 'Bob', 4, ''],
      ['', '', '', '', ''],
      ['B2', 'Attacker', 'Ann', 3, ''],
      ['B2', 'Defender', 'Cato', '', 1],
    ];
    const merges = [box(1, 0, 2, 0), box(1, 1, 2, 1), box(1, 3, 2, 3), box(3, 3, 4, 3)];
    const { s, outcomes } = read(table('Battles', BATTLES), table('Legions', legions, merges));
    expect(outcomes).toEqual([null, null]);
    expect(s.problems).toEqual([]);
    expect(s.warnings).toEqual([]);
  });

  it("a battle's id merged over a blank row is a blank row", () => {
    const legions = [
      ['Battle', 'Side', 'Player', 'Infantry', 'Cavalry'],
      ['B1', 'Attacker', 'Ann', 3, 1],
      ['', '', '', '', ''],
      ['B1', 'Defender', 'Bob', 4, ''],
      ['B2', 'Attacker', 'Ann', 3, ''],
      ['B2', 'Defender', 'Cato', '', 1],
    ];
    const { s, outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(1, 0, 2, 0)]),
    );
    expect(outcomes).toEqual([null, null]);
    expect(s.problems).toEqual([]);
  });

  it("a legion's battle under a merge is read for that battle, its other bad cells named too", () => {
    const legions = LEGIONS.map((row) => [...row]);
    legions[2] = ['', 'Attackr', 'Bob', 'abc', ''];
    const { outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(1, 0, 2, 0)]),
    );
    expect(outcomes[0]).toBe(
      'Legions!A3: the merged cells A2:A3 show "B1" here, but that is A2\'s value and Praetor reads A3 as blank: unmerge A2:A3 and give each cell its own value; ' +
        'Legions!B3: side "Attackr" is neither Attacker nor Defender; ' +
        'Legions!D3: "abc" is not a count (a whole number, 0 or more)',
    );
  });

  it('a header merged across two columns leaves the second unread: a value under it fails its battle', () => {
    // "Infantry" merged over D1:E1: the cavalry counts in E have no header of their own.
    const legions = LEGIONS.map((row) => [...row]);
    legions[0][4] = '';
    const { s, outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(0, 3, 0, 4)]),
    );
    expect(outcomes).toEqual([
      'Legions!E2: "1" is under E1, which the merged cells D1:E1 cover: that header is D1\'s, so Praetor does not read this column: unmerge D1:E1 and give each column its own header',
      'Legions!E5: "1" is under E1, which the merged cells D1:E1 cover: that header is D1\'s, so Praetor does not read this column: unmerge D1:E1 and give each column its own header; ' +
        // Read without its column, the defender has no units: named with the cell, as always.
        'defender legion at Legions!D5 (player Cato): the legion has no combat units (Infantry, Cavalry or Catapult)',
    ]);
    expect(s.problems).toEqual([]);
  });
});

describe('merged headers that are no column read', () => {
  it('a notes header, or a title, merged across columns names nothing', () => {
    const legions = LEGIONS.map((row, r) => [
      ...row,
      r === 0 ? 'Notes' : '',
      r === 2 ? 'right' : '',
    ]);
    const battles = [['Turn 3 battles', '', ''], ...BATTLES];
    const { s, outcomes } = read(
      table('Battles', BATTLES),
      table('Legions', legions, [box(0, 5, 0, 6)]),
    );
    expect(outcomes).toEqual([null, null]);
    expect(s.problems).toEqual([]);
    // The same in Battles: Notes merged over D1:E1, a value under E.
    const noted = [
      ['Battle', 'Territory', 'Seed', 'Notes', ''],
      ['B1', 'Gallia', 's1', 'x', 'under E'],
      ['B2', 'Italia', 's2', '', ''],
    ];
    const inBattles = read(table('Battles', noted, [box(0, 3, 0, 4)]), table('Legions', LEGIONS));
    expect(inBattles.outcomes).toEqual([null, null]);
    // A row whose only value is under the merged Notes header's second column is a note too.
    const noteRows = [...noted, ['', '', '', '', 'a note of its own'], ['', '', '', 'another', '']];
    const notesOnly = read(
      table('Battles', noteRows, [box(0, 3, 0, 4)]),
      table('Legions', [...legions, ['', '', '', '', '', '', 'on its own']], [box(0, 5, 0, 6)]),
    );
    expect(notesOnly.outcomes).toEqual([null, null]);
    expect(notesOnly.s.problems).toEqual([]);
    // A Seed header merged over the next column is one: its value there is not read.
    const seeded = noted.map((row) => [...row]);
    seeded[0] = ['Battle', 'Territory', 'Notes', 'Seed', ''];
    expect(
      read(table('Battles', seeded, [box(0, 3, 0, 4)]), table('Legions', LEGIONS)).outcomes,
    ).toEqual([
      'Battles!E2: "under E" is under E1, which the merged cells D1:E1 cover: that header is D1\'s, so Praetor does not read this column: unmerge D1:E1 and give each column its own header',
      null,
    ]);
    // A title merged over the header row's place: only the title is named, not the merge.
    const titled = readSubmission(
      table('Battles', battles, [box(0, 0, 0, 2)]),
      table('Legions', LEGIONS),
    );
    expect(titled.problems).toEqual([
      'Battles!A2 holds "Battle", below the row read as the header (row 1): clear or delete the rows above the header',
    ]);
    expect(titled.warnings).toEqual([]);
  });
});

describe('merged cells in the Battles table', () => {
  it('a Rules cell under a territory merged across it stops the battle; a territory merged down is a warning', () => {
    const battles = [
      ['Battle', 'Territory', 'Rules', 'Seed'],
      ['B1', 'Gallia', '', 's1'], // B2:C2 merged: "Gallia" shows under Rules
      ['B2', 'Italia', 'cote-pbem', 's2'], // B3:B4 merged
      ['B3', '', 'cote-pbem', 's3'],
    ];
    const legions = [
      ['Battle', 'Side', 'Infantry'],
      ...['B1', 'B2', 'B3'].flatMap((id) => [
        [id, 'Attacker', 3],
        [id, 'Defender', 3],
      ]),
    ];
    const { s, outcomes } = read(
      table('Battles', battles, [box(1, 1, 1, 2), box(2, 1, 3, 1)]),
      table('Legions', legions),
    );
    expect(outcomes).toEqual([
      'Battles!C2: the merged cells B2:C2 show "Gallia" here, but that is B2\'s value and Praetor reads C2 as blank: unmerge B2:C2 and give each cell its own value',
      null,
      null,
    ]);
    expect(s.warnings).toEqual([
      'Battles!B4: the merged cells B3:B4 show "Italia" here, but that is B3\'s value and Praetor reads B4 as blank: unmerge B3:B4 and give each cell its own value',
    ]);
  });

  it('a battle id merged down two rows makes the second row an error of its own', () => {
    const battles = [
      ['Battle', 'Seed'],
      ['B1', 's1'],
      ['', 's2'],
    ];
    const legions = [
      ['Battle', 'Side', 'Infantry'],
      ['B1', 'Attacker', 3],
      ['B1', 'Defender', 3],
    ];
    const { s, outcomes } = read(
      table('Battles', battles, [box(1, 0, 2, 0)]),
      table('Legions', legions),
    );
    expect(s.entries.map((e) => e.id)).toEqual(['B1', '(row 3)']);
    expect(outcomes).toEqual([
      null,
      'Battles!A3: the merged cells A2:A3 show "B1" here, but that is A2\'s value and Praetor reads A3 as blank: unmerge A2:A3 and give each cell its own value',
    ]);
  });
});

describe('gridMerges and mergedCellProblem', () => {
  it("places a sheet's merges on a grid, cut to it, leaving out those whose top-left cell is outside", () => {
    // A grid at C3 (row 2, col 2), 4 rows and 3 columns: C3:E6.
    const origin = at('S', 2, 2);
    expect(
      gridMerges(
        [
          box(3, 2, 4, 2), // C4:C5 -> rows 1-2, col 0
          box(5, 4, 9, 7), // E6:H10 -> cut to row 3, col 2: one cell, left out
          box(4, 3, 8, 3), // D5:D9 -> rows 2-3 (cut, ending at row 6), col 1
          box(0, 2, 3, 2), // C1:C4: its top-left is above the grid
          box(3, 0, 3, 3), // A4:D4: its top-left is left of the grid
        ],
        origin,
        4,
        3,
      ),
    ).toEqual([box(1, 0, 2, 0), { ...box(2, 1, 3, 1), ends: { bottom: 6, right: 1 } }]);
  });

  it('names cells by their sheet address, and only those a merge covers beyond its top-left', () => {
    const grid = {
      cells: [['h'], ['x'], ['']],
      origin: at('My sheet', 2, 2),
      merges: [box(1, 0, 2, 0)],
    };
    expect(mergedCellProblem(grid, 1, 0)).toBeNull();
    expect(mergedCellProblem(grid, 2, 0)).toBe(
      "'My sheet'!C5: the merged cells C4:C5 show \"x\" here, but that is C4's value and Praetor reads C5 as blank: unmerge C4:C5 and give each cell its own value",
    );
  });
});

describe('merged cells in the economy tables', () => {
  it('a treasury header merged over the next column stops the table for a value under it; a notes header does not', () => {
    const players = (header: readonly string[]) => ({
      cells: [header, ['Ann', 'Italia', 20, 5], ['Bob', 'Gallia', 10, '']],
      origin: at('Players'),
      merges: [box(0, 2, 0, 3)],
    });
    const territories = {
      cells: [
        ['Territory', 'Value', 'Owner', 'City'],
        ['Italia', 5, 'Ann', ''],
        ['Gallia', 5, 'Bob', ''],
      ],
      origin: at('Territories'),
    };
    const books = (header: readonly string[]) =>
      readState({
        players: players(header),
        territories,
        game: null,
        purchases: null,
        ransoms: null,
      });
    const treasury = books(['Player', 'Home', 'Treasury', '']);
    expect(treasury.ok ? [] : treasury.error).toEqual([
      'Players!D2: "5" is under D1, which the merged cells C1:D1 cover: that header is C1\'s, so Praetor does not read this column: unmerge C1:D1 and give each column its own header',
    ]);
    // Notes merged over C1:D1 (the treasury in E): C is a notes column, D has no header; neither is read.
    const notes = books(['Player', 'Home', 'Notes', '', 'Treasury']);
    expect(notes.ok ? [] : notes.error).toEqual([]);
  });

  it('a treasury a merge shows over two players stops the Players table, naming the cell', () => {
    const players = {
      cells: [
        ['Player', 'Home', 'Treasury'],
        ['Ann', 'Italia', 20],
        ['Bob', 'Gallia', ''],
      ],
      origin: at('Players'),
      merges: [box(1, 2, 2, 2)],
    };
    const territories = {
      cells: [
        ['Territory', 'Owner', 'City'],
        ['Italia', 'Ann', ''],
        ['Gallia', 'Bob', ''],
      ],
      origin: at('Territories'),
    };
    const books = readState({ players, territories, game: null, purchases: null, ransoms: null });
    expect(books.ok ? [] : books.error).toContain(
      'Players!C3: the merged cells C2:C3 show "20" here, but that is C2\'s value and Praetor reads C3 as blank: unmerge C2:C3 and give each cell its own value',
    );
  });
});
