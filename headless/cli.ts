import { adjudicateCommand, ADJUDICATE_HELP } from './commands/adjudicate';
import { battleCommand, BATTLE_HELP } from './commands/battle';
import { diceCommand, DICE_HELP } from './commands/dice';
import { oddsCommand, ODDS_HELP } from './commands/odds';
import { reportCommand, REPORT_HELP } from './commands/report';
import { sealCommand, SEAL_HELP } from './commands/seal';
import { templateCommand, TEMPLATE_HELP } from './commands/template';
import { verifyCommand, VERIFY_HELP } from './commands/verify';
import { turnCommand, TURN_HELP } from './commands/turn';
import { EXIT, Io, processIo, UsageError } from './io';

const COMMANDS: Record<
  string,
  { run: (argv: string[], io: Io) => number | Promise<number>; help: string; summary: string }
> = {
  battle: {
    run: battleCommand,
    help: BATTLE_HELP,
    summary: 'resolve battles shot by shot and print the log',
  },
  odds: {
    run: oddsCommand,
    help: ODDS_HELP,
    summary: 'the odds of a battle, before the dice fall',
  },
  adjudicate: {
    run: adjudicateCommand,
    help: ADJUDICATE_HELP,
    summary: 'resolve every battle of submitted workbooks, logs written back',
  },
  template: {
    run: templateCommand,
    help: TEMPLATE_HELP,
    summary: 'write an empty submission workbook to fill in',
  },
  report: {
    run: reportCommand,
    help: REPORT_HELP,
    summary: 'printable battle reports (PDF or HTML)',
  },
  seal: {
    run: sealCommand,
    help: SEAL_HELP,
    summary: 'make a secret game key for sealed dice; print its commitment',
  },
  verify: {
    run: verifyCommand,
    help: VERIFY_HELP,
    summary: 'check an adjudicated workbook: every die, shot and result',
  },
  dice: {
    run: diceCommand,
    help: DICE_HELP,
    summary: 'exact odds of a Legion Battles check (dice pools)',
  },
  turn: {
    run: turnCommand,
    help: TURN_HELP,
    summary: "a turn's economy: income, inflation, ransoms, purchases",
  },
};

const HELP = `Usage: praetor <command> [options]

Praetor, a battle referee for play-by-email and spreadsheet game masters.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run "praetor <command> --help" for a command's options.
Exit status: 0 success, 1 some battles or files had errors, 2 bad usage.`;

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version') {
    io.out('praetor 0.1.0');
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`praetor: unknown command "${name}"\n\n${HELP}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (
      e instanceof UsageError ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
    ) {
      io.err(`praetor ${name}: ${(e as Error).message}\nRun "praetor ${name} --help" for usage.`);
      return EXIT.usage;
    }
    throw e;
  }
}
