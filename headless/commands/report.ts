import { addAll } from '../../src/problem-list';
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { BattleResult, resolveBattle, sealOf } from '../../src/battle';
import { Battle, specFromObject, validateBattle } from '../../src/battle-spec';
import { plural } from '../../src/narrate-words';
import { computeOdds } from '../../src/odds';
import { oddsEndings } from '../../src/odds-endings';
import { findRuleset } from '../../src/rulesets';
import { BattleReport, buildReport, ReportContext } from '../../src/report/model';
import { reportHtml } from '../../src/report/html';
import { resumptionOf } from '../../src/report/replay';
import { OutputExistsError, writeFileAtomic } from '../atomic-write';
import { readAdjudicated } from '../workbook/adjudicated';
import { EXIT, Io, readTextFile, UsageError } from '../io';
import { readKeyArg } from '../keyfile';
import { withRosterObjects } from './battle';
import { chromiumMissing, chromiumPath } from '../browser';
import { htmlToPdf, Paper } from '../report/pdf';
import { recheckResult } from '../report/recheck';
import { parseOptionsOnce } from '../flags';
import { adjudicatedFiles } from '../adjudicated-inputs';
import { fsErrorReason, isDir } from '../fs-errors';
import { fileLabels } from '../file-labels';
import { isAsked, notAsked } from '../report/battle-choice';
import { namingBattle } from '../summary';
import { Entry, InputFile, Loaded, LoadError, Source } from '../report/sources';
import { openInExcelWarnings, sameBattleWarnings, sealWarnings } from '../report/warnings';
import { isLockFile, LOCK_FILE } from '../excel-lock';

export const REPORT_HELP = `Usage: praetor report INPUT... --out FILE.pdf|FILE.html [options]

Writes a printable report of each battle: the forces, the rules and dice, the outcome in one
sentence, every shot in plain words, a chart of each side's strength, the leaders captured and a
command line that replays the battle. One battle per page (or more for a long one). A battle
resumed after a pause ("praetor battle --resume --json") is told from the pause on.

INPUT is an adjudicated workbook (.xlsx/.xlsm written by "praetor adjudicate": its battles are
replayed from their orders and checked against its Results sheet), or a JSON file of battles
as "praetor battle --input" takes (or of results, as "praetor battle --json" prints: each is
fought again from its forces, options and dice, and one that differs is not reported).

INPUT may be a folder: its adjudicated workbooks (NAME.praetor.xlsx) and its sub-folders' are
reported, sorted by path. Give several inputs for one report of a whole turn: each battle then
names the file it came from, and a file that cannot be read is an error, the others reported.
A workbook open in Excel (its lock file ~$NAME.xlsx beside it) is reported as saved, with a
warning; the lock file named itself is no input.

Options:
  --out FILE         the report: .pdf (printed with headless Chromium) or .html
  --battle ID        only this battle (repeatable; FILE:ID for one file's); default every battle;
                     the errors of other battles are left out
  --paper SIZE       a4 (default) or letter
  --game NAME        the game, printed in the title and on every battle not sealed (a sealed
                     battle shows its own; default: the sealed battles' game, if one)
  --turn N           the turn, likewise (a sealed battle shows its own; default: theirs, if one)
  --key KEYFILE|HEX  the revealed game key, for a workbook adjudicated with sealed dice
  --force            overwrite FILE if it exists
  -h, --help         show this help

Examples:
  praetor report out/turn-3.praetor.xlsx --out turn-3.pdf --game "Mare Nostrum" --turn 3
  praetor report examples/battles.json --out battles.html --battle gallia --paper letter
  praetor report out/ --out turn-3.html --game "Mare Nostrum" --turn 3

Exit status: 0 the report was written, 1 some battles had errors or some files or folders could
not be read (the others are reported), 2 bad usage or nothing could be written.`;

const OPTIONS = {
  out: { type: 'string' },
  battle: { type: 'string', multiple: true },
  paper: { type: 'string' },
  game: { type: 'string' },
  turn: { type: 'string' },
  key: { type: 'string' },
  force: { type: 'boolean' },
} as const;

