import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMPTY_FORMULA_TEXT, markEmptyFormulaText } from '../headless/workbook/exceljs-load';
import { DEFAULT_LIMITS } from '../headless/workbook/guard';
import { readPackageFile, readWorkbookTables } from '../headless/workbook/read';
import { simpleSubmission, tempDir } from './helpers/workbooks';

/** Reading a workbook file: the guard's limits as given, tables as Excel shows them. */

describe('readPackageFile', () => {
  it('checks the package against the limits it is given, not the defaults', async () => {
    const file = join(tempDir(), 'turn.xlsx');
    writeFileSync(file, await simpleSubmission());
    expect(readPackageFile(file, { ...DEFAULT_LIMITS, maxEntries: 2 })).toEqual({
      ok: false,
      error: expect.stringMatching(/^the package has \d+ parts; the limit is 2 \(a zip bomb\?\)$/),
    });
  });
});

describe('readWorkbookTables', () => {
  it("leaves a table's totals row out of its rows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addTable({
      name: 'Legions',
      ref: 'A1',
      totalsRow: true,
      columns: [
        { name: 'Battle', totalsRowLabel: 'Total' },
        { name: 'Infantry', totalsRowFunction: 'sum' },
      ],
      rows: [
        ['B1', 3],
        ['B2', 4],
      ],
    });
    const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(tables.legions?.cells.map((row) => row[0])).toEqual(['Battle', 'B1', 'B2']);
  });
});

describe('the header row of a sheet', () => {
  it('is the first row that is not blank: a row blank by formulas above it is skipped', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Battles');
    ws.getCell('A1').value = { formula: 'IF(1=1,"","x")', result: '' };
    ws.getCell('B1').value = { formula: 'IF(1=1,"","x")', result: '' };
    ws.getCell('A2').value = 'Battle';
    ws.getCell('A3').value = 'B1';
    const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(tables.battles?.origin).toEqual({ sheet: 'Battles', row: 1, col: 0 });
    expect(tables.battles?.cells.map((row) => row[0])).toEqual(['Battle', 'B1']);
  });
});

describe('markEmptyFormulaText', () => {
  it("marks a text formula's empty saved value, and nothing else", () => {
    const text = '<c r="A1" t="str"><f>IF(B1="","",B1)</f><v></v></c>';
    const number = '<c r="A2"><f>B2*2</f><v></v></c>';
    const typed = '<c r="A3" t="str"><v></v></c>';
    const xml = `<sheetData><row r="1">${text}${number}${typed}</row></sheetData>`;
    expect(markEmptyFormulaText(xml)).toBe(
      xml.replace(text, text.replace('<v></v>', `<v>${EMPTY_FORMULA_TEXT}</v>`)),
    );
  });

  it('marks an empty saved value written as one empty element', () => {
    expect(markEmptyFormulaText('<c r="A1" t="str"><f>X</f><v/></c>')).toBe(
      `<c r="A1" t="str"><f>X</f><v>${EMPTY_FORMULA_TEXT}</v></c>`,
    );
  });
});
