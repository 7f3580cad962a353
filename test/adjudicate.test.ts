import ExcelJS from 'exceljs';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicateBatch } from '../headless/adjudicate';
import { adjudicateFile } from '../headless/adjudicate-file';
import { outputPath } from '../headless/batch-inputs';
import { RESULTS_HEADER, RESULTS_WIDTHS } from '../src/results-sheet';
import { rowHeight, rowLines } from '../src/sheet-layout';
import {
  asXlsm,
  battle,
  FIXTURES,
  legion,
  parts,
  sha256,
  simpleSubmission,
  submission,
  tempDir,
} from './helpers/workbooks';

/** Whole files: the input untouched, outputs written once, bad files reported, never fatal. */

async function sheetRows(path: string, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name} in ${path}`);
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('adjudicateFile', () => {
  it('writes NAME.praetor.xlsx beside the input, and never touches the input', async () => {
    const dir = tempDir();
    const input = join(dir, 'turn1.xlsx');
    writeFileSync(input, await simpleSubmission());
    const before = sha256(input);
    const report = await adjudicateFile({ input, output: outputPath(input), force: false });
    expect(report).toMatchObject({ battles: 2, resolved: 2, errors: 0, error: null });
    expect(report.output).toBe(join(dir, 'turn1.praetor.xlsx'));
    expect(sha256(input)).toBe(before);
    const results = await sheetRows(report.output!, 'Results');
    expect(results[0][0]).toBe('Battle');
    expect(results.map((r) => r[0])).toEqual(['Battle', 'B1', 'B2']);
    expect(results[2][8]).toBe('B2 | Titus: 3 INF | 3 INF');
    expect((await sheetRows(report.output!, 'Log B1')).length).toBeGreaterThan(7);
  });

  it("wraps the Seed column of Results, a row as tall as its derived seed's lines", async () => {
    const dir = tempDir();
    const input = join(dir, 'seeds.xlsx');
    const leaders = ['Marcus Aurelius Antoninus', 'Gaius Julius Caesar', 'Lucius Cornelius Sulla'];
    writeFileSync(
      input,
      await submission(
        [battle('B1'), battle('B2', { Seed: 'q' })],
        [
          ...leaders.map((leader) => legion('B1', 'Attacker', leader, 3, 1, 1)),
          legion('B1', 'Defender', 'Hannibal Barca', 4, 1),
          legion('B2', 'Attacker', 'A', 2),
          legion('B2', 'Defender', 'D', 2),
        ],
      ),
    );
    const report = await adjudicateFile({ input, output: join(dir, 'o.xlsx'), force: false });
    expect(report).toMatchObject({ battles: 2, resolved: 2, errors: 0 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(report.output!);
    const results = wb.getWorksheet('Results')!;
    const seed = RESULTS_HEADER.indexOf('Seed') + 1;
    const derived = String(results.getCell(2, seed).value);
    expect(derived).toMatch(/^B1 \| Marcus Aurelius Antoninus: /);
    const lines = rowLines(derived, RESULTS_WIDTHS[seed - 1]);
    expect(lines).toBeGreaterThan(2);
    // Wrapped from the top, as the Error and Commitment columns are; the header is not.
    for (const r of [2, 3]) {
      expect([r, results.getCell(r, seed).alignment]).toEqual([
        r,
        { vertical: 'top', wrapText: true },
      ]);
    }
    expect(results.getCell(1, seed).alignment?.wrapText).toBeUndefined();
    // The derived seed's row is made as tall as its lines; the short seed's keeps one line.
    expect(results.getRow(2).height).toBe(rowHeight(lines));
    expect(results.getRow(3).height).toBeUndefined();
  });

  it('gives identical results, byte for byte, for the same workbook twice', async () => {
    const dir = tempDir();
    const input = join(dir, 'a.xlsx');
    writeFileSync(input, await simpleSubmission());
    const one = await adjudicateFile({ input, output: join(dir, 'one.xlsx'), force: false });
    const two = await adjudicateFile({ input, output: join(dir, 'two.xlsx'), force: false });
    expect(two.results).toEqual(one.results);
    expect(sha256(join(dir, 'two.xlsx'))).toBe(sha256(join(dir, 'one.xlsx')));
  });

  it('does not overwrite an output without force, and does with it', async () => {
    const dir = tempDir();
    const input = join(dir, 'a.xlsx');
    const output = join(dir, 'a.praetor.xlsx');
    writeFileSync(input, await simpleSubmission());
    writeFileSync(output, 'mine');
    const refused = await adjudicateFile({ input, output, force: false });
    expect(refused.error).toBe(`${output} exists; add --force to overwrite it`);
    expect(readFileSync(output, 'utf8')).toBe('mine');
    const forced = await adjudicateFile({ input, output, force: true });
    expect(forced.error).toBeNull();
    expect(readFileSync(output).subarray(0, 2).toString()).toBe('PK');
  });

  it('reads Excel tables named Battles and Legions on any sheet', async () => {
    const dir = tempDir();
    const input = join(dir, 't.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('T1', { Seed: 'q' })],
        [legion('T1', 'Attacker', 'A', 2), legion('T1', 'Defender', 'D', 2)],
        { asTables: true },
      ),
    );
    const report = await adjudicateFile({ input, output: join(dir, 'o.xlsx'), force: false });
    expect(report).toMatchObject({ battles: 1, resolved: 1, errors: 0 });
    expect(report.results[0].where).toBe('Orders!B3');
  });

  it('picks free names when Results or a Log sheet exists already', async () => {
    const dir = tempDir();
    const input = join(dir, 'a.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('B1', { Seed: 'x' })],
        [legion('B1', 'Attacker', 'A', 2), legion('B1', 'Defender', 'D', 2)],
        { extraSheets: ['Results', 'log b1'] },
      ),
    );
    const report = await adjudicateFile({ input, output: join(dir, 'o.xlsx'), force: false });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(report.output!);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Battles',
      'Legions',
      'Results',
      'log b1',
      'Results (2)',
      'Log B1 (2)',
    ]);
    expect(wb.getWorksheet('Results')!.getCell('A1').value).toBe('kept');
  });

  it('reports a missing sheet by name, and writes nothing', async () => {
    const dir = tempDir();
    const input = join(dir, 'a.xlsx');
    writeFileSync(input, await submission([battle('B1')], [], { omit: 'Legions' }));
    const report = await adjudicateFile({ input, output: join(dir, 'o.xlsx'), force: false });
    expect(report.problems).toEqual([
      'no sheet or table named "Legions" (the workbook has: Battles)',
    ]);
    expect(report.errors).toBe(1);
    expect(report.output).toBeNull();
    expect(existsSync(join(dir, 'o.xlsx'))).toBe(false);
  });

  it('keeps a macro-enabled workbook macro-enabled', async () => {
    const dir = tempDir();
    const input = join(dir, 'turn.xlsm');
    writeFileSync(input, await asXlsm(readFileSync(join(FIXTURES, 'rich.xlsx'))));
    const report = await adjudicateFile({ input, output: outputPath(input), force: false });
    expect(report.output).toBe(join(dir, 'turn.praetor.xlsm'));
    expect(report).toMatchObject({ battles: 2, resolved: 2 });
    const out = await parts(readFileSync(report.output!));
    expect(out.get('xl/vbaProject.bin')).toEqual(
      (await parts(readFileSync(input))).get('xl/vbaProject.bin'),
    );
  });
});

describe('adjudicateBatch', () => {
  it('adjudicates a folder in workers; bad files get their own error, the rest go on', async () => {
    const dir = tempDir();
    const good = await simpleSubmission();
    writeFileSync(join(dir, 'a.xlsx'), good);
    writeFileSync(join(dir, 'b.xlsx'), 'not a zip at all');
    writeFileSync(join(dir, 'c.xlsx'), good.subarray(0, good.length >> 1));
    copyFileSync(join(FIXTURES, 'rich.xlsx'), join(dir, 'd.xlsx'));
    writeFileSync(join(dir, '~$a.xlsx'), 'lock file');
    writeFileSync(join(dir, 'old.praetor.xlsx'), good);
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const seen: string[] = [];
    const reports = await adjudicateBatch({
      paths: [dir],
      jobs: 2,
      onFile: (r) => seen.push(r.input),
    });
    expect(reports.map((r) => [r.input.slice(dir.length + 1), r.resolved, r.errors])).toEqual([
      ['a.xlsx', 2, 0],
      ['b.xlsx', 0, 1],
      ['c.xlsx', 0, 1],
      ['d.xlsx', 2, 0],
    ]);
    expect(reports[1].error).toMatch(/^not a workbook/);
    expect(reports[2].error).toMatch(/truncated or damaged/);
    expect(seen.sort()).toEqual(reports.map((r) => r.input).sort());
    expect(existsSync(join(dir, 'a.praetor.xlsx'))).toBe(true);
    expect(existsSync(join(dir, 'b.praetor.xlsx'))).toBe(false);
  });

  it('writes into --out, refuses existing outputs without force, and names clashes', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const first = await adjudicateBatch({ paths: [join(dir, 'a.xlsx')], outDir: out, jobs: 1 });
    expect(first[0].output).toBe(join(out, 'a.praetor.xlsx'));
    const stamp = sha256(join(out, 'a.praetor.xlsx'));
    const again = await adjudicateBatch({ paths: [join(dir, 'a.xlsx')], outDir: out, jobs: 1 });
    expect(again[0].error).toBe(
      `${join(out, 'a.praetor.xlsx')} exists; add --force to overwrite it`,
    );
    const forced = await adjudicateBatch({
      paths: [join(dir, 'a.xlsx')],
      outDir: out,
      jobs: 1,
      force: true,
    });
    expect(forced[0].errors).toBe(0);
    expect(sha256(join(out, 'a.praetor.xlsx'))).toBe(stamp);
  });

  it('a file that takes too long or too much memory is stopped, the batch goes on', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const slow = await adjudicateBatch({ paths: [join(dir, 'a.xlsx')], jobs: 1, timeoutMs: 1 });
    expect(slow[0].error).toBe('took longer than 0 s; stopped');
  });
});
