import ExcelJS from 'exceljs';
import { hiddenColumnRanges } from '../headless/workbook/hidden-columns';
import { readWorkbookTables } from '../headless/workbook/read';
import { CellGrid } from '../src/cells';
import { hiddenWarnings, isHiddenWarning } from '../src/hidden-cells';
import { adjudicateSubmission } from '../src/adjudicate';
import { readSubmission } from '../src/submission';

/**
 * Hidden rows and columns hold orders the game master looking at the sheet does not see, and
 * Praetor reads: each table's are named in a warning, and the battle is fought as written.
 */

const LEGIONS: CellGrid = [
  ['Battle', 'Side', 'Infantry', 'Catapults', ''],
  ['B1', 'Attacker', 3, 1, ''],
  ['B1', 'Defender', 2, 5, ''],
  ['', '', '', '', ''],
  ['B1', 'Defender', 7, 0, ''],
];
/** The columns read: a Notes column is not. */
const READ = (word: string) => ['battle', 'side', 'infantry', 'catapults'].includes(word);
const at = (hidden: { rows?: number[]; columns?: number[] }) => ({
  cells: LEGIONS,
  origin: { sheet: 'Legions', row: 0, col: 0 },
  hidden: { rows: hidden.rows ?? [], columns: hidden.columns ?? [] },
});

describe('hiddenWarnings', () => {
  test('a hidden legion row, and a hidden unit column, one warning each', () => {
    expect(hiddenWarnings(at({ rows: [4], columns: [3] }), READ)).toEqual([
      'Legions!A5: row 5 is hidden, but Praetor reads it like any other row: unhide it, or delete it if it holds no orders',
      'Legions!D1: column D ("Catapults") is hidden, but Praetor reads it like any other: unhide it, or clear it if it holds no orders',
    ]);
  });

  test('hidden rows and columns that hold nothing, or a column with no header, say nothing', () => {
    expect(hiddenWarnings(at({ rows: [3], columns: [4] }), READ)).toEqual([]);
    expect(hiddenWarnings({ ...at({}), hidden: undefined }, READ)).toEqual([]);
  });

  test('a hidden Notes column, or a hidden row holding only notes, changes no battle: no word', () => {
    const cells = [
      ['Battle', 'Side', 'Infantry', 'Notes'],
      ['B1', 'Attacker', 3, 'ok'],
      ['', '', '', 'a note alone'],
    ];
    const grid = { cells, origin: { sheet: 'Legions', row: 0, col: 0 } };
    expect(hiddenWarnings({ ...grid, hidden: { rows: [2], columns: [3] } }, READ)).toEqual([]);
  });

  test('many are listed, five at most, the rest counted', () => {
    const cells = Array.from({ length: 9 }, (_, r) => (r === 0 ? ['Battle'] : [`B${r}`]));
    const grid = { cells, origin: { sheet: 'Battles', row: 2, col: 1 } };
    expect(hiddenWarnings({ ...grid, hidden: { rows: [1, 2], columns: [] } }, READ)).toEqual([
      'Battles!B4: rows 4 and 5 are hidden, but Praetor reads them like any others: unhide them, or delete those that hold no orders',
    ]);
    const all = hiddenWarnings(
      { ...grid, hidden: { rows: [1, 2, 3, 4, 5, 6, 7, 8], columns: [] } },
      READ,
    );
    expect(all[0]).toMatch(/^Battles!B4: rows 4, 5, 6, 7, 8 and 3 more are hidden, /);
    expect(all.every(isHiddenWarning)).toBe(true);
  });

  test('the submission carries them, and fights the battle with the hidden legion', () => {
    const battles = {
      cells: [
        ['Battle', 'Seed'],
        ['B1', 's'],
      ],
      origin: { sheet: 'Battles', row: 0, col: 0 },
    };
    const submission = readSubmission(battles, at({ rows: [4] }));
    expect(submission.warnings.filter(isHiddenWarning)).toHaveLength(1);
    const [fought] = adjudicateSubmission(submission);
    expect(fought.outcome.ok && fought.outcome.value.forces.defender.map((l) => l.units)).toEqual([
      { INF: 2, CAT: 5 },
      { INF: 7, CAT: 0 },
    ]);
  });
});

describe('the hidden columns of a sheet part', () => {
  test('hidden="1" or "true", prefixed or not, min to max, cut to 16,384 columns', () => {
    const xml =
      '<worksheet><cols><col min="2" max="3" width="9" hidden="1"/><col min="5" max="5"/>' +
      "<x:col min='7' max='7' hidden='true'/><col min='9' max='99999' hidden=\"1\"/></cols>" +
      '<sheetData><row><c><is><t>&lt;col min="1" max="1" hidden="1"/&gt;</t></is></c></row></sheetData></worksheet>';
    expect(hiddenColumnRanges(xml)).toEqual([
      { first: 1, last: 2 },
      { first: 6, last: 6 },
      { first: 8, last: 16383 },
    ]);
  });

  test('read from a file: a sheet and an Excel table get their hidden rows and columns', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Legions');
    ws.addRows([[], ...LEGIONS.map((row) => ['', ...row])]);
    ws.getRow(6).hidden = true;
    ws.getColumn(5).hidden = true;
    const orders = wb.addWorksheet('Orders');
    orders.addTable({
      name: 'Battles',
      ref: 'C3',
      columns: [{ name: 'Battle' }, { name: 'Seed' }],
      rows: [
        ['B1', 's'],
        ['B2', 't'],
      ],
    });
    orders.getRow(5).hidden = true;
    orders.getColumn(4).hidden = true;
    const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    // Legions from A2 (its first row is blank): row 6 is its 5th, column E its 5th.
    expect(tables.legions!.hidden).toEqual({ rows: [4], columns: [4] });
    expect(tables.battles!.hidden).toEqual({ rows: [2], columns: [1] });
  });
});
