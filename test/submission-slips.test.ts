import { GridOrigin } from '../src/cells';
import { lookalikeColumns } from '../src/header-slips';
import { adjudicateSubmission } from '../src/adjudicate';
import { readSubmission, SheetTable } from '../src/submission';

/**
 * A column whose header is near one Praetor reads, and which the table lacks (`Fortress` with
 * no `Fort`, `Cavalary` with no `Cavalry`): a value under it would otherwise be fought as no
 * fort, no cavalry, and the run would pass. Such a battle is an error naming the cell.
 */

const at = (sheet: string): GridOrigin => ({ sheet, row: 0, col: 0 });
const table = (sheet: string, cells: unknown[][]): SheetTable => ({ cells, origin: at(sheet) });

const LEGIONS = [
  ['Battle', 'Side', 'Infantry', 'Cavalry'],
  ['B1', 'Attacker', 5, ''],
  ['B1', 'Defender', 5, ''],
  ['B2', 'Attacker', 3, 1],
  ['B2', 'Defender', 3, ''],
];

const errors = (battles: unknown[][], legions: unknown[][] = LEGIONS) => {
  const s = readSubmission(table('Battles', battles), table('Legions', legions));
  return { s, errors: adjudicateSubmission(s).map((a) => (a.outcome.ok ? null : a.outcome.error)) };
};

