import { createHash } from 'node:crypto';
import { CellGrid } from '../src/cells';
import { Seal } from '../src/sealed';
import { adjudicateSubmission } from '../src/adjudicate';
import { CellValue } from '../src/cell-value';
import { logSheet } from '../src/log-sheet';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission, SheetTable } from '../src/submission';
import { verifyWorkbook, WorkbookSheets } from '../src/verify';
import { logRows } from '../src/verify-log';
import { BATTLES_HEADER, LEGIONS_HEADER, battle, legion } from './helpers/workbooks';

/** The pure verify, on grids: the rules of docs/verify.md against hand-made tampering. */

const KEY = '5f'.repeat(32);
const OTHER_KEY = '6e'.repeat(32);
const SEAL: Seal = { key: KEY, game: 'Rome', turn: 7 };

const table = (sheet: string, cells: CellGrid, row = 0): SheetTable => ({
  cells,
  origin: { sheet, row, col: 0 },
});

const BATTLES = [battle('B1', { Fort: 1 }), battle('B2', { Rules: 'cote-online' })];
const LEGIONS = [
  legion('B1', 'Attacker', 'Marcus', 4, 2, 1),
  legion('B1', 'Defender', 'Brutus', 5),
  legion('B2', 'Attacker', 'Caesar', 3, 2),
  legion('B2', 'Defender', 'Gaius', 4),
];

/** A workbook as adjudicating it leaves it, as grids. */
function adjudicated(
  seal?: Seal,
  battleRows: unknown[][] = BATTLES,
  legionRows: unknown[][] = LEGIONS,
): WorkbookSheets {
  const battles = table('Battles', [BATTLES_HEADER, ...battleRows]);
  const legions = table('Legions', [LEGIONS_HEADER, ...legionRows]);
  const submission = readSubmission(battles, legions);
  const all = adjudicateSubmission(submission, seal);
  const sheetNames = ['Battles', 'Legions', 'Results'];
  const sheets = [table('Results', resultsSheet(all, submission.problems, submission.warnings))];
  for (const a of all) {
    if (!a.outcome.ok) continue;
    const log = logSheet(a.outcome.value, new Set(sheetNames));
    sheetNames.push(log.name);
    sheets.push(table(log.name, logRows(log)));
  }
  return { battles, legions, sheetNames, sheets };
}

/** The book with one sheet's cells changed by `edit` (on a copy). */
function edited(
  book: WorkbookSheets,
  name: string,
  edit: (cells: CellValue[][]) => CellValue[][],
): WorkbookSheets {
  return {
    ...book,
    sheets: book.sheets.map((s) =>
      s.origin.sheet === name
        ? table(name, edit(s.cells.map((row) => [...row]) as CellValue[][]))
        : s,
    ),
  };
}

function mismatches(v: ReturnType<typeof verifyWorkbook>) {
  if (!v.ok) throw new Error(v.error);
  return v.value.mismatches;
}

const headerRowOf = (cells: CellValue[][]) => cells.findIndex((row) => row[0] === 'Round');

test('a log with 30 shots too many lists 20 rows and counts the other 10 (docs/verify.md)', () => {
  const book = adjudicated();
  let length = 0;
  const forged = edited(book, 'Log B1', (cells) => {
    const header = headerRowOf(cells);
    length = cells.length;
    // Thirty shots the dice do not give, after the real ones.
    const extra = Array.from({ length: 30 }, () => [...cells[header + 1]]);
    return [...cells, ...extra];
  });
  const found = mismatches(verifyWorkbook(forged));
  expect(found).toHaveLength(21);
  // The 20 listed are the first 20 extra rows, sheet rows length + 1 to length + 20.
  expect(found.slice(0, 20).map((m) => m.where)).toEqual(
    Array.from({ length: 20 }, (_, i) => `'Log B1'!A${length + i + 1}`),
  );
  expect(found[20].message).toBe(
    `battle B1: 10 more rows of its log differ, from 'Log B1'!A${length + 21} on`,
  );
});

