import ExcelJS from 'exceljs';
import { adjudicateSubmission } from '../src/adjudicate';
import { readSubmission } from '../src/submission';
import { readWorkbookTables } from '../headless/workbook/read';
import { templateRulesets, templateWorkbook } from '../headless/workbook/template';
import { turnTemplateWorkbook } from '../headless/workbook/turn-template';

/**
 * Every choice a template's drop-down lists offer in its example battle is one that ruleset
 * reads: a player who picks from the list never fails the battle for that cell (a review found
 * the Imperium template offering `Sea`, `Fort` and `Breach by`, which Imperium refuses).
 */

jest.setTimeout(60_000);

interface Choice {
  rules: string;
  sheet: string;
  cell: string;
  value: string;
}

/** The first row's cell of every list validation of the template, with each word it offers. */
async function choicesOf(rules: string): Promise<Choice[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await templateWorkbook(rules)) as unknown as ArrayBuffer);
  return workbook.worksheets.flatMap((ws) => {
    const model = (
      ws as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }
    ).dataValidations.model;
    return Object.entries(model).flatMap(([ref, v]) => {
      // exceljs gives a loaded sheet's validations cell by cell: the example's row is enough.
      const cell = ref.split(':')[0];
      if (v.type !== 'list' || !/^[A-Z]+2$/.test(cell)) return [];
      const words = String(v.formulae[0]).replace(/^"|"$/g, '').split(',');
      return words.map((value) => ({ rules, sheet: ws.name, cell, value }));
    });
  });
}

/** The problems of the template's example with one cell set, naming that cell. */
async function problemsAt({ rules, sheet, cell, value }: Choice): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await templateWorkbook(rules)) as unknown as ArrayBuffer);
  workbook.getWorksheet(sheet)!.getCell(cell).value = value;
  const tables = await readWorkbookTables(Buffer.from(await workbook.xlsx.writeBuffer()));
  const submission = readSubmission(tables.battles!, tables.legions!, tables);
  const errors = adjudicateSubmission(submission).flatMap((a) =>
    a.outcome.ok ? [] : [a.outcome.error],
  );
  // The cell itself refused, or (a Rules choice) another column of the template refused for
  // the rules chosen. A choice that only disagrees with the example's other values (a sea
  // battle at a fort, both legions on one side) is the player's to make.
  return [...submission.problems, ...errors].filter(
    (p) => p.includes(`${sheet}!${cell}`) || / column does not apply to /.test(p),
  );
}

test.each(templateRulesets())(
  'every drop-down choice of the %s template is read',
  async (rules) => {
    const choices = await choicesOf(rules);
    expect(choices.length).toBeGreaterThan(3);
    const refused: string[] = [];
    for (const choice of choices) {
      const problems = await problemsAt(choice);
      if (problems.length > 0)
        refused.push(`${choice.sheet}!${choice.cell} = ${choice.value}: ${problems.join('; ')}`);
    }
    expect(refused).toEqual([]);
  },
);

test.each([
  ['template', () => templateWorkbook()],
  ['turn --template', () => turnTemplateWorkbook()],
])(
  'the %s drop-downs warn and let a spelling off the list stay (Praetor reads `y`, `attack`, ...)',
  async (_name, make) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await make()) as unknown as ArrayBuffer);
    const styles = workbook.worksheets.flatMap((ws) =>
      Object.values(
        (ws as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } })
          .dataValidations.model,
      ).map((v) => v.errorStyle),
    );
    expect(styles.length).toBeGreaterThan(0);
    expect(new Set(styles)).toEqual(new Set(['warning']));
  },
);

test.each(templateRulesets())(
  'the %s template keeps seeds and dice as typed: those columns are formatted as Text',
  async (rules) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await templateWorkbook(rules)) as unknown as ArrayBuffer);
    const textColumns = workbook.worksheets.flatMap((ws) => {
      const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      return headers.flatMap((h, i) =>
        ws.getColumn(i + 1).numFmt === '@' ? [`${ws.name}!${h}`] : [],
      );
    });
    // Only those: counts and options stay numbers and words, and an id may be a formula
    // (`=Battles!A2`), which Excel would keep as its text in a Text cell.
    expect(textColumns).toEqual(['Battles!Seed', 'Battles!Dice']);
  },
);
