import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { keyCommitment, parseTurn, Seal } from '../../src/sealed';
import { plural } from '../../src/narrate-words';
import {
  adjudicateBatch,
  DEFAULT_JOBS,
  DEFAULT_MEMORY_MB,
  INTERRUPTED,
  MAX_JOBS,
} from '../adjudicate';
import {
  earlierOutputs,
  foldersWithoutWorkbooks,
  otherFormats,
  prepareOutDir,
} from '../batch-inputs';
import { FileReport } from '../file-report';
import { EXIT, Io, UsageError } from '../io';
import { readKeyFile } from '../keyfile';
import {
  KeptLedger,
  LedgerError,
  ledgerPath,
  readLedger,
  withRun,
  writeLedger,
} from '../sealed-ledger';
import { lockLedger } from '../ledger-lock';
import { startProgress, Progress } from '../progress';
import { problemLines, summaryTable } from '../summary';
import { parseOptionsOnce } from '../flags';

export const ADJUDICATE_HELP = `Usage: praetor adjudicate PATH... [--out DIR] [--jobs N] [--force] [--json]
                          [--key KEYFILE [--turn N]]

Resolves every battle of submitted workbooks and writes each back with a Results sheet and a
"Log <battle>" sheet per battle, leaving everything else in the workbook as it was.

PATH is a workbook (.xlsx or .xlsm) or a folder of them, its sub-folders searched too (not
hidden ones). Each workbook needs the sheets (or Excel tables) "Battles" and
"Legions"; "praetor template FILE.xlsx" writes an empty one. NAME.xlsx gives NAME.praetor.xlsx
(NAME.xlsm gives NAME.praetor.xlsm), beside it or in --out, in the sub-folder it was found in:
submissions/alba/orders.xlsx gives out/alba/orders.praetor.xlsx.
The input is never changed. Battles without Dice or Seed get a seed derived from their id and
rosters, shown in Results: the same workbook always gives the same results.

Options:
  --out DIR     write the results into DIR (made if missing) instead of beside each input
  --jobs N      adjudicate N files at once in worker threads (default: ${DEFAULT_JOBS}, the cores;
                at most ${MAX_JOBS}, and never more threads than files)
  --force       overwrite results written before (never an input: a workbook whose output
                would replace another input of the same run gets an error, and is not written);
                a battle the output replaced posted otherwise (a shot before a pause fought
                differently, an ending changed, a battle now an error or gone from the orders)
                is listed under "Not as posted"
  --json        print a JSON report on stdout instead of the summary table
  --key KEYFILE sealed dice: every battle's dice come from the game key of "praetor seal",
                the game and the turn, and Results record the key's commitment (never the
                key). A battle that gives its own Dice or Seed is then an error. The
                battles sealed are listed beside the key (rome.key.json keeps them in
                rome.key.battles.json), and a battle id that another workbook had in an
                earlier run of the turn is an error. One run of a key at a time: a run
                holds rome.key.battles.json.lock, and a second one stops (exit 2).
  --turn N      the turn being adjudicated (a whole number); needed with --key, unless the
                key file was sealed for its turn (praetor seal --turn), which takes no other
  -h, --help    show this help

Progress goes to stderr: a bar on a terminal, a line per file otherwise. At the end, stdout has
a summary table (file, battles, resolved, errors, output) and every error and warning.
Ctrl-C stops the run: the workbooks under way are finished and written (a second Ctrl-C stops
at once), the summary names those done, and the same command with --force does the rest.

Examples:
  praetor adjudicate examples/turn-3.xlsx --out out --force
  praetor adjudicate submissions/ --jobs 1 --json
  praetor adjudicate submissions/ --out sealed --key rome.key.json --turn 3

Exit status: 0 every battle resolved, 1 some battles or files had errors (or no workbook was
found, or the ledger could not be written at the end), 2 bad usage (or a ledger that cannot be
read or written before any work, or that another run of the key is using), 130 stopped by
Ctrl-C.`;

const OPTIONS = {
  out: { type: 'string' },
  jobs: { type: 'string' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
  key: { type: 'string' },
  turn: { type: 'string' },
} as const;

export async function adjudicateCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS, true);
  if (positionals.length === 0) throw new UsageError('give at least one workbook or folder');
  let jobs = DEFAULT_JOBS;
  if (v.jobs !== undefined) {
    jobs = Number(v.jobs);
    if (!/^\d+$/.test(v.jobs.trim()) || jobs < 1) {
      throw new UsageError(`--jobs is "${v.jobs}": give a whole number of threads, 1 or more`);
    }
    if (jobs > MAX_JOBS) {
      throw new UsageError(
        `--jobs is ${v.jobs.trim()}: at most ${MAX_JOBS} threads (each may use up to ${DEFAULT_MEMORY_MB} MB of memory; this machine has ${DEFAULT_JOBS} cores)`,
      );
    }
  }
  const seal = readSeal(v.key, v.turn);
  if (!seal || v.key === undefined) return adjudicateRun(v, positionals, jobs, io);
  const path = ledgerPath(v.key);
  // The ledger is read once the run holds it, so that no other run writes it meanwhile.
  const lock = lockLedger(path);
  if (!lock.ok) {
    io.err(`praetor adjudicate: ${lock.error}`);
    return EXIT.usage;
  }
  if (lock.value.tookOver) io.err(`praetor adjudicate: note: ${lock.value.tookOver}.`);
  // A second Ctrl-C ends the process at once: the lock goes with it.
  const release = () => lock.value.release();
  process.once('exit', release);
  try {
    const read = readLedger(path, seal.game, keyCommitment(seal.key));
    if (!read.ok) {
      io.err(`praetor adjudicate: ${read.error}`);
      return EXIT.usage;
    }
    return await adjudicateRun(v, positionals, jobs, io, seal, { ledger: read.value, path });
  } finally {
    process.off('exit', release);
    release();
  }
}

