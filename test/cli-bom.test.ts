import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './helpers/cli';
import { battle, legion, submission, tempDir } from './helpers/workbooks';

/**
 * A file Praetor reads as JSON, saved again on another machine: Windows editors (Notepad before
 * 2019, PowerShell 5's `Set-Content -Encoding UTF8`) start a UTF-8 file with a byte order mark
 * and end its lines with CRLF. The same key or battles then give the same verdict and logs.
 */

const BOM = '\uFEFF';
const windowsText = (text: string) => BOM + text.replace(/\n/g, '\r\n');
/** As Windows PowerShell 5's `>` writes text: UTF-16, little-endian, with its byte order mark. */
const powerShellBytes = (text: string) => Buffer.from(windowsText(text), 'utf16le');

test('a key file saved with a byte order mark seals, verifies and reports as the one seal wrote', async () => {
  const dir = tempDir();
  const key = join(dir, 'rome.key.json');
  expect((await run('seal', '--game', 'rome', '--turn', '3', '--out', key)).code).toBe(0);
  const windowsKey = join(dir, 'windows.key.json');
  writeFileSync(windowsKey, windowsText(readFileSync(key, 'utf8')));
  writeFileSync(
    join(dir, 'orders.xlsx'),
    await submission(
      [battle('B1')],
      [legion('B1', 'Attacker', 'Marcus', 4, 2, 1), legion('B1', 'Defender', 'Brutus', 5)],
    ),
  );
  const input = join(dir, 'orders.xlsx');
  const adjudicated = await run('adjudicate', input, '--out', join(dir, 'a'), '--key', key);
  expect(adjudicated.code).toBe(0);
  const again = await run('adjudicate', input, '--out', join(dir, 'b'), '--key', windowsKey);
  expect(again.err).not.toContain('not a key file');
  expect(again.code).toBe(0);
  const output = join(dir, 'a', 'orders.praetor.xlsx');
  const verified = await run('verify', output, '--key', key);
  const windowsVerified = await run('verify', output, '--key', windowsKey);
  expect(windowsVerified.err).toBe(verified.err);
  expect(windowsVerified.out).toBe(verified.out);
  expect(windowsVerified.code).toBe(0);
  const html = join(dir, 'r.html');
  expect((await run('report', output, '--key', windowsKey, '--out', html)).code).toBe(0);
});

test('battles and results files saved with a byte order mark give the same logs', async () => {
  const dir = tempDir();
  const battles = readFileSync(join(__dirname, '..', 'examples', 'battles.json'), 'utf8');
  const windows = join(dir, 'battles.json');
  writeFileSync(windows, windowsText(battles));
  const plain = await run(
    'battle',
    '--input',
    join(__dirname, '..', 'examples', 'battles.json'),
    '--json',
  );
  const fromWindows = await run('battle', '--input', windows, '--json');
  expect(fromWindows.err).toBe('');
  expect(fromWindows.out).toBe(plain.out);
  // The results, saved again on Windows, report as they were printed.
  const results = join(dir, 'results.json');
  writeFileSync(results, windowsText(plain.out));
  const report = await run('report', results, '--out', join(dir, 'r.html'));
  expect(report.err).not.toContain('not valid JSON');
  expect(report.code).toBe(0);
});

test('a key file and a battles file written by PowerShell 5 (UTF-16) read as the ones Praetor wrote', async () => {
  const dir = tempDir();
  const key = join(dir, 'rome.key.json');
  expect((await run('seal', '--game', 'rome', '--turn', '3', '--out', key)).code).toBe(0);
  const utf16Key = join(dir, 'utf16.key.json');
  writeFileSync(utf16Key, powerShellBytes(readFileSync(key, 'utf8')));
  const input = join(dir, 'orders.xlsx');
  writeFileSync(
    input,
    await submission(
      [battle('B1')],
      [legion('B1', 'Attacker', 'Marcus', 4, 2, 1), legion('B1', 'Defender', 'Brutus', 5)],
    ),
  );
  expect((await run('adjudicate', input, '--out', join(dir, 'a'), '--key', key)).code).toBe(0);
  const output = join(dir, 'a', 'orders.praetor.xlsx');
  const verified = await run('verify', output, '--key', key);
  const utf16Verified = await run('verify', output, '--key', utf16Key);
  expect(utf16Verified.err).toBe(verified.err);
  expect(utf16Verified.out).toBe(verified.out);
  expect(utf16Verified.code).toBe(0);

  const battles = join(__dirname, '..', 'examples', 'battles.json');
  const utf16Battles = join(dir, 'battles.json');
  writeFileSync(utf16Battles, powerShellBytes(readFileSync(battles, 'utf8')));
  const plain = await run('battle', '--input', battles, '--json');
  const fromUtf16 = await run('battle', '--input', utf16Battles, '--json');
  expect(fromUtf16.err).toBe('');
  expect(fromUtf16.out).toBe(plain.out);
});

test('an imperium --units file saved with a byte order mark or as UTF-16 gives the same battle', async () => {
  const dir = tempDir();
  const units = 'Imperial CR B0\n';
  const files = { plain: units, bom: windowsText(units), utf16: powerShellBytes(units) };
  const outs: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) {
    const file = join(dir, `${name}.txt`);
    writeFileSync(file, data);
    const r = await run(
      'battle',
      '--rules',
      'imperium',
      '--attacker',
      'Terran: 2 DD',
      '--defender',
      'Imperial: 1 CR',
      '--units',
      file,
      '--seed',
      'x',
      '--json',
    );
    expect([name, r.err, r.code]).toEqual([name, '', 0]);
    outs[name] = r.out;
  }
  expect(JSON.parse(outs.plain).options.units).toBe('Imperial CR B0');
  expect(outs.bom).toBe(outs.plain);
  expect(outs.utf16).toBe(outs.plain);
});

test('a UTF-32 file is refused as such, not read as UTF-16', async () => {
  const dir = tempDir();
  const key = join(dir, 'rome.key.json');
  expect((await run('seal', '--game', 'rome', '--turn', '3', '--out', key)).code).toBe(0);
  const text = `\uFEFF${readFileSync(key, 'utf8')}`;
  const utf32 = Buffer.alloc(text.length * 4);
  for (let i = 0; i < text.length; i++) utf32.writeUInt32LE(text.charCodeAt(i), i * 4);
  const utf32Key = join(dir, 'utf32.key.json');
  writeFileSync(utf32Key, utf32);
  const r = await run(
    'verify',
    join(__dirname, '..', 'examples', 'turn-3.xlsx'),
    '--key',
    utf32Key,
  );
  expect(r.err).toContain(`${utf32Key}: cannot read the key file: it is UTF-32 text`);
  expect(r.err).toContain('save it as UTF-8');
  // Battles, a paused battle and results: named as UTF-32, not as JSON that is not valid.
  const utf32Battles = join(dir, 'battles.json');
  writeFileSync(utf32Battles, utf32);
  for (const args of [
    ['battle', '--input', utf32Battles],
    ['battle', '--resume', utf32Battles],
    ['report', utf32Battles, '--out', join(dir, 'r.html')],
  ]) {
    const read = await run(...args);
    expect([args[1], read.code]).toEqual([args[1], 2]);
    expect(read.err).toContain(`${utf32Battles}: cannot read it: it is UTF-32 text`);
    expect(read.err).not.toContain('not valid JSON');
  }
});
