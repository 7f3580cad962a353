import { GridOrigin } from '../src/cells';
import { adjudicateSubmission } from '../src/adjudicate';
import { freeSheetName } from '../src/sheet-names';
import { logSheet, logSheetName } from '../src/log-sheet';
import { numberColumns } from '../src/sheet-layout';
import { RESULTS_HEADER, resultsRow, resultsSheet, resultsSheetName } from '../src/results-sheet';
import { safeText } from '../src/cell-value';
import { rulesetIds } from '../src/rulesets';
import { derivedSeed, readSubmission, SheetTable } from '../src/submission';
import { BATTLES_HEADER, LEGIONS_HEADER, battle, legion } from './helpers/workbooks';

/** The shared path from grids to results, as the taskpane and the headless referee take it. */

const at = (sheet: string): GridOrigin => ({ sheet, row: 0, col: 0 });
const table = (sheet: string, cells: unknown[][]): SheetTable => ({ cells, origin: at(sheet) });

function read(
  battles: unknown[][],
  legions: unknown[][],
  bHeader = BATTLES_HEADER,
  lHeader = LEGIONS_HEADER,
) {
  return readSubmission(
    table('Battles', [bHeader, ...battles]),
    table('Legions', [lHeader, ...legions]),
  );
}

const twoSides = (id: string) => [
  legion(id, 'Attacker', 'Marcus', 3, 1),
  legion(id, 'Defender', 'Brutus', 4),
];

function errorOf(battles: unknown[][], legions: unknown[][]): string {
  const all = adjudicateSubmission(read(battles, legions));
  const bad = all.find((a) => !a.outcome.ok);
  if (!bad || bad.outcome.ok) throw new Error('expected an error');
  return bad.outcome.error;
}