async function adjudicateRun(
  v: { out?: string; force?: boolean; json?: boolean },
  positionals: string[],
  jobs: number,
  io: Io,
  seal?: Seal,
  ledger?: KeptLedger,
): Promise<number> {
  prepareOutDir(v.out);
  let progress: Progress | undefined;
  let reports: FileReport[];
  // Ctrl-C: the workbooks under way are finished and written, the rest left for another run.
  const interrupt = new AbortController();
  const stopListening =
    io.interrupts?.(() => {
      interrupt.abort();
      const note = `praetor adjudicate: interrupted: finishing the workbooks under way (Ctrl-C again to stop at once)`;
      if (progress) progress.note(note);
      else io.err(note);
    }) ?? (() => {});
  try {
    reports = await adjudicateBatch({
      paths: positionals,
      outDir: v.out,
      jobs,
      force: v.force === true,
      seal,
      ledger,
      onStart: (inputs) => (progress = startProgress(io, inputs)),
      onFile: (report) => progress?.fileDone(report),
      signal: interrupt.signal,
    });
  } catch (e) {
    if (!(e instanceof LedgerError)) throw e;
    progress?.finish();
    io.err(
      `praetor adjudicate: ${e.message}; the battles are recorded there before they are sealed, so nothing was adjudicated`,
    );
    return EXIT.usage;
  } finally {
    stopListening();
  }
  progress?.finish();
  if (reports.length === 0) {
    io.err(
      'praetor adjudicate: no workbooks found (.xlsx or .xlsm) in the paths given or their sub-folders' +
        passedOver(positionals),
    );
    if (v.json) io.out(JSON.stringify(jsonReport(reports), null, 2));
    return EXIT.someFailed;
  }
  // A folder named that gave nothing: a player's folder left empty is named, not passed over.
  const emptyFolders = foldersWithoutWorkbooks(positionals);
  // Beside the workbooks found, a player's orders saved as .xls would go unseen (an empty
  // folder's are named with it, below).
  const inEmpty = (file: string) =>
    emptyFolders.some((d) => resolve(file).startsWith(join(resolve(d), sep)));
  const others = otherFormats(positionals.filter((p) => !emptyFolders.includes(p))).filter(
    (file) => !inEmpty(file),
  );
  const ledgerError = seal && ledger ? recordRun(ledger, seal.turn, reports) : null;
  // Named once there is one: a run that sealed nothing writes none.
  const kept = ledger && existsSync(ledger.path) ? ledger.path : undefined;
  const sealed = {
    ...sealReport(seal),
    ...(kept ? { ledger: kept } : {}),
    ...(ledgerError ? { ledgerError } : {}),
  };
  const left = reports.filter((r) => r.error === INTERRUPTED);
  const stopped = left.length > 0 ? { interrupted: true } : {};
  const empty = emptyFolders.length > 0 ? { emptyFolders } : {};
  const passed = others.length > 0 ? { otherFormats: others } : {};
  if (v.json) {
    const report = { ...jsonReport(reports), ...empty, ...passed, ...sealed, ...stopped };
    io.out(JSON.stringify(report, null, 2));
  } else {
    const done = reports.filter((r) => r.error !== INTERRUPTED);
    io.out(summaryText(done) + sealText(seal, kept, ledgerError));
  }
  if (others.length > 0) {
    io.err(
      `praetor adjudicate: note: ${otherFormatsText(others)}, not adjudicated: ` +
        `save ${others.length === 1 ? 'it' : 'them'} as .xlsx in Excel if ${others.length === 1 ? 'it holds' : 'they hold'} orders`,
    );
  }
  for (const folder of emptyFolders) {
    io.err(
      `praetor adjudicate: ${folder}: no workbooks (.xlsx or .xlsm) in this folder or its sub-folders` +
        passedOver([folder]),
    );
  }
  if (left.length > 0) {
    io.err(
      `praetor adjudicate: interrupted: ${left.length} of ${plural(reports.length, 'workbook')} ` +
        `not adjudicated (the first: ${left[0].input}). Run the same command again with --force ` +
        'to do them: the workbooks written so far come out the same.',
    );
    return EXIT.interrupted;
  }
  const ok =
    ledgerError === null && emptyFolders.length === 0 && reports.every((r) => r.errors === 0);
  return ok ? EXIT.ok : EXIT.someFailed;
}

