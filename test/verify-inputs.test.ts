import ExcelJS from 'exceljs';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { battle, legion, submission, tempDir } from './helpers/workbooks';
import { run } from './helpers/cli';

/** `praetor verify INPUT...`: a whole turn's workbooks, and the battle ids a sealed turn shares. */

jest.setTimeout(60_000);

/** Battles with the same forces, whatever their ids: a battle's dice then tell its whole log. */
const orders = (ids: string[]) =>
  submission(
    ids.map((id) => battle(id)),
    ids.flatMap((id) => [
      legion(id, 'Attacker', 'Marcus', 4, 1),
      legion(id, 'Defender', 'Brutus', 4),
    ]),
  );

interface Turn {
  dir: string;
  keyFile: string;
  commitment: string;
}

async function sealedTurn(): Promise<Turn> {
  const dir = tempDir();
  const keyFile = join(dir, 'rome.key.json');
  expect((await run('seal', '--game', 'Rome', '--out', keyFile)).code).toBe(0);
  return { dir, keyFile, commitment: JSON.parse(readFileSync(keyFile, 'utf8')).commitment };
}

/**
 * Each workbook adjudicated in a run of its own, turn 3, the ledger deleted after each: as a
 * game master would who kept no ledger between the runs. Returns the adjudicated workbooks.
 */
async function adjudicateApart(turn: Turn, books: Record<string, string[]>): Promise<string[]> {
  const outputs: string[] = [];
  for (const [name, ids] of Object.entries(books)) {
    const input = join(turn.dir, `${name}.xlsx`);
    writeFileSync(input, await orders(ids));
    const r = await run('adjudicate', input, '--key', turn.keyFile, '--turn', '3', '--jobs', '1');
    expect([name, r.code]).toEqual([name, 0]);
    rmSync(join(turn.dir, 'rome.key.battles.json'));
    outputs.push(join(turn.dir, `${name}.praetor.xlsx`));
  }
  return outputs;
}

/** A log's rolls, read from its sheet: every value of the `Roll` column below its header. */
async function rollsOf(path: string, sheet: string): Promise<unknown[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(sheet)!;
  let header = 1;
  while (ws.getCell(header, 1).value !== 'Round') header++;
  const column = (ws.getRow(header).values as unknown[]).indexOf('Roll');
  const rolls: unknown[] = [];
  for (let r = header + 1; r <= ws.rowCount; r++) rolls.push(ws.getCell(r, column).value);
  return rolls;
}

/** The text `verify` prints for one sealed workbook that checks, as the one-workbook form has always printed it. */
async function okBlock(path: string, turn: Turn): Promise<string> {
  const json = JSON.parse((await run('verify', path, '--key', turn.keyFile, '--json')).out);
  const battles = `${json.battles} battle${json.battles === 1 ? '' : 's'}`;
  return (
    `${path}, sheet Results: ${battles}, ${json.shots} shots replayed; dice sealed: game "Rome", ` +
    `turn 3, commitment ${turn.commitment}\n` +
    'OK: the key matches the commitment, and every cell replays.\n' +
    `Check that ${turn.commitment} is the commitment posted before orders were due ` +
    '(or give it with --commitment).'
  );
}

