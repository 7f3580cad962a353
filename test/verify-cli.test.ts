import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { adjudicateBatch, sharedIds } from '../headless/adjudicate';
import { battle, legion, mergedLegions, parts, submission, tempDir } from './helpers/workbooks';
import { run } from './helpers/cli';

/** `praetor seal`, `praetor adjudicate --key --turn` and `praetor verify`, through main(). */

jest.setTimeout(60_000);

/** Two pbem battles (one fortified) and a cote-online one; no Seed and no Dice. */
const orders = () =>
  submission(
    [battle('B1', { Fort: 1 }), battle('B2'), battle('Gallia', { Rules: 'cote-online' })],
    [
      legion('B1', 'Attacker', 'Marcus', 4, 2, 1),
      legion('B1', 'Defender', 'Brutus', 5),
      legion('B2', 'Attacker', 'Titus', 3, 1),
      legion('B2', 'Defender', '', 4),
      legion('Gallia', 'Attacker', 'Caesar', 4, 2),
      legion('Gallia', 'Defender', 'Vercingetorix', 5, 1),
    ],
  );

interface Sealed {
  dir: string;
  keyFile: string;
  key: string;
  commitment: string;
  output: string;
}

async function sealAndAdjudicate(): Promise<Sealed> {
  const dir = tempDir();
  const keyFile = join(dir, 'rome.key.json');
  const sealed = await run('seal', '--game', 'Rome', '--out', keyFile);
  expect(sealed.code).toBe(0);
  const file = JSON.parse(readFileSync(keyFile, 'utf8'));
  writeFileSync(join(dir, 'turn.xlsx'), await orders());
  const adjudicated = await run(
    'adjudicate',
    join(dir, 'turn.xlsx'),
    '--key',
    keyFile,
    '--turn',
    '3',
    '--jobs',
    '1',
  );
  expect(adjudicated.code).toBe(0);
  expect(adjudicated.out).toContain(
    `Dice sealed: game "Rome", turn 3, commitment ${file.commitment}`,
  );
  return {
    dir,
    keyFile,
    key: file.key,
    commitment: file.commitment,
    output: join(dir, 'turn.praetor.xlsx'),
  };
}

/** Edits a copy of the workbook with exceljs (values only, which is all verify reads). */
async function edited(
  path: string,
  edit: (wb: ExcelJS.Workbook) => void,
  name = 'edited.xlsx',
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  edit(wb);
  const out = join(path, '..', name);
  await wb.xlsx.writeFile(out);
  return out;
}

/** The 1-based sheet row of a log's shot `n` (the row after the `Round` header, plus n - 1). */
function shotRow(ws: ExcelJS.Worksheet, n: number): number {
  for (let r = 1; r <= ws.rowCount; r++) {
    if (ws.getCell(r, 1).value === 'Round') return r + n;
  }
  throw new Error(`${ws.name} has no header row`);
}

