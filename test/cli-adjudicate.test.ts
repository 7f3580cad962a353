import ExcelJS from 'exceljs';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import fs = require('node:fs');
import { join, relative } from 'node:path';
import { main } from '../headless/cli';
import { shellWord } from '../headless/io';
import { adjudicateBatch } from '../headless/adjudicate';
import {
  battle,
  bufferIo,
  legion,
  sha256,
  simpleSubmission,
  submission,
  tempDir,
} from './helpers/workbooks';

/** `praetor adjudicate` and `praetor template` as a user runs them, through main(). */

/** exceljs keeps a sheet's validations by range, though its types do not say so. */
const validations = (ws: ExcelJS.Worksheet) =>
  (ws as unknown as { dataValidations: { model: unknown } }).dataValidations.model;

describe('praetor adjudicate', () => {
  it("adjudicates a folder's sub-folders, each output in its input's sub-folder of --out", async () => {
    const [dir, out] = [tempDir(), join(tempDir(), 'out')];
    for (const sub of ['alba', 'gallia']) {
      mkdirSync(join(dir, sub));
      writeFileSync(join(dir, sub, 'orders.xlsx'), await simpleSubmission());
    }
    const io = bufferIo();
    expect(await main(['adjudicate', dir, '--out', out, '--jobs', '1'], io)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['alba', 'gallia']);
    for (const sub of ['alba', 'gallia']) {
      expect(readdirSync(join(out, sub))).toEqual(['orders.praetor.xlsx']);
    }
    // Files of one name are told apart by their folder, in the summary and the progress lines.
    expect(io.stdout()).toMatch(/^alba\/orders\.xlsx\s+2\s+2\s+0\s/m);
    expect(io.stdout()).toMatch(/^gallia\/orders\.xlsx\s+2\s+2\s+0\s/m);
    expect(io.stderr()).toContain('[1/2] alba/orders.xlsx: 2 battles, 2 resolved');
  });

  it('prints a summary table and exits 0 when every battle resolved', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const io = bufferIo();
    expect(await main(['adjudicate', dir, '--jobs', '1'], io)).toBe(0);
    expect(io.stdout()).toMatch(/^File\s+Battles\s+Resolved\s+Errors\s+Output\n/);
    expect(io.stdout()).toMatch(/a\.xlsx\s+2\s+2\s+0\s+.*a\.praetor\.xlsx/);
    expect(io.stdout()).toMatch(/total\s+2\s+2\s+0\s+1 file *$/m);
    expect(io.stderr()).toMatch(/^\[1\/1\] a\.xlsx: 2 battles, 2 resolved -> /);
  });

  it("an output has its input's read and write permissions: private orders stay private", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'private.xlsx'), await simpleSubmission(), { mode: 0o600 });
    fs.chmodSync(join(dir, 'private.xlsx'), 0o600);
    writeFileSync(join(dir, 'shared.xlsx'), await simpleSubmission());
    fs.chmodSync(join(dir, 'shared.xlsx'), 0o644);
    writeFileSync(join(dir, 'locked.xlsx'), await simpleSubmission());
    fs.chmodSync(join(dir, 'locked.xlsx'), 0o440);
    expect(await main(['adjudicate', dir, '--jobs', '1'], bufferIo())).toBe(0);
    const mode = (name: string) => fs.statSync(join(dir, name)).mode & 0o777;
    // As any new file, under the process's umask (022 where a file is made 644).
    const umask = process.umask();
    expect(mode('private.praetor.xlsx')).toBe(0o600 & ~umask);
    expect(mode('shared.praetor.xlsx')).toBe(0o644 & ~umask);
    // A read-only input: its owner may still replace the output.
    expect(mode('locked.praetor.xlsx')).toBe(0o640 & ~umask);
  });

  it('exits 1 and lists each error with file, sheet, row and column; the rest still resolve', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'bad.xlsx'),
      await submission(
        [battle('B1', { Seed: 's' }), battle('B2', { Rules: 'risk' })],
        [
          legion('B1', 'Attacker', 'A', 2),
          legion('B1', 'Defender', 'D', 2),
          legion('B2', 'Attacker', 'A', 2),
          legion('B2', 'Defender', 'D', 2),
          legion('B7', 'Attacker', 'A', 2),
        ],
      ),
    );
    writeFileSync(join(dir, 'junk.xlsx'), 'junk');
    const io = bufferIo();
    expect(
      await main(['adjudicate', join(dir, 'bad.xlsx'), join(dir, 'junk.xlsx'), '--jobs', '2'], io),
    ).toBe(1);
    const out = io.stdout();
    expect(out).toMatch(/bad\.xlsx\s+2\s+1\s+2/);
    expect(out).toMatch(/total\s+2\s+1\s+3\s+2 files *$/m);
    expect(out).toContain(`${join(dir, 'bad.xlsx')}: battle B2: Battles!C3: unknown rules "risk"`);
    expect(out).toContain(
      `${join(dir, 'bad.xlsx')}: Legions!A6: the legion is for battle "B7", which is not in Battles`,
    );
    expect(out).toContain(`${join(dir, 'junk.xlsx')}: not a workbook`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'bad.praetor.xlsx'));
    expect(wb.getWorksheet('Results')!.getCell('C3').value).toBe('error');
    expect(wb.getWorksheet('Log B1')).toBeDefined();
  });

  it('--json gives the same reports as the batch, for machines', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const io = bufferIo();
    expect(
      await main(['adjudicate', join(dir, 'a.xlsx'), '--json', '--out', join(dir, 'o')], io),
    ).toBe(0);
    const json = JSON.parse(io.stdout());
    expect(json.totals).toEqual({ files: 1, battles: 2, resolved: 2, errors: 0 });
    const direct = await adjudicateBatch({
      paths: [join(dir, 'a.xlsx')],
      outDir: join(dir, 'p'),
      jobs: 0,
    });
    expect(json.files[0].results).toEqual(direct[0].results);
  });

  it('--force: without it an existing output is an error (exit 1), with it it is replaced', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    writeFileSync(join(dir, 'a.praetor.xlsx'), 'old');
    const io = bufferIo();
    expect(await main(['adjudicate', join(dir, 'a.xlsx'), '--jobs', '1'], io)).toBe(1);
    expect(io.stdout()).toContain('exists; add --force to overwrite it');
    expect(readFileSync(join(dir, 'a.praetor.xlsx'), 'utf8')).toBe('old');
    expect(
      await main(['adjudicate', join(dir, 'a.xlsx'), '--jobs', '1', '--force'], bufferIo()),
    ).toBe(0);
    expect(readFileSync(join(dir, 'a.praetor.xlsx')).subarray(0, 2).toString()).toBe('PK');
  });

  it.each([
    [[], /give at least one workbook or folder/],
    [['x.xlsx', '--jobs', '0'], /--jobs is "0"/],
    [['x.xlsx', '--jobs', 'many'], /--jobs is "many"/],
    [['x.xlsx', '--frobnicate'], /^praetor adjudicate: unknown option --frobnicate\. Run/],
  ])('bad usage %p exits 2', async (args, message) => {
    const io = bufferIo();
    expect(await main(['adjudicate', ...args], io)).toBe(2);
    expect(io.stderr()).toMatch(message);
  });

  it('a folder with no workbooks exits 1, naming the earlier outputs it passed over', async () => {
    const io = bufferIo();
    expect(await main(['adjudicate', tempDir()], io)).toBe(1);
    expect(io.stderr()).toMatch(
      /no workbooks found \(\.xlsx or \.xlsm\) in the paths given or their sub-folders$/,
    );
    const dir = tempDir();
    mkdirSync(join(dir, 'alba'));
    writeFileSync(join(dir, 'alba', 'orders.praetor.xlsx'), 'x');
    const again = bufferIo();
    expect(await main(['adjudicate', dir], again)).toBe(1);
    expect(again.stderr()).toContain(
      `; 1 earlier output was passed over (${join(dir, 'alba', 'orders.praetor.xlsx')}): name such a file to adjudicate it again`,
    );
  });

  it('names the spreadsheets of other formats it passed over, and a named folder that gave nothing: exit 1', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'gallia.xls'), 'x');
    writeFileSync(join(dir, 'alba.ods'), 'x');
    writeFileSync(join(dir, '~$lock.xls'), 'x');
    const none = bufferIo();
    expect(await main(['adjudicate', dir], none)).toBe(1);
    expect(none.stderr()).toContain(
      `; 2 spreadsheets of another format passed over (${join(dir, 'alba.ods')}, ${join(dir, 'gallia.xls')}): save them as .xlsx in Excel`,
    );
    const orders = tempDir();
    writeFileSync(join(orders, 'a.xlsx'), await simpleSubmission());
    const io = bufferIo();
    // Named twice, by two names: one line.
    const twice = [dir, join(dir, '.')];
    expect(await main(['adjudicate', orders, ...twice, '--jobs', '1', '--json'], io)).toBe(1);
    expect(JSON.parse(io.stdout()).emptyFolders).toEqual([dir]);
    expect(io.stderr().match(/no workbooks/g)).toHaveLength(1);
    expect(io.stderr()).toContain(
      `praetor adjudicate: ${dir}: no workbooks (.xlsx or .xlsm) in this folder or its sub-folders; 2 spreadsheets`,
    );
    const whole = bufferIo();
    expect(await main(['adjudicate', orders, '--jobs', '1', '--force'], whole)).toBe(0);
    expect(whole.stderr()).not.toContain('no workbooks');
    // A folder of outputs named too (the --out of this run or an earlier one) is no empty folder.
    const out = tempDir();
    const both = bufferIo();
    expect(await main(['adjudicate', orders, out, '--out', out, '--jobs', '1'], both)).toBe(0);
    expect(both.stderr()).not.toContain('no workbooks');
  });

  it('names the spreadsheets of other formats beside the workbooks it found, which it did not adjudicate', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ann.xlsx'), await simpleSubmission());
    mkdirSync(join(dir, 'bob'));
    writeFileSync(join(dir, 'bob', 'orders.xls'), 'x');
    writeFileSync(join(dir, 'carl.csv'), 'x');
    const io = bufferIo();
    expect(await main(['adjudicate', dir, '--jobs', '1'], io)).toBe(0);
    // A folder's own files, then its sub-folders'.
    const files = [join(dir, 'carl.csv'), join(dir, 'bob', 'orders.xls')];
    expect(io.stderr()).toContain(
      `praetor adjudicate: note: 2 spreadsheets of another format passed over (${files.join(', ')}), ` +
        'not adjudicated: save them as .xlsx in Excel if they hold orders',
    );
    const json = bufferIo();
    expect(await main(['adjudicate', dir, '--jobs', '1', '--force', '--json'], json)).toBe(0);
    expect(JSON.parse(json.stdout()).otherFormats).toEqual(files);
    // A workbook named alone: its folder is not searched, and nothing is noted.
    const named = bufferIo();
    await main(['adjudicate', join(dir, 'ann.xlsx'), '--jobs', '1', '--force'], named);
    expect(named.stderr()).not.toContain('another format');
    // bob's folder named too, empty of workbooks: its .xls is named on its own line alone.
    const both = bufferIo();
    expect(await main(['adjudicate', dir, join(dir, 'bob'), '--jobs', '1', '--force'], both)).toBe(
      1,
    );
    expect(both.stderr()).toContain(
      `praetor adjudicate: note: 1 spreadsheet of another format passed over (${join(dir, 'carl.csv')}), not adjudicated`,
    );
    expect(both.stderr().match(/orders\.xls/g)).toHaveLength(1);
    // The same, the folder named by a relative path and bob's by an absolute one.
    const mixed = bufferIo();
    const rel = relative(process.cwd(), dir);
    await main(['adjudicate', rel, join(dir, 'bob'), '--jobs', '1', '--force'], mixed);
    expect(mixed.stderr().match(/orders\.xls/g)).toHaveLength(1);
  });

  // Tests run as root, whom chmod 000 does not stop: the folder's listing is refused instead.
  it('a folder that cannot be read is a row and an error of its own, counted apart from the files; exit 1', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    const listing = fs.readdirSync;
    const readdir = jest.spyOn(fs, 'readdirSync');
    readdir.mockImplementation(((path: string, ...rest: []) => {
      if (path === locked) {
        throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), {
          code: 'EACCES',
          path,
        });
      }
      return listing(path, ...rest);
    }) as typeof fs.readdirSync);
    try {
      const io = bufferIo();
      expect(await main(['adjudicate', dir, '--jobs', '1'], io)).toBe(1);
      const out = io.stdout();
      expect(out).toMatch(/^locked\s+0\s+0\s+1\s+not written *$/m);
      expect(out).toMatch(/total\s+2\s+2\s+1\s+1 file, 1 folder not read *$/m);
      expect(out).toMatch(new RegExp(`^Errors:\\n  ${locked}: cannot read the folder: .+$`, 'm'));

      const json = bufferIo();
      expect(await main(['adjudicate', dir, '--jobs', '1', '--json', '--force'], json)).toBe(1);
      const report = JSON.parse(json.stdout());
      expect(report.files.map((f: { input: string }) => f.input)).toEqual([
        join(dir, 'a.xlsx'),
        locked,
      ]);
      expect(report.files[1].error).toMatch(/^cannot read the folder: /);
    } finally {
      readdir.mockRestore();
    }
  });

  it('a path that names nothing is a row and an error, counted apart from the files; exit 1', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const io = bufferIo();
    const args = ['adjudicate', join(dir, 'a.xlsx'), join(dir, 'typo.xlsx'), join(dir, 'gone')];
    expect(await main([...args, '--jobs', '1'], io)).toBe(1);
    const out = io.stdout();
    expect(out).toMatch(/^typo\.xlsx\s+0\s+0\s+1\s+not written *$/m);
    expect(out).toMatch(/total\s+2\s+2\s+2\s+1 file, 2 not found *$/m);
    expect(out).toContain(`${join(dir, 'gone')}: no such file or folder`);
  });

  it("a workbook open in Excel is warned of; Excel's lock file named itself is no workbook", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ann.xlsx'), await simpleSubmission());
    writeFileSync(join(dir, 'bob.xlsx'), await simpleSubmission());
    writeFileSync(join(dir, '~$ann.xlsx'), 'Ann Smith'.padEnd(165, ' '));
    const io = bufferIo();
    expect(await main(['adjudicate', dir, '--jobs', '1'], io)).toBe(0);
    expect(io.stdout()).toContain(
      `Warnings:\n  ${join(dir, 'ann.xlsx')}: the workbook is open in Excel (its lock file ~$ann.xlsx is beside it): changes not saved there were not read`,
    );
    expect(io.stdout()).not.toContain('bob.xlsx: the workbook is open');
    // Results are the workbook's: they never show the run's warning.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'ann.praetor.xlsx'));
    expect(JSON.stringify(book.getWorksheet('Results')!.getSheetValues())).not.toContain('Excel');

    const named = bufferIo();
    expect(await main(['adjudicate', join(dir, '~$ann.xlsx'), '--jobs', '1'], named)).toBe(1);
    expect(named.stdout()).toContain(
      `${join(dir, '~$ann.xlsx')}: this is Excel's lock file of a workbook open in Excel (it holds who opened it), not a workbook: name the workbook itself`,
    );
  });

  describe('Ctrl-C', () => {
    /** A terminal that presses Ctrl-C once the first workbook is reported done. */
    function pressedAfterFirst() {
      const io = bufferIo();
      let handler: (() => void) | undefined;
      let listening = false;
      const err = io.err;
      return Object.assign(io, {
        err: (text: string) => {
          err(text);
          if (text.startsWith('[1/')) handler?.();
        },
        interrupts: (h: () => void) => {
          handler = h;
          listening = true;
          return () => (listening = false);
        },
        listening: () => listening,
      });
    }

    it('finishes the workbooks under way, writes no other, and says what is left; exit 130', async () => {
      const [dir, out] = [tempDir(), join(tempDir(), 'out')];
      const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
      for (const n of names) writeFileSync(join(dir, `${n}.xlsx`), await simpleSubmission());
      const io = pressedAfterFirst();
      expect(await main(['adjudicate', dir, '--out', out, '--jobs', '1'], io)).toBe(130);
      expect(io.listening()).toBe(false);
      const written = readdirSync(out).sort();
      // The worker holds two workbooks at a time: the one it runs and the next.
      expect(written.length).toBeGreaterThanOrEqual(1);
      expect(written.length).toBeLessThan(names.length);
      expect(written).toEqual(names.slice(0, written.length).map((n) => `${n}.praetor.xlsx`));
      const err = io.stderr();
      expect(err).toContain(
        'praetor adjudicate: interrupted: finishing the workbooks under way (Ctrl-C again to stop at once)',
      );
      // Every workbook written was reported, and none other.
      expect(err.match(/^\[\d\/8\] /gm)).toHaveLength(written.length);
      expect(err).toContain(
        `praetor adjudicate: interrupted: ${8 - written.length} of 8 workbooks not adjudicated (the first: ${join(dir, names[written.length])}.xlsx). Run the same command again with --force to do them: the workbooks written so far come out the same.`,
      );
      // The summary has the workbooks done, and no error for the others.
      const table = io.stdout();
      expect(table).toMatch(
        new RegExp(
          `total\\s+${2 * written.length}\\s+${2 * written.length}\\s+0\\s+${written.length} files? *$`,
          'm',
        ),
      );
      expect(table).not.toContain('interrupted');

      const json = pressedAfterFirst();
      const again = ['adjudicate', dir, '--out', out, '--jobs', '1', '--json', '--force'];
      expect(await main(again, json)).toBe(130);
      const report = JSON.parse(json.stdout());
      expect(report.interrupted).toBe(true);
      expect(report.files).toHaveLength(8);
      expect(report.files.at(-1).error).toBe('not adjudicated: the run was interrupted');
      // The workbooks left are not at fault: named, counted apart, no errors of theirs.
      const left = report.files.filter((f: { error: string | null }) => f.error !== null);
      expect(left.every((f: { errors: number }) => f.errors === 0)).toBe(true);
      expect(report.totals).toMatchObject({ errors: 0, interrupted: left.length });
    });

    it('a batch told to stop finishes what it runs; in this thread, the file under way', async () => {
      const dir = tempDir();
      for (const n of ['a', 'b', 'c'])
        writeFileSync(join(dir, `${n}.xlsx`), await simpleSubmission());
      const stop = new AbortController();
      const done: string[] = [];
      const reports = await adjudicateBatch({
        paths: [dir],
        jobs: 0,
        signal: stop.signal,
        onFile: (r) => {
          done.push(r.input);
          stop.abort();
        },
      });
      expect(done).toEqual([join(dir, 'a.xlsx')]);
      expect(reports.map((r) => r.error)).toEqual([
        null,
        'not adjudicated: the run was interrupted',
        'not adjudicated: the run was interrupted',
      ]);
      expect(readdirSync(dir).sort()).toEqual(['a.praetor.xlsx', 'a.xlsx', 'b.xlsx', 'c.xlsx']);
    });

    it("the first Ctrl-C is the handler's; a second ends the process at once", () => {
      const { processIo } = jest.requireActual('../headless/io') as typeof import('../headless/io');
      const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
      const handler = jest.fn();
      const stop = processIo.interrupts!(handler);
      try {
        process.emit('SIGINT', 'SIGINT');
        expect(handler).toHaveBeenCalledTimes(1);
        expect(exit).not.toHaveBeenCalled();
        process.emit('SIGINT', 'SIGINT');
        expect(exit).toHaveBeenCalledWith(130);
      } finally {
        stop();
        exit.mockRestore();
      }
      expect(process.listenerCount('SIGINT')).toBe(0);
    });
  });

  it('draws a progress bar on a terminal', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    const drawn: string[] = [];
    const io = { ...bufferIo(), tty: { columns: 80, write: (t: string) => drawn.push(t) } };
    expect(await main(['adjudicate', dir, '--jobs', '1'], io)).toBe(0);
    expect(drawn.join('')).toContain('] 1/1');
    expect(io.stderr()).toBe('');
  });

  it('--help', async () => {
    const io = bufferIo();
    expect(await main(['adjudicate', '--help'], io)).toBe(0);
    expect(io.stdout()).toMatch(/^Usage: praetor adjudicate PATH\.\.\./);
  });
});

