import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { templateRulesets, templateSheet } from '../headless/workbook/template';
import { praetor } from './helpers/cli';
import { toyRuleset } from './helpers/toy-ruleset';
import { tempDir } from './helpers/workbooks';

// Rulesets registered in the test alone: the toy, with its template in its module, and
// toy-plain, which has none.
jest.mock('../src/rulesets', () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./helpers/toy-ruleset').withToy(jest.requireActual('../src/rulesets'), {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ...require('./helpers/toy-ruleset').toyRuleset,
    id: 'toy-plain',
    template: undefined,
  }),
);

jest.setTimeout(30_000);

const rows = (ws: ExcelJS.Worksheet) =>
  ws.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));

describe("a ruleset's template, from its module", () => {
  it('is written by praetor template --rules ID', async () => {
    const file = join(tempDir(), 'toy.xlsx');
    const { code, out, err } = await praetor('template', file, '--rules', 'toy');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('fill in Battles and Legions');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['Battles', 'Legions']);
    const battles = workbook.getWorksheet('Battles')!;
    expect(rows(battles)[0]).toEqual([
      'Battle',
      'Territory',
      'Rules',
      'Rounds',
      'Hit on',
      'Open field',
      'Seed',
      'Dice',
    ]);
    expect(rows(battles)[1].slice(0, 6)).toEqual(['B1', 'Gallia', 'toy', '', 5, '']);
    expect(battles.getCell('E1').note).toBe('The die a unit hits on, 1 to 6 (4).');
    expect(battles.getColumn(5).width).toBe(7);
    expect(battles.getCell('C2').dataValidation.formulae).toEqual(['"toy"']);
    expect(battles.getCell('F2').dataValidation.formulae).toEqual(['"yes,no"']);
    expect(rows(workbook.getWorksheet('Legions')!).slice(1)).toEqual(toyRuleset.template.legions);
  });

  it('is listed among the templates, and in the help', async () => {
    expect(templateRulesets()).toContain('toy');
    expect(templateSheet('toy')).toBeUndefined();
    const { out } = await praetor('template', '--help');
    expect(out).toMatch(/fortunes-of-war, toy\n/);
  });

  it('is said to be missing for a ruleset without one, not that the rules are unknown', async () => {
    const file = join(tempDir(), 'plain.xlsx');
    const { code, err } = await praetor('template', file, '--rules', 'toy-plain');
    expect(code).toBe(2);
    expect(err).toContain('toy-plain has no template');
    expect(err).not.toContain('unknown rules');
    expect(existsSync(file)).toBe(false);
    expect(templateRulesets()).not.toContain('toy-plain');
  });
});
