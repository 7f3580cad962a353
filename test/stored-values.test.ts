import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainStoredValues } from '../headless/workbook/stored-values';
import { run } from './helpers/cli';
import { battle, legion, submission, tempDir } from './helpers/workbooks';

/**
 * A number stored in a form exceljs would read by its first digits (`0x7` as 0, `4abc` as 4) is
 * a cell that cannot be read; a date stored as ISO text (`t="d"`) is read as a date is.
 */

jest.setTimeout(60_000);

test('a sheet whose values are all numbers is left as it is', () => {
  const xml = '<row r="2"><c r="A2"><v>4</v></c><c r="B2" t="s"><v>0</v></c></row>';
  expect(plainStoredValues(xml)).toBe(xml);
});

test('a number exceljs would read in part is given as NaN; text and errors are left alone', () => {
  const cells = ['0x7', '6,5', '4abc', '4 5', '4..5', '4e'].map(
    (v, i) => `<c r="E${i + 1}"><v>${v}</v></c>`,
  );
  const kept = [
    '<c r="A1" t="str"><f>A2</f><v>4abc</v></c>',
    '<c r="A2" t="e"><v>#N/A</v></c>',
    '<c r="A3" t="n"><v>-1.5E+3</v></c>',
    '<c r="A4"><f>1+1</f><v></v></c>',
  ];
  const out = plainStoredValues([...cells, ...kept].join(''));
  expect(out.match(/<v>[^<]*<\/v>/g)!.slice(0, 6)).toEqual(Array(6).fill('<v>NaN</v>'));
  expect(out.endsWith(kept.join(''))).toBe(true);
});

test('a value element with attributes or a spaced end tag is checked too; a character reference is XML', () => {
  expect(plainStoredValues('<c r="E2"><v xml:space="preserve">0x7</v></c>')).toBe(
    '<c r="E2"><v>NaN</v></c>',
  );
  expect(plainStoredValues('<c r="E2"><v>4abc</v ></c>')).toBe('<c r="E2"><v>NaN</v></c>');
  const kept = '<c r="E2"><v xml:space="preserve"> 7 </v></c><c r="E3"><v>&#55;</v></c>';
  expect(plainStoredValues(kept)).toBe(kept);
  expect(
    plainStoredValues('<c r="I2" t="d"><v xml:space="preserve">2024-05-01T00:00:00Z</v></c>'),
  ).toBe('<c r="I2" t="str"><v>2024-05-01</v></c>');
});

test('a date stored as ISO text is its date as text', () => {
  expect(plainStoredValues('<c r="I2" s="3" t="d"><v>2024-05-01T00:00:00Z</v></c>')).toBe(
    '<c r="I2" s="3" t="str"><v>2024-05-01</v></c>',
  );
});

/** The workbook with its Legions sheet's `from` made `to`. */
async function withLegionsXml(data: Buffer, from: string, to: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(data);
  const path = 'xl/worksheets/sheet2.xml';
  const xml = await zip.file(path)!.async('string');
  expect(xml).toContain(from);
  zip.file(path, xml.replace(from, to));
  return zip.generateAsync({ type: 'nodebuffer' });
}

test('adjudicated: a damaged count fails its battle at its cell; a date seed is its date', async () => {
  const dir = tempDir();
  const book = await submission(
    [battle('B1', { Seed: 'x' }), battle('B2', { Seed: 'y' })],
    [
      legion('B1', 'Attacker', 'Marcus', 7),
      legion('B1', 'Defender', 'Brutus', 4),
      legion('B2', 'Attacker', 'Titus', 3),
      legion('B2', 'Defender', 'Gaius', 3),
    ],
  );
  const damaged = await withLegionsXml(book, '<v>7</v>', '<v>0x7</v>');
  const zip = await JSZip.loadAsync(damaged);
  const battles = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const seedCell = /<c r="I3"[^>]*>.*?<\/c>/.exec(battles)![0];
  zip.file(
    'xl/worksheets/sheet1.xml',
    battles.replace(seedCell, '<c r="I3" t="d"><v>2024-05-01T00:00:00Z</v></c>'),
  );
  writeFileSync(join(dir, 'turn.xlsx'), await zip.generateAsync({ type: 'nodebuffer' }));
  const out = await run('adjudicate', join(dir, 'turn.xlsx'), '--out', dir, '--json');
  expect(out.code).toBe(1);
  const [b1, b2] = JSON.parse(out.out).files[0].results;
  expect(b1.error).toMatch(/Legions!E2: .*cannot be read \(the file is damaged there\)/);
  expect(b2.seed).toBe('2024-05-01');
});

test('a date before March 1900 is the day Excel shows (it counts 29 February 1900)', async () => {
  const dir = tempDir();
  const wb = new ExcelJS.Workbook();
  const battles = wb.addWorksheet('Battles');
  battles.addRow(['Battle', 'Seed']);
  const legions = wb.addWorksheet('Legions');
  legions.addRow(['Battle', 'Side', 'Infantry']);
  // Excel's day 1 is 1900-01-01, day 60 the 29 February it counts, day 61 1 March.
  for (const [id, serial] of [
    ['B1', 1],
    ['B2', 59],
    ['B3', 60],
    ['B4', 61],
    ['B5', 45413],
  ] as const) {
    battles.addRow([id, serial]).getCell(2).numFmt = 'yyyy-mm-dd';
    legions.addRows([
      [id, 'Attacker', 2],
      [id, 'Defender', 1],
    ]);
  }
  legions.getCell('C3').numFmt = 'yyyy-mm-dd';
  legions.getCell('C3').value = 4;
  writeFileSync(join(dir, 'dates.xlsx'), Buffer.from(await wb.xlsx.writeBuffer()));
  const out = await run('adjudicate', join(dir, 'dates.xlsx'), '--out', dir, '--json');
  const results = JSON.parse(out.out).files[0].results;
  expect(results.map((b: { seed: string | null }) => b.seed)).toEqual([
    null,
    '1900-02-28',
    '1900-02-29',
    '1900-03-01',
    '2024-05-01',
  ]);
  expect(results[0].error).toContain('Legions!C3: "1900-01-04"');
});
