import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPackage, DEFAULT_LIMITS, PackageLimits } from '../headless/workbook/guard';
import { readPackageFile } from '../headless/workbook/read';
import { handZip, HandPart, MINIMAL } from './helpers/hand-zip';
import { tempDir } from './helpers/workbooks';

/**
 * The guard's limits are "at most": a package exactly at a limit passes, one unit over is
 * refused. Limits are set small here, around a package made by hand.
 */

const NO_LIMITS: PackageLimits = {
  maxFileBytes: 1e9,
  maxEntries: 1e6,
  maxEntryBytes: 1e9,
  maxTotalBytes: 1e9,
  maxRatio: 1e9,
  ratioFloorBytes: 1e9,
};

const verdict = (data: Buffer, limits: Partial<PackageLimits>): string => {
  const r = checkPackage(data, { ...NO_LIMITS, ...limits });
  return r.ok ? 'ok' : r.error;
};

const PARTS: HandPart[] = [...MINIMAL, { name: 'xl/big.xml', data: Buffer.alloc(6000, 'a') }];
const sizes = PARTS.map((p) => p.data.length);

describe('the guard, at its limits', () => {
  const data = handZip(PARTS);

  it('a file of exactly the size limit passes; a byte more is refused', () => {
    expect(verdict(data, { maxFileBytes: data.length })).toBe('ok');
    expect(verdict(data, { maxFileBytes: data.length - 1 })).toMatch(/^the file is .*; the limit/);
  });

  it('reads a file of exactly the size limit from disk; a byte more is refused', () => {
    const file = join(tempDir(), 'turn.xlsx');
    writeFileSync(file, data);
    const at = { ...DEFAULT_LIMITS, maxFileBytes: data.length };
    expect(readPackageFile(file, at).ok).toBe(true);
    expect(readPackageFile(file, { ...at, maxFileBytes: data.length - 1 })).toEqual({
      ok: false,
      error: `the file is too large (${data.length} bytes; the limit is ${data.length - 1})`,
    });
  });

  it('as many parts as the limit pass; one more is refused', () => {
    expect(verdict(data, { maxEntries: 3 })).toBe('ok');
    expect(verdict(data, { maxEntries: 2 })).toBe(
      'the package has 3 parts; the limit is 2 (a zip bomb?)',
    );
  });

  it('a part of exactly the part limit passes; one byte more is refused', () => {
    expect(verdict(data, { maxEntryBytes: 6000 })).toBe('ok');
    expect(verdict(data, { maxEntryBytes: 5999 })).toMatch(/^part xl\/big\.xml unpacks to/);
  });

  it('parts of exactly the total limit pass; one byte more is refused', () => {
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(verdict(data, { maxTotalBytes: total })).toBe('ok');
    expect(verdict(data, { maxTotalBytes: total - 1 })).toMatch(/^the package unpacks to more/);
  });

  it('a part compressed exactly at the ratio limit passes; above it is refused', () => {
    const compressed = data.readUInt32LE(centralEntry(data, 2) + 20);
    const ratio = 6000 / compressed;
    expect(ratio).toBeGreaterThan(10);
    expect(verdict(data, { maxRatio: ratio, ratioFloorBytes: 1000 })).toBe('ok');
    expect(verdict(data, { maxRatio: ratio * 0.99, ratioFloorBytes: 1000 })).toMatch(
      /^part xl\/big\.xml is compressed \d+ to 1; the limit/,
    );
  });

  it('the ratio is checked for parts over the floor only: a part of exactly the floor passes', () => {
    expect(verdict(data, { maxRatio: 2, ratioFloorBytes: 6000 })).toBe('ok');
    expect(verdict(data, { maxRatio: 2, ratioFloorBytes: 5999 })).toMatch(/compressed \d+ to 1/);
  });
});

describe('the guard, on what a directory may not hold', () => {
  it('refuses two parts of one name', () => {
    const data = handZip([
      ...MINIMAL,
      { name: 'xl/a.xml', data: Buffer.from('1') },
      { name: 'xl/a.xml', data: Buffer.from('2') },
    ]);
    expect(verdict(data, {})).toBe('the package is damaged: two parts named xl/a.xml');
  });

  it('refuses a part in a zip method other than stored and deflate, naming it', () => {
    const data = handZip([
      ...MINIMAL,
      { name: 'xl/a.xml', data: Buffer.from('<a/>'), stored: true, method: 12 },
    ]);
    expect(verdict(data, {})).toBe('part xl/a.xml uses zip method 12; only stored and deflate');
  });
});

/** Offset of the central directory entry of the `i`th part. */
function centralEntry(data: Buffer, i: number): number {
  let at = data.readUInt32LE(data.length - 22 + 16);
  for (let k = 0; k < i; k++) {
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return at;
}
