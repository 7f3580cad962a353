import { extname } from 'node:path';
import { OutputExistsError, writeFileAtomic } from '../atomic-write';
import { EXIT, Io, shellWord, UsageError } from '../io';
import { DEFAULT_RULESET, findRuleset } from '../../src/rulesets';
import { templateRulesets, templateSheet, templateWorkbook } from '../workbook/template';
import { parseOptionsOnce } from '../flags';
import { nearestName } from '../../src/word-slips';

export const TEMPLATE_HELP = `Usage: praetor template FILE.xlsx [--rules RULESET] [--force]

Writes an empty submission workbook: the Battles and Legions sheets with their headers (each
with a note), drop-down lists for the columns that take a few words (Rules, Side, and options
such as Sea, Fort and Breach by), and one example battle. With --rules, the example battle is
of that ruleset, the Battles sheet has that ruleset's option columns only, and its own sheet is
added (Fleets for imperium, Units for legion-battles, Armies for fortunes-of-war). A workbook
is for one ruleset: its Rules list offers that one. Players fill it in; "praetor adjudicate"
resolves it.

Options:
  --rules RULESET  the example battle's ruleset (default ${DEFAULT_RULESET}), one of
                   ${templateRulesets().join(', ')}
  --force          overwrite FILE if it exists
  -h, --help       show this help

Examples:
  praetor template turn1.xlsx
  praetor template fleets.xlsx --rules imperium

Exit status: 0 written, 1 not written (FILE exists), 2 bad usage (or FILE cannot be written:
its folder does not exist, it is a folder, permission denied).`;

export async function templateCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseOptionsOnce(
    argv,
    { force: { type: 'boolean' }, rules: { type: 'string' } },
    true,
  );
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'give the file to write, e.g. turn1.xlsx'
        : `give one file to write, not ${positionals.length} (${positionals.join(' ')})`,
    );
  }
  const [file] = positionals;
  if (extname(file).toLowerCase() !== '.xlsx') {
    throw new UsageError(`${file}: the template is an .xlsx workbook; name it so`);
  }
  const rules = (v.rules ?? DEFAULT_RULESET).trim().toLowerCase();
  if (!templateRulesets().includes(rules) && findRuleset(rules) !== undefined) {
    throw new UsageError(
      `${rules} has no template (a template is written for ${templateRulesets().join(', ')}); ` +
        'its battles go in a JSON file for praetor battle --input',
    );
  }
  if (!templateRulesets().includes(rules)) {
    const near = nearestName(templateRulesets())(rules);
    throw new UsageError(
      `unknown rules "${v.rules}" (known: ${templateRulesets().join(', ')})` +
        (near === null ? '' : `: did you mean "${near}"?`),
    );
  }
  try {
    writeFileAtomic(file, await templateWorkbook(rules), v.force === true);
  } catch (e) {
    if (!(e instanceof OutputExistsError)) throw e;
    io.err(`praetor template: ${e.message}`);
    return EXIT.someFailed;
  }
  const own = templateSheet(rules);
  const sheets = own ? `Battles, Legions and ${own}` : 'Battles and Legions';
  io.out(`wrote ${file}: fill in ${sheets}, then run praetor adjudicate ${shellWord(file)}`);
  return EXIT.ok;
}
