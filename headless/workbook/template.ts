import ExcelJS from 'exceljs';
import { DEFAULT_RULESET, findRuleset, rulesetIds } from '../../src/rulesets';
import { TEMPLATE_SEED } from '../../src/submission';
import {
  BREACH_BY_COLUMN,
  FORT_COLUMN,
  RETREAT_COLUMN,
  ROUNDS_COLUMN,
  SEA_COLUMN,
  TemplateColumn,
} from '../../src/template-columns';
import { RulesetTemplate } from '../../src/ruleset-template';

/**
 * An empty submission workbook: the `Battles` and `Legions` sheets with their headers, drop-down
 * lists where a column takes a few words, a note on every header, and one example battle; for
 * another ruleset than the default, its Battles columns and its own sheet too, from its
 * `Ruleset.template`. Made new with exceljs (nothing of a user's is rewritten here).
 */

type Column = TemplateColumn;

/** The Battles columns of every ruleset before its options, and after them. */
const battleStart = (rules: string): Column[] => [
  {
    header: 'Battle',
    width: 10,
    note: 'The battle id: any text, unique in the workbook.',
  },
  { header: 'Territory', width: 16, note: 'Where the battle is fought (for your notes).' },
  {
    header: 'Rules',
    width: 12,
    note:
      `The ruleset, ${rules}, whose options this sheet's columns are; blank means ` +
      `${DEFAULT_RULESET}. Another ruleset (${rulesetIds().join(', ')}) takes other columns: ` +
      'praetor template --rules RULESET writes them.',
    // Only this template's: another's would refuse the option columns here.
    list: [rules],
  },
];
const BATTLE_END: Column[] = [
  {
    header: 'Seed',
    width: 14,
    note: 'Any text: the dice are rolled from it. Blank: derived from the battle.',
    text: true,
  },
  {
    header: 'Dice',
    width: 24,
    note: 'Scripted d6 values from a dice server, e.g. 3,4,4,2,3. Used instead of Seed.',
    text: true,
  },
];

const PBEM_OPTION_COLUMNS = [
  SEA_COLUMN,
  FORT_COLUMN,
  BREACH_BY_COLUMN,
  RETREAT_COLUMN,
  ROUNDS_COLUMN,
];

/** The Battles columns of the default ruleset's template. */
export const BATTLE_COLUMNS: Column[] = [
  ...battleStart(DEFAULT_RULESET),
  ...PBEM_OPTION_COLUMNS,
  ...BATTLE_END,
];

export const LEGION_COLUMNS: Column[] = [
  {
    header: 'Battle',
    width: 10,
    note: 'The id of the battle in Battles this legion fights.',
  },
  { header: 'Side', width: 10, note: 'Attacker or Defender.', list: ['Attacker', 'Defender'] },
  { header: 'Player', width: 12, note: 'Who commands the legion.' },
  { header: 'Leader', width: 14, note: 'The leader (general) of the legion, if named.' },
  {
    header: 'Infantry',
    width: 9,
    note: 'Whole numbers, 0 or more; at most 7 combat units a legion.',
  },
  { header: 'Cavalry', width: 9, note: 'Whole numbers, 0 or more.' },
  { header: 'Catapults', width: 10, note: 'Whole numbers, 0 or more.' },
  {
    header: 'Galleys',
    width: 9,
    note: 'Whole numbers, 0 or more; at sea only (galleys do not count toward 7).',
  },
];

export const EXAMPLE_BATTLE = [
  'B1',
  'Gallia',
  DEFAULT_RULESET,
  'no',
  1,
  'any',
  'lost >= 3',
  '',
  TEMPLATE_SEED,
  '',
];
export const EXAMPLE_LEGIONS = [
  ['B1', 'Attacker', 'Ann', 'Marcus', 4, 2, 1, ''],
  ['B1', 'Defender', 'Bob', 'Brutus', 5, 1, '', ''],
];

/** exceljs keeps a sheet's validations by range, though its types do not say so. */
type ValidationList = { add(ref: string, validation: ExcelJS.DataValidation): void };

/** Rows the drop-down lists cover below the header. */
const LIST_ROWS = 500;

function addSheet(workbook: ExcelJS.Workbook, name: string, columns: Column[], rows: unknown[][]) {
  const ws = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
  columns.forEach((c, i) => {
    header.getCell(i + 1).note = c.note;
    if (c.text) ws.getColumn(i + 1).numFmt = '@';
    if (!c.list) return;
    const letter = ws.getColumn(i + 1).letter;
    const dv = (ws as unknown as { dataValidations: ValidationList }).dataValidations;
    dv.add(`${letter}2:${letter}${LIST_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${c.list.join(',')}"`],
      showErrorMessage: true,
      // A warning, not a stop: Praetor reads other spellings too (`y`, `attack`, ...).
      errorStyle: 'warning',
      errorTitle: c.header,
      error: `Expected one of: ${c.list.join(', ')}. Keep another value only if Praetor reads it (docs/workbook.md).`,
    });
  });
  for (const row of rows) ws.addRow(row);
}

/** A ruleset's own template; none for the default, whose template is the one above. */
const templateOf = (rules: string): RulesetTemplate | undefined =>
  rules === DEFAULT_RULESET ? undefined : findRuleset(rules)?.template;

/** The rulesets `templateWorkbook` knows: the default and those with a template of their own. */
export const templateRulesets = (): string[] =>
  rulesetIds().filter((id) => id === DEFAULT_RULESET || templateOf(id) !== undefined);

/** The workbook's sheets besides Battles and Legions, for the message after writing it. */
export const templateSheet = (rules: string): string | undefined => templateOf(rules)?.sheet?.name;

export async function templateWorkbook(rules: string = DEFAULT_RULESET): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Praetor';
  workbook.created = new Date(Date.UTC(2024, 0, 1));
  workbook.modified = workbook.created;
  const extra = templateOf(rules);
  if (!extra && rules !== DEFAULT_RULESET) throw new Error(`${rules} has no template`);
  if (!extra) {
    addSheet(workbook, 'Battles', BATTLE_COLUMNS, [EXAMPLE_BATTLE]);
    addSheet(workbook, 'Legions', LEGION_COLUMNS, EXAMPLE_LEGIONS);
  } else {
    // Only the ruleset's own options: a drop-down offering another's would fail the battle.
    const columns = [...battleStart(rules), ...extra.battleColumns, ...BATTLE_END];
    const cells: Record<string, string | number> = {
      Battle: 'B1',
      Territory: 'Gallia',
      Seed: TEMPLATE_SEED,
      ...extra.battle,
    };
    addSheet(workbook, 'Battles', columns, [columns.map((c) => cells[c.header] ?? '')]);
    addSheet(workbook, 'Legions', LEGION_COLUMNS, extra.legions);
    if (extra.sheet) addSheet(workbook, extra.sheet.name, extra.sheet.columns, extra.sheet.rows);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