describe('praetor seal', () => {
  it('writes a key file readable by its owner only, and prints the commitment', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'g.key.json');
    const r = await run('seal', '--game', ' Rome ', '--out', keyFile);
    expect(r.code).toBe(0);
    const file = JSON.parse(readFileSync(keyFile, 'utf8'));
    expect(Object.keys(file).sort()).toEqual(['commitment', 'created', 'format', 'game', 'key']);
    expect(file.game).toBe('Rome');
    expect(file.key).toMatch(/^[0-9a-f]{64}$/);
    const commitment = createHash('sha256').update(Buffer.from(file.key, 'hex')).digest('hex');
    expect(file.commitment).toBe(commitment);
    expect(r.out.trim()).toBe(commitment);
    expect(r.err).toContain('Post this commitment, with the game\'s name "Rome", to the players');
    expect(new Date(file.created).toString()).not.toBe('Invalid Date');
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // Never overwritten without --force; with it, a new key, still 0600.
    expect((await run('seal', '--game', 'Rome', '--out', keyFile)).code).toBe(1);
    expect(JSON.parse(readFileSync(keyFile, 'utf8')).key).toBe(file.key);
    expect((await run('seal', '--game', 'Rome', '--out', keyFile, '--force')).code).toBe(0);
    expect(JSON.parse(readFileSync(keyFile, 'utf8')).key).not.toBe(file.key);
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('--json prints the game, the commitment and the file, never the key', async () => {
    const keyFile = join(tempDir(), 'g.key.json');
    const r = await run('seal', '--game', 'Rome', '--out', keyFile, '--json');
    expect(r.code).toBe(0);
    const file = JSON.parse(readFileSync(keyFile, 'utf8'));
    expect(JSON.parse(r.out)).toEqual({ game: 'Rome', commitment: file.commitment, keyFile });
    expect(r.out).not.toContain(file.key);
    expect(r.err).toBe('');
  });

  it.each([
    [['--out', 'k.json'], /give the game/],
    [['--game', 'Rome\u200b', '--out', 'k.json'], /does not show as itself \(U\+200B/],
    [['--game', 'Rome'], /give the key file/],
    [['--game', '  ', '--out', 'k.json'], /the game has no name/],
    [['--game', 'Rome', '--out', 'turn.xlsx'], /never a workbook/],
  ])('bad usage %p exits 2', async (args, message) => {
    const dir = tempDir();
    const r = await run('seal', ...args.map((a) => (a.includes('.') ? join(dir, a) : a)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('seal, adjudicate --key, verify', () => {
  let s: Sealed;
  beforeAll(async () => {
    s = await sealAndAdjudicate();
  });

  it('records the commitment, the game and the turn in Results, and never the key', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(s.output);
    const results = wb.getWorksheet('Results')!;
    const header = (results.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(9)).toEqual(['Error', 'Game', 'Turn', 'Commitment']);
    for (const r of [2, 3, 4]) {
      expect(results.getCell(r, 9).value).toBe('sealed');
      expect(results.getCell(r, 11).value).toBe('Rome');
      expect(results.getCell(r, 12).value).toBe(3);
      expect(results.getCell(r, 13).value).toBe(s.commitment);
      // The 64 hex digits wrap within a narrower column, so that a printed page stays legible;
      // every body cell is top-aligned, so that a row made tall by them reads from its top.
      expect(results.getCell(r, 13).alignment).toEqual({ vertical: 'top', wrapText: true });
      expect(results.getCell(r, 11).alignment).toEqual({ vertical: 'top' });
    }
    expect(results.getColumn(13).width).toBeLessThan(40);
    // Numbers are centered, so that the rounds are not read with the survivors beside them.
    expect(results.getCell(2, 4).alignment).toEqual({ horizontal: 'center', vertical: 'top' });
    expect(results.getCell(2, 5).alignment).toEqual({ vertical: 'top' });
    const log = wb.getWorksheet('Log B1')!;
    let logHeader = 1;
    while (log.getCell(logHeader, 1).value !== 'Round') logHeader++;
    const roll = (log.getRow(logHeader).values as unknown[]).indexOf('Roll');
    expect(log.getCell(logHeader + 1, roll).alignment).toEqual({ horizontal: 'center' });
    expect(wb.getWorksheet('Log B1')!.getCell('A3').value).toContain(
      `Dice: sealed (HMAC-SHA256 sealed dice v1), game "Rome", turn 3, battle B1, commitment ${s.commitment}`,
    );
    for (const [name, data] of await parts(readFileSync(s.output))) {
      expect([name, data.toString('latin1').toLowerCase().includes(s.key)]).toEqual([name, false]);
    }
  });

  it('verify with the key file, or the key in hex: OK, exit 0', async () => {
    const r = await run('verify', s.output, '--key', s.keyFile);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/3 battles, \d+ shots replayed; dice sealed: game "Rome", turn 3/);
    expect(r.out).toContain('OK: the key matches the commitment');
    expect((await run('verify', s.output, '--key', s.key.toUpperCase())).code).toBe(0);
    const json = JSON.parse((await run('verify', s.output, '--key', s.key, '--json')).out);
    expect(json).toMatchObject({
      ok: true,
      results: 'Results',
      seal: { game: 'Rome', turn: 3, commitment: s.commitment },
      battles: 3,
      mismatches: [],
    });
    expect(json.shots).toBeGreaterThan(10);
  });

  it('without the key: exit 2, asking for it', async () => {
    const r = await run('verify', s.output);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /the dice of Results are sealed \(commitment [0-9a-f]{64} at Results!M2\)/,
    );
  });

  it('another key: exit 1, naming the commitment', async () => {
    const other = join(s.dir, 'other.key.json');
    await run('seal', '--game', 'Rome', '--out', other);
    const r = await run('verify', s.output, '--key', other);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `MISMATCH the key does not match the commitment: Results!M2 says ${s.commitment}`,
    );
    // Not "0 battles": nothing could be replayed.
    expect(r.out.split('\n')[0]).toContain(
      ', sheet Results: nothing replayed (no die can be drawn from a key that does not match); dice sealed',
    );
    const json = JSON.parse((await run('verify', s.output, '--key', other, '--json')).out);
    expect(json.mismatches).toMatchObject([{ where: 'Results!M2', wrongKey: true }]);
  });

  it('a key file for another game: exit 1', async () => {
    const file = JSON.parse(readFileSync(s.keyFile, 'utf8'));
    const renamed = join(s.dir, 'renamed.key.json');
    writeFileSync(renamed, JSON.stringify({ ...file, game: 'Carthage' }));
    const json = JSON.parse((await run('verify', s.output, '--key', renamed, '--json')).out);
    expect(json.mismatches.some((m: { wrongKey?: true }) => m.wrongKey)).toBe(false);
    const r = await run('verify', s.output, '--key', renamed);
    expect(r.code).toBe(1);
    expect(r.out).toContain('the key file is for game "Carthage", but Results!K2 says "Rome"');
  });

  it('checks the commitment, game and turn posted before orders were due', async () => {
    const posted = ['--commitment', s.commitment.toUpperCase(), '--game', 'Rome', '--turn', '3'];
    const good = await run('verify', s.output, '--key', s.key, ...posted);
    expect(good.code).toBe(0);
    expect(good.out).not.toContain('Check that');
    const unposted = await run('verify', s.output, '--key', s.key);
    expect(unposted.out).toContain(
      `Check that ${s.commitment} is the commitment posted before orders were due`,
    );
    // A key sealed after the orders came in matches the commitment the workbook records, but
    // not the one posted before.
    const other = 'cd'.repeat(32);
    const late = await run('verify', s.output, '--key', s.key, '--commitment', other);
    expect(late.code).toBe(1);
    expect(late.out).toContain(
      `MISMATCH Results!M2 says commitment ${s.commitment}, but the commitment posted before orders were due is ${other}`,
    );
    const turn = await run('verify', s.output, '--key', s.key, '--turn', '4', '--json');
    expect(turn.code).toBe(1);
    expect(JSON.parse(turn.out).mismatches).toEqual([
      expect.objectContaining({ where: 'Results!L2', says: '3', replay: '4' }),
    ]);
    const bad = await run('verify', s.output, '--key', s.key, '--commitment', 'abc');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--commitment abc: a commitment is 64 hex digits');
  });

  it('a cell that shows other than its value: a formula, a number format; a hidden log', async () => {
    let row = 0;
    let was = 0;
    const path = await edited(s.output, (wb) => {
      const log = wb.getWorksheet('Log B2')!;
      row = shotRow(log, 1);
      was = log.getCell(row, 4).value as number;
      // The saved result is the true roll; Excel, recalculating, would show another.
      log.getCell(row, 4).value = { formula: `${(was % 6) + 1}`, result: was };
      // A style of its own, as Excel gives one cell a format (exceljs shares a style object
      // among the cells of one style, and would give the format to every centered number).
      const cell = log.getCell(row + 1, 4);
      cell.style = { ...cell.style, numFmt: '"6"' };
      wb.getWorksheet('Log Gallia')!.state = 'hidden';
    });
    const r = await run('verify', path, '--key', s.keyFile);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `MISMATCH battle B2: 'Log B2'!D${row}: holds a formula (=${(was % 6) + 1}): Praetor writes values only`,
    );
    expect(r.out).toContain(
      `MISMATCH battle B2: 'Log B2'!D${row + 1}: has the number format "\\"6\\"": Praetor writes no number formats`,
    );
    expect(r.out).toContain(
      "MISMATCH battle Gallia: sheet 'Log Gallia': the sheet is hidden; Praetor never hides a sheet",
    );
    expect(r.out).toMatch(/\n3 mismatches\.$/);
  });

  it('one roll changed in a log: exit 1, naming the battle, the shot and the cell', async () => {
    let row = 0;
    let was = 0;
    const path = await edited(s.output, (wb) => {
      const log = wb.getWorksheet('Log B2')!;
      row = shotRow(log, 3);
      was = log.getCell(row, 4).value as number;
      log.getCell(row, 4).value = (was % 6) + 1;
    });
    const r = await run('verify', path, '--key', s.keyFile);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `MISMATCH battle B2, shot 3 ('Log B2'!D${row}): the log says Roll "${(was % 6) + 1}"; the dice say Roll "${was}"`,
    );
    expect(r.out).toMatch(/\n1 mismatch\.$/);
  });

  it('logs posted before they named the forces (no Attacker and Defender rows) verify', async () => {
    // As Praetor wrote a log before: the same rows without the two forces lines, and with no
    // merged summary (exceljs would move a merge's covered cells, its value in each, and not
    // the merge).
    const earlier = (wb: ExcelJS.Workbook) => {
      for (const ws of wb.worksheets.filter((w) => w.name.startsWith('Log '))) {
        expect(String(ws.getCell(4, 1).value)).toMatch(/^Attacker: /);
        expect(String(ws.getCell(5, 1).value)).toMatch(/^Defender: /);
        const merges = (ws.model as unknown as { merges: string[] }).merges;
        expect(merges).toHaveLength(7);
        for (const merge of merges) ws.unMergeCells(merge);
        ws.spliceRows(4, 2);
        expect(ws.getCell(7, 1).value).toBe('Round');
      }
    };
    const path = await edited(s.output, earlier, 'earlier.xlsx');
    const r = await run('verify', path, '--key', s.keyFile);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain(
      'note: Log B1, Log B2, Log Gallia have no Attacker and Defender lines (written before ' +
        'logs named the forces): compared without them, every shot checked\n',
    );
    expect(r.out).toMatch(/\nOK/);

    let row = 0;
    let was = 0;
    const changed = await edited(
      s.output,
      (wb) => {
        earlier(wb);
        const log = wb.getWorksheet('Log B2')!;
        row = shotRow(log, 3);
        was = log.getCell(row, 4).value as number;
        log.getCell(row, 4).value = (was % 6) + 1;
      },
      'earlier-changed.xlsx',
    );
    const w = await run('verify', changed, '--key', s.keyFile);
    expect(w.code).toBe(1);
    expect(row).toBe(10);
    expect(w.out).toContain(
      `MISMATCH battle B2, shot 3 ('Log B2'!D10): the log says Roll "${(was % 6) + 1}"; the dice say Roll "${was}"`,
    );
    expect(w.out).toMatch(/\n1 mismatch\.$/);
  });

  it('one casualty changed: exit 1, naming the shot', async () => {
    let row = 0;
    let was = '';
    const path = await edited(s.output, (wb) => {
      const log = wb.getWorksheet('Log B1')!;
      for (row = shotRow(log, 1); log.getCell(row, 7).value === null; row++);
      was = String(log.getCell(row, 7).value);
      log.getCell(row, 7).value = was === 'INF#1' ? 'CAV#1' : 'INF#1';
    });
    const r = await run('verify', path, '--key', s.keyFile);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      new RegExp(
        `battle B1, shot \\d+ \\('Log B1'!G${row}\\): the log says Lost "[A-Z]+#1"; the dice say Lost "${was}"`,
      ),
    );
  });

  it('one roster count changed in Legions: exit 1, naming the battle', async () => {
    const path = await edited(s.output, (wb) => {
      const legions = wb.getWorksheet('Legions')!;
      legions.getCell('E2').value = 3; // B1's attacker: 4 INF -> 3
    });
    const r = await run('verify', path, '--key', s.keyFile);
    expect(r.code).toBe(1);
    expect(r.out).toContain('MISMATCH battle B1: Results!');
    expect(r.out).toMatch(/MISMATCH battle B1, shot 1 \('Log B1'!/);
    expect(r.out).not.toMatch(/MISMATCH battle (B2|Gallia)/);
  });

  it('a changed Results row: exit 1, naming the cell', async () => {
    const path = await edited(s.output, (wb) => {
      wb.getWorksheet('Results')!.getCell('D3').value = 99;
    });
    const r = await run('verify', path, '--key', s.keyFile);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /MISMATCH battle B2: Results!D3: Results say Rounds "99"; the replay says Rounds "\d+"/,
    );
  });

  it('a battle that names its own Seed or Dice is an error under --key, naming the cell', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 't.xlsx'),
      await submission(
        [battle('B1', { Seed: 'lucky' }), battle('B2', { Dice: '6,6,6' }), battle('B3')],
        ['B1', 'B2', 'B3'].flatMap((b) => [
          legion(b, 'Attacker', 'A', 2),
          legion(b, 'Defender', 'D', 2),
        ]),
      ),
    );
    const keyFile = join(dir, 'k.json');
    await run('seal', '--game', 'Rome', '--out', keyFile);
    const r = await run(
      'adjudicate',
      join(dir, 't.xlsx'),
      '--key',
      keyFile,
      '--turn',
      '1',
      '--jobs',
      '1',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'Battles!I2: battle "B1" gives its own Seed, but this turn\'s dice are sealed',
    );
    expect(r.out).toContain('Battles!J3: battle "B2" gives its own Dice');
    // The verdict replays: the errors are part of what verify checks.
    expect((await run('verify', join(dir, 't.praetor.xlsx'), '--key', keyFile)).code).toBe(0);
  });

  it.each([
    [['--key', 'k.json'], /--key needs --turn N/],
    [['--turn', '3'], /--turn goes with --key/],
    [['--key', 'missing.json', '--turn', '3'], /no such key file/],
    [['--key', 'bad.json', '--turn', '3'], /not a key file/],
    [['--key', 'k.json', '--turn', 'three'], /--turn: the turn is "three"/],
  ])('adjudicate %p exits 2', async (args, message) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '{');
    writeFileSync(join(dir, 'k.json'), JSON.stringify({ game: 'G', key: 'ab'.repeat(32) }));
    const path = (a: string) => (a.endsWith('.json') ? join(dir, a) : a);
    const r = await run('adjudicate', join(dir, 'x.xlsx'), ...args.map(path));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('praetor report replays sealed dice with the key, and asks for it without', async () => {
    const html = join(s.dir, 'report.html');
    const without = await run('report', s.output, '--out', html);
    expect(without.code).toBe(2);
    expect(without.err).toContain('its dice are sealed (Results!M2): give the game key');
    const r = await run('report', s.output, '--out', html, '--key', s.keyFile);
    expect(r.err).not.toContain('error');
    expect(r.code).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('Battle Gallia');
    expect(text).toContain('Sealed dice');
    expect(text).toContain('<p class="where">Rome, turn 3</p>');
    expect(text).not.toContain(s.key);
  });

  // Turn 4: turn 3's battles, with these ids, were sealed from another workbook (the ledger).
  it('adjudicate --json names the seal and the ledger', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'turn.xlsx'), await orders());
    const r = await run(
      'adjudicate',
      join(dir, 'turn.xlsx'),
      '--key',
      s.keyFile,
      '--turn',
      '4',
      '--json',
      '--jobs',
      '1',
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.sealed).toEqual({ game: 'Rome', turn: 4, commitment: s.commitment });
    expect(report.ledger).toBe(join(s.dir, 'rome.key.battles.json'));
    expect(r.out).not.toContain(s.key);
  });

  it('a key file whose commitment is not its key is refused', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'k.json'),
      JSON.stringify({ game: 'G', key: 'ab'.repeat(32), commitment: 'cd'.repeat(32) }),
    );
    const r = await run('verify', s.output, '--key', join(dir, 'k.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not the SHA-256 of its key');
  });
});

