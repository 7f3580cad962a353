import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { praetor } from './helpers/cli';

/** praetor verify's usage: what it refuses before it reads the workbook, and its exit status. */

const missing = join(mkdtempSync(join(tmpdir(), 'praetor-audit-verify-')), 'none.xlsx');

test('--turn that is not a whole number is bad usage, exit 2', async () => {
  const r = await praetor('verify', missing, '--turn', 'three');
  expect(r.code).toBe(2);
  expect(r.err).toContain('--turn: the turn is "three": give a whole number, 0 or more');
});

test('--game that looks like another name is bad usage, exit 2', async () => {
  const r = await praetor('verify', missing, '--game', 'R\u043eme');
  expect(r.code).toBe(2);
  expect(r.err).toContain('--game: the game name mixes Latin and Cyrillic letters');
});

test('--json for a workbook that cannot be read: {ok: false, error}, exit 2', async () => {
  const r = await praetor('verify', missing, '--json');
  expect(r.code).toBe(2);
  const report = JSON.parse(r.out) as { file: string; ok: boolean; error: string };
  expect(report.file).toBe(missing);
  expect(report.ok).toBe(false);
  expect(report.error).toContain(missing);
});