describe('a sealed turn adjudicated in runs with no ledger between them', () => {
  it('an id in two workbooks is a clash naming both: their logs rolled the same dice', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, {
      ann: ['Gallia', 'B1'],
      bob: ['Hispania', 'B1'],
    });

    // The harm, seen without verify: Bob's B1 rolled every die Ann's B1 log shows.
    const annRolls = await rollsOf(ann, 'Log B1');
    expect(annRolls.length).toBeGreaterThan(3);
    expect(await rollsOf(bob, 'Log B1')).toEqual(annRolls);

    const r = await run('verify', ann, bob, '--key', turn.keyFile);
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    expect(r.out).toBe(
      `${await okBlock(ann, turn)}\n\n${await okBlock(bob, turn)}\n\n` +
        `MISMATCH battle "B1" is in both ${ann} and ${bob} (sealed: game "Rome", turn 3): the id ` +
        "picks the dice, so both rolled the same sealed dice, and one's log tells the other's\n" +
        '2 workbooks: 2 OK, 0 with mismatches, 0 could not be checked; 1 battle id in more than one workbook',
    );
  });

  it('--json: each workbook as one prints it, the clashes, and ok', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, {
      ann: ['Gallia', 'B1'],
      bob: ['Hispania', 'B1'],
    });
    const r = await run('verify', ann, bob, '--key', turn.keyFile, '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(Object.keys(report)).toEqual(['workbooks', 'emptyFolders', 'clashes', 'copies', 'ok']);
    expect(report.copies).toEqual([]);
    const alone = await Promise.all(
      [ann, bob].map(async (f) =>
        JSON.parse((await run('verify', f, '--key', turn.keyFile, '--json')).out),
      ),
    );
    expect(report.workbooks).toEqual(alone);
    expect(alone.map((w) => w.ok)).toEqual([true, true]);
    expect(report.clashes).toEqual([{ id: 'B1', files: [ann, bob], game: 'Rome', turn: 3 }]);
    expect(report.ok).toBe(false);
  });

  it('ids compare as the adjudicator compares them: trimmed, case kept, as the dice do', async () => {
    const turn = await sealedTurn();
    // Each workbook has a battle of its own too: they are not copies of one workbook.
    const [ann, bob, cy] = await adjudicateApart(turn, {
      ann: ['B1', 'Gallia'],
      bob: ['  B1 ', 'Hispania'],
      cy: ['b1', 'Africa'],
    });
    // The dice say the same: the trimmed id rolls B1's dice, another case other dice.
    const rolls = await rollsOf(ann, 'Log B1');
    expect(await rollsOf(bob, 'Log B1')).toEqual(rolls);
    expect(await rollsOf(cy, 'Log b1')).not.toEqual(rolls);

    const r = await run('verify', ann, bob, cy, '--key', turn.keyFile, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).clashes).toEqual([
      { id: 'B1', files: [ann, bob], game: 'Rome', turn: 3 },
    ]);
  });

  it('a row with no id, or an id used twice in its workbook, fought no battle: no clash', async () => {
    const turn = await sealedTurn();
    const books = {
      // Ann's B9 is fought; Bob's two B9 rows are an error and roll nothing.
      ann: [battle('B1'), battle('', { Fort: 1 }), battle('B9')],
      bob: [battle('B2'), battle('', { Fort: 1 }), battle('B9'), battle('B9')],
    };
    const outputs: string[] = [];
    for (const [name, rows] of Object.entries(books)) {
      const ids = ['B1', 'B2', 'B9'];
      const legions = ids.flatMap((id) => [
        legion(id, 'Attacker', '', 3),
        legion(id, 'Defender', '', 2),
      ]);
      writeFileSync(join(turn.dir, `${name}.xlsx`), await submission(rows, legions));
      const input = join(turn.dir, `${name}.xlsx`);
      // Each workbook has a battle that is an error: exit 1, the workbook written.
      const r = await run('adjudicate', input, '--key', turn.keyFile, '--turn', '3', '--jobs', '1');
      expect([name, r.code]).toEqual([name, 1]);
      rmSync(join(turn.dir, 'rome.key.battles.json'));
      outputs.push(join(turn.dir, `${name}.praetor.xlsx`));
    }
    const r = await run('verify', ...outputs, '--key', turn.keyFile, '--json');
    expect(JSON.parse(r.out)).toMatchObject({ clashes: [], ok: true });
    expect(r.code).toBe(0);
  });

  it('a battle with an error rolled no dice: its id is no clash (a rule broken, its own Seed)', async () => {
    const turn = await sealedTurn();
    // Eve's B1 has 11 combat units in a legion and her B2 gives a Seed: neither is fought.
    writeFileSync(
      join(turn.dir, 'eve.xlsx'),
      await submission(
        [battle('B1'), battle('B2', { Seed: 'mine' })],
        [
          legion('B1', 'Attacker', 'E', 8, 2, 1),
          legion('B1', 'Defender', 'D', 2),
          legion('B2', 'Attacker', 'E', 3),
          legion('B2', 'Defender', 'D', 2),
        ],
      ),
    );
    const adjudicate = (name: string) =>
      run('adjudicate', join(turn.dir, `${name}.xlsx`), '--key', turn.keyFile, '--turn', '3');
    expect((await adjudicate('eve')).code).toBe(1);
    // The ledger kept: Eve's battles drew no dice, so Ann's B1 and B2 are taken.
    writeFileSync(join(turn.dir, 'ann.xlsx'), await orders(['B1', 'B2']));
    expect((await adjudicate('ann')).code).toBe(0);
    const books = ['eve', 'ann'].map((n) => join(turn.dir, `${n}.praetor.xlsx`));
    const r = await run('verify', ...books, '--key', turn.keyFile, '--json');
    expect(JSON.parse(r.out)).toMatchObject({ clashes: [], copies: [], ok: true });
    expect(r.code).toBe(0);
  });

  it('copies of one workbook are noted, not a clash: the same battles, orders and dice', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, { ann: ['Gallia', 'B1'], bob: ['B2'] });
    mkdirSync(join(turn.dir, 'posted'));
    const copy = join(turn.dir, 'posted', 'ann.praetor.xlsx');
    writeFileSync(copy, readFileSync(ann));
    // A copy saved again with a note, an id as rich text and a count as a formula: the same
    // battles as read, so still a copy.
    const edited = join(turn.dir, 'posted', 'ann (2).praetor.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(ann);
    const battles = wb.getWorksheet('Battles')!;
    const notes = battles.getRow(1).cellCount + 1;
    battles.getCell(1, notes).value = 'Notes';
    battles.getCell(2, notes).value = 'sent on Monday';
    battles.getCell(2, 1).value = {
      richText: [{ text: 'Gal', font: { bold: true } }, { text: 'lia' }],
    };
    const count = wb.getWorksheet('Legions')!.getCell(2, 5);
    count.value = { formula: '2+2', result: count.value as number };
    await wb.xlsx.writeFile(edited);
    const r = await run('verify', ann, bob, copy, edited, '--key', turn.keyFile);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `note: ${ann}, ${copy}, ${edited} hold the same battles, as read and replayed, and the same ` +
        'seal: copies of one workbook (or adjudicated again), so each battle id counts once\n' +
        '4 workbooks: 4 OK, 0 with mismatches, 0 could not be checked',
    );
    expect(r.out).not.toContain('MISMATCH');
  });

  it('the same battle in two territories is a clash, not a copy: other orders, one set of dice', async () => {
    const turn = await sealedTurn();
    const outputs: string[] = [];
    for (const territory of ['Gallia', 'Hispania']) {
      const input = join(turn.dir, `${territory}.xlsx`);
      writeFileSync(
        input,
        await submission(
          [battle('B1', { Territory: territory })],
          [legion('B1', 'Attacker', 'Marcus', 4, 1), legion('B1', 'Defender', 'Brutus', 4)],
        ),
      );
      const r = await run('adjudicate', input, '--key', turn.keyFile, '--turn', '3');
      expect(r.code).toBe(0);
      rmSync(join(turn.dir, 'rome.key.battles.json'));
      outputs.push(join(turn.dir, `${territory}.praetor.xlsx`));
    }
    const r = await run('verify', ...outputs, '--key', turn.keyFile, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({
      clashes: [{ id: 'B1', files: outputs, game: 'Rome', turn: 3 }],
      copies: [],
      ok: false,
    });
  });

  it('no id shared: OK, exit 0, each block as one workbook prints it', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, {
      ann: ['Gallia', 'B1'],
      bob: ['Hispania', 'B2'],
    });
    const r = await run('verify', ann, bob, '--key', turn.keyFile, '--game', 'Rome', '--turn', '3');
    expect([r.code, r.err]).toEqual([0, '']);
    const one = await run('verify', ann, '--key', turn.keyFile, '--game', 'Rome', '--turn', '3');
    const two = await run('verify', bob, '--key', turn.keyFile, '--game', 'Rome', '--turn', '3');
    expect(r.out).toBe(
      `${one.out}\n\n${two.out}\n\n2 workbooks: 2 OK, 0 with mismatches, 0 could not be checked`,
    );
    expect(r.out).not.toContain('MISMATCH');
  });

  it('the same id in two turns is no clash: other dice', async () => {
    const turn = await sealedTurn();
    const [ann] = await adjudicateApart(turn, { ann: ['B1'] });
    writeFileSync(join(turn.dir, 'bob.xlsx'), await orders(['B1']));
    const bob = await run(
      'adjudicate',
      join(turn.dir, 'bob.xlsx'),
      '--key',
      turn.keyFile,
      '--turn',
      '4',
    );
    expect(bob.code).toBe(0);
    const r = await run('verify', ann, join(turn.dir, 'bob.praetor.xlsx'), '--key', turn.keyFile);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\n2 workbooks: 2 OK, 0 with mismatches, 0 could not be checked$/);
  });
});

