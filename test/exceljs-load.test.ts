import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isCellPart, loadCellParts } from '../headless/workbook/exceljs-load';
import { checkPackage } from '../headless/workbook/guard';
import { ZipPackage } from '../headless/workbook/zip-package';
import { FIXTURES, submission } from './helpers/workbooks';

/** Handing exceljs the unpacked cell parts reads what its own `xlsx.load` reads. */

/** Every sheet's name, cell values, types, number formats and notes, and its tables. */
function cellsOf(wb: ExcelJS.Workbook): unknown[] {
  return wb.worksheets.map((ws) => {
    const cells: unknown[] = [];
    ws.eachRow({ includeEmpty: true }, (row, r) =>
      row.eachCell({ includeEmpty: true }, (cell, c) =>
        cells.push([r, c, cell.type, cell.value, cell.numFmt ?? null, cell.note ?? null]),
      ),
    );
    const tables = (ws.getTables() as unknown as { table?: object; model?: object }[]).map(
      (t) => t.model ?? t.table,
    );
    return { name: ws.name, state: ws.state, cells, tables };
  });
}

async function viaLoad(data: Buffer): Promise<unknown[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return cellsOf(wb);
}

async function viaParts(data: Buffer): Promise<unknown[]> {
  const checked = checkPackage(data, undefined, isCellPart);
  if (!checked.ok) throw new Error(checked.error);
  return cellsOf(await loadCellParts(checked.value));
}

describe('loadCellParts', () => {
  it('reads the rich fixture as xlsx.load does', async () => {
    const rich = readFileSync(join(FIXTURES, 'rich.xlsx'));
    expect(await viaParts(rich)).toEqual(await viaLoad(rich));
  });

  it('reads dates, numbers, formulas, rich text, notes and tables as xlsx.load does', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Battles');
    ws.addRow(['Battle', 'Seed', 'Fort', 'Rounds']);
    ws.addRow(['B1', new Date(Date.UTC(2026, 10, 29)), 1.5, { formula: '1+1', result: 2 }]);
    ws.getCell('B2').numFmt = 'yyyy-mm-dd';
    ws.getCell('C2').numFmt = '0.00%';
    ws.addRow([{ richText: [{ text: 'B' }, { text: '2', font: { bold: true } }] }, 'x', true]);
    ws.getCell('A3').note = 'a note';
    ws.addTable({
      name: 'Legions',
      ref: 'F1',
      columns: [{ name: 'Battle' }, { name: 'Side' }],
      rows: [['B1', 'Attacker']],
    });
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await viaParts(data);
    expect(read).toEqual(await viaLoad(data));
    expect(JSON.stringify(read)).toContain('2026-11-29T00:00:00.000Z');
    expect(JSON.stringify(read)).toContain('a note');
    expect(JSON.stringify(read)).toContain('"name":"Legions"');
  });

  it('reads a submission from its bytes alone, unpacking the parts itself', async () => {
    const data = await submission([['B1']], [['B1', 'Attacker']], { asTables: true });
    expect(cellsOf(await loadCellParts(ZipPackage.of(data)))).toEqual(await viaLoad(data));
  });
});
