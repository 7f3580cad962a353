import { execFileSync } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { praetor } from './helpers/cli';

/** The README's first command and its bundled examples must keep working. */

const root = join(__dirname, '..');

it('adjudicates the bundled turn: every battle resolves', async () => {
  const out = mkdtempSync(join(tmpdir(), 'praetor-readme-'));
  const r = await praetor(
    'adjudicate',
    join(root, 'examples', 'turn-3.xlsx'),
    '--out',
    out,
    '--json',
    '--jobs',
    '1',
  );
  expect(r.code).toBe(0);
  const report = JSON.parse(r.out);
  expect(report.files[0]).toMatchObject({ battles: 5, resolved: 5, errors: 0 });
  expect(existsSync(join(out, 'turn-3.praetor.xlsx'))).toBe(true);
});

it('resolves the bundled battles file', async () => {
  const r = await praetor('battle', '--input', join(root, 'examples', 'battles.json'), '--json');
  expect(r.code).toBe(0);
  expect(JSON.parse(r.out).map((b: { id: string }) => b.id)).toEqual([
    'example-1',
    'example-3-fort',
    'gallia',
    'mare-nostrum',
  ]);
});

it('runs the first command as typed: the built CLI, its worker bundled by the build', () => {
  // `npm ci` builds dist/ (the package's prepare script); `npx praetor` runs bin/praetor.js.
  const bundle = join(root, 'dist', 'headless', 'adjudicate-worker.bundle.js');
  expect(existsSync(bundle)).toBe(true);
  const out = mkdtempSync(join(tmpdir(), 'praetor-readme-built-'));
  const stdout = execFileSync(
    process.execPath,
    [join(root, 'bin', 'praetor.js'), 'adjudicate', 'examples/turn-3.xlsx', '--out', out, '--json'],
    { cwd: root, encoding: 'utf8' },
  );
  expect(JSON.parse(stdout).files[0]).toMatchObject({ battles: 5, resolved: 5, errors: 0 });
  expect(existsSync(join(out, 'turn-3.praetor.xlsx'))).toBe(true);
});