describe('readSubmission and adjudicateSubmission', () => {
  it('resolves a clean submission, the columns in any case and order', () => {
    const bHeader = ['SEED', 'fort', 'BATTLE'];
    const s = readSubmission(
      table('Battles', [bHeader, ['s1', 2, 'B1']]),
      table('Legions', [
        ['catapults', 'SIDE', 'battle', 'infantry'],
        [1, 'attacker', 'B1', 4],
        ['', 'Defender', 'B1', 3],
      ]),
    );
    expect(s.problems).toEqual([]);
    const [a] = adjudicateSubmission(s);
    expect(a.outcome.ok).toBe(true);
    if (!a.outcome.ok) return;
    expect(a.outcome.value.options).toMatchObject({ fort: 2 });
    expect(a.outcome.value.dice).toEqual({ seed: 's1', algorithm: 'seedrandom alea' });
  });

  it('reads a table placed anywhere and names its cells', () => {
    const s = readSubmission(
      {
        cells: [BATTLES_HEADER, battle('B1', { Sea: 'maybe' })],
        origin: { sheet: 'My orders', row: 4, col: 2 },
      },
      table('Legions', [LEGIONS_HEADER, ...twoSides('B1')]),
    );
    expect(s.entries[0].error).toBe(`'My orders'!F6: sea is "maybe": expected yes or no`);
  });

  it('takes Dice over Seed, and derives a seed from the id and rosters when neither is given', () => {
    const s = read(
      [battle('B1', { Seed: 'ignored', Dice: Array(40).fill(1).join(',') }), battle('B2')],
      [...twoSides('B1'), ...twoSides('B2')],
    );
    expect(s.entries[0].spec!.dice).toHaveLength(40);
    expect(s.entries[0].spec!.seed).toBeUndefined();
    expect(s.entries[1].seedDerived).toBe(true);
    expect(s.entries[1].spec!.seed).toBe('B2 | Marcus: 1 CAV 3 INF | Brutus: 4 INF');
    const rows = resultsSheet(adjudicateSubmission(s));
    expect(rows[0]).toEqual(RESULTS_HEADER);
    expect(rows[1][8]).toBe(`scripted: ${Array(40).fill(1).join(',')}`);
    expect(rows[2][8]).toBe('B2 | Marcus: 1 CAV 3 INF | Brutus: 4 INF');
  });

  it('derives the same seed whatever the order of the unit columns', () => {
    const sides = (units: Record<string, number>) => ({
      attacker: [{ leader: 'M', units, where: '' }],
      defender: [{ units: { INF: 2 }, where: '' }],
    });
    expect(derivedSeed('B', sides({ INF: 2, CAT: 1 }))).toBe(
      derivedSeed('B', sides({ CAT: 1, INF: 2 })),
    );
    expect(derivedSeed('B', sides({ INF: 2, CAT: 1 }))).toBe('B | M: 1 CAT 2 INF | 2 INF');
  });

  it('gives the same results for the same submission, every time', () => {
    const make = () =>
      resultsSheet(
        adjudicateSubmission(
          read(
            [battle('B1'), battle('B2', { Fort: 'yes' })],
            [...twoSides('B1'), ...twoSides('B2')],
          ),
        ),
      );
    expect(make()).toEqual(make());
  });

  describe('bad input: a message naming sheet, row and column; the other battles go on', () => {
    it('a missing Battle column in Battles', () => {
      const s = read([['B1']], twoSides('B1'), ['Id of battle']);
      expect(s.problems).toEqual(['Battles!A1: Battles has no "Battle" column in its header row']);
    });

    it('a legion for a mistyped battle names the battle it is likely for', () => {
      const s = read(
        [battle('Gergovia'), battle('Alesia')],
        [
          ...twoSides('Gergovia'),
          legion('Gregovia', 'Defender', 'X', 1),
          legion('B 9', 'Attacker', 'Y', 1),
        ],
      );
      expect(s.problems).toEqual([
        'Legions!A4: the legion is for battle "Gregovia", which is not in Battles: did you mean "Gergovia"?',
        'Legions!A5: the legion is for battle "B 9", which is not in Battles',
      ]);
      // A battle with no id is named by its row, "(row 2)": no legion's id is a slip for it.
      const idless = read(
        [battle('', { Territory: 'Gaul' }), battle('Alesia')],
        [...twoSides('Alesia'), legion('Row 2', 'Attacker', 'X', 1)],
      );
      expect(idless.problems).toContainEqual(
        'Legions!A4: the legion is for battle "Row 2", which is not in Battles',
      );
    });

    it('a missing Battle, Side or unit column in Legions', () => {
      const s = read([battle('B1')], [['B1', 'x']], undefined, ['Fight', 'Leader']);
      expect(s.problems).toEqual([
        'Legions!A1: Legions has no "Battle" column',
        'Legions!A1: Legions has no "Side" column',
        'Legions!A1: Legions has no unit columns (Infantry, Cavalry, Catapults, Galleys)',
      ]);
      expect(s.entries).toEqual([]);
    });

    it('a legion for a battle that does not exist', () => {
      const s = read([battle('B1')], [...twoSides('B1'), legion('B9', 'Attacker', 'X', 1)]);
      expect(s.problems).toEqual([
        'Legions!A4: the legion is for battle "B9", which is not in Battles',
      ]);
      expect(adjudicateSubmission(s)[0].outcome.ok).toBe(true);
      expect(resultsSheet(adjudicateSubmission(s), s.problems)[2]).toEqual([
        '',
        '',
        'error',
        '',
        '',
        '',
        '',
        '',
        '',
        s.problems[0],
      ]);
    });

    it('a battle with no attacker, or no defender', () => {
      const s = read(
        [battle('B1'), battle('B2'), battle('B3')],
        [legion('B1', 'Defender', 'D', 2), legion('B2', 'Attacker', 'A', 2), ...twoSides('B3')],
      );
      expect(s.entries.map((e) => e.error)).toEqual([
        'Battles!A2: battle "B1" has no attacker legion in Legions',
        'Battles!A3: battle "B2" has no defender legion in Legions',
        null,
      ]);
    });

    it.each([
      ['three', 'Legions!E2: "three" is not a count (a whole number, 0 or more)'],
      [-2, 'Legions!E2: -2: a count cannot be negative'],
      [1.5, 'Legions!E2: 1.5: a count must be a whole number'],
    ])('a count of %p', (count, message) => {
      expect(
        errorOf(
          [battle('B1'), battle('B2')],
          [
            legion('B1', 'Attacker', 'M', count),
            legion('B1', 'Defender', 'B', 2),
            ...twoSides('B2'),
          ],
        ),
      ).toBe(message);
    });

    it('more than 7 units in a legion', () => {
      expect(
        errorOf(
          [battle('B1')],
          [legion('B1', 'Attacker', 'M', 5, 2, 1), legion('B1', 'Defender', 'B', 2)],
        ),
      ).toBe(
        'battle B1: attacker legion at Legions!E2 (M, player Ann): 8 combat units; a legion holds at most 7',
      );
    });

    it('unknown rules', () => {
      expect(errorOf([battle('B1', { Rules: 'risk' })], twoSides('B1'))).toBe(
        `Battles!C2: unknown rules "risk" (known: ${rulesetIds().join(', ')}; blank means cote-pbem)`,
      );
    });

    it('a bad retreat condition', () => {
      expect(errorOf([battle('B1', { Retreat: 'when losing' })], twoSides('B1'))).toMatch(
        /^Battles!G2: retreat condition "when losing": cannot read/,
      );
    });

    it('bad options, each at its cell, and sea with a fort at the row', () => {
      expect(errorOf([battle('B1', { Fort: 3 })], twoSides('B1'))).toMatch(
        /^Battles!E2: fort is "3"/,
      );
      expect(errorOf([battle('B1', { Rounds: 0 })], twoSides('B1'))).toMatch(
        /^Battles!H2: rounds is "0"/,
      );
      expect(errorOf([battle('B1', { 'Breach by': 'ram' })], twoSides('B1'))).toMatch(
        /^Battles!F2: breach by/,
      );
      expect(errorOf([battle('B1', { Sea: 'yes', Fort: 1 })], twoSides('B1'))).toMatch(
        /^Battles!A2: a sea battle cannot have a fortification/,
      );
    });

    it('bad dice, and too few scripted dice', () => {
      expect(errorOf([battle('B1', { Dice: '1,2,9' })], twoSides('B1'))).toBe(
        'Battles!J2: dice: die 3 is "9": each die must be a whole number from 1 to 6',
      );
      expect(errorOf([battle('B1', { Dice: '1,2,3' })], twoSides('B1'))).toMatch(
        /^Battles!J2: battle B1: the scripted dice ran out after 3 dice/,
      );
    });

    it('duplicate battle ids (in any case): both rows are errors', () => {
      const s = read(
        [battle('B1'), battle('b1'), battle('B2')],
        [...twoSides('B1'), ...twoSides('B2')],
      );
      expect(s.entries.map((e) => e.error)).toEqual([
        'Battles!A2: battle id "B1" is used again at Battles!A3; ids must be unique, so neither battle is resolved',
        'Battles!A3: battle id "b1" is used twice (also at Battles!A2); ids must be unique',
        null,
      ]);
    });

    it("ids that differ only as Excel's capitals do not (final ς, long ſ) are one id; ß is not ss, ı not i", () => {
      const s = read(
        [
          battle('ΟΣ'),
          battle('οσ'),
          battle('Straße'),
          battle('Strasse'),
          battle('ſpqr'),
          battle('Kırk'),
          battle('Kirk'),
        ],
        [
          ...twoSides('ος'),
          ...twoSides('Straße'),
          ...twoSides('Strasse'),
          ...twoSides('SPQR'),
          ...twoSides('KIRK'),
          ...twoSides('kırk'),
        ],
      );
      expect(s.entries.map((e) => e.error)).toEqual([
        'Battles!A2: battle id "ΟΣ" is used again at Battles!A3; ids must be unique, so neither battle is resolved',
        'Battles!A3: battle id "οσ" is used twice (also at Battles!A2); ids must be unique',
        null,
        null,
        null,
        null,
        null,
      ]);
    });

    it('a header that stops its sheet names its look-alikes as errors, not also as columns ignored', () => {
      const batle = read([['B1']], twoSides('B1'), ['Batle', 'Notes', 'Colour']);
      expect(batle.problems).toEqual([
        'Battles!A1: Battles has no "Battle" column in its header row',
        'Battles!A1: column "Batle" is not one Praetor reads: name it "Battle" if that is what it holds',
      ]);
      expect(batle.warnings).toEqual([
        expect.stringMatching(
          /^Battles!C1: column "Colour" is not one Praetor reads \(.*\); it is ignored$/,
        ),
      ]);
      const sid = read([battle('B1')], [], BATTLES_HEADER, [
        'Battle',
        'Sid',
        'Infantry',
        'Cavalary',
        'Hue',
      ]);
      expect(sid.problems).toEqual([
        'Legions!A1: Legions has no "Side" column',
        'Legions!B1: column "Sid" is not one Praetor reads: name it "Side" if that is what it holds',
        'Legions!D1: column "Cavalary" is not one Praetor reads: name it "Cavalry" if that is what it holds',
      ]);
      expect(sid.warnings).toEqual([
        expect.stringMatching(
          /^Legions!E1: column "Hue" is not one Praetor reads \(.*\); it is ignored$/,
        ),
      ]);
    });

    it('a blank id, a bad side, a column that is not read', () => {
      const s = read(
        [battle('', { Territory: 'Gallia' }), battle('B2'), battle('B3')],
        [...twoSides('B2'), legion('B3', 'Ally', 'X', 1), legion('B3', 'Defender', 'Y', 1)],
        [...BATTLES_HEADER, 'Notes'],
        [...LEGIONS_HEADER, 'Infantary'],
      );
      expect(s.entries.map((e) => e.error)).toEqual([
        'Battles!A2: the battle has no id (the Battle column is blank)',
        null,
        'Legions!B4: side "Ally" is neither Attacker nor Defender',
      ]);
      expect(s.warnings).toEqual([
        'Legions!I1: column "Infantary" is not one Praetor reads (Battle, Side, Player, Leader, Infantry, Cavalry, Catapults, Galleys); it is ignored',
      ]);
    });

    it('a sheet with no battles at all', () => {
      expect(read([], []).problems).toEqual([
        'Battles!A1: Battles has no battles below its header row',
      ]);
    });
  });
});

