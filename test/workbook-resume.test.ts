import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicateFile } from '../headless/adjudicate-file';
import { DEFAULT_LIMITS } from '../headless/workbook/guard';
import { MAX_POSTED_SHEETS, readPostedSheets } from '../headless/workbook/verify-read';
import { run } from './helpers/cli';
import { battle, legion, submission, tempDir } from './helpers/workbooks';

/**
 * A battle paused in a workbook, taken up next turn with new orders written "from round N":
 * fought again from round 1, it gives the log of the battle paused and resumed with those
 * orders (`praetor battle --save` then `--resume`), and verify finds the workbook as written.
 */

jest.setTimeout(60_000);

const LEGIONS = [
  legion('B1', 'Attacker', 'Marcus', 4, 2, 1),
  legion('B1', 'Defender', 'Brutus', 6),
];
const ATTACKER = 'Marcus: 1 CAT 2 CAV 4 INF';
const DEFENDER = 'Brutus: 6 INF';

async function adjudicated(dir: string, name: string, cols: Record<string, unknown>) {
  const input = join(dir, `${name}.xlsx`);
  writeFileSync(input, await submission([battle('B1', { Seed: 'gallia', ...cols })], LEGIONS));
  const r = await run('adjudicate', input, '--jobs', '1', '--json');
  expect(r.code).toBe(0);
  return {
    output: join(dir, `${name}.praetor.xlsx`),
    result: JSON.parse(r.out).files[0].results[0],
  };
}

test('new orders from round 2 give the battle paused after round 1 and resumed with them', async () => {
  const dir = tempDir();
  const turn3 = await adjudicated(dir, 'turn3', { Rounds: 1, Retreat: 'lost >= 4' });
  expect(turn3.result.outcome).toBe('paused');
  const turn4 = await adjudicated(dir, 'turn4', { Retreat: 'lost >= 4; units <= 5 from round 2' });

  const saved = join(dir, 'b1.json');
  const common = ['--attacker', ATTACKER, '--defender', DEFENDER, '--seed', 'gallia'];
  const first = await run(
    'battle',
    ...common,
    '--retreat',
    'lost >= 4',
    '--rounds',
    '1',
    '--save',
    saved,
  );
  expect(first.code).toBe(0);
  const resumed = await run('battle', '--resume', saved, '--retreat', 'units <= 5', '--json');
  expect(resumed.code).toBe(0);
  const taken = JSON.parse(resumed.out);
  expect(turn4.result).toMatchObject({
    outcome: taken.outcome,
    winner: taken.winner,
    rounds: taken.rounds,
    diceUsed: taken.diceUsed,
  });
  expect(taken.rounds).toBeGreaterThan(1);
  // Written without "from round", the new condition acts in the round already posted.
  const replaced = await adjudicated(dir, 'turn4b', { Retreat: 'units <= 5' });
  expect(replaced.result).toMatchObject({ outcome: 'retreat', rounds: 1 });

  const verified = await run('verify', turn4.output);
  expect([verified.code, verified.err]).toEqual([0, '']);
});

test('adjudicated again with --force, a battle not as posted is named, the output still written', async () => {
  const dir = tempDir();
  const input = join(dir, 'turn.xlsx');
  const orders = async (cols: Record<string, unknown>) =>
    writeFileSync(input, await submission([battle('B1', { Seed: 'gallia', ...cols })], LEGIONS));
  await orders({ Rounds: 1, Retreat: 'lost >= 4' });
  expect((await run('adjudicate', input, '--jobs', '1')).code).toBe(0);

  // Taken up as the docs say: the posted round stands, nothing to name.
  await orders({ Retreat: 'lost >= 4; units <= 5 from round 2' });
  const kept = await run('adjudicate', input, '--jobs', '1', '--force');
  expect(kept.code).toBe(0);
  expect(kept.out).not.toContain('Not as posted');
  // The output just written is now the one posted; new orders written without "from round"
  // make the attacker retreat in round 1, where it went on before.
  await orders({ Retreat: 'units <= 5' });
  const changed = await run('adjudicate', input, '--jobs', '1', '--force', '--json');
  expect(changed.code).toBe(0);
  const [file] = JSON.parse(changed.out).files;
  expect(file.output).toBe(join(dir, 'turn.praetor.xlsx'));
  expect(file.changed).toEqual([
    expect.stringMatching(
      /^battle B1: the posted log \(Log B1\) has \d+ shots; fought now, the battle stops after \d+$/,
    ),
  ]);
  expect(file.results[0]).toMatchObject({ outcome: 'retreat', rounds: 1 });
  const text = await run('adjudicate', input, '--jobs', '1', '--force');
  // Now as posted: the run just before wrote it.
  expect(text.out).not.toContain('Not as posted');

  // A file at the output's place that is no workbook: said, and replaced as asked.
  writeFileSync(join(dir, 'turn.praetor.xlsx'), 'not a workbook');
  const junk = await run('adjudicate', input, '--jobs', '1', '--force');
  expect(junk.code).toBe(0);
  expect(junk.out).toMatch(
    /Not as posted \(.*\):\n {2}\S*turn\.praetor\.xlsx: the output replaced was not compared: not a workbook: /,
  );
});

test("the output replaced is Praetor's own: it may hold a sheet a battle more than an input may", async () => {
  const dir = tempDir();
  const input = join(dir, 'turn.xlsx');
  const battles = ['B1', 'B2', 'B3'].map((id) => battle(id, { Seed: id }));
  const legions = ['B1', 'B2', 'B3'].flatMap((id) => [
    legion(id, 'Attacker', 'Marcus', 3),
    legion(id, 'Defender', 'Brutus', 3),
  ]);
  writeFileSync(input, await submission(battles, legions));
  const parts = Object.keys((await JSZip.loadAsync(readFileSync(input))).files).length;
  // Inputs of at most one part more than this one: its output, with four sheets more, is not.
  const job = {
    input,
    output: join(dir, 'turn.praetor.xlsx'),
    force: true,
    limits: { ...DEFAULT_LIMITS, maxEntries: parts + 1 },
  };
  expect(await adjudicateFile(job)).toMatchObject({ resolved: 3, error: null, changed: [] });
  const output = Object.keys((await JSZip.loadAsync(readFileSync(job.output))).files).length;
  expect(output).toBeGreaterThan(parts + 1);
  expect(await adjudicateFile(job)).toMatchObject({ resolved: 3, error: null, changed: [] });
});

test('an output replaced of more than 2,000 sheets is not read back: said, not compared', async () => {
  const dir = tempDir();
  const wb = new ExcelJS.Workbook();
  for (let i = 0; i <= MAX_POSTED_SHEETS; i++) wb.addWorksheet(`Log ${i}`);
  const path = join(dir, 'big.praetor.xlsx');
  await wb.xlsx.writeFile(path);
  expect(await readPostedSheets(path)).toEqual({
    ok: false,
    error:
      'it has 2,001 sheets, and an output of more than 2,000 is not read back (it would take too long)',
  });
}, 60_000);
