import ExcelJS from 'exceljs';
import { readWorkbookTables } from '../headless/workbook/read';
import { readCell } from '../src/cells';
import { dateText, serialDate, shownDate } from '../src/excel-dates';
import { readSubmission } from '../src/submission';
import { datedCells } from '../taskpane/dated-cells';

/** Battle ids "3:1" and "3:2" as Excel stores them when typed: times, 3:01 and 3:02. */
const T31 = (3 * 60 + 1) / 1440;
const T32 = (3 * 60 + 2) / 1440;

const textOf = (serial: number) => {
  const shown = shownDate(serialDate(serial));
  return typeof shown === 'string' ? shown : dateText(shown);
};

test.each([
  [45444, '2024-06-01'],
  [45444.375, '2024-06-01 09:00:00'],
  [45444.75, '2024-06-01 18:00:00'],
  [45444 + 1 / 86400, '2024-06-01 00:00:01'],
  [45444.99999, '2024-06-01 23:59:59'],
  [T31, '03:01:00'],
  [0, '00:00:00'],
  [1.5, '1900-01-01 12:00:00'],
])('Excel day %d reads as %s', (serial, text) => expect(textOf(serial)).toBe(text));

test('two times of one day are two values, in the pane', () => {
  const cells = datedCells(
    [[45444.375, 45444.75, T31, T32]],
    [['m/d/yyyy h:mm', 'm/d/yyyy h:mm', 'h:mm', 'h:mm']],
  );
  expect(cells[0].map((c) => readCell(c))).toEqual(
    ['2024-06-01 09:00:00', '2024-06-01 18:00:00', '03:01:00', '03:02:00'].map((value) => ({
      ok: true,
      value,
    })),
  );
});

test('battles "3:1" and "3:2", typed and so stored as times, are two battles in adjudicate', async () => {
  const wb = new ExcelJS.Workbook();
  const battles = wb.addWorksheet('Battles');
  battles.addRow(['Battle', 'Seed']);
  for (const [time, seed] of [
    [T31, 'x'],
    [T32, 'y'],
  ] as const) {
    battles.addRow([time, seed]).getCell(1).numFmt = 'h:mm';
  }
  const legions = wb.addWorksheet('Legions');
  legions.addRow(['Battle', 'Side', 'Infantry']);
  for (const time of [T31, T32]) {
    for (const side of ['Attacker', 'Defender']) {
      legions.addRow([time, side, 3]).getCell(1).numFmt = 'h:mm';
    }
  }
  const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
  const submission = readSubmission(tables.battles!, tables.legions!, tables);
  expect(submission.problems).toEqual([]);
  expect(submission.entries.map((e) => ('spec' in e ? e.spec?.id : e))).toEqual([
    '03:01:00',
    '03:02:00',
  ]);
});