describe('praetor template', () => {
  it('writes a submission that adjudicates, with drop-downs, and will not overwrite without --force', async () => {
    const dir = tempDir();
    const file = join(dir, 'turn.xlsx');
    const io = bufferIo();
    expect(await main(['template', file], io)).toBe(0);
    expect(io.stdout()).toBe(
      `wrote ${file}: fill in Battles and Legions, then run praetor adjudicate ${file}`,
    );
    // A name a shell would split is quoted, so that the command can be copied as it is.
    const odd = join(dir, "Ann's ünï orders.xlsx");
    const quoted = bufferIo();
    expect(await main(['template', odd], quoted)).toBe(0);
    expect(quoted.stdout()).toContain(
      `then run praetor adjudicate '${dir}/Ann'\\''s ünï orders.xlsx'`,
    );
    expect(shellWord('-x.xlsx')).toBe('./-x.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Battles', 'Legions']);
    const battles = wb.getWorksheet('Battles')!;
    expect((battles.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Battle',
      'Territory',
      'Rules',
      'Sea',
      'Fort',
      'Breach by',
      'Retreat',
      'Rounds',
      'Seed',
      'Dice',
    ]);
    const model = validations(battles) as Record<string, { formulae: string[] }>;
    expect(Object.values(model).map((v) => v.formulae[0])).toEqual(
      expect.arrayContaining([
        // This template's ruleset only: another's would refuse Sea, Fort, Breach by, Retreat.
        '"cote-pbem"',
        '"yes,no"',
        '"0,1,2,yes,no"',
        '"any,catapult"',
      ]),
    );
    const legions = wb.getWorksheet('Legions')!;
    const sides = validations(legions) as Record<string, { formulae: string[] }>;
    expect(Object.values(sides)[0].formulae[0]).toBe('"Attacker,Defender"');

    const stamp = sha256(file);
    expect(await main(['template', file], io)).toBe(1);
    expect(io.stderr()).toContain('exists; add --force to overwrite it');
    expect(sha256(file)).toBe(stamp);
    expect(await main(['template', file, '--force'], bufferIo())).toBe(0);

    const run = bufferIo();
    expect(await main(['adjudicate', file, '--jobs', '1'], run)).toBe(0);
    expect(run.stdout()).toMatch(/turn\.xlsx\s+1\s+1\s+0/);
    // A player who leaves the example in is told: it is fought as a real battle.
    expect(run.stdout()).toContain(
      `Warnings:\n  ${file}: Battles!I2: battle "B1" has the seed of the template's example battle ("example")`,
    );
  });

  it.each([
    ['cote-online', 'Battles, Legions', 'Mode'],
    ['imperium', 'Battles, Legions, Fleets', 'Range'],
    ['legion-battles', 'Battles, Legions, Units', 'Readings'],
    ['fortunes-of-war', 'Battles, Legions, Armies', 'Terrain'],
  ])(
    'with --rules %s: its sheets and option columns, and an example that adjudicates clean',
    async (rules, sheets, column) => {
      const dir = tempDir();
      const file = join(dir, `${rules}.xlsx`);
      const io = bufferIo();
      expect(await main(['template', file, '--rules', rules], io)).toBe(0);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      expect(wb.worksheets.map((w) => w.name).join(', ')).toBe(sheets);
      const header = (wb.getWorksheet('Battles')!.getRow(1).values as unknown[]).slice(1);
      expect(header).toContain(column);
      expect(header.slice(-2)).toEqual(['Seed', 'Dice']);
      const run = bufferIo();
      expect(await main(['adjudicate', file, '--jobs', '1', '--json'], run)).toBe(0);
      const [report] = JSON.parse(run.stdout()).files;
      expect(report).toMatchObject({ battles: 1, resolved: 1, errors: 0 });
      // Every column is known; the one warning is that the example battle is the example.
      const seedAt = `Battles!${String.fromCharCode(64 + header.length - 1)}2`;
      expect(report.warnings).toEqual([
        `${seedAt}: battle "B1" has the seed of the template's example battle ("example"): delete its rows if it is only the example, not a battle of this turn`,
      ]);
      expect(report.results[0].id).toBe('B1');
    },
  );

  it('bad usage exits 2', async () => {
    expect(await main(['template'], bufferIo())).toBe(2);
    expect(await main(['template', 'a.csv'], bufferIo())).toBe(2);
    const io = bufferIo();
    expect(await main(['template', 'a.xlsx', '--rules', 'risk'], io)).toBe(2);
    expect(io.stderr()).toContain('unknown rules "risk" (known: cote-pbem, cote-online');
    expect(io.stderr()).not.toContain('did you mean');
    const slip = bufferIo();
    expect(await main(['template', 'a.xlsx', '--rules', 'Imperum'], slip)).toBe(2);
    expect(slip.stderr()).toContain('unknown rules "Imperum" (known: ');
    expect(slip.stderr()).toContain('fortunes-of-war): did you mean "imperium"?');
  });
});