describe('praetor verify without a key', () => {
  it('checks seeded, derived and scripted dice, pbem and cote-online', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'plain.xlsx'),
      await submission(
        [
          battle('B1', { Seed: 'alpha', Fort: 2 }),
          battle('B2'),
          battle('B3', { Dice: Array(60).fill('3,5,1,6,2,4').join(',') }),
          battle('B4', { Rules: 'cote-online', Seed: 'Roma' }),
          battle('B5', { Rounds: 1, Seed: 'pause' }),
        ],
        [
          ...['B1', 'B2', 'B3', 'B5'].flatMap((b) => [
            legion(b, 'Attacker', 'A', 3, 1, 1),
            legion(b, 'Defender', 'D', 4),
          ]),
          legion('B4', 'Attacker', 'A', 3, 2),
          legion('B4', 'Defender', 'D', 4),
        ],
      ),
    );
    expect((await run('adjudicate', join(dir, 'plain.xlsx'), '--jobs', '1')).code).toBe(0);
    const output = join(dir, 'plain.praetor.xlsx');
    const r = await run('verify', output);
    expect(r.out).toMatch(/5 battles, \d+ shots replayed; dice from seeds or scripted lists\nOK$/);
    expect(r.code).toBe(0);

    // A key given anyway: whoever gave it expected sealed dice, and these are not.
    const withKey = await run('verify', output, '--key', 'ab'.repeat(32));
    expect(withKey.code).toBe(1);
    expect(withKey.out).toContain(
      'MISMATCH a game key was given, but no battle in Results has sealed dice (Results!I2 says Seed "alpha")',
    );

    // A changed cote-online casualty is found.
    const path = await edited(output, (wb) => {
      const log = wb.getWorksheet('Log B4')!;
      const row = shotRow(log, 1);
      log.getCell(row, 5).value = log.getCell(row, 5).value === 'hit' ? 'miss' : 'hit';
    });
    const bad = await run('verify', path);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(
      /MISMATCH battle B4, shot 1 \('Log B4'!E\d+\): the log says Result "(hit|miss)"/,
    );
  });

  it('a log whose summary lines are merged across its table and wrapped verifies', async () => {
    const dir = tempDir();
    const leaders = ['Marcus Aurelius', 'Gaius Julius', 'Publius Cornelius', 'Lucius', 'Gnaeus'];
    writeFileSync(
      join(dir, 'five.xlsx'),
      await submission(
        [battle('B1', { Seed: 'five', Fort: 1 })],
        [
          ...leaders.map((name) => legion('B1', 'Attacker', name, 3, 1, 1)),
          ...leaders.map((name) => legion('B1', 'Defender', `${name} II`, 3, 1)),
        ],
      ),
    );
    expect((await run('adjudicate', join(dir, 'five.xlsx'), '--jobs', '1')).code).toBe(0);
    const output = join(dir, 'five.praetor.xlsx');
    // The layout this is about: every summary line merged across the table, the forces lines
    // (five legions a side, far wider than the table) made taller than a line.
    const sheet = (await parts(readFileSync(output))).get('xl/worksheets/sheet4.xml')!.toString();
    expect(sheet).toContain('<mergeCell ref="A4:I4"/><mergeCell ref="A5:I5"/>');
    expect(sheet).toMatch(/<row r="4" ht="(30|45)" customHeight="1">/);
    const r = await run('verify', output);
    expect(r.out).toMatch(/1 battle, \d+ shots replayed; dice from seeds or scripted lists\nOK$/);
    expect(r.code).toBe(0);
  });

  it.each([
    [[], /give one adjudicated workbook/],
    [['nowhere.xlsx'], /no such file|ENOENT/],
    [['a.xlsx', '--key', 'zz'], /--key zz: no such key file, and not a key/],
  ])('bad usage %p exits 2', async (args, message) => {
    const r = await run('verify', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('a workbook never adjudicated exits 2', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'raw.xlsx'), await orders());
    const r = await run('verify', join(dir, 'raw.xlsx'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('no Results sheet');
    // The file is at fault, not the command line: no pointer to the help.
    expect(r.err).toMatch(/^praetor verify: .*no Results sheet[^\n]*$/);
    expect(r.err).not.toContain('for usage');
  });

  it('--help', async () => {
    const r = await run('verify', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: praetor verify INPUT\.\.\. \[--key KEYFILE\|HEX\]/);
    expect((await run('seal', '--help')).out).toMatch(/^Usage: praetor seal --game NAME/);
  });
});

