import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readWorkbookTables } from '../headless/workbook/read';
import { run } from './helpers/cli';
import { battle, legion, submission, tempDir } from './helpers/workbooks';

/**
 * Chart sheets hold no cells, so exceljs is not given them; but their names are taken: a chart
 * sheet named `Results` or `Log B1` makes Praetor's sheets take other names, and a chart sheet
 * where the orders should be is named as one.
 */

jest.setTimeout(60_000);

/** The workbook with a chart sheet named `name` at the end of its sheet index. */
async function withChartSheet(data: Buffer, name: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(data);
  const edit = async (path: string, edit: (xml: string) => string) =>
    zip.file(path, edit(await zip.file(path)!.async('string')));
  await edit('xl/workbook.xml', (x) =>
    x.replace('</sheets>', `<sheet name="${name}" sheetId="99" r:id="rId99"/></sheets>`),
  );
  await edit('xl/_rels/workbook.xml.rels', (x) =>
    x.replace(
      '</Relationships>',
      '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" Target="chartsheets/sheet1.xml"/></Relationships>',
    ),
  );
  await edit('[Content_Types].xml', (x) =>
    x.replace(
      '</Types>',
      '<Override PartName="/xl/chartsheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.chartsheet+xml"/></Types>',
    ),
  );
  zip.file(
    'xl/chartsheets/sheet1.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><chartsheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"/></sheetViews></chartsheet>',
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const BATTLES = [battle('B1', { Seed: 'x' })];
const LEGIONS = [legion('B1', 'Attacker', 'Marcus', 3), legion('B1', 'Defender', 'Brutus', 2)];

test("a chart sheet's name is taken: Results and the log take the next names, and verify agrees", async () => {
  const dir = tempDir();
  let book = await submission(BATTLES, LEGIONS);
  book = await withChartSheet(book, 'Results');
  const tables = await readWorkbookTables(book);
  expect(tables.sheetNames).toEqual(['Battles', 'Legions', 'Results']);
  writeFileSync(join(dir, 'turn.xlsx'), book);
  const adjudicated = await run('adjudicate', join(dir, 'turn.xlsx'), '--jobs', '1');
  expect(adjudicated.code).toBe(0);
  const output = await readWorkbookTables(readFileSync(join(dir, 'turn.praetor.xlsx')));
  expect(output.sheetNames).toEqual(['Battles', 'Legions', 'Results', 'Results (2)', 'Log B1']);
  const verified = await run('verify', join(dir, 'turn.praetor.xlsx'));
  expect([verified.code, verified.err]).toEqual([0, '']);
});

test('a chart sheet where Legions should be is named as one', async () => {
  const dir = tempDir();
  const book = await withChartSheet(await submission(BATTLES, [], { omit: 'Legions' }), 'Legions');
  writeFileSync(join(dir, 'turn.xlsx'), book);
  const r = await run('adjudicate', join(dir, 'turn.xlsx'), '--jobs', '1');
  expect(r.code).toBe(1);
  expect(r.out).toContain(
    'the sheet "Legions" is a chart sheet, which holds no cells: put Legions in a worksheet, or in an Excel table named Legions',
  );
});