export async function reportCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS, true);
  if (positionals.length === 0) throw new UsageError('give an INPUT file or folder (or several)');
  if (v.out === undefined) throw new UsageError('give --out FILE.pdf or --out FILE.html');
  const format = extname(v.out).toLowerCase();
  if (format !== '.pdf' && format !== '.html')
    throw new UsageError(`--out ${v.out}: the file must end in .pdf or .html`);
  const paper = readPaper(v.paper);
  if (v.turn !== undefined && !/^\d{1,9}$/.test(v.turn.trim()))
    throw new UsageError(`--turn ${v.turn}: the turn must be a whole number, 0 or more`);
  const noChromium = format === '.pdf' ? chromiumMissing() : undefined;
  if (noChromium) throw new UsageError(noChromium);
  if (existsSync(v.out) && !v.force)
    throw new UsageError(`--out ${v.out}: the file exists; add --force to overwrite it`);

  let key: string | undefined;
  if (v.key !== undefined) {
    const read = readKeyArg(v.key);
    if (!read.ok) throw new UsageError(`--key ${read.error}`);
    key = read.value.key;
  }
  const inputsName = positionals.length === 1 ? positionals[0] : 'the inputs';
  // One file named alone is read as it always was: a file that cannot be read is bad usage.
  const alone = positionals.length === 1 && isDir(positionals[0]) !== true;
  const {
    sources,
    files,
    errors: all,
  } = alone ? await loadAlone(positionals[0], key) : await loadSeveral(positionals, key);
  // With --battle, the errors of battles not asked for are not this report's.
  const failedAs = (ask: string) => all.some((e) => isAskedError(e, ask));
  const errors = all
    .filter(
      (e) =>
        v.battle === undefined ||
        e.battle === undefined ||
        v.battle.some((ask) => isAskedError(e, ask)),
    )
    .map((e) => e.text);
  let entries = sources.flatMap((source) =>
    source.loaded.results.map((result) => ({ result, source })),
  );
  if (v.battle !== undefined) {
    // A battle asked for that failed is named by its error, not as no such battle.
    const missing = v.battle.filter(
      (ask) =>
        !entries.some((e) => isAsked({ id: e.result.id, source: e.source }, ask)) && !failedAs(ask),
    );
    if (missing.length > 0) {
      // Say first which files could not be read: the battle may be in one of them.
      if (!alone) for (const e of errors) io.err(`error: ${e}`);
      throw new UsageError(notAsked(missing, files, inputsName));
    }
    entries = entries.filter((e) =>
      v.battle!.some((ask) => isAsked({ id: e.result.id, source: e.source }, ask)),
    );
  }
  for (const e of errors) io.err(`error: ${e}`);
  if (entries.length === 0) {
    io.err(`praetor report: no battle in ${inputsName} could be reported`);
    return EXIT.usage;
  }
  const warnings = [
    ...openInExcelWarnings(entries),
    ...sealWarnings(entries, v.game, v.turn),
    ...sameBattleWarnings(entries),
  ];
  for (const w of warnings) io.err(`warning: ${w}`);
  const results = entries.map((e) => e.result);
  const reports = entries.map((e) => battleReport(e, v.game, v.turn));
  const seals = new Set(results.map((r) => JSON.stringify(sealOf(r))));
  const seal = seals.size === 1 ? sealOf(results[0]) : null;
  const html = reportHtml(
    reports,
    reportTitle(v.game ?? seal?.game, v.turn ?? (seal ? String(seal.turn) : undefined)),
  );
  const data = format === '.pdf' ? await pdfOf(html, paper) : Buffer.from(html, 'utf8');
  try {
    writeFileAtomic(v.out, data, v.force === true);
  } catch (e) {
    if (e instanceof OutputExistsError) throw new UsageError(e.message);
    throw e;
  }
  io.err(`wrote ${v.out}: ${plural(results.length, 'battle')}${fromFiles(entries, sources)}`);
  return errors.length > 0 ? EXIT.someFailed : EXIT.ok;
}

/**
 * A sealed battle names its own game and turn, whatever the flags say: its dice prove them.
 * --game and --turn name the others.
 */
