import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { praetor, shellWords } from './helpers/cli';

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

/** The README and the docs this project keeps: what they show must be what Praetor does. */
const DOCS = [
  'README.md',
  'docs/workbook.md',
  'docs/odds.md',
  'docs/rules-cote-pbem.md',
  'docs/rules-imperium.md',
  'docs/rules-fortunes-of-war.md',
  'docs/rules-legion-battles.md',
];
/** How many of each document's commands the last test runs (none dropped unnoticed). */
const RUNNABLE: Record<string, number> = {
  'README.md': 6,
  'docs/workbook.md': 3,
  'docs/odds.md': 3,
  'docs/rules-cote-pbem.md': 0,
  'docs/rules-imperium.md': 4,
  'docs/rules-fortunes-of-war.md': 2,
  'docs/rules-legion-battles.md': 0,
};
const read = (doc: string) => readFileSync(join(root, doc), 'utf8');

/** The `npx praetor ...` lines of a document's fenced blocks, `\` continuations joined. */
function commandLines(doc: string): string[] {
  const blocks = [...read(doc).matchAll(/^```[a-z]*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  return blocks
    .flatMap((b) => b.replace(/\\\n\s*/g, '').split('\n'))
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l.startsWith('npx praetor '));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

describe('the README and the docs', () => {
  it('the README begins with the two commands of a fresh machine', () => {
    const first = read('README.md').split('\n').slice(0, 6).join('\n');
    expect(first).toMatch(
      /^# Praetor\n\n```sh\nnpm ci && npx praetor adjudicate examples\/turn-3\.xlsx --out out --force +#[^\n]*\nnpm test +#[^\n]*\n```$/,
    );
    const scripts = JSON.parse(read('package.json')).scripts;
    expect(scripts.prepare).toContain('tsc');
    expect(scripts.test).toMatch(/typecheck.*format:check.*jest/);
  });

  it.each(DOCS)('every link and image of %s is a file of the repository', (doc) => {
    const text = read(doc);
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    if (doc === 'README.md') expect(targets.length).toBeGreaterThan(20);
    for (const target of targets.filter((t) => !/^[a-z]+:/.test(t))) {
      const [path, hash] = target.split('#');
      const file = path === '' ? join(root, doc) : join(root, dirname(doc), path);
      expect([target, existsSync(file)]).toEqual([target, true]);
      if (hash !== undefined && file.endsWith('.md')) {
        const headings = [...readFileSync(file, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) =>
          anchor(m[1]),
        );
        expect([target, headings]).toEqual([target, expect.arrayContaining([hash])]);
      }
    }
  });

  it('the README pictures each sheet of the submission and of the adjudicated workbook', () => {
    const images = [...read('README.md').matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(images).toEqual([
      'docs/img/battles.png',
      'docs/img/legions.png',
      'docs/img/results.png',
      'docs/img/log.png',
    ]);
  });

  it("the README's battle log is what the command prints", async () => {
    const text = read('README.md');
    const [, shown] = /The second prints[^\n]*\n\n```\n([\s\S]*?)\.\.\.\n```/.exec(text) ?? [];
    const [, line] = /^(npx praetor battle --attacker "2 INF, 1 CAT".*)$/m.exec(text) ?? [];
    const r = await praetor(...shellWords(line).slice(2));
    expect(r.code).toBe(0);
    expect(r.out.startsWith(shown)).toBe(true);
  });

  it.each(DOCS)(
    'every battle, odds, dice, template and adjudicate command of %s runs as shown',
    async (doc) => {
      const dir = mkdtempSync(join(tmpdir(), 'praetor-docs-'));
      // What the commands read: the bundled examples and a folder of players' workbooks.
      mkdirSync(join(dir, 'examples'));
      for (const f of ['turn-3.xlsx', 'battles.json']) {
        copyFileSync(join(root, 'examples', f), join(dir, 'examples', f));
      }
      mkdirSync(join(dir, 'submissions'));
      expect((await praetor('template', join(dir, 'submissions', 'orders.xlsx'))).code).toBe(0);
      const local = (word: string) =>
        /^[\w.-]+(\/[\w.-]*)*$/.test(word) && /(\.\w+|\/)$/.test(word) ? join(dir, word) : word;
      // Sealed dice need a key made by seal and a workbook without seeds: verify-cli tests them.
      const run = commandLines(doc).filter(
        (l) => /^npx praetor (battle|odds|dice|template|adjudicate) /.test(l) && !/--key/.test(l),
      );
      expect(run.length).toBe(RUNNABLE[doc]);
      for (const line of run) {
        const words = shellWords(line).slice(2);
        const argv = words.map((w, i) => (words[i - 1] === '--out' ? join(dir, w) : local(w)));
        const r = await praetor(...argv);
        expect([line, r.code, r.err]).toEqual([line, 0, expect.any(String)]);
      }
    },
    60000,
  );
});