describe('folders', () => {
  it("a folder gives its adjudicated workbooks and its sub-folders', sorted by path", async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, {
      ann: ['Gallia', 'B1'],
      bob: ['Hispania', 'B1'],
    });
    const folder = join(turn.dir, 'turn3');
    mkdirSync(join(folder, 'late'), { recursive: true });
    const moved = [join(folder, 'late', 'ann.praetor.xlsx'), join(folder, 'bob.praetor.xlsx')];
    renameSync(ann, moved[0]);
    renameSync(bob, moved[1]);
    // Orders that were never adjudicated are not taken from a folder.
    writeFileSync(join(folder, 'cy.xlsx'), await orders(['B9']));

    const r = await run('verify', folder, '--key', turn.keyFile, '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report.workbooks.map((w: { file: string }) => w.file)).toEqual([moved[1], moved[0]]);
    expect(report.clashes).toEqual([
      { id: 'B1', files: [moved[1], moved[0]], game: 'Rome', turn: 3 },
    ]);
    // A workbook reached twice is checked once.
    const twice = await run('verify', folder, moved[0], '--key', turn.keyFile);
    expect(twice.out).toMatch(
      /\n2 workbooks: 2 OK, 0 with mismatches, 0 could not be checked; 1 battle id in more than one workbook$/,
    );
  });

  it('a folder with no adjudicated workbook is an error naming it', async () => {
    const turn = await sealedTurn();
    const [ann] = await adjudicateApart(turn, { ann: ['B1'] });
    const empty = join(turn.dir, 'empty');
    mkdirSync(empty);
    const alone = await run('verify', empty, '--key', turn.keyFile);
    expect(alone.code).toBe(2);
    expect(alone.out).toBe(
      `${empty}: no adjudicated workbook (NAME.praetor.xlsx or .xlsm) in this folder ` +
        'or its sub-folders\n\n0 workbooks: 0 OK, 0 with mismatches, 0 could not be checked; 1 folder with none',
    );
    // Beside a workbook checked: named, counted apart, and the run is not all good (exit 1).
    const withOther = await run('verify', empty, ann, '--key', turn.keyFile);
    expect(withOther.code).toBe(1);
    expect(withOther.out).toBe(
      `${empty}: no adjudicated workbook (NAME.praetor.xlsx or .xlsm) in this folder or its ` +
        `sub-folders\n\n${await okBlock(ann, turn)}\n\n` +
        '1 workbook: 1 OK, 0 with mismatches, 0 could not be checked; 1 folder with none',
    );
    const json = JSON.parse((await run('verify', empty, ann, '--key', turn.keyFile, '--json')).out);
    expect([json.workbooks.length, json.emptyFolders, json.ok]).toEqual([1, [empty], false]);
  });
});