test('a log with exactly 20 shots too many lists all 20, with no count line', () => {
  const book = adjudicated();
  const forged = edited(book, 'Log B1', (cells) => {
    const first = cells[headerRowOf(cells) + 1];
    return [...cells, ...Array.from({ length: 20 }, () => [...first])];
  });
  const found = mismatches(verifyWorkbook(forged));
  expect(found).toHaveLength(20);
  expect(found.every((m) => m.shot !== undefined)).toBe(true);
});

test('a changed header cell of a log is named by its cell, with no shot number', () => {
  const book = adjudicated();
  let at = 0;
  const forged = edited(book, 'Log B1', (cells) => {
    at = headerRowOf(cells);
    cells[at][3] = 'Die';
    return cells;
  });
  const found = mismatches(verifyWorkbook(forged));
  expect(found).toHaveLength(1);
  expect(found[0].shot).toBeUndefined();
  expect(found[0].message).toBe(
    `battle B1: 'Log B1'!D${at + 1} says "Die"; the replay says "Roll"`,
  );
});

test('a cell right of a shot row, under no header, is named by its value alone', () => {
  const book = adjudicated();
  let width = 0;
  let row = 0;
  const forged = edited(book, 'Log B1', (cells) => {
    row = headerRowOf(cells) + 1;
    width = cells[row - 1].length;
    cells[row][width] = 'my note';
    return cells;
  });
  const found = mismatches(verifyWorkbook(forged));
  expect(found).toHaveLength(1);
  expect(found[0].shot).toBe(1);
  expect(found[0].says).toBe('"my note"');
  expect(found[0].replay).toBe('(blank)');
});

test('a Results cell emptied says (blank), with its header', () => {
  const book = adjudicated();
  const found = mismatches(
    verifyWorkbook(
      edited(book, 'Results', (cells) => {
        cells[1][1] = '';
        return cells;
      }),
    ),
  );
  expect(found).toHaveLength(1);
  expect(found[0].message).toMatch(
    /^battle B1: Results!B2: Results say Winner \(blank\); the replay says Winner "(attacker|defender)"$/,
  );
});

test('a changed battle id in Results is reported under the battle the orders give', () => {
  const book = adjudicated();
  const found = mismatches(
    verifyWorkbook(
      edited(book, 'Results', (cells) => {
        cells[1][0] = 'B1x';
        return cells;
      }),
    ),
  );
  expect(found).toHaveLength(1);
  expect(found[0].battle).toBe('B1');
  expect(found[0].message).toBe(
    'battle B1: Results!A2: Results say Battle "B1x"; the replay says Battle "B1"',
  );
});

test("columns right of the Results header are the reader's notes: not compared", () => {
  const book = adjudicated();
  const noted = edited(book, 'Results', (cells) => {
    cells[0].push('My notes');
    cells[1].push('checked by Ann');
    return cells;
  });
  expect(mismatches(verifyWorkbook(noted))).toEqual([]);
});

test('a wrong key is one mismatch: no die is derived from it', () => {
  const book = adjudicated(SEAL);
  const found = mismatches(verifyWorkbook(book, { key: OTHER_KEY }));
  const commitment = createHash('sha256').update(Buffer.from(OTHER_KEY, 'hex')).digest('hex');
  expect(found).toHaveLength(1);
  expect(found[0].message).toMatch(/^the key does not match the commitment: Results!M2 says /);
  expect(found[0].replay).toBe(commitment);
});

test('a sealed game whose name mixes scripts is a mismatch naming its Game cell', () => {
  const game = 'R\u043eme'; // a Cyrillic о among Latin letters
  const book = adjudicated({ ...SEAL, game });
  const found = mismatches(verifyWorkbook(book, { key: KEY }));
  expect(found.map((m) => m.message)).toEqual([
    `Results!K2: the game "${game}" mixes Latin and Cyrillic letters, which look alike, and a game's name picks its dice`,
  ]);
});

test('a sheet named RESULTS whose header was changed is named by its header cell', () => {
  const book = adjudicated();
  const renamed: WorkbookSheets = {
    ...book,
    sheetNames: book.sheetNames.map((n) => (n === 'Results' ? 'RESULTS' : n)),
    sheets: book.sheets.map((s) => {
      if (s.origin.sheet !== 'Results') return s;
      const cells = s.cells.map((row) => [...row]);
      cells[0][1] = 'Victor';
      return table('RESULTS', cells);
    }),
  };
  const v = verifyWorkbook(renamed);
  expect(v.ok).toBe(false);
  expect(!v.ok && v.error).toMatch(
    /^RESULTS!B1: the header of RESULTS should read "Winner" here, but it reads "Victor"/,
  );
});

