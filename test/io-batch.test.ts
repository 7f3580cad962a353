import {
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { adjudicateFile } from '../headless/adjudicate-file';
import { OutputExistsError, OutputWriteError, writeFileAtomic } from '../headless/atomic-write';
import { earlierOutputs, planFiles, scanInputs } from '../headless/batch-inputs';
import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { battle, legion, parts, submission, tempDir } from './helpers/workbooks';

/** Which files a batch takes, where their outputs go, and how an output is written. */

describe('scanInputs', () => {
  it("takes a folder's .xlsx and .xlsm files, by name, in any case of extension", () => {
    const dir = tempDir();
    for (const n of ['b.xlsm', 'a.xlsx', 'C.XLSX', 'notes.txt', 'd.xls'])
      writeFileSync(join(dir, n), 'x');
    expect(scanInputs([dir]).map((i) => i.input)).toEqual(
      ['C.XLSX', 'a.xlsx', 'b.xlsm'].map((n) => join(dir, n)),
    );
  });

  it("leaves out Excel's ~$ lock files, earlier outputs, and a folder named like a workbook", () => {
    const dir = tempDir();
    for (const n of ['~$turn.xlsx', 'turn.xlsx', 'turn.praetor.xlsx', 'm.praetor.xlsm']) {
      writeFileSync(join(dir, n), 'x');
    }
    mkdirSync(join(dir, 'folder.xlsx'));
    expect(scanInputs([dir]).map((i) => i.input)).toEqual([join(dir, 'turn.xlsx')]);
  });

  it("searches sub-folders after the folder's own files, but not hidden ones or macOS' leftovers", () => {
    const dir = tempDir();
    for (const sub of ['gallia', 'alba', join('alba', 'old'), '.git', '__MACOSX', 'out']) {
      mkdirSync(join(dir, sub));
    }
    for (const f of ['z.xlsx', 'gallia/orders.xlsx', 'alba/orders.xlsx', 'alba/old/orders.xlsm']) {
      writeFileSync(join(dir, f), 'x');
    }
    for (const f of ['.git/hidden.xlsx', '__MACOSX/orders.xlsx', 'alba/._orders.xlsx']) {
      writeFileSync(join(dir, f), 'x');
    }
    // An output folder inside is searched as any other: it holds earlier outputs, passed over.
    writeFileSync(join(dir, 'out', 'orders.praetor.xlsx'), 'x');
    writeFileSync(join(dir, 'out', 'orders.xlsx'), 'x');
    expect(scanInputs([dir])).toEqual([
      { input: join(dir, 'z.xlsx'), subFolder: '' },
      { input: join(dir, 'alba', 'orders.xlsx'), subFolder: 'alba' },
      { input: join(dir, 'alba', 'old', 'orders.xlsm'), subFolder: join('alba', 'old') },
      { input: join(dir, 'gallia', 'orders.xlsx'), subFolder: 'gallia' },
      { input: join(dir, 'out', 'orders.xlsx'), subFolder: 'out' },
    ]);
    expect(earlierOutputs([dir])).toEqual([join(dir, 'out', 'orders.praetor.xlsx')]);
  });

  it('walks a folder once, however links lead back to it', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'a.xlsx'), 'x');
    symlinkSync(dir, join(dir, 'sub', 'loop'));
    expect(scanInputs([dir, join(dir, 'sub')]).map((i) => i.input)).toEqual([
      join(dir, 'sub', 'a.xlsx'),
    ]);
  });
});

describe('planFiles', () => {
  it('takes an input named twice once', () => {
    const dir = tempDir();
    const file = join(dir, 'turn.xlsx');
    writeFileSync(file, 'x');
    expect(planFiles([file, dir, file]).map((p) => p.input)).toEqual([file]);
  });

  it("refuses a second input whose output is the first one's, naming both", () => {
    const [one, two, out] = [tempDir(), tempDir(), tempDir()];
    writeFileSync(join(one, 'turn.xlsx'), 'x');
    writeFileSync(join(two, 'turn.xlsx'), 'x');
    const planned = planFiles([join(one, 'turn.xlsx'), join(two, 'turn.xlsx')], out);
    expect(planned.map((p) => p.error)).toEqual([
      undefined,
      `its output ${join(out, 'turn.praetor.xlsx')} is also ${join(one, 'turn.xlsx')}'s; run them apart, or name a folder that holds both (under --out, each output then keeps its sub-folder)`,
    ]);
  });

  // Some file systems ignore case: two outputs that differ only in case may be one file.
  it('takes two outputs that differ only in case for one', () => {
    const [one, two, out] = [tempDir(), tempDir(), tempDir()];
    writeFileSync(join(one, 'Turn.xlsx'), 'x');
    writeFileSync(join(two, 'turn.xlsx'), 'x');
    const planned = planFiles([join(one, 'Turn.xlsx'), join(two, 'turn.xlsx')], out);
    expect(planned[1].error).toBe(
      `its output ${join(out, 'turn.praetor.xlsx')} is also ${join(one, 'Turn.xlsx')}'s; run them apart, or name a folder that holds both (under --out, each output then keeps its sub-folder)`,
    );
  });

  it("keeps each input's sub-folder under --out, so that files of one name stay apart", () => {
    const [dir, out] = [tempDir(), tempDir()];
    for (const sub of ['alba', 'gallia']) {
      mkdirSync(join(dir, sub));
      writeFileSync(join(dir, sub, 'orders.xlsx'), 'x');
    }
    expect(planFiles([dir], out)).toEqual([
      { input: join(dir, 'alba', 'orders.xlsx'), output: join(out, 'alba', 'orders.praetor.xlsx') },
      {
        input: join(dir, 'gallia', 'orders.xlsx'),
        output: join(out, 'gallia', 'orders.praetor.xlsx'),
      },
    ]);
    // The sub-folders are made when an output is written, not before.
    expect(readdirSync(out)).toEqual([]);
  });

  it('writes an output beside its input in a sub-folder when there is no --out', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'alba'));
    writeFileSync(join(dir, 'alba', 'orders.xlsx'), 'x');
    expect(planFiles([dir])[0].output).toBe(join(dir, 'alba', 'orders.praetor.xlsx'));
  });

  it('refuses an output that would be a folder, naming it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'turn.xlsx'), 'x');
    mkdirSync(join(dir, 'turn.praetor.xlsx'));
    expect(planFiles([join(dir, 'turn.xlsx')])[0].error).toBe(
      `cannot write its output ${join(dir, 'turn.praetor.xlsx')}: it is a folder`,
    );
  });
});