const few = (files: readonly string[]) =>
  `${files.slice(0, 3).join(', ')}${files.length > 3 ? ', ...' : ''}`;

/** `2 spreadsheets of another format passed over (a.xls, b.ods)`. */
const otherFormatsText = (files: readonly string[]) =>
  `${plural(files.length, 'spreadsheet')} of another format passed over (${few(files)})`;

/** What a search of `paths` passed over: earlier outputs, and spreadsheets of other formats. */
function passedOver(paths: readonly string[]): string {
  const outputs = earlierOutputs(paths);
  const others = otherFormats(paths);
  return (
    (outputs.length > 0
      ? `; ${outputs.length} earlier output${outputs.length === 1 ? ' was' : 's were'} passed over (${few(outputs)}): name such a file to adjudicate it again`
      : '') +
    (others.length > 0
      ? `; ${otherFormatsText(others)}: save ${others.length === 1 ? 'it' : 'them'} as .xlsx in Excel`
      : '')
  );
}

/**
 * The ledger as it stands after the run: the battles before it and those this run sealed (the
 * ones written before the run and not sealed leave it). Why it could not be written, or null.
 */
function recordRun(
  ledger: KeptLedger,
  turn: number,
  reports: readonly FileReport[],
): string | null {
  const next = withRun(ledger.ledger, turn, reports);
  if (next.battles.length === 0 && !existsSync(ledger.path)) return null;
  try {
    writeLedger({ ...ledger, ledger: next });
    return null;
  } catch (e) {
    if (!(e instanceof LedgerError)) throw e;
    return `${e.message}: it may list battles of this run that were not sealed, and keep them from other workbooks; check it before the next run of this turn`;
  }
}

/**
 * `--key KEYFILE --turn N`, both or neither (the turn may come from a key file sealed for one);
 * the key file must be whole (its commitment checks), and one sealed for a turn seals no other.
 */
function readSeal(keyPath: string | undefined, turnText: string | undefined): Seal | undefined {
  if (keyPath === undefined && turnText === undefined) return undefined;
  if (keyPath === undefined) throw new UsageError('--turn goes with --key KEYFILE (sealed dice)');
  const turn = turnText === undefined ? undefined : parseTurn(turnText);
  if (turn && !turn.ok) throw new UsageError(`--turn: ${turn.error}`);
  if (!existsSync(keyPath)) {
    throw new UsageError(`--key ${keyPath}: no such key file (make one with praetor seal)`);
  }
  const file = readKeyFile(keyPath);
  if (!file.ok) throw new UsageError(`--key ${file.error}`);
  const sealedFor = file.value.turn;
  if (turn && sealedFor !== undefined && turn.value !== sealedFor) {
    throw new UsageError(
      `--turn ${turn.value}: the key ${keyPath} seals turn ${sealedFor}; a key seals one turn (make a new one with praetor seal --turn ${turn.value})`,
    );
  }
  const adjudicated = turn?.value ?? sealedFor;
  if (adjudicated === undefined) {
    throw new UsageError('--key needs --turn N: the turn adjudicated');
  }
  return { key: file.value.key, game: file.value.game, turn: adjudicated };
}

const sealReport = (seal: Seal | undefined) =>
  seal ? { sealed: { game: seal.game, turn: seal.turn, commitment: keyCommitment(seal.key) } } : {};

const sealText = (seal: Seal | undefined, ledger?: string, ledgerError?: string | null) =>
  seal
    ? `\n\nDice sealed: game "${seal.game}", turn ${seal.turn}, commitment ${keyCommitment(seal.key)}.` +
      (ledgerError
        ? `\nError: ${ledgerError}.`
        : ledger
          ? `\nThe battles sealed with this key are listed in ${ledger}.`
          : '')
    : '';

const CHANGED_TITLE =
  'Not as posted (compared with the outputs --force replaced; check these before sending):';

function summaryText(reports: FileReport[]): string {
  const { errors, warnings, changed } = problemLines(reports);
  const section = (title: string, lines: string[]) =>
    lines.length > 0 ? ['', title, ...lines.map((line) => `  ${line}`)] : [];
  return [
    summaryTable(reports),
    ...section('Errors:', errors),
    ...section('Warnings:', warnings),
    ...section(CHANGED_TITLE, changed),
  ].join('\n');
}

function jsonReport(reports: FileReport[]) {
  const total = (key: 'battles' | 'resolved' | 'errors') => reports.reduce((n, r) => n + r[key], 0);
  const left = reports.filter((r) => r.error === INTERRUPTED).length;
  return {
    files: reports,
    totals: {
      files: reports.length,
      battles: total('battles'),
      resolved: total('resolved'),
      errors: total('errors'),
      ...(left > 0 ? { interrupted: left } : {}),
    },
  };
}