describe('workbooks that cannot be checked, and mismatches', () => {
  it('one unreadable among good ones: named, the others checked, exit 1', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, { ann: ['Gallia'], bob: ['Hispania'] });
    const broken = join(turn.dir, 'broken.praetor.xlsx');
    writeFileSync(broken, 'not a workbook');
    const missing = join(turn.dir, 'missing.praetor.xlsx');

    const r = await run('verify', ann, broken, bob, missing, '--key', turn.keyFile);
    expect(r.code).toBe(1);
    const blocks = r.out.split('\n\n');
    expect(blocks).toHaveLength(5);
    expect(blocks[0]).toBe(await okBlock(ann, turn));
    expect(blocks[1]).toMatch(new RegExp(`^${escape(broken)}: could not be checked: \\S`));
    expect(blocks[1]).not.toContain('\n');
    expect(blocks[2]).toBe(await okBlock(bob, turn));
    expect(blocks[3]).toBe(`${missing}: could not be checked: no such file or folder`);
    expect(blocks[4]).toBe('4 workbooks: 2 OK, 0 with mismatches, 2 could not be checked');

    const json = await run('verify', ann, broken, '--key', turn.keyFile, '--json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out);
    expect(report.workbooks[1]).toEqual({
      file: broken,
      ok: false,
      error: expect.stringMatching(new RegExp(`^${escape(broken)}: `)),
    });
    expect(report.ok).toBe(false);
    expect(json.err).toBe(`praetor verify: ${report.workbooks[1].error}`);
  });

  it('none can be checked: exit 2 (sealed workbooks and no key, too)', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, { ann: ['Gallia'], bob: ['Hispania'] });
    const broken = join(turn.dir, 'broken.praetor.xlsx');
    writeFileSync(broken, 'not a workbook');
    const r = await run('verify', broken, join(turn.dir, 'missing.praetor.xlsx'));
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/\n\n2 workbooks: 0 OK, 0 with mismatches, 2 could not be checked$/);

    const noKey = await run('verify', ann, bob);
    expect(noKey.code).toBe(2);
    expect(noKey.out).toContain(`${ann}: could not be checked: the dice of Results are sealed`);
    expect(noKey.out).toContain(`${bob}: could not be checked: the dice of Results are sealed`);
  });

  it('a tampered workbook among good ones shows its MISMATCH lines; the others stay OK', async () => {
    const turn = await sealedTurn();
    const [ann, bob] = await adjudicateApart(turn, { ann: ['Gallia'], bob: ['Hispania'] });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(bob);
    const log = wb.getWorksheet('Log Hispania')!;
    let row = 1;
    while (log.getCell(row, 1).value !== 'Round') row++;
    const rollColumn = (log.getRow(row).values as unknown[]).indexOf('Roll');
    const was = log.getCell(row + 1, rollColumn).value as number;
    log.getCell(row + 1, rollColumn).value = (was % 6) + 1;
    await wb.xlsx.writeFile(bob);

    const alone = await run('verify', bob, '--key', turn.keyFile);
    expect(alone.code).toBe(1);
    expect(alone.out).toContain(
      `MISMATCH battle Hispania, shot 1 ('Log Hispania'!${String.fromCharCode(64 + rollColumn)}${row + 1}): ` +
        `the log says Roll "${(was % 6) + 1}"; the dice say Roll "${was}"`,
    );
    const r = await run('verify', ann, bob, '--key', turn.keyFile);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      `${await okBlock(ann, turn)}\n\n${alone.out}\n\n` +
        '2 workbooks: 1 OK, 1 with mismatches, 0 could not be checked',
    );
  });
});