describe('results and log sheets', () => {
  const [ok] = adjudicateSubmission(read([battle('B1', { Seed: 'x' })], twoSides('B1')));

  it('a results row per battle, an error row per bad one', () => {
    expect(resultsRow(ok)).toEqual(expect.arrayContaining(['B1', 'x', '']));
    expect(
      resultsRow({ id: 'B2', where: 'Battles!A3', outcome: { ok: false, error: 'bad' } }),
    ).toEqual(['B2', '', 'error', '', '', '', '', '', '', 'bad']);
  });

  it('a log sheet with its summary, header and one row per shot, and its printed header', () => {
    if (!ok.outcome.ok) throw new Error(ok.outcome.error);
    const log = logSheet(ok.outcome.value, new Set(['Log B1']));
    expect(log.name).toBe('Log B1 (2)');
    expect(log.rows).toHaveLength(ok.outcome.value.events.length);
    expect(log.header[0]).toBe('Round');
    expect(log.page).toEqual({ battle: 'Battle B1', ruleset: 'cote-pbem 1.0.0', dice: 'seed x' });
  });

  it('sheet names: legal, free, at most 31 characters, any case', () => {
    expect(logSheetName('a/b:c?', new Set())).toBe('Log a_b_c_');
    expect(logSheetName('x'.repeat(40), new Set())).toHaveLength(31);
    expect(resultsSheetName(new Set(['RESULTS', 'Results (2)']))).toBe('Results (3)');
    expect(freeSheetName("'quoted'", new Set())).toBe('quoted');
    expect(freeSheetName('History', new Set())).toBe('History (2)');
    // An emoji is two UTF-16 units: one that the cut would split is left out whole.
    const emoji = `Log ${'x'.repeat(26)}😀`;
    expect(freeSheetName(emoji, new Set())).toBe(`Log ${'x'.repeat(26)}`);
    const taken = `Log ${'x'.repeat(22)}😀y`;
    expect(freeSheetName(taken, new Set([taken]))).toBe(`Log ${'x'.repeat(22)} (2)`);
  });

  it('sheet names: letters one in capitals are one name, as Excel compares them', () => {
    // Final sigma and sigma, dotless i and I, long s and s: each pair is one name to Excel.
    expect(logSheetName('οσ', new Set(['Log ΟΣ']))).toBe('Log οσ (2)');
    expect(logSheetName('ΟΣ', new Set(['Log ος']))).toBe('Log ΟΣ (2)');
    expect(logSheetName('ı', new Set(['Log I']))).toBe('Log ı (2)');
    expect(logSheetName('ſ', new Set(['Log s']))).toBe('Log ſ (2)');
    expect(logSheetName('é', new Set(['Log e']))).toBe('Log é');
  });

  it("sheet names: an id of apostrophes alone still gives a log sheet's name", () => {
    expect(logSheetName("'", new Set())).toBe('Log _');
    expect(logSheetName("''", new Set(['Log _']))).toBe('Log _ (2)');
    expect(logSheetName("it's", new Set())).toBe("Log it's");
  });

  it('safeText keeps formula-like text as text for Office.js', () => {
    expect(safeText('=1+1')).toBe("'=1+1");
    expect(safeText('-3')).toBe("'-3");
    expect(safeText('Marcus')).toBe('Marcus');
    expect(safeText(3)).toBe(3);
  });
});

