import { extname } from 'node:path';
import { INFLATION_WORDS, InflationLevel } from '../../src/economy/items';
import { OutputExistsError, writeFileAtomic } from '../atomic-write';
import { planOutputs, prepareOutDir } from '../batch-inputs';
import { EXIT, Io, printable, UsageError } from '../io';
import { failedTurn, TurnFileReport, turnFile, turnOutputPath } from '../turn-file';
import { isLockFile, LOCK_FILE, openInExcelWarning } from '../excel-lock';
import { turnTemplateWorkbook } from '../workbook/turn-template';
import { parseOptionsOnce } from '../flags';

export const TURN_HELP = `Usage: praetor turn WORKBOOK... [--out DIR] [--force] [--again] [--json]
       praetor turn --template FILE.xlsx [--force]

Plays a turn's economy (Conquest of the Empire, seed 001) from a game master's workbook and
writes a new workbook with the books brought up to date and a "Turn report" sheet.

The workbook's sheets (or Excel tables) of those names; columns by header, any case and order:
  Players      Player, Home territory, Treasury, Caesar captured (yes/no; blank is no)
  Territories  Territory, Value (5 or 10), Owner (a player, or blank), City (none/city/fortified)
  Game         Inflation (1, 2 or 3; blank is 1), in the row below the header. Optional: when
               the workbook has none, a Game sheet is added to the output to keep the level.
  Purchases    Player, Item, Quantity (blank is 1), Territory (for cities). Optional.
  Ransoms      Payer, General, Amount, Captor. Optional.

A turn, in this order:
  1. Income: each player collects the value of the territories they own plus 5 per city
     (fortified or not), only while they own their home territory and their Caesar is free.
  2. Inflation: if a player collected more than 100 talents, prices double for the rest of
     the game; more than 200, they triple. The level never falls. This turn's purchases are
     already at the new level.
  3. Ransoms, in the order written: the payer pays the captor; the general returns home.
  4. Purchases, in the order written, at Infantry 10, Cavalry 25, Catapult 40, Galley 25,
     City 30, Fortified city 55, Upgrade (city to fortified) 25, times the inflation level.
     Units go to the home territory; a city to a territory the player owns. An order the
     player cannot afford or may not place is rejected whole, with the reason; the next goes on.

NAME.xlsx gives NAME.turn.xlsx (NAME.xlsm gives NAME.turn.xlsm), beside it or in --out. The
input is never changed. In the output, only the changed cells (Treasury, City, Inflation) are
rewritten, each keeping its format; a cell that holds a formula is refused. The Turn report
lists every change, every rejected order and every error with the cell of its order.

The output records a fingerprint of the orders it played (Purchases and Ransoms). Played
again with the same orders (its rows in any order), it is refused (an error, no output): its
income would be paid and its purchases bought twice. Clear Purchases and Ransoms, or write the next turn's orders, in
it first; a turn with no orders after one with none needs --again too. It records each order
row too: a row of the next turn the same as one done then (left from the last turn while
another was edited) is named. A ransom is held back (an error, exit 1; the turn is written),
and so is every purchase when all of Purchases is the last turn's; another purchase is played,
with a warning (a player may buy the same again). An order rejected then is a new try.

Options:
  --out DIR        write the outputs into DIR (made if missing) instead of beside each input
  --force          overwrite outputs written before (never an input: a workbook whose output
                   would replace another workbook given is refused, and not played)
  --again          play orders that the workbook records as played by the turn that wrote it
                   (a turn's output whose Purchases and Ransoms are unchanged) once more, and
                   rows held back as the same as the last turn's (with --force, as that
                   run's output is written); orders new to the workbook are played as without
                   it, with a note on stderr when no row repeats the last turn's
  --json           print a JSON report on stdout instead of the summary
  --template FILE  write an example economy workbook to FILE (.xlsx) instead
  -h, --help       show this help

Examples:
  praetor turn --template economy.xlsx
  praetor turn economy.xlsx --out out --json

Exit status: 0 every turn played (rejected orders are part of a turn), 1 some order or file had
errors (a workbook whose books cannot be read, or a turn's output given again with its own
orders, gets no output; a row held back as the last turn's is an error), 2 bad usage.`;

const OPTIONS = {
  out: { type: 'string' },
  force: { type: 'boolean' },
  again: { type: 'boolean' },
  json: { type: 'boolean' },
  template: { type: 'string' },
} as const;

