import ExcelJS from 'exceljs';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { adjudicateBatch, DEFAULT_MEMORY_MB } from '../headless/adjudicate';
import { YOUNG_GENERATION_MB } from '../headless/worker-pool';
import { BATTLE_COLUMNS, LEGION_COLUMNS } from '../headless/workbook/template';

/**
 * `praetor adjudicate` on 1,000 generated submissions of 5 battles each: against the floor of
 * exceljs merely reading the same files, with 1 and 2 worker threads, and the process's memory
 * as the number of files done grows.
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
 * The same floor in a fresh worker thread, with the heap limits of adjudicate's workers: cold,
 * as every worker of a `praetor adjudicate` run starts (modules not loaded, nothing compiled).
 */
function coldFloor(dir: string): Promise<number> {
  const code = `
    const ExcelJS = require('exceljs');
    const { readdirSync, readFileSync } = require('node:fs');
    const { join } = require('node:path');
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      for (const name of readdirSync(workerData).filter((n) => n.endsWith('.xlsx')).sort()) {
        await new ExcelJS.Workbook().xlsx.load(readFileSync(join(workerData, name)));
      }
      parentPort.postMessage('done');
    })();`;
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: dir,
      resourceLimits: {
        maxOldGenerationSizeMb: DEFAULT_MEMORY_MB,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    worker.once('error', reject);
    worker.once('message', () => {
      const time = seconds(start);
      void worker.terminate().then(() => resolve(time));
    });
  });
}

/** Wall time and the process's CPU time (every thread) of a batch. */
async function batch(
  dir: string,
  jobs: number,
  samples?: string[],
): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const out = join(dir, `out-${jobs}`);
  let done = 0;
  const start = process.hrtime.bigint();
  const reports = await adjudicateBatch({
    paths: [dir],
    outDir: out,
    jobs,
    force: true,
    onFile: () => {
      done++;
      if (samples && done % Math.max(1, Math.floor(FILES / 4)) === 0) {
        samples.push(`${done} files: rss ${mb(process.memoryUsage().rss)}`);
      }
    },
  });
  const wall = seconds(start);
  const used = process.cpuUsage(cpu);
  const battles = reports.reduce((n, r) => n + r.resolved, 0);
  if (battles !== FILES * 5) throw new Error(`resolved ${battles} battles, expected ${FILES * 5}`);
  rmSync(out, { recursive: true, force: true });
  return { wall, cpu: (used.user + used.system) / 1e6 };
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
    const coldTime = await coldFloor(dir);
    const samples: string[] = [];
    const one = await batch(dir, 1, samples);
    const two = await batch(dir, 2);
    const rate = (t: number) => `${Math.round(FILES / t)} files/s`;
    const cores = (b: { wall: number; cpu: number }) =>
      `CPU ${b.cpu.toFixed(2)} s (${(b.cpu / b.wall).toFixed(2)} cores)`;
    console.log(
      `adjudicate: floor, exceljs reading the files: warm (this thread, second pass) ${floorTime.toFixed(2)} s = ${rate(floorTime)}; ` +
        `cold (a fresh worker thread, as adjudicate's) ${coldTime.toFixed(2)} s = ${rate(coldTime)}`,
    );
    console.log(
      `adjudicate: --jobs 1 ${one.wall.toFixed(2)} s = ${rate(one.wall)}, ${cores(one)}: ` +
        `${(one.wall / coldTime).toFixed(2)}x the cold floor, ${(one.wall / floorTime).toFixed(2)}x the warm one (target <= 1.5x)`,
    );
    console.log(
      `adjudicate: --jobs 2 ${two.wall.toFixed(2)} s = ${rate(two.wall)}, ${cores(two)}: ` +
        `${(one.wall / two.wall).toFixed(2)}x faster than --jobs 1 (target >= 1.6x on 2 cores)`,
    );
    console.log(`adjudicate: memory during --jobs 1: ${samples.join('; ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
