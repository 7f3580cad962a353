import { existsSync } from 'node:fs';
import { isLockFile, LOCK_FILE, openInExcelWarning } from './excel-lock';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { failedFile, FileJob, FileReport, IdsJob, IdsReport } from './file-report';
import { PlannedFile, planFiles, prepareOutDir } from './batch-inputs';
import { listProblems } from '../src/problem-list';
import { plural } from '../src/narrate-words';
import { Seal } from '../src/sealed';
import {
  KeptLedger,
  LedgerEntry,
  ledgerClashes,
  sealedIds,
  withPending,
  writeLedger,
} from './sealed-ledger';
import { PackageLimits } from './workbook/guard';
import { WorkerPool } from './worker-pool';
import { workerScript } from './worker-script';

/**
 * A batch of workbooks over worker threads: each file is adjudicated in a worker with a heap
 * and a time limit, so that a hostile or broken file costs its own report and nothing else.
 */

export interface BatchOptions {
  paths: readonly string[];
  outDir?: string;
  /** Worker threads; 0 runs in this thread (no limits: for tests and benchmarks only). */
  jobs?: number;
  force?: boolean;
  limits?: PackageLimits;
  /** Sealed dice: every battle's dice from the game key, the game and the turn. */
  seal?: Seal;
  /** Per-file limits of a worker. */
  memoryMb?: number;
  timeoutMs?: number;
  /**
   * The battles sealed by earlier runs with the same key; the battles about to be sealed are
   * added to it, and it is written, before any is (an OutputWriteError if it cannot be).
   */
  ledger?: KeptLedger;
  onFile?: (report: FileReport) => void;
  /** The inputs, in order, before any is adjudicated. */
  onStart?: (inputs: string[]) => void;
  /**
   * Stops the run (Ctrl-C): the workbooks under way are finished and written, the others get
   * the error `INTERRUPTED` (and no `onFile`).
   */
  signal?: AbortSignal;
}

/** The error of a workbook not adjudicated because the run was stopped. */
export const INTERRUPTED = 'not adjudicated: the run was interrupted';

/** A workbook the stopped run left: named, but no error of its own (it is not at fault). */
const notStarted = (input: string): FileReport => ({
  ...failedFile(input, INTERRUPTED),
  errors: 0,
});

export const DEFAULT_JOBS = availableParallelism();
/**
 * The most worker threads a batch may ask for: each may take up to DEFAULT_MEMORY_MB, and more
 * threads than cores only share them. (A batch never starts more workers than it has files.)
 */
export const MAX_JOBS = 64;
/**
 * A worker's heap limit. Not less: below 2 GB, V8 grows a heap in small steps and collects far
 * more often (1,000 files took twice the CPU time with 512 MB).
 */
export const DEFAULT_MEMORY_MB = 2048;

export const DEFAULT_TIMEOUT_MS = 120_000;

/** V8's default budget of bytecode run before a function is considered for optimizing. */
const V8_INTERRUPT_BUDGET = 66 * 1024;

/**
 * With a worker on every core, V8's optimizing compiler on helper threads can only take time
 * from the other workers. Workers started from now on compile on their own thread (two workers
 * then take about a seventh less time), and only the functions that run eight times as long
 * as V8 waits by default: every worker compiles its own, so the lukewarm ones cost more than
 * they give (for 1,000 files, two workers then use a fifth less CPU time and finish 15-18%
 * sooner). The flags are the process's; this thread only waits for the workers' reports.
 */
function compileInWorkers(workers: number): void {
  if (workers < availableParallelism()) return;
  setFlagsFromString('--no-concurrent-recompilation');
  setFlagsFromString(`--interrupt-budget=${8 * V8_INTERRUPT_BUDGET}`);
}

/** The error of an Excel lock file named as an input. */
/**
 * A workbook's report, with a warning when Excel's lock file is beside it: the workbook is open
 * in Excel, and what was not saved was not read. The warning is the run's (Results never show it).
 */
async function openInExcel(pending: Promise<FileReport> | FileReport): Promise<FileReport> {
  const report = await pending;
  const warning = openInExcelWarning(report.input);
  return warning === null ? report : { ...report, warnings: [warning, ...report.warnings] };
}