test('a newer Results (2) whose header was changed is named, not passed over for the older', () => {
  const book = adjudicated();
  const results = book.sheets.find((s) => s.origin.sheet === 'Results')!;
  const newer = (header: string) => {
    const cells = results.cells.map((row) => [...row]);
    cells[0][1] = header;
    return {
      ...book,
      sheetNames: [...book.sheetNames, 'Results (2)'],
      sheets: [...book.sheets, table('Results (2)', cells)],
    };
  };
  // A copy as adjudicate writes one is checked in the older one's place.
  expect(verifyWorkbook(newer('Winner'))).toMatchObject({
    ok: true,
    value: { results: 'Results (2)' },
  });
  // A newer one with its header retyped in lower case is no sheet of the user's: named as such.
  const lower = newer('Winner');
  const second = lower.sheets.at(-1)!;
  (second.cells as unknown[][])[0] = second.cells[0].map((c) => String(c).toLowerCase());
  const lowered = verifyWorkbook(lower);
  expect(lowered).toEqual({
    ok: false,
    error: expect.stringMatching(
      /should read "Battle" here, but it reads "battle"; its header must be [^;]*$/,
    ),
  });
  // A sheet so named holding nothing of a Results header may be the user's: it is named, and
  // the message says to rename it then; it is never passed by unread.
  const tally = {
    ...book,
    sheetNames: [...book.sheetNames, 'Results (3)'],
    sheets: [...book.sheets, table('Results (3)', [['My tally'], [3]])],
  };
  expect(verifyWorkbook(tally)).toEqual({
    ok: false,
    error: expect.stringMatching(
      /^'?Results \(3\)'?!A1: .* it reads "My tally"; .*; if it is a sheet of your own, not one adjudicate wrote, give it a name that does not start with "Results"$/,
    ),
  });
  const v = verifyWorkbook(newer('Winners'));
  expect(v).toEqual({
    ok: false,
    error: expect.stringMatching(
      /^'?Results \(2\)'?!B1: the header of Results \(2\) should read "Winner" here, but it reads "Winners"/,
    ),
  });
});

describe('the seal that Results record', () => {
  /** A sealed book of one battle with its Results row's cell (column `col`) set to `value`. */
  const withSealCell = (col: number, value: CellValue) =>
    edited(adjudicated(SEAL, BATTLES.slice(0, 1), LEGIONS.slice(0, 2)), 'Results', (cells) => {
      cells[1][col] = value;
      return cells;
    });

  test('a turn of one battle, its row the last of Results, is read as sealed', () => {
    const book = adjudicated(SEAL, BATTLES.slice(0, 1), LEGIONS.slice(0, 2));
    const v = verifyWorkbook(book, { key: KEY });
    expect(v).toMatchObject({
      ok: true,
      value: { battles: 1, mismatches: [], seal: { game: 'Rome', turn: 7 } },
    });
  });

  test('a commitment of 63 hex digits is not a commitment', () => {
    const short = 'ab'.repeat(31) + 'c';
    expect(verifyWorkbook(withSealCell(12, short), { key: KEY })).toEqual({
      ok: false,
      error: `Results!M2: "${short}" is not a commitment (64 hex digits)`,
    });
  });

  test('a sealed row whose Game is blank is an error naming the Game cell', () => {
    expect(verifyWorkbook(withSealCell(10, ''), { key: KEY })).toEqual({
      ok: false,
      error: "Results!K2: a sealed battle's Game is blank",
    });
  });

  test("with other rows recording the seal, a row's bad seal cell is a mismatch naming it", () => {
    const book = edited(adjudicated(SEAL), 'Results', (cells) => {
      cells[1][10] = '';
      return cells;
    });
    const found = mismatches(verifyWorkbook(book, { key: KEY }));
    expect(found.map((m) => m.message)).toEqual([
      'battle B1: Results!K2: Results say Game (blank); the replay says Game "Rome"',
    ]);
  });
});