describe('columns that look like a deciding column the table lacks', () => {
  it('a value under "Fortress" and "Retreat orders" stops that battle, naming each cell', () => {
    const { s, errors: e } = errors([
      ['Battle', 'Fortress', 'Retreat orders', 'Seed'],
      ['B1', 'yes', 'units <= 3', 's'],
      ['B2', '', '', 's'],
    ]);
    expect(e).toEqual([
      'Battles!B2: "yes" is under "Fortress", a column Praetor does not read, so the battle is not fought: name the column "Fort" if that is what it holds, or "Notes" if not; ' +
        'Battles!C2: "units <= 3" is under "Retreat orders", a column Praetor does not read, so the battle is not fought: name the column "Retreat" if that is what it holds, or "Notes" if not',
      null,
    ]);
    // The header's warnings stay as they were.
    expect(s.warnings).toHaveLength(2);
    expect(s.warnings[0]).toMatch(/^Battles!B1: column "Fortress" is not one Praetor reads/);
  });

  it('a count under a misspelt unit column stops the battle of that legion only', () => {
    const legions = [
      ['Battle', 'Side', 'Infantry', 'Cavalary'],
      ['B1', 'Attacker', 3, 4],
      ['B1', 'Defender', 3, ''],
      ['B2', 'Attacker', 3, ''],
      ['B2', 'Defender', 2, ''],
    ];
    const { errors: e } = errors([['Battle'], ['B1'], ['B2']], legions);
    expect(e).toEqual([
      'Legions!D2: "4" is under "Cavalary", a column Praetor does not read, so the battle is not fought: name the column "Cavalry" if that is what it holds, or "Notes" if not',
      null,
    ]);
  });

  it.each([
    ['Infantry (INF)', 'Infantry'],
    ['Inf.', 'Infantry'],
    ['Infantery', 'Infantry'],
    ['Horses', 'Cavalry'],
    ['Catapult #', 'Catapult'],
  ])('%s is taken for the %s column', (header, name) => {
    const legions = [
      ['Battle', 'Side', 'Galleys', header],
      ['B1', 'Attacker', '', 3],
      ['B1', 'Defender', '', 2],
    ];
    const { errors: e } = errors([['Battle'], ['B1']], legions);
    expect(e[0]).toContain(`name the column "${name}" if that is what it holds`);
    // As the one unit column, it is named with the table's own problem.
    const alone = errors(
      [['Battle'], ['B1']],
      legions.map((row) => [row[0], row[1], row[3]]),
    );
    expect(alone.s.problems).toEqual([
      'Legions!A1: Legions has no unit columns (Infantry, Cavalry, Catapults, Galleys)',
      `Legions!C1: column "${header}" is not one Praetor reads: name it "${name}" if that is what it holds`,
    ]);
  });

  it('a header whose Battle column is misspelt says which column it likely is', () => {
    const { s } = errors([
      ['Battle #', 'Fort'],
      ['B1', 1],
    ]);
    expect(s.problems).toEqual([
      'Battles!A1: Battles has no "Battle" column in its header row',
      'Battles!A1: column "Battle #" is not one Praetor reads: name it "Battle" if that is what it holds',
    ]);
  });

  it('a header near a column of other rules only is no slip in this battle', () => {
    // "Attacker's orders" is near "Attacker orders", which imperium battles read and cote-pbem's
    // do not.
    const battles = [
      ['Battle', "Attacker's orders", 'Rules'],
      ['B1', 'Ann', ''],
      ['B2', 'Ann', 'imperium'],
    ];
    const { s, errors: e } = errors(battles, [
      ['Battle', 'Side', 'Infantry'],
      ['B1', 'Attacker', 3],
      ['B1', 'Defender', 2],
    ]);
    expect(e[0]).toBeNull();
    expect(s.warnings[0]).toMatch(
      /^Battles!B1: column "Attacker's orders" is not one Praetor reads/,
    );
    const b2 = s.entries.find((x) => x.id === 'B2')!;
    expect(b2.error).toContain(
      'Battles!B3: "Ann" is under "Attacker\'s orders", a column Praetor does not read, so the battle is not fought: name the column "Attacker orders"',
    );
  });

  it('a title above the header: the row below it holding "Battle" is named', () => {
    // A title that looks like a column is not named as one: the header row is the slip.
    for (const title of ['Turn 3 orders', 'Battles for turn 3']) {
      const { s } = errors([[title], ['Battle', 'Fort'], ['B1', 1]]);
      // Named alone: no missing column, no column with no header below the title.
      expect(s.problems).toEqual([
        'Battles!A2 holds "Battle", below the row read as the header (row 1): clear or delete the rows above the header',
      ]);
      expect(s.warnings).toEqual([]);
    }
    const legions = errors([['Battle'], ['B1']], [["Ann's legions"], ...LEGIONS]);
    expect(legions.s.problems).toEqual([
      'Legions!A2 holds "Battle", below the row read as the header (row 1): clear or delete the rows above the header',
    ]);
    expect(legions.s.warnings).toEqual([]);
  });

  it('a look-alike of a column the table has, a label or a note is only warned of', () => {
    const legions = [
      ['Battle', 'Side', 'Players', 'Infantry', 'Infantary', 'Notes'],
      ['B1', 'Attacker', 'Ann', 3, 9, 'more infantry next turn'],
      ['B1', 'Defender', 'Bob', 2, 9, ''],
    ];
    const { s, errors: e } = errors(
      [
        ['Battle', 'Territory owner'],
        ['B1', 'Ann'],
      ],
      legions,
    );
    expect(e).toEqual([null]);
    expect(s.warnings.map((w) => w.slice(0, w.indexOf(':')))).toEqual([
      'Battles!B1',
      'Legions!C1',
      'Legions!E1',
    ]);
  });

  it('weighs a header against the words of each column: near, a start of it, or not at all', () => {
    const columns = [
      { word: 'fort', name: 'Fort', present: false },
      { word: 'seed', name: 'Seed', present: false },
      { word: 'rounds', name: 'Rounds', present: false },
      { word: 'breach by', name: 'Breach by', present: false },
      { word: 'dice', name: 'Dice', present: true },
    ];
    const header = [
      'Fortified?',
      'Seeds',
      'Round',
      'Breach-by',
      'Dice roll',
      'Owner',
      'Turn',
      'Email',
      'Ft',
      '',
      'Frot',
      'Sede',
    ];
    const found = lookalikeColumns(
      header,
      () => false,
      () => columns,
    );
    expect([...found].map(([col, likes]) => [col, likes.map((l) => l.name)])).toEqual([
      [0, ['Fort']],
      [1, ['Seed']],
      [2, ['Rounds']],
      [3, ['Breach by']],
      [10, ['Fort']],
      [11, ['Seed']],
    ]);
    // Three letters: the same letters in another order, nothing else.
    const sea = [{ word: 'sea', name: 'Sea', present: false }];
    const three = lookalikeColumns(
      ['Sae', 'Set', 'Sew', 'Seas', 'Season'],
      () => false,
      () => sea,
    );
    expect([...three.keys()]).toEqual([0]);
    // Slips a game master makes, caught; and columns near a deciding one only by chance: the
    // longer the words, the fewer such chances. Where the two weigh against each other, the
    // rules lean to the alarm (`House` for `Horse`): a false alarm stops a battle with a message,
    // a missed slip fights it wrongly.
    const known = [
      { word: 'horse', name: 'Horse', present: false },
      { word: 'cavalry', name: 'Cavalry', present: false },
      { word: 'rules', name: 'Rules', present: false },
      { word: 'seed', name: 'Seed', present: false },
      { word: 'line of cohorts', name: 'Line of cohorts', present: false },
      { word: 'leader charisma', name: 'Leader charisma', present: false },
      { word: 'charisma', name: 'Leader charisma', present: false },
      { word: 'experience', name: 'Experience', present: false },
      { word: 'leadership', name: 'Leadership', present: false },
      { word: 'fort', name: 'Fort', present: false },
    ];
    const headers = [
      ...['Calvary', 'Rulez', 'Sead', 'Exp', 'Char', 'Ｆｏｒｔ', 'Fotr', 'House'],
      ...['Line', 'Leader', 'Leaders', 'Season', 'Seat', 'Sales', 'Rounds'],
    ];
    const found2 = lookalikeColumns(
      headers,
      () => false,
      () => known,
    );
    expect([...found2].map(([col, likes]) => [headers[col], likes[0].name])).toEqual([
      ['Calvary', 'Cavalry'],
      ['Rulez', 'Rules'],
      ['Sead', 'Seed'],
      ['Exp', 'Experience'],
      ['Char', 'Leader charisma'],
      ['Ｆｏｒｔ', 'Fort'],
      ['Fotr', 'Fort'],
      ['House', 'Horse'],
    ]);
  });

  it('a Dice cell Excel stored as a number: how to keep the dice as typed', () => {
    // "3,456" typed in a cell: Excel reads the comma as a thousands separator.
    const { errors: e } = errors([
      ['Battle', 'Dice'],
      ['B1', 3456],
      ['B2', '3456'],
    ]);
    expect(e).toEqual([
      'Battles!B2: dice: die 1 is "3456": each die must be a whole number from 1 to 6 (dice run together: write them apart, as 3 4 5 6); Excel reads 3,456 as the number 3456: format the cell as text',
      'Battles!B3: dice: die 1 is "3456": each die must be a whole number from 1 to 6 (dice run together: write them apart, as 3 4 5 6)',
    ]);
  });

  it('a Dice cell Excel stored as a decimal (3,4 where a comma is the decimal mark) says so', () => {
    const { errors: e } = errors([
      ['Battle', 'Dice'],
      ['B1', 3.4],
      ['B2', 2.5],
    ]);
    expect(e).toEqual([
      'Battles!B2: dice: die 1 is "3.4": each die must be a whole number from 1 to 6; Excel reads 3,4 as the decimal number 3.4 where a comma is the decimal mark: format the cell as text and type the dice again',
      'Battles!B3: dice: die 1 is "2.5": each die must be a whole number from 1 to 6; Excel reads 2,5 as the decimal number 2.5 where a comma is the decimal mark: format the cell as text and type the dice again',
    ]);
  });

  it('a header with the letters of a column and a mark besides names the mark', () => {
    const { s, errors: e } = errors([
      ['Battle', 'Fort?', 'Retreat (if)'],
      ['B1', 1, 'units <= 2'],
    ]);
    expect(e).toEqual([
      'Battles!B2: "1" is under "Fort?", a column Praetor does not read, so the battle is not fought: name the column "Fort" if that is what it holds, or "Notes" if not (the header holds "?" besides its letters); ' +
        'Battles!C2: "units <= 2" is under "Retreat (if)", a column Praetor does not read, so the battle is not fought: name the column "Retreat" if that is what it holds, or "Notes" if not (the header holds "(" and ")" besides its letters)',
    ]);
    // Its warning says what the errors do, not that the column is ignored.
    expect(s.warnings).toEqual([
      expect.stringMatching(
        /^Battles!B1: column "Fort\?" is not one Praetor reads \(.*\); it looks like "Fort", so a cote-pbem or cote-online battle with a value under it is not fought$/,
      ),
      expect.stringMatching(
        /^Battles!C1: column "Retreat \(if\)" is not one Praetor reads \(.*\); it looks like "Retreat", so a cote-pbem battle with a value under it is not fought$/,
      ),
    ]);
  });

  it("a look-alike header's warning names every ruleset whose battles it stops, or none when all", () => {
    const warningOf = (header: string) => {
      const { s } = errors([
        ['Battle', header],
        ['B1', ''],
      ]);
      return s.warnings.find((w) => w.startsWith('Battles!B1:')) ?? '';
    };
    expect(warningOf("Attackers' orders")).toMatch(
      /; it looks like "Attacker orders", so an imperium battle with a value under it is not fought$/,
    );
    expect(warningOf('Round')).toMatch(
      /; it looks like "Rounds", so a battle with a value under it is not fought$/,
    );
    expect(warningOf('Retreatif')).toMatch(
      /; it looks like "Retreat", so a cote-pbem battle with a value under it is not fought$/,
    );
    const { errors: e } = errors([
      ['Battle', 'Retreatif'],
      ['B1', 'units <= 2'],
    ]);
    expect(e[0]).toMatch(/\(the header is spaced otherwise: type it as the name above\)$/);
    const { errors: wide } = errors([
      ['Battle', 'Ｆｏｒｔ'],
      ['B1', 1],
    ]);
    expect(wide[0]).toMatch(/\(the header holds letters of another width: type it again\)$/);
    // Cavalry, read by both rules of the workbook: both are named.
    const { s: cav } = errors(
      [
        ['Battle', 'Seed', 'Rules'],
        ['B1', 's', 'cote-pbem'],
        ['B2', 's', 'cote-online'],
      ],
      [
        ['Battle', 'Side', 'Infantry', 'Cavalary'],
        ['B1', 'Attacker', 1, ''],
        ['B1', 'Defender', 1, ''],
        ['B2', 'Attacker', 1, 2],
        ['B2', 'Defender', 1, ''],
      ],
    );
    expect(cav.warnings).toEqual([
      expect.stringMatching(
        /; it looks like "Cavalry", so a cote-pbem or cote-online battle with a value under it is not fought$/,
      ),
    ]);
  });

  it('a header that looks right but holds a character that cannot be seen says so', () => {
    // Right as a column's other name too.
    const alias = errors([
      ['Battle', 'Fortified\u200b'],
      ['B1', 1],
    ]);
    expect(alias.errors[0]).toMatch(/perhaps a character that cannot be seen: type it again\)$/);
    const { errors: e } = errors([
      ['Battle', 'Fo\u200brt'],
      ['B1', 1],
    ]);
    expect(e[0]).toBe(
      'Battles!B2: "1" is under "Fo\u200brt", a column Praetor does not read, so the battle is not fought: name the column "Fort" if that is what it holds, or "Notes" if not (the header holds more than its letters, perhaps a character that cannot be seen: type it again)',
    );
  });
});

