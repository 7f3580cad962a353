import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_MEMORY_MB } from '../headless/adjudicate';
import { YOUNG_GENERATION_MB } from '../headless/worker-pool';
import { BATTLE_COLUMNS, LEGION_COLUMNS } from '../headless/workbook/template';

/**
 * `praetor adjudicate` on 1,000 generated submissions of 5 battles each: against the floor of
 * exceljs merely reading the same files, with 1 and 2 worker threads (each batch in a fresh
 * process, as a user runs it), in rounds that take turns, and the process's memory as the
 * number of files done grows.
 */

const FILES = Number(process.env.PRAETOR_BENCH_FILES ?? 1000);
const MIXES = ['2 1 1', '4 2 1', '3 0 0', '5 1 1', '2 2 2', '4 0 3', '6 1 0'];

export async function generate(dir: string, count = FILES): Promise<void> {
  for (let f = 0; f < count; f++) {
    const wb = new ExcelJS.Workbook();
    const battles = wb.addWorksheet('Battles');
    const legions = wb.addWorksheet('Legions');
    battles.addRow(BATTLE_COLUMNS.map((c) => c.header));
    legions.addRow(LEGION_COLUMNS.map((c) => c.header));
    for (let b = 0; b < 5; b++) {
      const id = `T${f}-B${b}`;
      battles.addRow([
        id,
        `Province ${b}`,
        '',
        'no',
        (f + b) % 3,
        'any',
        b === 4 ? 'lost >= 3' : '',
        '',
        b % 2 ? `seed-${f}-${b}` : '',
        '',
      ]);
      for (const [side, k] of [
        ['Attacker', f + b],
        ['Defender', f * 3 + b + 1],
      ] as const) {
        const [inf, cav, cat] = MIXES[k % MIXES.length].split(' ').map(Number);
        legions.addRow([id, side, `Player ${k % 9}`, `Leader ${k}`, inf, cav, cat, '']);
      }
    }
    writeFileSync(
      join(dir, `turn-${String(f).padStart(4, '0')}.xlsx`),
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
  }
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function floor(dir: string): Promise<number> {
  const start = process.hrtime.bigint();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.xlsx'))
    .sort()) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(join(dir, name)) as unknown as ArrayBuffer);
  }
  return seconds(start);
}

/**
 * The same floor in fresh worker threads with the heap limits of adjudicate's workers: cold, as
 * every worker of a `praetor adjudicate` run starts (modules not loaded, nothing compiled). With
 * two threads, each reads every other file at once, as `--jobs 2` shares them: how much faster
 * two threads read than one is the floor's own gain on this machine, the yardstick for how much
 * `--jobs 2` gains over `--jobs 1`.
 */
async function coldFloor(dir: string, threads = 1): Promise<number> {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.xlsx'))
    .sort()
    .map((n) => join(dir, n));
  const code = `
    const ExcelJS = require('exceljs');
    const { readFileSync } = require('node:fs');
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      for (const file of workerData) await new ExcelJS.Workbook().xlsx.load(readFileSync(file));
      parentPort.postMessage('done');
    })();`;
  const reader = (files: string[]) =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(code, {
        eval: true,
        workerData: files,
        resourceLimits: {
          maxOldGenerationSizeMb: DEFAULT_MEMORY_MB,
          maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
        },
      });
      worker.once('error', reject);
      worker.once('message', () => void worker.terminate().then(() => resolve()));
    });
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: threads }, (_, t) => reader(names.filter((_, i) => i % threads === t))),
  );
  return seconds(start);
}

interface Batch {
  wall: number;
  /** The process's CPU time, every thread. */
  cpu: number;
  /** RSS after each quarter of the files. */
  samples: number[];
}

/** One batch in a fresh process, as `praetor adjudicate` runs (see batch-child.ts). */
function batch(dir: string, jobs: number): Batch {
  const child = join(__dirname, 'batch-child.js');
  const out = execFileSync(process.execPath, [child, dir, String(jobs), String(FILES)], {
    encoding: 'utf8',
  });
  rmSync(`${dir}-out-${jobs}`, { recursive: true, force: true });
  const result = JSON.parse(out) as Batch & { battles: number };
  if (result.battles !== FILES * 5) {
    throw new Error(`resolved ${result.battles} battles, expected ${FILES * 5}`);
  }
  return result;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'praetor-bench-'));
  try {
    const start = process.hrtime.bigint();
    await generate(dir);
    console.log(
      `adjudicate: generated ${FILES} submissions of 5 battles in ${seconds(start).toFixed(1)} s`,
    );
    await floor(dir); // warm-up: file cache and the JIT
    const floorTime = await floor(dir);
    // The machine's speed moves from one minute to the next: each round measures the cold floor
    // and both batches side by side, and the ratios are taken within a round.
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      rounds.push({
        cold: await coldFloor(dir),
        coldPair: await coldFloor(dir, 2),
        one: batch(dir, 1),
        two: batch(dir, 2),
      });
    }
    const rate = (t: number) => `${Math.round(FILES / t)} files/s`;
    const cores = (b: Batch) => `CPU ${b.cpu.toFixed(2)} s (${(b.cpu / b.wall).toFixed(2)} cores)`;
    console.log(
      `adjudicate: warm floor, exceljs reading the files in this thread (second pass): ${floorTime.toFixed(2)} s = ${rate(floorTime)}`,
    );
    rounds.forEach(({ cold, coldPair, one, two }, r) =>
      console.log(
        `adjudicate: round ${r + 1}: cold floor (a fresh worker thread, as adjudicate's) ${cold.toFixed(2)} s, ` +
          `in two threads ${coldPair.toFixed(2)} s (${(cold / coldPair).toFixed(2)}x as fast); ` +
          `--jobs 1 ${one.wall.toFixed(2)} s, ${cores(one)}, ${(one.wall / cold).toFixed(2)}x the cold floor; ` +
          `--jobs 2 ${two.wall.toFixed(2)} s, ${cores(two)}, ${(one.wall / two.wall).toFixed(2)}x faster than --jobs 1`,
      ),
    );
    const one = median(rounds.map((r) => r.one.wall));
    console.log(
      `adjudicate: medians of ${ROUNDS} rounds: --jobs 1 ${one.toFixed(2)} s = ${rate(one)}, ` +
        `${median(rounds.map((r) => r.one.wall / r.cold)).toFixed(2)}x the cold floor (target <= 1.5x), ` +
        `${(one / floorTime).toFixed(2)}x the warm one; ` +
        `--jobs 2 ${median(rounds.map((r) => r.one.wall / r.two.wall)).toFixed(2)}x faster (target >= 1.6x on 2 cores), ` +
        `where the cold floor read ${median(rounds.map((r) => r.cold / r.coldPair)).toFixed(2)}x as fast in two threads as in one`,
    );
    const quarters = rounds[0].one.samples.map(
      (rss, i) => `${((i + 1) * FILES) / 4} files: rss ${mb(rss)}`,
    );
    console.log(`adjudicate: memory during --jobs 1: ${quarters.join('; ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Round {
  cold: number;
  /** The cold floor in two threads at once, each reading half the files. */
  coldPair: number;
  one: Batch;
  two: Batch;
}

const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
