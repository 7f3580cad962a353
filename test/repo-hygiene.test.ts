import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The project's root holds the project's files and nothing left behind by a run: a stray
 * `k.battles.json.lock` once landed there, and made the next `adjudicate --key k.json` run in
 * a fresh clone refuse the ledger as taken. What a run may leave and git ignores (builds,
 * outputs, logs) is not the project's.
 */

const ROOT = join(__dirname, '..');
const PROJECT = [
  '.ci',
  '.git',
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
const IGNORED = ['node_modules', 'dist', 'coverage', 'out'];

test('the root holds only the project', () => {
  const stray = readdirSync(ROOT).filter(
    (name) => !PROJECT.includes(name) && !IGNORED.includes(name) && !name.endsWith('.log'),
  );
  expect(stray).toEqual([]);
});