/** Reports in the order of the inputs. */
export async function adjudicateBatch(options: BatchOptions): Promise<FileReport[]> {
  prepareOutDir(options.outDir);
  const planned = planFiles(options.paths, options.outDir);
  options.onStart?.(planned.map((p) => p.input));
  const force = options.force === true;
  const jobs = options.jobs ?? DEFAULT_JOBS;
  const workers = Math.min(jobs, MAX_JOBS, Math.max(1, planned.length));
  compileInWorkers(workers);
  const pool =
    jobs > 0
      ? new WorkerPool<FileJob | IdsJob, FileReport | IdsReport>({
          size: workers,
          script: workerScript('adjudicate-worker'),
          memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        })
      : null;
  const idsOf = async (input: string): Promise<IdsReport> => {
    const job: IdsJob = { ids: true, input, limits: options.limits };
    if (!pool) return (await import('./adjudicate-file')).battleIdsOf(job);
    const result = await pool.run(job);
    return result.ok ? (result.value as IdsReport) : { battles: [] };
  };
  const stop = () => pool?.dropQueued(INTERRUPTED);
  options.signal?.addEventListener('abort', stop);
  try {
    const clashes = options.seal
      ? await sealedClashes(planned, idsOf, options.seal.turn, options.ledger)
      : new Map<string, string>();
    const one = async (p: (typeof planned)[number]): Promise<FileReport> => {
      if (options.signal?.aborted) return notStarted(p.input);
      if (p.error) return failedFile(p.input, p.error);
      if (isLockFile(p.input)) return failedFile(p.input, LOCK_FILE);
      const clash = clashes.get(p.input);
      if (clash) return failedFile(p.input, clash);
      if (!force && existsSync(p.output)) {
        return failedFile(p.input, `${p.output} exists; add --force to overwrite it`);
      }
      const job: FileJob = {
        input: p.input,
        output: p.output,
        force,
        limits: options.limits,
        ...(options.seal ? { seal: options.seal } : {}),
      };
      if (!pool) return openInExcel((await import('./adjudicate-file')).adjudicateFile(job));
      const result = await pool.run(job);
      if (!result.ok && result.error === INTERRUPTED) return notStarted(p.input);
      return openInExcel(
        result.ok ? (result.value as FileReport) : failedFile(p.input, result.error),
      );
    };
    const track = async (p: (typeof planned)[number]) => {
      const report = await one(p);
      if (report.error !== INTERRUPTED) options.onFile?.(report);
      return report;
    };
    if (pool) return await Promise.all(planned.map(track));
    const reports: FileReport[] = [];
    for (const p of planned) reports.push(await track(p));
    return reports;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await pool?.close();
  }
}

/**
 * Why each workbook of a sealed turn is not adjudicated, if it holds a battle id that another
 * holds: in this run, or in the ledger of the runs before (whose owner of an id keeps it). The
 * battles about to be sealed are then written to the ledger, before any is.
 */
async function sealedClashes(
  planned: readonly PlannedFile[],
  idsOf: (input: string) => Promise<IdsReport>,
  turn: number,
  ledger: KeptLedger | undefined,
): Promise<Map<string, string>> {
  const books = await Promise.all(
    planned
      .filter((p) => !p.error)
      .map(async (p) => ({ input: p.input, ...(await idsOf(p.input)) })),
  );
  const owned = ledger ? sealedIds(ledger.ledger, turn) : new Map<string, LedgerEntry>();
  const unowned = books.map((b) => ({ ...b, battles: b.battles.filter((x) => !owned.has(x.id)) }));
  const earlier = ledger
    ? ledgerClashes(ledger.path, owned, turn, books)
    : new Map<string, string>();
  const clashes = new Map<string, string>();
  for (const [input, why] of [...earlier, ...sharedIds(unowned)]) {
    if (!clashes.has(input)) clashes.set(input, why);
  }
  if (ledger) {
    const sealing = books.filter((b) => !clashes.has(b.input));
    const pending = withPending(ledger.ledger, turn, sealing);
    if (pending.battles.length > ledger.ledger.battles.length)
      writeLedger({ ...ledger, ledger: pending });
  }
  return clashes;
}

/** Ids named more than this in one message are counted, not listed. */
const MAX_SHARED_LISTED = 3;
/** The workbooks named as an id's other holders, before the rest are counted. */
const MAX_OTHERS_LISTED = 2;

/**
 * For each workbook holding a battle id that another workbook of the run holds too, why it is
 * not adjudicated: two battles with one id would draw the same sealed dice, so that one's log
 * would tell the other's dice (and a paused battle's orders could be chosen knowing them).
 */
export function sharedIds(books: readonly ({ input: string } & IdsReport)[]): Map<string, string> {
  const byId = new Map<string, { input: string; where: string }[]>();
  for (const { input, battles } of books) {
    for (const { id, where } of battles) {
      const holders = byId.get(id) ?? [];
      if (!holders.some((h) => h.input === input)) holders.push({ input, where });
      byId.set(id, holders);
    }
  }
  const clashes = new Map<string, string[]>();
  for (const [id, holders] of byId) {
    if (holders.length < 2) continue;
    for (const h of holders) {
      const all = holders.filter((o) => o !== h);
      const others =
        all
          .slice(0, MAX_OTHERS_LISTED)
          .map((o) => `${o.input} (${o.where})`)
          .join(', ') +
        (all.length > MAX_OTHERS_LISTED
          ? ` and ${plural(all.length - MAX_OTHERS_LISTED, 'other workbook')}`
          : '');
      const line = `battle "${id}" (${h.where}) is also in ${others}`;
      clashes.set(h.input, [...(clashes.get(h.input) ?? []), line]);
    }
  }
  const why = new Map<string, string>();
  for (const [input, lines] of clashes) {
    const listed = listProblems(lines, MAX_SHARED_LISTED);
    why.set(
      input,
      `${listed}: in a sealed turn a battle's id picks its dice, so two battles with one id would ` +
        'roll the same dice; give each battle of the turn its own id (a prefix for each player: ' +
        "ANN-B1) and run again (the other battles' dice do not change)",
    );
  }
  return why;
}