function battleReport({ result, source }: Entry, game?: string, turn?: string): BattleReport {
  const seal = sealOf(result);
  return buildReport(result, {
    game: seal ? seal.game : game,
    turn: seal ? String(seal.turn) : turn,
    territory: source.loaded.territories?.get(result.id),
    source: source.label,
    // The odds before a resumed battle are not those of its orders after the pause.
    odds: resumptionOf(result) ? undefined : oddsBefore(result),
  });
}

/** ` from 5 workbooks` when the report's battles were read from several files, else ''. */
function fromFiles(entries: readonly Entry[], sources: readonly Source[]): string {
  if (sources.every((s) => s.label === undefined)) return '';
  const files = new Set(entries.map((e) => e.source));
  const workbooks = [...files].every((f) => WORKBOOK_FILE.test(f.path));
  return ` from ${plural(files.size, workbooks ? 'workbook' : 'file')}`;
}

const WORKBOOK_FILE = /\.xls[xm]$/i;

interface Sources {
  sources: Source[];
  /** Every input file (read or not), for `--battle FILE:ID`. */
  files: InputFile[];
  /** Errors of files, folders and battles, each naming its file (a battle's, its source). */
  errors: (LoadError & { source?: InputFile })[];
}

/** Whether an error is that of a battle `--battle ASK` names. */
const isAskedError = ({ battle, source }: Sources['errors'][number], ask: string): boolean =>
  battle !== undefined && source !== undefined && isAsked({ id: battle, source }, ask);

