import { fsErrorReason, isFsError, OutputWriteError } from './fs-errors';
import { EXIT, Io, printable, processIo, UsageError } from './io';
import { nearestName } from '../src/word-slips';

/** A command's code and help, loaded only when it runs: `praetor battle` never loads exceljs. */
interface LoadedCommand {
  run: (argv: string[], io: Io) => number | Promise<number>;
  help: string;
}

interface CommandEntry {
  summary: string;
  load: () => Promise<LoadedCommand>;
}

const COMMANDS: Record<string, CommandEntry> = {
  battle: {
    summary: 'resolve battles shot by shot and print the log',
    load: async () => {
      const m = await import('./commands/battle');
      return { run: m.battleCommand, help: m.BATTLE_HELP };
    },
  },
  odds: {
    summary: 'the odds of a battle, before the dice fall',
    load: async () => {
      const m = await import('./commands/odds');
      return { run: m.oddsCommand, help: m.ODDS_HELP };
    },
  },
  adjudicate: {
    summary: 'resolve every battle of submitted workbooks, logs written back',
    load: async () => {
      const m = await import('./commands/adjudicate');
      return { run: m.adjudicateCommand, help: m.ADJUDICATE_HELP };
    },
  },
  template: {
    summary: 'write an empty submission workbook to fill in',
    load: async () => {
      const m = await import('./commands/template');
      return { run: m.templateCommand, help: m.TEMPLATE_HELP };
    },
  },
  report: {
    summary: 'printable battle reports (PDF or HTML)',
    load: async () => {
      const m = await import('./commands/report');
      return { run: m.reportCommand, help: m.REPORT_HELP };
    },
  },
  seal: {
    summary: 'make a secret game key for sealed dice; print its commitment',
    load: async () => {
      const m = await import('./commands/seal');
      return { run: m.sealCommand, help: m.SEAL_HELP };
    },
  },
  verify: {
    summary: 'check adjudicated workbooks: every die, shot and result',
    load: async () => {
      const m = await import('./commands/verify');
      return { run: m.verifyCommand, help: m.VERIFY_HELP };
    },
  },
  dice: {
    summary: 'exact odds of a Legion Battles check (dice pools)',
    load: async () => {
      const m = await import('./commands/dice');
      return { run: m.diceCommand, help: m.DICE_HELP };
    },
  },
  turn: {
    summary: "a turn's economy: income, inflation, ransoms, purchases",
    load: async () => {
      const m = await import('./commands/turn');
      return { run: m.turnCommand, help: m.TURN_HELP };
    },
  },
};

const NAMES = Object.keys(COMMANDS).join(', ');

const HELP = `Usage: praetor <command> [options]
       praetor help <command>

Praetor, a battle referee for play-by-email and spreadsheet game masters.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Options:
  -h, --help    show this help
  --version     print Praetor's version

Examples:
  praetor template turn1.xlsx
  praetor adjudicate submissions/ --out out
  praetor battle --attacker "2 CAT, 5 INF" --defender "4 INF, 2 CAV" --fort --seed "Gallia"

Run "praetor <command> --help" (or "praetor help <command>") for a command's options.
Exit status: 0 success, 1 some battles, files or checks had errors, 2 bad usage, 130 stopped
by Ctrl-C (adjudicate).`;

/** A usage error on one line, pointing to the help: `praetor battle: ... Run "..." for usage.` */
function usageLine(command: string | undefined, message: string): string {
  const who = command === undefined ? 'praetor' : `praetor ${command}`;
  const text = printable(message.trim());
  const stop = /[.!?]$/.test(text) ? '' : '.';
  return `${who}: ${text}${stop} Run "${who} --help" for usage.`;
}

/**
 * node:util parseArgs' messages in Praetor's words, on one line: `unknown option --atacker`,
 * `--seed needs a value`, never the three lines it gives for `--rounds -1`.
 */
function parseArgsMessage(message: string): string {
  const unknown = /^Unknown option '([^']*)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missing = /^Option '(?:-\w, )?(--[^' ]+) <value>' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  const flag = /^Option '(?:-\w, )?(--[^' ]+)' does not take an argument/.exec(message);
  if (flag) return `${flag[1]} takes no value`;
  const dash = /^Option '(?:-\w, )?(--[^' ]+)' argument is ambiguous/.exec(message);
  if (dash) {
    return `${dash[1]} needs a value; a value that starts with "-" is written ${dash[1]}=VALUE`;
  }
  const extra = /^Unexpected argument '([^']*)'/.exec(message);
  if (extra) return `unexpected argument "${extra[1]}"`;
  return message.split('\n')[0];
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(usageLine(undefined, `give a command: ${NAMES}`));
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    // `praetor help battle` is `praetor battle --help`.
    if (name === 'help' && rest.length > 0) return main([rest[0], '--help'], io);
    io.out(HELP);
    return EXIT.ok;
  }
  if (name === '--version') {
    io.out('praetor 0.1.0');
    return EXIT.ok;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    const near = nearestName(Object.keys(COMMANDS))(name);
    const hint = near === null ? '' : `: did you mean "praetor ${near}"?`;
    io.err(usageLine(undefined, `unknown command "${name}" (the commands: ${NAMES})${hint}`));
    return EXIT.usage;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (e instanceof UsageError) {
      io.err(usageLine(name, e.message));
      return EXIT.usage;
    }
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      io.err(usageLine(name, parseArgsMessage((e as Error).message)));
      return EXIT.usage;
    }
    // A file given on the command line that cannot be written (or, below, read): the path and
    // the reason in plain words, never a stack or a temporary file's name.
    if (e instanceof OutputWriteError) {
      io.err(`praetor ${name}: ${printable(e.message)}`);
      return EXIT.usage;
    }
    // The last resort for a file system error no command turned into a message of its own.
    if (isFsError(e)) {
      const path = typeof e.path === 'string' ? e.path : undefined;
      const reason = fsErrorReason(e, path ?? '.');
      if (path === undefined) {
        io.err(`praetor ${name}: ${reason}`);
        return EXIT.someFailed;
      }
      const what = WRITES.has(e.syscall ?? '') ? 'cannot write ' : '';
      io.err(`praetor ${name}: ${what}${printable(path)}: ${reason}`);
      return EXIT.usage;
    }
    throw e;
  }
}

/** System calls that write: an error of theirs is about an output. */
const WRITES = new Set([
  'mkdir',
  'rename',
  'link',
  'write',
  'unlink',
  'rmdir',
  'copyfile',
  'symlink',
]);
