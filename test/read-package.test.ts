import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LIMITS } from '../headless/workbook/guard';
import { readPackageFile } from '../headless/workbook/read';
import { simpleSubmission } from './helpers/workbooks';

/** `readPackageFile`: how adjudicate, turn, verify and report open a workbook file. */

describe('readPackageFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'praetor-read-'));
  const book = join(dir, 'turn.xlsx');

  beforeAll(async () => writeFileSync(book, await simpleSubmission()));

  it('reads a workbook', () => {
    const r = readPackageFile(book);
    expect(r.ok && [...r.value.byName.keys()].some((n) => n.startsWith('xl/worksheets/'))).toBe(
      true,
    );
  });

  it('names what is wrong with the path', () => {
    expect(readPackageFile(join(dir, 'none.xlsx'))).toEqual({ ok: false, error: 'no such file' });
    expect(readPackageFile(dir)).toEqual({
      ok: false,
      error: 'is a folder: name the workbooks',
    });
  });

  it('refuses a file over the size limit before reading it', () => {
    const r = readPackageFile(book, { ...DEFAULT_LIMITS, maxFileBytes: 100 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^the file is too large \(\d+ bytes; the limit is 100\)$/);
  });

  it('passes on what the guard refuses', () => {
    const fake = join(dir, 'fake.xlsx');
    writeFileSync(fake, 'not a zip at all');
    const r = readPackageFile(fake);
    expect(!r.ok && r.error).toMatch(/^not a workbook/);
  });
});
