import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * What the repository holds is the project and nothing a run left behind: a stray
 * `k.battles.json.lock` once landed at the root, and made the next `adjudicate --key k.json` in
 * a fresh clone refuse the ledger as taken (with profiler output beside it). Files git ignores,
 * or that were never added, are not the repository's.
 */

const ROOT = join(__dirname, '..');
const PROJECT_ROOT = [
  '.ci',
  '.gitignore',
  '.prettierignore',
  '.prettierrc.json',
  'README.md',
  'assets',
  'bench',
  'bin',
  'docs',
  'examples',
  'headless',
  'jest.config.js',
  'manifest.xml',
  'package-lock.json',
  'package.json',
  'scripts',
  'src',
  'taskpane',
  'test',
  'tsconfig.build.json',
  'tsconfig.jest.json',
  'tsconfig.json',
];
/** What a run leaves: ledger locks, temporary outputs, profiles and heap dumps, raw data. */
const LEFT_BY_A_RUN = /(\.lock|\.tmp|\.cpuprofile|\.heapsnapshot|\.heapprofile|\.data)$/;

const tracked = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);

test('the repository holds the project at its root and no file a run leaves', () => {
  const files = tracked();
  expect(files.length).toBeGreaterThan(100);
  const roots = [...new Set(files.map((f) => f.split('/')[0]))];
  expect(roots.filter((name) => !PROJECT_ROOT.includes(name))).toEqual([]);
  expect(files.filter((f) => LEFT_BY_A_RUN.test(f))).toEqual([]);
});