describe('the Mode column (cote-online)', () => {
  const legions = [
    ['B1', 'Attacker', 'Marcus', '', 3],
    ['B1', 'Defender', 'Brutus', '', 3],
  ];
  const bHeader = ['Battle', 'Rules', 'Mode', 'Dice'];
  const lHeader = ['Battle', 'Side', 'Leader', 'Player', 'Infantry'];

  it('plays one round and retreats in hit-and-run', () => {
    // Six rolls, all misses (1-4 miss for Infantry): the attacker retreats after round 1.
    const s = read(
      [['B1', 'cote-online', 'hit-and-run', '1,1,1,1,1,1']],
      legions,
      bHeader,
      lHeader,
    );
    const [a] = adjudicateSubmission(s);
    expect(a.outcome.ok && a.outcome.value).toMatchObject({
      outcome: 'retreat',
      rounds: 1,
      diceUsed: 6,
    });
  });

  it('is an error, naming the cell, under rules that have no modes', () => {
    const s = read([['B1', 'cote-pbem', 'hit-and-run', '1,1,1']], legions, bHeader, lHeader);
    const [a] = adjudicateSubmission(s);
    expect(!a.outcome.ok && a.outcome.error).toBe(
      'Battles!C2: the Mode column does not apply to cote-pbem battles: clear the cell',
    );
  });
});