export async function turnCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS, true);
  if (v.template !== undefined) return writeTemplate(v.template, positionals, v, io);
  if (positionals.length === 0) throw new UsageError('give at least one workbook');
  prepareOutDir(v.out);

  const reports: TurnFileReport[] = [];
  const planned = planOutputs(
    positionals.map((input) => ({ input })),
    (input) => turnOutputPath(input, v.out),
  );
  for (const { input, output, error } of planned) {
    // An output there already is refused when it would be written (`${output} exists; add
    // --force`), after the workbook is read: orders played before are named first.
    if (error !== undefined) reports.push(failedTurn(input, error));
    else if (isLockFile(input)) reports.push(failedTurn(input, LOCK_FILE));
    else {
      const report = await turnFile({
        input,
        output,
        force: v.force === true,
        again: v.again === true,
      });
      // The books are the GM's own, the workbook most likely open while the turn is played.
      const open = openInExcelWarning(input);
      reports.push(open === null ? report : { ...report, warnings: [open, ...report.warnings] });
    }
  }
  for (const r of reports) for (const n of r.notes) io.err(printable(`note: ${r.input}: ${n}`));
  if (v.json) io.out(JSON.stringify(jsonReport(reports), null, 2));
  else io.out(reports.map(summary).join('\n\n'));
  return reports.every((r) => r.errors === 0) ? EXIT.ok : EXIT.someFailed;
}

async function writeTemplate(
  file: string,
  positionals: string[],
  v: { force?: boolean; out?: string; json?: boolean; again?: boolean },
  io: Io,
): Promise<number> {
  if (positionals.length > 0 || v.out !== undefined || v.json || v.again) {
    throw new UsageError('--template FILE takes no workbooks, --out, --again or --json');
  }
  if (extname(file).toLowerCase() !== '.xlsx') {
    throw new UsageError(`${file}: the template is an .xlsx workbook; name it so`);
  }
  try {
    writeFileAtomic(file, await turnTemplateWorkbook(), v.force === true);
  } catch (e) {
    if (!(e instanceof OutputExistsError)) throw e;
    io.err(`praetor turn: ${e.message}`);
    return EXIT.someFailed;
  }
  io.out(`wrote ${file}: an example game; run praetor turn ${file}`);
  return EXIT.ok;
}

function summary(r: TurnFileReport): string {
  return summaryLines(r).map(printable).join('\n');
}

/** The summary of one workbook, a line each (file names may hold any character: see printable). */
function summaryLines(r: TurnFileReport): string[] {
  if (r.error !== null && r.inflation === null) return [`${r.input}: ${r.error}`];
  if (r.problems.length > 0) {
    return [`${r.input}: the turn was not played (no output):`, ...r.problems.map((p) => `  ${p}`)];
  }
  const level = (n: number) => `${n} (${INFLATION_WORDS[n as InflationLevel]})`;
  const inflation =
    r.inflation!.before === r.inflation!.after
      ? `Inflation: level ${level(r.inflation!.after)}`
      : `Inflation: level ${r.inflation!.before} -> ${level(r.inflation!.after)}`;
  const width = Math.max(6, ...r.players.map((p) => p.player.length));
  const table = [
    `${'Player'.padEnd(width)}  Treasury  Income  After`,
    ...r.players.map(
      (p) =>
        `${p.player.padEnd(width)}  ${String(p.treasuryBefore).padStart(8)}  ${String(p.income).padStart(6)}  ${String(p.treasuryAfter).padStart(5)}`,
    ),
  ];
  const listed = (title: string, result: string) => {
    const lines = r.lines.filter((l) => l.result === result && l.step !== 'warning');
    if (lines.length === 0) return [];
    return [
      `${title}:`,
      ...lines.map((l) =>
        // An error's reason names its cell; a rejection's order is named first.
        result === 'error' ? `  ${l.reason}` : `  ${l.at}  ${l.player}  ${l.what}: ${l.reason}`,
      ),
    ];
  };
  return [
    `${r.input} -> ${r.output ?? '(not written)'}`,
    inflation,
    ...table,
    `${r.done} changes, ${r.rejected} rejected, ${r.errors} errors`,
    ...listed('Rejected', 'rejected'),
    ...listed('Errors', 'error'),
    ...(r.error !== null ? [`Error: ${r.error}`] : []),
    ...(r.warnings.length > 0 ? ['Warnings:', ...r.warnings.map((w) => `  ${w}`)] : []),
  ];
}

function jsonReport(reports: TurnFileReport[]) {
  const total = (key: 'done' | 'rejected' | 'errors') => reports.reduce((n, r) => n + r[key], 0);
  return {
    files: reports,
    totals: {
      files: reports.length,
      done: total('done'),
      rejected: total('rejected'),
      errors: total('errors'),
    },
  };
}
