import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unescapeCellText } from '../headless/workbook/inline-escapes';
import { loadWorkbook } from '../headless/workbook/read';
import { cellText } from '../headless/workbook/xml';
import { run } from './helpers/cli';
import { battle, legion, submission, tempDir } from './helpers/workbooks';

/**
 * Text that XML cannot hold as it is (a control character, a carriage return pasted from
 * Windows, U+FFFE) is written back as Excel writes it, `_xHHHH_`: the seed in Results replays
 * the battle that was fought, and verify finds the Results as written.
 */

jest.setTimeout(60_000);

test('cellText escapes what XML cannot hold, and text that looks like an escape', () => {
  expect(cellText('plain')).toBe('plain');
  expect(cellText('a\r\nb')).toBe('a_x000D_\nb');
  expect(cellText('e\u001f\u000b<1>')).toBe('e_x001F__x000B_&lt;1&gt;');
  expect(cellText('B_x0041_1 and _x00ab_')).toBe('B_x005F_x0041_1 and _x005F_x00ab_');
  expect(cellText('\ud800!\ufffe')).toBe('_xD800_!_xFFFE_');
  expect(cellText('\ud83d\ude00 & \t')).toBe('\ud83d\ude00 &amp; \t');
});

/** The workbook's shared strings `marker` made `xml` (as Excel stores such text). */
async function withStoredText(data: Buffer, stored: Record<string, string>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(data);
  let xml = await zip.file('xl/sharedStrings.xml')!.async('string');
  for (const [marker, text] of Object.entries(stored)) {
    expect(xml).toContain(`>${marker}<`);
    xml = xml.replace(`>${marker}<`, `>${text}<`);
  }
  zip.file('xl/sharedStrings.xml', xml);
  return zip.generateAsync({ type: 'nodebuffer' });
}

test('text held in a cell is read with its escapes undone, as Excel shows it', () => {
  expect(unescapeCellText('ex_x000D_\nample_x005F_x0041_ and _x00E9_')).toBe(
    'ex\r\nample_x0041_ and é',
  );
  // As exceljs reads shared strings: lower-case digits, or _X, are no escape.
  expect(unescapeCellText('_x00e9_ _X00E9_')).toBe('_x00e9_ _X00E9_');
});

test('a seed, a leader and a battle id with such characters round-trip through Results', async () => {
  const dir = tempDir();
  const input = join(dir, 'turn.xlsx');
  const book = await submission(
    [battle('IDMARK', { Seed: 'SEEDMARK' }), battle('B2', { Seed: 'TAILMARK' })],
    [
      legion('IDMARK', 'Attacker', 'LEADMARK', 4, 1),
      legion('IDMARK', 'Defender', 'Brutus', 4),
      legion('B2', 'Attacker', 'Titus', 3),
      legion('B2', 'Defender', 'Gaius', 3),
    ],
  );
  writeFileSync(
    input,
    await withStoredText(book, {
      IDMARK: 'B_xFFFE_1',
      SEEDMARK: 'ex_x000D_\nample',
      LEADMARK: 'Mar_x001F__x000B_cus',
      TAILMARK: 'lit_x005F_x0041_',
    }),
  );
  const adjudicated = await run('adjudicate', input, '--out', dir, '--jobs', '1', '--json');
  expect(adjudicated.code).toBe(0);
  const fought = JSON.parse(adjudicated.out).files[0].results;
  expect(fought.map((b: { seed: string }) => b.seed)).toEqual(['ex\r\nample', 'lit_x0041_']);

  const output = join(dir, 'turn.praetor.xlsx');
  // Read as Excel reads it: the escapes of text held in the cell undone.
  const wb = await loadWorkbook(readFileSync(output));
  const results = wb.getWorksheet('Results')!;
  expect(results.getCell('A2').value).toBe('B\ufffe1');
  expect(results.getCell('I2').value).toBe('ex\r\nample');
  expect(results.getCell('I3').value).toBe('lit_x0041_');
  expect(wb.worksheets.map((w) => w.name)).toContain('Log B_1');
  const log = wb.getWorksheet('Log B_1')!;
  expect(String(log.getCell('A4').value)).toContain('Mar\u001f\u000bcus');

  const verified = await run('verify', output);
  expect(verified.err).toBe('');
  expect(verified.code).toBe(0);
});