describe('headers and forces tables: what the core reads of them', () => {
  it('matches a header written over two lines or with doubled spaces', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Breach\nby', 'Seed'],
        ['B1', 'ram', 's'],
      ]),
      table('Legions', [LEGIONS_HEADER, ...twoSides('B1')]),
    );
    expect(s.warnings).toEqual([]);
    expect(s.entries[0].error).toMatch(/^Battles!B2: breach by/);
    const spaced = readSubmission(
      table('Battles', [
        ['Battle  id', 'Seed'],
        ['B1', 's'],
      ]),
      table('Legions', [LEGIONS_HEADER, ...twoSides('B1')]),
    );
    expect(spaced.problems).toEqual([]);
    expect(spaced.entries.map((e) => e.id)).toEqual(['B1']);
  });

  it('does not warn of a blank header cell', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', '', 'Seed'],
        ['B1', '', 's'],
      ]),
      table('Legions', [[...LEGIONS_HEADER, null], ...twoSides('B1')]),
    );
    expect(s.warnings).toEqual([]);
    expect(s.problems).toEqual([]);
  });

  it('skips a row that holds only notes, as a blank row; a note beside any other value is read', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Notes', 'Seed', 'Remarks'],
        ['', 'the second battle waits for orders', '', 'see email'],
        ['B1', 'first', 's', ''],
      ]),
      table('Legions', [
        [...LEGIONS_HEADER, 'Comment'],
        [...twoSides('B1')[0], ''],
        [...LEGIONS_HEADER.map(() => ''), 'reinforcements next turn'],
        [...twoSides('B1')[1], 'holds the ford'],
      ]),
    );
    expect(s.problems).toEqual([]);
    expect(s.entries.map((e) => [e.id, e.error])).toEqual([['B1', null]]);
    expect(adjudicateSubmission(s)[0].outcome.ok).toBe(true);
    // A value under no note header is no note: the row is read, and named for what it lacks.
    const seeded = readSubmission(
      table('Battles', [
        ['Battle', 'Notes', 'Seed'],
        ['', 'waits', 's2'],
        ['B1', '', 's'],
      ]),
      table('Legions', [
        LEGIONS_HEADER,
        ...twoSides('B1'),
        LEGIONS_HEADER.map((h) => (h === 'Infantry' ? 2 : '')),
      ]),
    );
    expect(seeded.entries[0].error).toBe(
      'Battles!A2: the battle has no id (the Battle column is blank)',
    );
    expect(seeded.problems).toEqual([
      'Legions!A4: the legion names no battle (the Battle column is blank)',
    ]);
  });

  it('names an unreadable header cell as an error only, not also as an unknown column', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', '#NAME?', 'Seed'],
        ['B1', '', 's'],
      ]),
      table('Legions', [[...LEGIONS_HEADER, { formula: 'X1', result: { error: '#REF!' } }]]),
    );
    expect(s.problems).toEqual([
      "Battles!B1: the header cell is unreadable: the cell shows Excel's error #NAME?: fix its formula or clear the cell",
    ]);
    expect(s.warnings).toEqual([]);
    const legions = readSubmission(
      table('Battles', [['Battle'], ['B1']]),
      table('Legions', [[...LEGIONS_HEADER, { formula: 'X1', result: { error: '#REF!' } }]]),
    );
    expect(legions.problems).toEqual([
      expect.stringMatching(/^Legions!I1: the header cell is unreadable: .*#REF!/),
    ]);
    expect(legions.warnings).toEqual([]);
  });

  it('names both missing sides of a battle with no legions', () => {
    const s = read([battle('B1'), battle('B2')], twoSides('B2'));
    expect(s.entries.map((e) => e.error)).toEqual([
      'Battles!A2: battle "B1" has no attacker and no defender legion in Legions',
      null,
    ]);
  });

  it("refuses a count in a column of another ruleset's unit, never dropping it", () => {
    const header = [...LEGIONS_HEADER, 'Destroyer'];
    const s = read(
      [battle('B1'), battle('B2')],
      [
        [...legion('B1', 'Attacker', 'Marcus', 3), 2],
        [...legion('B1', 'Defender', 'Brutus', 4), ''],
        [...legion('B2', 'Attacker', 'Gaius', 3), ''],
        [...legion('B2', 'Defender', 'Titus', 4), ''],
      ],
      BATTLES_HEADER,
      header,
    );
    expect(s.warnings).toEqual([]);
    expect(s.entries.map((e) => e.error)).toEqual([
      'Legions!I2: cote-pbem has no unit "Destroyer"',
      null,
    ]);
  });

  describe('Fleets (imperium)', () => {
    const FLEETS_HEADER = ['Battle', 'Side', 'Faction', 'Type', 'Count', 'Damaged', 'Fleet marker'];
    const fleets = (...rows: unknown[][]) =>
      readSubmission(
        table('Battles', [
          ['Battle', 'Rules'],
          ['Vega', 'imperium'],
        ]),
        table('Legions', [LEGIONS_HEADER]),
        { fleets: table('Fleets', [FLEETS_HEADER, ...rows]) },
      );
    const defender = ['Vega', 'Defender', 'Imperial', 'CA', 1, '', 'IF1'];

    it('takes as many damaged as the count, and refuses more', () => {
      const all = fleets(['Vega', 'Attacker', 'Terran', 'DD', 3, 3, 'TF1'], defender);
      expect(all.entries[0].error).toBeNull();
      expect(all.entries[0].spec!.attacker).toEqual([
        { leader: 'Terran', units: { 'DD*': 3 }, where: 'attacker fleet TF1 at Fleets!A2' },
      ]);
      const more = fleets(['Vega', 'Attacker', 'Terran', 'DD', 3, 4, 'TF1'], defender);
      expect(more.entries[0].error).toBe('Fleets!F2: 4 damaged of only 3');
    });

    it('reads a fleet marker in any case as one fleet, its type in any spacing', () => {
      const s = fleets(
        ['Vega', 'Attacker', 'Terran', 'DD', 2, '', 'TF1'],
        ['Vega', 'Attacker', 'terran', 'Heavy  cruiser', 1, '', 'tf1'],
        defender,
      );
      expect(s.entries[0].error).toBeNull();
      expect(s.entries[0].spec!.attacker).toEqual([
        { leader: 'Terran', units: { DD: 2, CA: 1 }, where: 'attacker fleet TF1 at Fleets!A2' },
      ]);
    });

    it('refuses a fleet that changes faction, naming the cell', () => {
      const s = fleets(
        ['Vega', 'Attacker', 'Terran', 'DD', 2, '', 'TF1'],
        ['Vega', 'Attacker', 'Imperial', 'CA', 1, '', 'TF1'],
        defender,
      );
      expect(s.entries[0].error).toBe('Fleets!C3: faction "Imperial" in a fleet that is Terran');
    });
  });

  it('takes long text in the columns made for it (an Armies Empire list of 300 characters)', () => {
    const empire = Array.from({ length: 15 }, (_, i) => `Cohort ${i + 1} capital 18`).join(', ');
    expect(empire.length).toBeGreaterThan(255);
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Rules', 'Seed'],
        ['Alesia', 'fortunes-of-war', 's'],
      ]),
      table('Legions', [LEGIONS_HEADER]),
      {
        armies: table('Armies', [
          ['Battle', 'Side', 'Army', 'Empire'],
          ['Alesia', 'Attacker', 'Legio X', empire],
          ['Alesia', 'Defender', 'Gauls', ''],
        ]),
      },
    );
    expect(s.entries[0].error).toBeNull();
    const attacker = s.entries[0].spec!.attacker as { fow: { empire: unknown[] } }[];
    expect(attacker[0].fow.empire).toHaveLength(15);
  });
});

