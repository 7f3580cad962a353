import ExcelJS from 'exceljs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../headless/cli';
import { economyWorkbook } from './helpers/economy';
import { asXlsm, bufferIo, partChanges, parts, sha256, tempDir } from './helpers/workbooks';

/** `praetor turn` as a game master runs it, through main(). */

async function sheetRows(file: string, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')));
  // Blank cells are not written: pad every row to the widest.
  const width = Math.max(...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...Array(width - r.length).fill('')]);
}

async function run(...argv: string[]) {
  const io = bufferIo();
  const code = await main(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** The template's example game, written to a fresh folder. */
async function example(): Promise<{ dir: string; file: string }> {
  const dir = tempDir();
  const file = join(dir, 'game.xlsx');
  expect((await run('turn', '--template', file)).code).toBe(0);
  return { dir, file };
}

describe('praetor turn', () => {
  it('plays the example game: books updated in place, a Turn report, the input untouched', async () => {
    const { dir, file } = await example();
    const before = sha256(file);
    const r = await run('turn', file);
    expect(r.code).toBe(0);
    expect(sha256(file)).toBe(before);
    const out = join(dir, 'game.turn.xlsx');
    expect(r.out).toContain(`${file} -> ${out}`);
    expect(r.out).toMatch(/Ann\s+40\s+40\s+40/);
    expect(r.out).toContain('7 changes, 4 rejected, 0 errors');
    expect(r.out).toContain(
      'Purchases!A4  Ann  2 Catapult: it costs 80 talents (2 at 40); Ann has 40',
    );
    expect(await sheetRows(out, 'Players')).toEqual([
      ['Player', 'Home territory', 'Treasury', 'Caesar captured'],
      ['Ann', 'Roma', 40, 'no'],
      ['Bob', 'Gallia', 5, 'no'],
      ['Cato', 'Hispania', 15, 'yes'],
      ['Dido', 'Africa', 60, 'no'],
    ]);
    expect((await sheetRows(out, 'Territories'))[2]).toEqual(['Neapolis', 5, 'Ann', 'city']);
    expect(await sheetRows(out, 'Game')).toEqual([['Inflation'], [1]]);
    const report = await sheetRows(out, 'Turn report');
    expect(report[0]).toEqual([
      'Step',
      'Player',
      'Order',
      'What',
      'Talents',
      'Treasury',
      'Result',
      'Reason',
    ]);
    expect(report).toContainEqual([
      'purchase',
      'Bob',
      'Purchases!A7',
      '2 Infantry',
      '',
      5,
      'rejected',
      'new units are placed on the home territory Gallia, not Belgica',
    ]);
    expect(report).toContainEqual([
      'ransom',
      'Bob',
      'Ransoms!A2',
      'pays 20 talents to Ann for Marcus, who returns to Gallia',
      -20,
      30,
      'done',
      '',
    ]);
  });

  it('changes only the parts it must: the changed sheets and the sheet index; macros survive', async () => {
    const { dir, file } = await example();
    const input = await asXlsm(readFileSync(file));
    const xlsm = join(dir, 'game.xlsm');
    writeFileSync(xlsm, input);
    expect((await run('turn', xlsm)).code).toBe(0);
    const output = readFileSync(join(dir, 'game.turn.xlsm'));
    const before = await parts(input);
    const after = await parts(output);
    const { changed, added } = partChanges(before, after);
    expect(changed).toEqual([
      '[Content_Types].xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet2.xml', // Players: treasuries
      'xl/worksheets/sheet3.xml', // Territories: a new city
    ]);
    expect(added).toEqual(['xl/worksheets/sheet6.xml']);
    // In the changed sheets, only the written cells differ.
    const cells = (xml: Buffer, col: string) =>
      xml.toString().replace(new RegExp(`<c r="${col}\\d+"[^>]*>.*?</c>`, 'g'), '');
    const players = 'xl/worksheets/sheet2.xml';
    expect(cells(after.get(players)!, 'C')).toBe(cells(before.get(players)!, 'C'));
    const territories = 'xl/worksheets/sheet3.xml';
    expect(cells(after.get(territories)!, 'D')).toBe(cells(before.get(territories)!, 'D'));
    expect(after.get('xl/vbaProject.bin')!.equals(before.get('xl/vbaProject.bin')!)).toBe(true);
    expect(after.get('[Content_Types].xml')!.toString()).toContain('macroEnabled.main+xml');
  });

  it('keeps the style of a written cell', async () => {
    const dir = tempDir();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await economyWorkbook({})) as unknown as ArrayBuffer);
    const cell = wb.getWorksheet('Players')!.getCell('C2');
    cell.numFmt = '0 "talents"';
    cell.font = { bold: true };
    writeFileSync(join(dir, 'b.xlsx'), Buffer.from(await wb.xlsx.writeBuffer()));
    expect((await run('turn', join(dir, 'b.xlsx'))).code).toBe(0);
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(join(dir, 'b.turn.xlsx'));
    const written = out.getWorksheet('Players')!.getCell('C2');
    expect([written.value, written.numFmt, written.font?.bold]).toEqual([15, '0 "talents"', true]);
  });

  it('adds a Game sheet to a workbook without one; the next turn reads it', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 't1.xlsx'),
      await economyWorkbook({
        territories: [
          ['Roma', 10, 'Ann', 'none'],
          ...Array.from({ length: 10 }, (_, i) => [`T${i}`, 10, 'Ann', 'none']),
          ['Gallia', 10, 'Bob', 'none'],
        ],
      }),
    );
    const first = await run('turn', join(dir, 't1.xlsx'));
    expect(first.out).toContain('Inflation: level 1 -> 2 (prices doubled)');
    const t2 = join(dir, 't1.turn.xlsx');
    expect(await sheetRows(t2, 'Game')).toEqual([['Inflation'], [2]]);
    // Neither turn has orders: the second is one of income alone after another (--again).
    const second = await run('turn', t2, '--json', '--again');
    expect(second.code).toBe(0);
    const json = JSON.parse(second.out);
    expect(json.files[0].inflation).toEqual({ before: 2, after: 2 });
    expect(json.files[0].warnings).toEqual([
      'these orders were played before, by the turn that wrote this workbook: they are played again (--again)',
    ]);
    expect(await sheetRows(join(dir, 't1.turn.turn.xlsx'), 'Turn report (2)')).toContainEqual([
      'warning',
      '',
      '',
      json.files[0].warnings[0],
      '',
      '',
      'warning',
      '',
    ]);
  });

  it('--json reports every file, with totals; --out writes elsewhere', async () => {
    const { dir, file } = await example();
    const r = await run('turn', file, '--json', '--out', join(dir, 'out'));
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.totals).toEqual({ files: 1, done: 7, rejected: 4, errors: 0 });
    const f = json.files[0];
    expect(f.output).toBe(join(dir, 'out', 'game.turn.xlsx'));
    expect(existsSync(f.output)).toBe(true);
    expect(f.players[1]).toEqual({
      player: 'Bob',
      treasuryBefore: 20,
      income: 30,
      treasuryAfter: 5,
    });
    expect(f.lines[0]).toEqual({
      step: 'income',
      player: 'Ann',
      at: '',
      what: 'income: 4 territories (30) + 2 cities (10)',
      talents: 40,
      treasury: 80,
      result: 'done',
      reason: '',
    });
  });

  it('never overwrites an output without --force', async () => {
    const { dir, file } = await example();
    expect((await run('turn', file)).code).toBe(0);
    const out = join(dir, 'game.turn.xlsx');
    const stamp = sha256(out);
    const again = await run('turn', file);
    expect(again.code).toBe(1);
    expect(again.out).toContain(`${out} exists; add --force to overwrite it`);
    expect(sha256(out)).toBe(stamp);
    expect((await run('turn', file, '--force')).code).toBe(0);
  });

  it('exits 1 with the orders that are errors, still writing the turn', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'e.xlsx'),
      await economyWorkbook({
        purchases: [
          ['Ann', 'Elephant', 1, ''],
          ['Ann', 'Infantry', 1, ''],
        ],
      }),
    );
    const r = await run('turn', join(dir, 'e.xlsx'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('3 changes, 0 rejected, 1 errors');
    expect(r.out).toContain('Errors:\n  Purchases!B2: unknown item "Elephant"');
    expect(existsSync(join(dir, 'e.turn.xlsx'))).toBe(true);
  });

  it('exits 1 and writes nothing when the books cannot be read, naming each cell', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'bad.xlsx'),
      await economyWorkbook({ players: [['Ann', 'Roma', 'lots', 'no']], inflation: 9 }),
    );
    writeFileSync(join(dir, 'junk.xlsx'), 'junk');
    const r = await run(
      'turn',
      join(dir, 'bad.xlsx'),
      join(dir, 'junk.xlsx'),
      join(dir, 'none.xlsx'),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(dir, 'bad.xlsx')}: the turn was not played (no output):`);
    expect(r.out).toContain('  Players!C2: Ann\'s treasury is "lots": give a whole number');
    expect(r.out).toContain('  Game!A2: the inflation level is 9');
    expect(r.out).toContain(`${join(dir, 'junk.xlsx')}: not a workbook`);
    expect(r.out).toContain(`${join(dir, 'none.xlsx')}: no such file`);
    expect(existsSync(join(dir, 'bad.turn.xlsx'))).toBe(false);
  });

  it('refuses to overwrite a formula it would have to change, and writes nothing', async () => {
    const dir = tempDir();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await economyWorkbook({})) as unknown as ArrayBuffer);
    wb.getWorksheet('Players')!.getCell('C2').value = { formula: '2*3', result: 6 };
    writeFileSync(join(dir, 'f.xlsx'), Buffer.from(await wb.xlsx.writeBuffer()));
    const r = await run('turn', join(dir, 'f.xlsx'));
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'Error: Players!C2 holds a formula; Praetor writes a value there: replace the formula with its value',
    );
    expect(existsSync(join(dir, 'f.turn.xlsx'))).toBe(false);
  });

  it('writes into an Excel table that does not start at A1', async () => {
    const dir = tempDir();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await economyWorkbook({ players: null })) as unknown as ArrayBuffer);
    wb.addWorksheet('Books').addTable({
      name: 'Players',
      ref: 'C3',
      columns: ['Player', 'Home territory', 'Treasury'].map((name) => ({ name })),
      rows: [
        ['Ann', 'Roma', 1],
        ['Bob', 'Gallia', 2],
      ],
    });
    writeFileSync(join(dir, 't.xlsx'), Buffer.from(await wb.xlsx.writeBuffer()));
    const r = await run('turn', join(dir, 't.xlsx'));
    expect(r.code).toBe(0);
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(join(dir, 't.turn.xlsx'));
    const books = out.getWorksheet('Books')!;
    expect([books.getCell('E4').value, books.getCell('E5').value]).toEqual([16, 12]);
  });
});

describe('praetor turn: usage', () => {
  it('--help explains the sheets, the order of a turn and the exit status', async () => {
    const r = await run('turn', '--help');
    expect(r.code).toBe(0);
    for (const word of [
      'Players',
      'Territories',
      'Game',
      'Purchases',
      'Ransoms',
      'Inflation',
      '--template',
      '--again',
      'Exit status',
    ]) {
      expect(r.out).toContain(word);
    }
    expect((await run('--help')).out).toMatch(/turn\s+a turn's economy/);
  });

  it('exits 2 on bad usage', async () => {
    expect((await run('turn')).code).toBe(2);
    expect((await run('turn', 'a.xlsx', '--bogus')).code).toBe(2);
    expect((await run('turn', '--template', 'x.xls')).code).toBe(2);
    expect((await run('turn', '--template', 'x.xlsx', 'a.xlsx')).code).toBe(2);
    expect((await run('turn', '--template', 'x.xlsx', '--again')).code).toBe(2);
  });

  it('--template will not overwrite without --force', async () => {
    const { file } = await example();
    const stamp = sha256(file);
    const r = await run('turn', '--template', file);
    expect(r.code).toBe(1);
    expect(r.err).toContain('exists; add --force to overwrite it');
    expect(sha256(file)).toBe(stamp);
    expect((await run('turn', '--template', file, '--force')).code).toBe(0);
  });
});
