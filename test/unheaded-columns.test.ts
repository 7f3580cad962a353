import { CellGrid } from '../src/cells';
import { readSubmission } from '../src/submission';
import { isUnheadedWarning, unheadedColumns } from '../src/unheaded-columns';

/**
 * A value in a column whose header cell is blank is not read (columns are read by header): a
 * warning names it, one a column, as one does a header Praetor does not know.
 */

const table = (sheet: string, cells: CellGrid) => ({ cells, origin: { sheet, row: 0, col: 0 } });

test('a count typed in a column with no header is named, with how many more are there', () => {
  const legions = table('Legions', [
    ['Battle', 'Side', 'Infantry', ''],
    ['B1', 'Attacker', 3, 2],
    ['B1', 'Defender', 4, ''],
    ['B1', 'Defender', 1, 'x'],
  ]);
  expect(unheadedColumns(legions)).toEqual([
    'Legions!D2: "2" (and 1 more below) is in a column with no header (D1 is blank), so Praetor ' +
      'does not read it: give the column its header, or Notes if it holds notes',
  ]);
  const battles = table('Battles', [
    ['Battle', 'Seed'],
    ['B1', 's'],
  ]);
  const submission = readSubmission(battles, legions);
  expect(submission.warnings.filter(isUnheadedWarning)).toHaveLength(1);
  expect(submission.entries).toHaveLength(1);
});

test('a Battles value under no header is named too; a Notes column and blank columns are not', () => {
  const battles = table('Battles', [
    ['Battle', 'Seed', '', 'Notes', ''],
    ['B1', 's', 'fort 2!', 'ok', ''],
  ]);
  const legions = table('Legions', [
    ['Battle', 'Side', 'Infantry'],
    ['B1', 'Attacker', 3],
    ['B1', 'Defender', 4],
  ]);
  expect(readSubmission(battles, legions).warnings).toEqual([
    'Battles!C2: "fort 2!" is in a column with no header (C1 is blank), so Praetor does not ' +
      'read it: give the column its header, or Notes if it holds notes',
  ]);
});

test('a header Excel shows from a merge over the blank cell is not "no header"', () => {
  const grid = {
    ...table('Legions', [
      ['Battle', 'Notes', ''],
      ['B1', 'a', 'b'],
    ]),
    merges: [{ top: 0, left: 1, bottom: 0, right: 2 }],
  };
  expect(unheadedColumns(grid)).toEqual([]);
  // A merge that shows nothing there leaves the column with no header.
  const blank = {
    ...grid,
    cells: [
      ['Battle', '', ''],
      ['B1', 'a', 'b'],
    ],
  };
  expect(unheadedColumns(blank).map((w) => w.slice(0, 11))).toEqual(['Legions!B2:', 'Legions!C2:']);
});

test('values far out and in rows of any width: each column once, in column order, its first row', () => {
  const cells: unknown[][] = [['Battle', '', 'Side']];
  cells[3] = ['B1', '', 'Attacker', 'late', 'x'];
  cells[1] = ['B1', 'early', 'Defender', '', 'y'];
  // One far cell, as in a sheet whose last cell is XFD1048576: a row of 16,384 columns.
  const far: unknown[] = [];
  far[16383] = 'far';
  cells[1048575] = far;
  for (let r = 0; r < cells.length; r++) cells[r] ??= [];
  const warnings = unheadedColumns(table('Legions', cells as CellGrid));
  expect(warnings.map((w) => w.split(' is in a column')[0])).toEqual([
    'Legions!B2: "early"',
    'Legions!D4: "late"',
    'Legions!E2: "y" (and 1 more below)',
    'Legions!XFD1048576: "far"',
  ]);
});
