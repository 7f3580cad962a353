import ExcelJS from 'exceljs';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adjudicateBatch } from '../headless/adjudicate';
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

async function batch(dir: string, jobs: number, samples?: string[]): Promise<number> {
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
  const time = seconds(start);
  const battles = reports.reduce((n, r) => n + r.resolved, 0);
  if (battles !== FILES * 5) throw new Error(`resolved ${battles} battles, expected ${FILES * 5}`);
  rmSync(out, { recursive: true, force: true });
  return time;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'praetor-bench-'));
  try {
    let start = process.hrtime.bigint();
    await generate(dir);
    console.log(
      `adjudicate: generated ${FILES} submissions of 5 battles in ${seconds(start).toFixed(1)} s`,
    );
    start = process.hrtime.bigint();
    await floor(dir); // warm-up: file cache and the JIT
    const floorTime = await floor(dir);
    const samples: string[] = [];
    const one = await batch(dir, 1, samples);
    const two = await batch(dir, 2);
    const rate = (t: number) => `${Math.round(FILES / t)} files/s`;
    console.log(
      `adjudicate: floor (exceljs reading the files, one thread) ${floorTime.toFixed(2)} s = ${rate(floorTime)}`,
    );
    console.log(
      `adjudicate: --jobs 1 ${one.toFixed(2)} s = ${rate(one)}, ${(one / floorTime).toFixed(2)}x the floor (target <= 1.5x)`,
    );
    console.log(
      `adjudicate: --jobs 2 ${two.toFixed(2)} s = ${rate(two)}, ${(one / two).toFixed(2)}x faster than --jobs 1 (target >= 1.6x on 2 cores)`,
    );
    console.log(`adjudicate: memory during --jobs 1: ${samples.join('; ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
