import { parseArgs } from 'node:util';
import { extname } from 'node:path';
import { OutputExistsError, writeFileAtomic } from '../atomic-write';
import { EXIT, Io, UsageError } from '../io';
import { templateWorkbook } from '../workbook/template';

export const TEMPLATE_HELP = `Usage: praetor template FILE.xlsx [--force]

Writes an empty submission workbook: the Battles and Legions sheets with their headers,
drop-down lists for the Rules, Sea, Fort, Breach by and Side columns, and one example battle.
Players fill it in; "praetor adjudicate" resolves it.

Options:
  --force       overwrite FILE if it exists
  -h, --help    show this help

Exit status: 0 written, 1 not written (FILE exists), 2 bad usage.`;

export async function templateCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('give one file to write, e.g. turn1.xlsx');
  const [file] = positionals;
  if (extname(file).toLowerCase() !== '.xlsx') {
    throw new UsageError(`${file}: the template is an .xlsx workbook; name it so`);
  }
  try {
    writeFileAtomic(file, await templateWorkbook(), v.force === true);
  } catch (e) {
    if (!(e instanceof OutputExistsError)) throw e;
    io.err(`praetor template: ${e.message}`);
    return EXIT.someFailed;
  }
  io.out(`wrote ${file}: fill in Battles and Legions, then run praetor adjudicate ${file}`);
  return EXIT.ok;
}