describe('one workbook named alone: as it always was', () => {
  it('the same text, JSON and exit codes', async () => {
    const turn = await sealedTurn();
    const [ann] = await adjudicateApart(turn, { ann: ['Gallia', 'B1'] });
    const r = await run('verify', ann, '--key', turn.keyFile);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(await okBlock(ann, turn));
    const json = JSON.parse((await run('verify', ann, '--key', turn.keyFile, '--json')).out);
    expect(Object.keys(json)).toEqual([
      'file',
      'ok',
      'results',
      'seal',
      'battles',
      'failed',
      'shots',
      'mismatches',
      'notes',
    ]);

    // Without the key, or unreadable: bad usage on stderr, nothing on stdout, exit 2.
    const noKey = await run('verify', ann);
    expect([noKey.code, noKey.out]).toEqual([2, '']);
    expect(noKey.err).toMatch(
      new RegExp(`^praetor verify: ${escape(ann)}: the dice of Results are sealed \\(commitment `),
    );
    const broken = join(turn.dir, 'broken.praetor.xlsx');
    writeFileSync(broken, 'not a workbook');
    const unreadable = await run('verify', broken, '--json');
    expect(unreadable.code).toBe(2);
    expect(Object.keys(JSON.parse(unreadable.out))).toEqual(['file', 'ok', 'error']);
  });

  it('a folder of one workbook is checked as a turn: with its last line', async () => {
    const turn = await sealedTurn();
    const [ann] = await adjudicateApart(turn, { ann: ['Gallia'] });
    const r = await run('verify', turn.dir, '--key', turn.keyFile);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      `${await okBlock(ann, turn)}\n\n1 workbook: 1 OK, 0 with mismatches, 0 could not be checked`,
    );
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