/** A battle's id as a `--input` item gives it, if it does. */
const idOf = (item: object): string | undefined => {
  const id = (item as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

async function loadAlone(path: string, key: string | undefined): Promise<Sources> {
  const loaded = await loadInput(path, key);
  const errors = loaded.errors.map((e) => ({ ...e, source: { path } }));
  return { sources: [{ path, loaded }], files: [{ path }], errors };
}

/**
 * The battles of several inputs, or of a folder's: a file that cannot be read, or a folder with
 * no adjudicated workbook, is an error of its own, and the other files are still read. Each file
 * is labelled (by its name, with as many folders as tell it apart) when there are several.
 */
async function loadSeveral(paths: readonly string[], key: string | undefined): Promise<Sources> {
  const inputs = adjudicatedFiles(paths);
  const files = inputs.flatMap((i) => (i.error === undefined ? [i.input] : []));
  const labels = files.length > 1 ? fileLabels(files) : new Map<string, string>();
  const sources: Source[] = [];
  const errors: Sources['errors'] = [];
  const named = files.map((path) => ({ path, label: labels.get(path) }));
  for (const { input: path, error } of inputs) {
    if (error !== undefined) {
      errors.push({ text: `${path}: ${error}` });
      continue;
    }
    try {
      const loaded = await loadInput(path, key);
      sources.push({ path, label: labels.get(path), loaded });
      const source = { path, label: labels.get(path) };
      addAll(
        errors,
        loaded.errors.map((e) => ({
          ...e,
          text: e.text.startsWith(`${path}: `) ? e.text : `${path}: ${e.text}`,
          source,
        })),
      );
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      errors.push({ text: e.message });
    }
  }
  return { sources, files: named, errors };
}

/** The PDF, or why Chromium could not print it: the machine's problem, told in one line. */
async function pdfOf(html: string, paper: Paper): Promise<Buffer> {
  try {
    return await htmlToPdf(html, paper);
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new UsageError(
      `Chromium (${chromiumPath()}) could not print the PDF: ${why}; write --out FILE.html instead`,
    );
  }
}

/** The odds before the battle: exact where the ruleset can, else a seeded Monte Carlo estimate. */
function oddsBefore(result: BattleResult): ReportContext['odds'] {
  const ruleset = findRuleset(result.ruleset.id);
  if (!ruleset) return undefined;
  const battle: Battle = {
    id: result.id,
    ruleset,
    options: result.options,
    forces: result.forces,
    dice: { kind: 'scripted', rolls: [] },
  };
  const odds = computeOdds(battle, { runs: REPORT_RUNS });
  if (!odds.ok) return undefined;
  const o = odds.value;
  // Why not exact (too large; a retreat condition that changes by round), when there is a why.
  const why = o.note ? ` (${o.note.split(';')[0]})` : '';
  const method =
    o.method === 'exact' ? 'exact' : `Monte Carlo, ${o.runs?.toLocaleString('en')} runs${why}`;
  return { endings: oddsEndings(o, ruleset).map(({ label, p }) => ({ label, p })), method };
}

const REPORT_RUNS = 20_000;

/** An adjudicated workbook: battles whose replay disagrees with `Results` are not reported. */
async function loadWorkbook(path: string, key?: string): Promise<Loaded> {
  const read = await readAdjudicated(path, key);
  if (!read.ok) throw new UsageError(read.error);
  const { battles, mismatches, problems, territories } = read.value;
  // Each mismatch names its battle by its place among the battles, as verify pairs them with
  // the rows of Results: a battle id used twice is two battles.
  const disputed = new Set(mismatches.map((m) => m.battle));
  const errors: LoadError[] = [
    ...problems.map((text) => ({ text })),
    // A row of no battle changed (a general error or warning): the battles are reported, and
    // the workbook named.
    ...mismatches.map((m) =>
      m.battle === null
        ? { text: `${path}: ${m.message} (check it with praetor verify)` }
        : {
            text: `${m.message}; not reported (check it with praetor verify)`,
            battle: battles[m.battle].id,
          },
    ),
  ];
  const results: BattleResult[] = [];
  battles.forEach((b, i) => {
    if (!b.outcome.ok) {
      errors.push({ text: `${namingBattle(b.id, b.outcome.error)}; not reported`, battle: b.id });
    } else if (!disputed.has(i)) results.push(b.outcome.value);
  });
  return { results, errors, territories };
}

function readPaper(value: string | undefined): Paper {
  const v = (value ?? 'a4').toLowerCase();
  if (v === 'a4') return 'A4';
  if (v === 'letter') return 'Letter';
  throw new UsageError(`--paper ${value}: expected a4 or letter`);
}

const reportTitle = (game?: string, turn?: string) =>
  [game ?? 'Praetor battle reports', turn && `turn ${turn}`].filter(Boolean).join(', ');

async function loadInput(path: string, key?: string): Promise<Loaded> {
  if (!existsSync(path)) throw new UsageError(`${path}: no such file`);
  if (isLockFile(path)) throw new UsageError(`${path}: ${LOCK_FILE}`);
  const kind = extname(path).toLowerCase();
  if (kind === '.xlsx' || kind === '.xlsm') return loadWorkbook(path, key);
  if (kind !== '.json') {
    throw new UsageError(`${path}: expected an adjudicated .xlsx/.xlsm workbook or a .json file`);
  }
  let text: string;
  try {
    text = readTextFile(path);
  } catch (e) {
    throw new UsageError(`${path}: cannot read it: ${fsErrorReason(e, path)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path}: not valid JSON (${(e as Error).message})`);
  }
  // One battle's result, as "praetor battle --json" prints it, is a list of one.
  const items = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null
      ? [data]
      : null;
  if (!items) throw new UsageError(`${path}: expected a JSON array of battles`);
  const loaded: Loaded = { results: [], errors: [] };
  items.forEach((item, i) => {
    if (typeof item !== 'object' || item === null) {
      loaded.errors.push({ text: `${path}: item ${i + 1} is not a battle object` });
    } else if ('error' in item) {
      // As `praetor battle --json` prints a battle that failed, its id beside its error.
      const { id, error } = item as { id?: unknown; error: unknown };
      const named = typeof id === 'string' || typeof id === 'number';
      loaded.errors.push(
        named
          ? { text: namingBattle(String(id), String(error)), battle: String(id) }
          : { text: String(error) },
      );
    } else if ('events' in item && 'forces' in item) {
      const checked = recheckResult(item as Record<string, unknown>);
      if (checked.ok) loaded.results.push(checked.value);
      else {
        const text = `${path}: item ${i + 1}: ${checked.error}; not reported`;
        loaded.errors.push({ text, battle: idOf(item) });
      }
    } else {
      const spec = specFromObject(withRosterObjects(item as Record<string, unknown>));
      const battle = validateBattle(spec, String(i + 1));
      const result = battle.ok ? resolveBattle(battle.value) : battle;
      if (result.ok) loaded.results.push(result.value);
      else loaded.errors.push({ text: result.error, battle: idOf(item) ?? String(i + 1) });
    }
  });
  return loaded;
}