describe("a sealed turn: every battle id is the turn's only one", () => {
  const book = (ids: string[]) =>
    submission(
      ids.map((id) => battle(id)),
      ids.flatMap((id) => [legion(id, 'Attacker', '', 3), legion(id, 'Defender', '', 2)]),
    );

  it('names two other holders of an id and counts the rest: every player filled in B1', () => {
    const books = ['a', 'b', 'c', 'd', 'e'].map((input) => ({
      input,
      battles: [{ id: 'B1', where: 'Battles!A2' }],
    }));
    const why = sharedIds(books);
    expect(why.get('a')).toMatch(
      /^battle "B1" \(Battles!A2\) is also in b \(Battles!A2\), c \(Battles!A2\) and 2 other workbooks: in a sealed turn/,
    );
    expect(why.get('e')).toMatch(
      /is also in a \(Battles!A2\), b \(Battles!A2\) and 2 other workbooks: /,
    );
  });

  it('two workbooks with one id get no output, naming each other; the rest are adjudicated', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'rome.key.json');
    expect((await run('seal', '--game', 'Rome', '--out', keyFile)).code).toBe(0);
    writeFileSync(join(dir, 'ann.xlsx'), await book(['Gallia', 'B1']));
    writeFileSync(join(dir, 'bob.xlsx'), await book(['B1', 'Hispania']));
    writeFileSync(join(dir, 'cy.xlsx'), await book(['Africa', 'b1']));
    const r = await run('adjudicate', dir, '--key', keyFile, '--turn', '3', '--json');
    expect(r.code).toBe(1);
    const files = JSON.parse(r.out).files as {
      input: string;
      output: string | null;
      error: string | null;
    }[];
    const byName = new Map(files.map((f) => [f.input.split('/').pop(), f]));
    expect(byName.get('ann.xlsx')).toMatchObject({ output: null });
    expect(byName.get('ann.xlsx')!.error).toBe(
      `battle "B1" (Battles!A3) is also in ${join(dir, 'bob.xlsx')} (Battles!A2): in a sealed turn a battle's id ` +
        'picks its dice, so two battles with one id would roll the same dice; give each battle of ' +
        "the turn its own id (a prefix for each player: ANN-B1) and run again (the other battles' dice do not change)",
    );
    expect(byName.get('bob.xlsx')!.error).toContain(
      `battle "B1" (Battles!A2) is also in ${join(dir, 'ann.xlsx')} (Battles!A3): `,
    );
    // Ids are compared as the dice read them: "b1" is another id, with other dice.
    expect(byName.get('cy.xlsx')).toMatchObject({
      error: null,
      output: join(dir, 'cy.praetor.xlsx'),
    });
    expect(existsSync(join(dir, 'ann.praetor.xlsx'))).toBe(false);
  });

  it('battles with no id, named by their row, are no clash: no dice are drawn under that name', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'rome.key.json');
    expect((await run('seal', '--game', 'Rome', '--out', keyFile)).code).toBe(0);
    // Each workbook's row 3 has a blank id, which both battles' errors call "(row 3)".
    const idless = (id: string) =>
      submission(
        [battle(id), battle('', { Territory: 'Gallia' })],
        [legion(id, 'Attacker', '', 3), legion(id, 'Defender', '', 2)],
      );
    writeFileSync(join(dir, 'ann.xlsx'), await idless('Ann1'));
    writeFileSync(join(dir, 'bob.xlsx'), await idless('Bob1'));
    const r = await run('adjudicate', dir, '--key', keyFile, '--turn', '3', '--json');
    expect(r.code).toBe(1);
    const files = JSON.parse(r.out).files as {
      output: string | null;
      results: { id: string; error: string | null }[];
    }[];
    expect(files.map((f) => f.output)).toEqual([
      join(dir, 'ann.praetor.xlsx'),
      join(dir, 'bob.praetor.xlsx'),
    ]);
    expect(files.map((f) => f.results.map((b) => [b.id, b.error === null]))).toEqual([
      [
        ['Ann1', true],
        ['(row 3)', false],
      ],
      [
        ['Bob1', true],
        ['(row 3)', false],
      ],
    ]);
  });

  it('without a key, the same ids are no problem: each battle has its own seed', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ann.xlsx'), await book(['B1']));
    writeFileSync(join(dir, 'bob.xlsx'), await book(['B1']));
    expect((await run('adjudicate', dir, '--json')).code).toBe(0);
  });
});