describe('writeFileAtomic', () => {
  it('leaves no temporary file behind, written or refused', () => {
    const dir = tempDir();
    const target = join(dir, 'out.xlsx');
    writeFileAtomic(target, Buffer.from('one'), false);
    expect(() => writeFileAtomic(target, Buffer.from('two'), false)).toThrow(OutputExistsError);
    expect(readFileSync(target, 'utf8')).toBe('one');
    writeFileAtomic(target, Buffer.from('three'), true);
    expect(readFileSync(target, 'utf8')).toBe('three');
    expect(readdirSync(dir)).toEqual(['out.xlsx']);
  });

  it('never replaces a folder, even with overwrite, and says it is one', () => {
    const dir = tempDir();
    const folder = join(dir, 'out.xlsx');
    mkdirSync(folder);
    for (const overwrite of [false, true]) {
      let error: unknown;
      try {
        writeFileAtomic(folder, Buffer.from('x'), overwrite);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(OutputWriteError);
      expect((error as Error).message).toContain('it is a folder');
    }
    expect(readdirSync(dir)).toEqual(['out.xlsx']);
  });

  it('refuses an empty name, saying so, and writes nothing', () => {
    const dir = tempDir();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(() => writeFileAtomic('', Buffer.from('x'), true)).toThrow(
        new OutputWriteError('""', 'the name is empty'),
      );
    } finally {
      process.chdir(cwd);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes the file with the permissions asked for', () => {
    const target = join(tempDir(), 'key.json');
    writeFileAtomic(target, Buffer.from('{}'), false, 0o600);
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });
});

describe('adjudicateFile', () => {
  it('writes nothing for a workbook with no battles', async () => {
    const dir = tempDir();
    const input = join(dir, 'empty.xlsx');
    writeFileSync(input, await submission([], []));
    const output = join(dir, 'empty.praetor.xlsx');
    const report = await adjudicateFile({ input, output, force: false });
    expect(report).toMatchObject({ battles: 0, output: null, error: null });
    expect(readdirSync(dir)).toEqual(['empty.xlsx']);
  });

  it('gives two battles whose ids make the same sheet name a log sheet each', async () => {
    const dir = tempDir();
    const input = join(dir, 'turn.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('B:1', { Seed: 'a' }), battle('B/1', { Seed: 'b' })],
        [
          legion('B:1', 'Attacker', 'M', 3),
          legion('B:1', 'Defender', 'N', 3),
          legion('B/1', 'Attacker', 'O', 3),
          legion('B/1', 'Defender', 'P', 3),
        ],
      ),
    );
    const output = join(dir, 'turn.praetor.xlsx');
    const report = await adjudicateFile({ input, output, force: false });
    expect(report).toMatchObject({ error: null, resolved: 2, output });
    const workbook = (await parts(readFileSync(output))).get('xl/workbook.xml')!.toString();
    const logs = [...workbook.matchAll(/<sheet name="(Log [^"]*)"/g)].map((m) => m[1]);
    expect(logs).toHaveLength(2);
    expect(new Set(logs.map((n) => n.toLowerCase())).size).toBe(2);
  });

  it('reports each battle as the core resolves it: winner, survivors, captured leaders, seed', async () => {
    const dir = tempDir();
    const input = join(dir, 'turn.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('B1', { Seed: 'alpha' })],
        [legion('B1', 'Attacker', 'Marcus', 6, 1), legion('B1', 'Defender', 'Brutus', 1)],
      ),
    );
    const report = await adjudicateFile({ input, output: join(dir, 'out.xlsx'), force: false });
    const core = validateBattle({
      id: 'B1',
      attacker: 'Marcus: 6 INF 1 CAV',
      defender: 'Brutus: 1 INF',
      seed: 'alpha',
    });
    if (!core.ok) throw new Error(core.error);
    const resolved = resolveBattle(core.value);
    if (!resolved.ok) throw new Error(resolved.error);
    expect(resolved.value.captured.length).toBeGreaterThan(0);
    expect(report.results[0]).toMatchObject({
      id: 'B1',
      winner: resolved.value.winner,
      rounds: resolved.value.rounds,
      captured: resolved.value.captured,
      diceUsed: resolved.value.diceUsed,
      seed: 'alpha',
      error: null,
    });
  });

  it('counts the problems of the workbook as a whole among its errors', async () => {
    const dir = tempDir();
    const input = join(dir, 'turn.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('B1', { Seed: 'a' })],
        [
          legion('B1', 'Attacker', 'M', 3),
          legion('B1', 'Defender', 'N', 3),
          legion('B9', 'Attacker', 'X', 1),
        ],
      ),
    );
    const report = await adjudicateFile({ input, output: join(dir, 'out.xlsx'), force: false });
    expect(report.problems).toHaveLength(1);
    expect(report).toMatchObject({ battles: 1, resolved: 1, errors: 1 });
  });
});
