import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { templateRulesets, templateWorkbook } from '../headless/workbook/template';
import { FIXTURES, parts, sha256 } from './helpers/workbooks';

/**
 * What `praetor template --rules X` writes, part by part (the zip's timestamps aside), is what
 * it wrote when each ruleset's template moved into its module: cells, validations, notes,
 * widths and sheets alike. After a change to a template on purpose, rewrite the fixture with
 * PRAETOR_UPDATE_TEMPLATE_PARTS=1 npx jest test/template-parts.test.ts.
 */

const FIXTURE = join(FIXTURES, 'template-parts.json');

async function partHashes(rules: string): Promise<Record<string, string>> {
  const all = await parts(await templateWorkbook(rules));
  return Object.fromEntries([...all].map(([name, data]) => [name, sha256(data)]).sort());
}

test('the five templates are written part for part as before', async () => {
  const now: Record<string, Record<string, string>> = {};
  for (const rules of templateRulesets()) now[rules] = await partHashes(rules);
  if (process.env.PRAETOR_UPDATE_TEMPLATE_PARTS === '1') {
    writeFileSync(FIXTURE, `${JSON.stringify(now, null, 2)}\n`);
  }
  expect(Object.keys(now)).toEqual([
    'cote-pbem',
    'cote-online',
    'imperium',
    'legion-battles',
    'fortunes-of-war',
  ]);
  expect(now).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
});