describe('the ledger: battle ids sealed in earlier runs of the turn', () => {
  const book = (ids: string[]) =>
    submission(
      ids.map((id) => battle(id)),
      ids.flatMap((id) => [legion(id, 'Attacker', '', 3), legion(id, 'Defender', '', 2)]),
    );
  const adjudicate = (keyFile: string, turn: string, ...paths: string[]) =>
    run('adjudicate', ...paths, '--key', keyFile, '--turn', turn, '--force', '--jobs', '1');
  const sealed = async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'rome.key.json');
    expect((await run('seal', '--game', 'Rome', '--out', keyFile)).code).toBe(0);
    const { commitment } = JSON.parse(readFileSync(keyFile, 'utf8'));
    return { dir, keyFile, commitment, ledgerFile: join(dir, 'rome.key.battles.json') };
  };
  const ledgerIds = (file: string) =>
    JSON.parse(readFileSync(file, 'utf8')).battles.map(
      (b: { turn: number; id: string }) => `${b.turn} ${b.id}`,
    );

  it('seal --force never replaces a key that sealed battles: they verify only with it', async () => {
    const { dir, keyFile, ledgerFile } = await sealed();
    writeFileSync(join(dir, 'ann.xlsx'), await book(['B1', 'B2']));
    expect((await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'))).code).toBe(0);
    const [key, ledger] = [readFileSync(keyFile, 'utf8'), readFileSync(ledgerFile, 'utf8')];
    for (const json of [[], ['--json']]) {
      const r = await run('seal', '--game', 'Rome', '--out', keyFile, '--force', ...json);
      expect([r.code, r.out]).toEqual([1, '']);
      expect(r.err).toBe(
        `praetor seal: ${keyFile} holds the key that sealed 2 battles (listed in ${ledgerFile}), ` +
          'and they verify only with it, so --force does not replace it: ' +
          `move ${keyFile} and ${ledgerFile} aside (the key is still to be revealed), then seal again.`,
      );
    }
    expect([readFileSync(keyFile, 'utf8'), readFileSync(ledgerFile, 'utf8')]).toEqual([
      key,
      ledger,
    ]);
    expect((await run('verify', join(dir, 'ann.praetor.xlsx'), '--key', keyFile)).code).toBe(0);
    // A ledger that cannot be read may list battles: the key stays all the same.
    writeFileSync(ledgerFile, '{"battles": [');
    const unread = await run('seal', '--game', 'Rome', '--out', keyFile, '--force');
    expect(unread.code).toBe(1);
    expect(unread.err).toContain(
      `may have sealed battles (its ledger ${ledgerFile} cannot be read)`,
    );
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
  });

  it('seal --force over a key that sealed nothing names the ledger beside it, and leaves it as it was', async () => {
    const { dir, keyFile, ledgerFile, commitment: first } = await sealed();
    writeFileSync(join(dir, 'ann.xlsx'), await book(['B1']));
    expect((await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'))).code).toBe(0);
    const kept = readFileSync(ledgerFile, 'utf8');
    // The key that sealed B1 is moved aside by hand; its ledger is left beside the new one.
    renameSync(keyFile, join(dir, 'rome.turn3.key.json'));
    // Every key made after the first is told the ledger is the first key's: its commitment.
    const note =
      `praetor seal: note: ${ledgerFile} lists the battles sealed with another key (commitment ` +
      `${first}), not with the new key in ${keyFile}: "praetor adjudicate --key ${keyFile}" ` +
      'refuses it until it is moved aside. It was left as it was.';

    const text = await run('seal', '--game', 'Rome', '--out', keyFile);
    expect(text.code).toBe(0);
    expect(text.err.split('\n')[0]).toBe(note);
    const json = await run('seal', '--game', 'Rome', '--out', keyFile, '--force', '--json');
    expect(json.code).toBe(0);
    expect(json.err).toBe(note);
    const { commitment } = JSON.parse(readFileSync(keyFile, 'utf8'));
    expect(JSON.parse(json.out)).toEqual({
      game: 'Rome',
      commitment,
      keyFile,
      oldLedger: ledgerFile,
    });
    expect(readFileSync(ledgerFile, 'utf8')).toBe(kept);
    // As the note says: adjudicate refuses it until it is moved aside.
    expect((await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'))).code).toBe(2);
    renameSync(ledgerFile, join(dir, 'old.battles.json'));
    expect((await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'))).code).toBe(0);
    renameSync(ledgerFile, join(dir, 'second.battles.json'));

    // A key with no ledger beside it, or a new key file, gets no note.
    const other = join(dir, 'other.key.json');
    for (const args of [[], ['--force'], ['--force']]) {
      const r = await run('seal', '--game', 'Rome', '--out', other, '--json', ...args);
      expect([r.code, r.err, JSON.parse(r.out).oldLedger]).toEqual([0, '', undefined]);
    }
    // A key file deleted by hand: the ledger left beside it is named all the same.
    renameSync(join(dir, 'old.battles.json'), ledgerFile);
    rmSync(keyFile);
    const again = await run('seal', '--game', 'Rome', '--out', keyFile);
    expect([again.code, again.err.split('\n')[0]]).toEqual([0, note]);
  });

  it('refuses an id another workbook had in an earlier run; the same workbook keeps its ids', async () => {
    const { dir, keyFile, commitment, ledgerFile } = await sealed();
    writeFileSync(join(dir, 'ann.xlsx'), await book(['Gallia', 'B1']));
    writeFileSync(join(dir, 'bob.xlsx'), await book(['Hispania', 'B1']));

    const first = await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'));
    expect(first.code).toBe(0);
    expect(first.out).toContain(`The battles sealed with this key are listed in ${ledgerFile}.`);
    expect(JSON.parse(readFileSync(ledgerFile, 'utf8'))).toEqual({
      format: 'praetor-sealed-battles',
      game: 'Rome',
      commitment,
      battles: [
        { turn: 3, id: 'Gallia', file: join(dir, 'ann.xlsx'), where: 'Battles!A2' },
        { turn: 3, id: 'B1', file: join(dir, 'ann.xlsx'), where: 'Battles!A3' },
      ],
    });

    // Bob's B1 would roll the dice Ann's posted log has told: no output.
    const second = await adjudicate(keyFile, '3', join(dir, 'bob.xlsx'));
    expect(second.code).toBe(1);
    expect(second.out).toContain(
      `battle "B1" (Battles!A3) was sealed in an earlier run of turn 3 from ${join(dir, 'ann.xlsx')} ` +
        '(Battles!A3), and its log has told the dice that id gives in this turn: if this is another ' +
        'battle, give it its own id and run again; if it is the same workbook, moved or sent ' +
        `again, remove its entries from the ledger ${ledgerFile}`,
    );
    expect(existsSync(join(dir, 'bob.praetor.xlsx'))).toBe(false);

    // Ann's workbook again (a paused battle going on), named through a link to its folder, and
    // Bob's in another turn: both fine.
    symlinkSync(dir, join(dir, 'link'));
    expect((await adjudicate(keyFile, '3', join(dir, 'link', 'ann.xlsx'))).code).toBe(0);
    expect((await adjudicate(keyFile, '4', join(dir, 'bob.xlsx'))).code).toBe(0);
    expect(ledgerIds(ledgerFile)).toEqual(['3 Gallia', '3 B1', '4 Hispania', '4 B1']);
  });

  it("a late workbook reusing an id is refused, and the id's owner in the same run is not", async () => {
    const { dir, keyFile } = await sealed();
    writeFileSync(join(dir, 'ann.xlsx'), await book(['Gallia']));
    expect((await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'))).code).toBe(0);
    writeFileSync(join(dir, 'cy.xlsx'), await book(['Gallia']));
    const r = await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'), join(dir, 'cy.xlsx'), '--json');
    const files = JSON.parse(r.out).files as { input: string; error: string | null }[];
    expect(files[0].error).toBeNull();
    expect(files[1].error).toMatch(/^battle "Gallia" \(Battles!A2\) was sealed in an earlier run/);
  });

  it('is written with every battle about to be sealed before any is, then keeps those that drew dice', async () => {
    const { dir, keyFile, commitment, ledgerFile } = await sealed();
    writeFileSync(
      join(dir, 'ann.xlsx'),
      await submission(
        [battle('B1'), battle('B2', { Seed: 'mine' })],
        ['B1', 'B2'].flatMap((id) => [
          legion(id, 'Attacker', '', 3),
          legion(id, 'Defender', '', 2),
        ]),
      ),
    );
    writeFileSync(join(dir, 'bob.xlsx'), await book(['B3']));
    const during: string[][] = [];
    const reports = await adjudicateBatch({
      paths: [join(dir, 'ann.xlsx'), join(dir, 'bob.xlsx')],
      jobs: 0,
      seal: { key: JSON.parse(readFileSync(keyFile, 'utf8')).key, game: 'Rome', turn: 3 },
      ledger: {
        ledger: { format: 'praetor-sealed-battles', game: 'Rome', commitment, battles: [] },
        path: ledgerFile,
      },
      onFile: () => during.push(ledgerIds(ledgerFile)),
    });
    // Cut short after the first file, the ledger would hold every battle of the run.
    expect(during[0]).toEqual(['3 B1', '3 B2', '3 B3']);
    expect(reports.map((r) => r.errors)).toEqual([1, 0]);
    // A run that ends rewrites it: B2 gave its own seed, an error, and drew no dice.
    rmSync(ledgerFile);
    const whole = await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'), join(dir, 'bob.xlsx'));
    expect(whole.code).toBe(1);
    expect(ledgerIds(ledgerFile)).toEqual(['3 B1', '3 B3']);
  });

  it.each([
    ['{"format": "praetor-sealed-battles"', /cannot be used: it is not JSON \(.*position/],
    ['{"format": "other", "battles": []}', /is not one Praetor wrote \(its "format" is not/],
    [
      '{"format": "praetor-sealed-battles", "battles": [{"turn": "3", "id": "B1", "file": "f", "where": "w"}]}',
      /: battles\[0\] has "turn" "3": expected a whole number/,
    ],
    [
      '{"format": "praetor-sealed-battles", "game": "Carthage", "commitment": "c", "battles": []}',
      /is game "Carthage"'s, not "Rome"'s/,
    ],
    [
      '{"format": "praetor-sealed-battles", "game": "Rome", "commitment": "c0ffee", "battles": []}',
      /lists the battles of another key \(commitment c0ffee\), not of this one \([0-9a-f]{64}\): a key made again rolls other dice, so its ledger starts empty; move the old one aside/,
    ],
  ])(
    'a ledger that cannot be used stops the run before any work (exit 2): %s',
    async (text, message) => {
      const { dir, keyFile, ledgerFile } = await sealed();
      writeFileSync(join(dir, 'ann.xlsx'), await book(['B1']));
      writeFileSync(ledgerFile, text);
      const r = await adjudicate(keyFile, '3', join(dir, 'ann.xlsx'));
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`^praetor adjudicate: the ledger ${ledgerFile}`));
      expect(r.err).toMatch(message);
      expect(r.err).not.toContain('--help');
      expect(existsSync(join(dir, 'ann.praetor.xlsx'))).toBe(false);
      expect(readFileSync(ledgerFile, 'utf8')).toBe(text);
    },
  );
});

describe('a key sealed for one turn (praetor seal --turn)', () => {
  const orders2 = () =>
    submission([battle('B1')], [legion('B1', 'Attacker', '', 3), legion('B1', 'Defender', '', 2)]);

  it('records the turn; adjudicate takes it for that turn only, and verify checks it', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'turn3.key.json');
    const sealed = await run('seal', '--game', 'Rome', '--turn', '3', '--out', keyFile, '--json');
    expect(sealed.code).toBe(0);
    expect(JSON.parse(sealed.out)).toMatchObject({ game: 'Rome', turn: 3 });
    expect(JSON.parse(readFileSync(keyFile, 'utf8'))).toMatchObject({ game: 'Rome', turn: 3 });
    writeFileSync(join(dir, 'turn.xlsx'), await orders2());

    const other = await run('adjudicate', join(dir, 'turn.xlsx'), '--key', keyFile, '--turn', '4');
    expect(other.code).toBe(2);
    expect(other.err).toContain(
      `--turn 4: the key ${keyFile} seals turn 3; a key seals one turn (make a new one with praetor seal --turn 4)`,
    );
    expect(existsSync(join(dir, 'turn.praetor.xlsx'))).toBe(false);

    // No --turn: the key file's.
    const done = await run('adjudicate', join(dir, 'turn.xlsx'), '--key', keyFile);
    expect(done.code).toBe(0);
    expect(done.out).toContain('Dice sealed: game "Rome", turn 3');
    const output = join(dir, 'turn.praetor.xlsx');
    expect((await run('verify', output, '--key', keyFile)).code).toBe(0);

    // The same key with another turn written in its file: verify names the turn.
    const edited = join(dir, 'edited.key.json');
    const file = JSON.parse(readFileSync(keyFile, 'utf8'));
    writeFileSync(edited, JSON.stringify({ ...file, turn: 4 }));
    const r = await run('verify', output, '--key', edited);
    expect(r.code).toBe(1);
    expect(r.out).toContain('the key file seals turn 4, but Results!L2 says 3');
  });

  it('refuses a key file whose turn is not a whole number', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'k.json');
    await run('seal', '--game', 'Rome', '--out', keyFile);
    const file = JSON.parse(readFileSync(keyFile, 'utf8'));
    writeFileSync(keyFile, JSON.stringify({ ...file, turn: 'three' }));
    writeFileSync(join(dir, 'turn.xlsx'), await orders2());
    const r = await run('adjudicate', join(dir, 'turn.xlsx'), '--key', keyFile, '--turn', '3');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`its "turn": the turn is "three": give a whole number, 0 or more`);
    expect(
      (await run('seal', '--game', 'Rome', '--turn', '-1', '--out', join(dir, 'x.json'))).code,
    ).toBe(2);
  });
});

describe("Results written before the template's example seed was warned of", () => {
  it('verify, with a note, and a change beside the missing row is still caught', async () => {
    const dir = tempDir();
    const file = join(dir, 't.xlsx');
    expect((await run('template', file)).code).toBe(0);
    expect((await run('adjudicate', file, '--jobs', '1')).code).toBe(0);
    const output = join(dir, 't.praetor.xlsx');
    // As the build before wrote it: no warning row below B1's.
    const old = await edited(
      output,
      (wb) => wb.getWorksheet('Results')!.spliceRows(3, 1),
      'old.xlsx',
    );
    const r = await run('verify', old);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "Results has no warning of the template's example seed (written before Praetor gave it): compared without it",
    );
    const forged = await edited(
      old,
      (wb) => (wb.getWorksheet('Results')!.getCell('D2').value = 9),
      'forged.xlsx',
    );
    const caught = await run('verify', forged);
    expect(caught.code).toBe(1);
    // The change is the one mismatch: the missing warning row is still explained, with its note.
    expect(caught.out.match(/^MISMATCH .*$/gm)).toEqual([
      expect.stringMatching(/^MISMATCH battle B1: Results!D2: /),
    ]);
    expect(caught.out).toContain("Results has no warning of the template's example seed");
  });
});

/** Legions rows whose Player cells C2:C3 are merged in the tests below. */
const MERGED_PLAYER = [
  ['Battle', 'Side', 'Player', 'Infantry'],
  ['B1', 'Attacker', 'Ann', 3],
  ['B1', 'Defender', null, 2],
];

describe('Results written before Praetor warned of a label a merge shows', () => {
  it('verify, with a note', async () => {
    const dir = tempDir();
    const file = join(dir, 'm.xlsx');
    // "Ann" merged over C2:C3, shown over the defender's Player cell too.
    const wb = mergedLegions('s', MERGED_PLAYER, ['C2:C3']);
    await wb.xlsx.writeFile(file);
    expect((await run('adjudicate', file, '--jobs', '1')).code).toBe(0);
    const output = join(dir, 'm.praetor.xlsx');
    const current = await run('verify', output);
    expect(current.code).toBe(0);
    expect(current.out).not.toContain('compared without it');
    // As the build before wrote it: no warning row below B1's.
    const old = await edited(
      output,
      (w) => {
        const results = w.getWorksheet('Results')!;
        expect(String(results.getCell('J3').value)).toMatch(/^Legions!C3: the merged cells C2:C3/);
        results.spliceRows(3, 1);
      },
      'old.xlsx',
    );
    const r = await run('verify', old);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Results has no warning of a name or territory a merge shows in a row (written before Praetor gave it): compared without it',
    );
  });
});

describe('Results written between the two warnings: the seed warning, not the merge one', () => {
  it('verify with the merge note only; Results lacking both verify with both notes', async () => {
    const dir = tempDir();
    const file = join(dir, 'm.xlsx');
    // "Ann" merged over C2:C3, shown over the defender's Player cell too.
    const wb = mergedLegions('example', MERGED_PLAYER, ['C2:C3']);
    await wb.xlsx.writeFile(file);
    expect((await run('adjudicate', file, '--jobs', '1')).code).toBe(0);
    const output = join(dir, 'm.praetor.xlsx');
    const warningRow = (w: ExcelJS.Workbook, pattern: RegExp) => {
      let found = 0;
      w.getWorksheet('Results')!.eachRow((row, n) => {
        if (pattern.test(String(row.getCell(10).value))) found = n;
      });
      expect(found).toBeGreaterThan(0);
      return found;
    };
    const mergeNote =
      'Results has no warning of a name or territory a merge shows in a row (written before Praetor gave it): compared without it';
    const seedNote = "Results has no warning of the template's example seed";
    const between = await edited(
      output,
      (w) => w.getWorksheet('Results')!.spliceRows(warningRow(w, /the merged cells C2:C3/), 1),
      'between.xlsx',
    );
    const r = await run('verify', between);
    expect(r.code).toBe(0);
    expect(r.out).toContain(mergeNote);
    expect(r.out).not.toContain(seedNote);
    const older = await edited(
      between,
      (w) => w.getWorksheet('Results')!.spliceRows(warningRow(w, /template's example/), 1),
      'older.xlsx',
    );
    const o = await run('verify', older);
    expect(o.code).toBe(0);
    expect(o.out).toContain(mergeNote);
    expect(o.out).toContain(seedNote);
  });
});

/**
 * A workbook of B1's legions, adjudicated, then its Results without their third row (the
 * warning `warning` matches), as a build before that warning wrote them: verify reads it with
 * `note`, and still catches a changed cell.
 */
async function verifiesWithoutWarning(
  legions: unknown[][],
  prepare: (wb: ExcelJS.Workbook) => void,
  warning: RegExp,
  note: string,
): Promise<void> {
  const dir = tempDir();
  const file = join(dir, 'w.xlsx');
  const wb = mergedLegions('s', legions, []);
  prepare(wb);
  await wb.xlsx.writeFile(file);
  expect((await run('adjudicate', file, '--jobs', '1')).code).toBe(0);
  const output = join(dir, 'w.praetor.xlsx');
  expect((await run('verify', output)).code).toBe(0);
  const old = await edited(
    output,
    (w) => {
      const results = w.getWorksheet('Results')!;
      expect(String(results.getCell('J3').value)).toMatch(warning);
      results.spliceRows(3, 1);
    },
    'old.xlsx',
  );
  const r = await run('verify', old);
  expect(r.code).toBe(0);
  expect(r.out).toContain(`${note} (written before Praetor gave it): compared without it`);
  const forged = await edited(
    old,
    (w) => (w.getWorksheet('Results')!.getCell('D2').value = 9),
    'f.xlsx',
  );
  expect((await run('verify', forged)).code).toBe(1);
}

/** Legions of B1: an attacker and a defender. */
const TWO_LEGIONS = [
  ['Battle', 'Side', 'Player', 'Infantry'],
  ['B1', 'Attacker', 'Ann', 3],
  ['B1', 'Defender', 'Bob', 2],
];

describe.each<[string, unknown[][], (wb: ExcelJS.Workbook) => void, RegExp, string]>([
  [
    'values in a column with no header',
    [
      ['Battle', 'Side', 'Player', 'Infantry', ''],
      ['B1', 'Attacker', 'Ann', 3, 'my note'],
      ['B1', 'Defender', 'Bob', 2, ''],
    ],
    () => undefined,
    /^Legions!E2: "my note" is in a column with no header/,
    'Results has no warning of values in a column with no header',
  ],
  [
    'hidden rows and columns',
    [...TWO_LEGIONS, ['B1', 'Defender', 'Cy', 1]],
    (wb) => (wb.getWorksheet('Legions')!.getRow(4).hidden = true),
    /^Legions!A4: row 4 is hidden/,
    'Results has no warning of hidden rows or columns',
  ],
  [
    'an option that changes nothing',
    TWO_LEGIONS,
    (wb) => {
      const battles = wb.getWorksheet('Battles')!;
      battles.getCell('C1').value = 'Breach by';
      battles.getCell('C2').value = 'catapult';
    },
    /^Battles!C2: battle "B1" gives Breach by "catapult": it can change nothing/,
    'Results has no warning of an option that changes nothing in its battle',
  ],
  [
    'a Seed beside Dice',
    TWO_LEGIONS,
    (wb) => {
      const battles = wb.getWorksheet('Battles')!;
      battles.getCell('C1').value = 'Dice';
      battles.getCell('C2').value = Array(40).fill('1,6').join(',');
    },
    /^Battles!B2: battle "B1" gives Seed "s": it can change nothing/,
    'Results has no warning of an option that changes nothing in its battle',
  ],
])('Results written before Praetor warned of %s', (_what, legions, prepare, warning, note) => {
  it('verify, with a note; a changed cell is still caught', () =>
    verifiesWithoutWarning(legions, prepare, warning, note));
});

test('verify says how many battles were not fought, their errors replayed', async () => {
  const dir = tempDir();
  const input = join(dir, 'turn.xlsx');
  writeFileSync(
    input,
    await submission(
      [battle('B1', { Seed: 'x' }), battle('B2', { Rules: 'risk' })],
      [
        legion('B1', 'Attacker', 'Marcus', 3),
        legion('B1', 'Defender', 'Brutus', 2),
        legion('B2', 'Attacker', 'Titus', 3),
        legion('B2', 'Defender', 'Gaius', 2),
      ],
    ),
  );
  expect((await run('adjudicate', input, '--jobs', '1')).code).toBe(1);
  const output = join(dir, 'turn.praetor.xlsx');
  const text = await run('verify', output);
  expect(text.code).toBe(0);
  expect(text.out).toMatch(/: 2 battles \(1 not fought: its error replayed\), \d+ shots replayed;/);
  const json = JSON.parse((await run('verify', output, '--json')).out);
  expect([json.battles, json.failed, json.ok]).toEqual([2, 1, true]);
});