describe('numberColumns', () => {
  it('names the columns that hold numbers and blanks only, at least one number', () => {
    const body = [
      [1, 'CAV#2', '', 4, true],
      [2, '', '', 'x', 1],
      ['', 'INF#1', '', 6],
    ];
    expect(numberColumns(body)).toEqual([0]);
    expect(numberColumns([])).toEqual([]);
    expect(numberColumns([[0], [-2.5]])).toEqual([0]);
  });
});

describe("the template's example battle", () => {
  it('is fought with a warning naming its Seed cell, in any case; another seed gets none', () => {
    const seedAt = `Battles!${String.fromCharCode(65 + BATTLES_HEADER.indexOf('Seed'))}`;
    const s = read(
      [
        battle('B1', { Seed: 'example' }),
        battle('B2', { Seed: ' Example ' }),
        battle('B3', { Seed: 'examples' }),
      ],
      ['B1', 'B2', 'B3'].flatMap(twoSides),
    );
    expect(s.warnings).toEqual([
      `${seedAt}2: battle "B1" has the seed of the template's example battle ("example"): delete its rows if it is only the example, not a battle of this turn`,
      `${seedAt}3: battle "B2" has the seed of the template's example battle ("Example"): delete its rows if it is only the example, not a battle of this turn`,
    ]);
    expect(adjudicateSubmission(s).every((a) => a.outcome.ok)).toBe(true);
  });
});