describe('an option that changes nothing in its battle', () => {
  it('Breach by catapult with no Fort: a warning at its cell, the battle fought as written', () => {
    const { s, errors: e } = errors([
      ['Battle', 'Fort', 'Breach by', 'Seed'],
      ['B1', '', 'catapult', 's'],
      ['B2', 1, 'Catapult', 's'],
    ]);
    expect(e).toEqual([null, null]);
    expect(s.warnings).toEqual([
      'Battles!C2: battle "B1" gives Breach by "catapult": it can change nothing in this battle: there are no walls to breach; give Fort 1 or 2 if there are',
    ]);
    const { s: noFort } = errors([
      ['Battle', 'Fort', 'Breach by', 'Seed'],
      ['B1', 'no', 'any', 's'],
      ['B2', 0, 'catapult', 's'],
    ]);
    expect(noFort.warnings.map((w) => w.slice(0, 12))).toEqual(['Battles!C3: ']);
  });

  it('a Seed beside Dice: a warning at the Seed, the Dice used', () => {
    const { s, errors: e } = errors([
      ['Battle', 'Seed', 'Dice'],
      ['B1', 'example', '3,4,4,2,3,4,1,2,5,6,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3'],
      ['B2', '', '3,4,4,2,3,4,1,2,5,6,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3'],
    ]);
    expect(e).toEqual([null, null]);
    expect(s.entries[0].spec?.seed).toBeUndefined();
    expect(s.warnings).toEqual([
      'Battles!B2: battle "B1" gives Seed "example": it can change nothing in this battle: its Dice are used; clear the Seed',
    ]);
  });

  it('retreat orders from a round after the pause: a warning to clear or raise Rounds', () => {
    const { s, errors: e } = errors([
      ['Battle', 'Retreat', 'Rounds', 'Seed'],
      ['B1', 'lost >= 3; units <= 4 from round 2', 1, 's'],
      ['B2', 'lost >= 3; units <= 4 from round 2', '', 's'],
    ]);
    expect(e).toEqual([null, null]);
    expect(s.warnings).toEqual([
      'Battles!B2: battle "B1" gives Retreat "lost >= 3; units <= 4 from round 2": its orders from round 2 can change nothing in this battle: the battle pauses after round 1 (Rounds): clear Rounds, or raise it, for them to act',
    ]);
  });
});
