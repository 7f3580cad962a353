import { readWorkbookTables } from '../headless/workbook/read';
import { templateWorkbook } from '../headless/workbook/template';
import { adjudicateSubmission } from '../src/adjudicate';
import { readSubmission, SheetTable } from '../src/submission';
import { toyOptionsRead } from './helpers/toy-ruleset';
import { LEGIONS_HEADER, legion } from './helpers/workbooks';

// Rulesets registered in the test alone: the toy (options hitOn and openField, which no
// Battles column is written for) and toy-clash, whose options' words are a fixed column's
// (`breach`, of Breach by) and a notes column's (`notes`).
jest.mock('../src/rulesets', () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./helpers/toy-ruleset').withToy(jest.requireActual('../src/rulesets'), {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ...require('./helpers/toy-ruleset').toyRuleset,
    id: 'toy-clash',
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    optionKeys: [...require('./helpers/toy-ruleset').toyRuleset.optionKeys, 'breach', 'notes'],
  }),
);

const table = (sheet: string, cells: unknown[][]): SheetTable => ({
  cells,
  origin: { sheet, row: 0, col: 0 },
});

const LEGIONS = table('Legions', [
  LEGIONS_HEADER,
  legion('B1', 'Attacker', 'Marcus', 3, 1),
  legion('B1', 'Defender', 'Brutus', 4),
]);

/** One battle B1 of `rules` with the given Battles columns. */
function read(rules: string, cells: Record<string, unknown>) {
  const header = ['Battle', 'Rules', ...Object.keys(cells), 'Seed'];
  const row = ['B1', rules, ...Object.values(cells), 'x'];
  return readSubmission(table('Battles', [header, row]), LEGIONS);
}

describe("a ruleset's options that no Battles column is written for", () => {
  beforeEach(() => {
    toyOptionsRead.length = 0;
  });

  it('are read from a column named after them, in any case', () => {
    const submission = read('toy', { 'HIT ON': 5, 'open field': 'yes' });
    expect(submission.problems).toEqual([]);
    expect(submission.warnings).toEqual([]);
    expect(submission.entries[0].spec?.options).toEqual({ hitOn: 5, openField: 'yes' });
    const [done] = adjudicateSubmission(submission);
    expect(done.outcome.ok && done.outcome.value.options).toMatchObject({
      hitOn: 5,
      openField: true,
    });
    expect(toyOptionsRead).toContainEqual(expect.objectContaining({ hitOn: 5 }));
  });

  it("are checked at their cell, and named where another ruleset's battle gives them", () => {
    expect(read('toy', { 'Hit on': 9 }).entries[0].error).toContain('Battles!C2: hitOn is');
    expect(read('cote-pbem', { 'Hit on': 5 }).entries[0].error).toContain(
      'Battles!C2: the Hit on column does not apply to cote-pbem battles: clear the cell',
    );
  });

  it('are among the columns an unknown column is told of', () => {
    const { warnings } = read('toy', { 'Hit of': 5 });
    expect(warnings).toEqual([
      expect.stringContaining('(Battle, Territory, Rules, Sea, Fort, Breach by, Retreat, Rounds,'),
    ]);
    // A look-alike of an option's column: a value under it stops a battle of the rules reading it.
    expect(warnings[0]).toContain(
      'Castes, Hit on, Open field, Seed, Dice); it looks like "Hit on", so a toy or toy-clash battle with a value under it is not fought',
    );
  });

  it("never take a fixed column's word, nor a notes column's", () => {
    const cells = { Fort: 1, Breach: 'catapult', Notes: 'mine', 'Hit on': 2 };
    const submission = read('toy-clash', cells);
    expect(submission.warnings).toEqual([]);
    expect(submission.entries[0].spec?.options).toEqual({
      fort: 1,
      breachBy: 'catapult',
      hitOn: 2,
    });
  });

  it('make the template of a ruleset that has them adjudicate as it stands', async () => {
    const tables = await readWorkbookTables(await templateWorkbook('toy'));
    const submission = readSubmission(tables.battles!, tables.legions!, tables);
    expect(submission.problems).toEqual([]);
    expect(submission.warnings.filter((w) => !w.includes('example'))).toEqual([]);
    const [done] = adjudicateSubmission(submission);
    expect(done.outcome.ok && done.outcome.value.options).toMatchObject({ hitOn: 5 });
  });
});
