import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Office.js is called from the `excel*.ts` adapter files alone: the rest of the pane is plain
 * TypeScript against `WorkbookHost`, which the tests can run without Excel.
 */

const DIR = join(__dirname, '..', 'taskpane');
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

test('no pane file but the excel*.ts adapter calls Office.* or Excel.*', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
  const adapter = files.filter((f) => /^excel(-[a-z]+)?\.ts$/.test(f));
  expect(adapter.sort()).toEqual([
    'excel-explain.ts',
    'excel-read.ts',
    'excel-write.ts',
    'excel.ts',
  ]);
  const calling = files.filter(
    (f) =>
      !adapter.includes(f) &&
      /\b(Office|Excel)\.[A-Za-z]/.test(withoutComments(readFileSync(join(DIR, f), 'utf8'))),
  );
  expect(calling).toEqual([]);
  // And the adapter does call it: the check reads what it means to.
  expect(readFileSync(join(DIR, 'excel-read.ts'), 'utf8')).toMatch(/\bExcel\.run\(/);
});
