import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { praetor } from './helpers/cli';
import { Books, economyWorkbook } from './helpers/economy';
import { battle, BATTLES_HEADER, legion, submission, tempDir } from './helpers/workbooks';

/**
 * The command line as README.md and each command's --help document it: exit statuses, usage
 * errors, defaults and the fields of --json, where the other CLI tests leave them open.
 */

describe('praetor', () => {
  it('--help states the exit status of every command', async () => {
    const r = await praetor('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Exit status: 0 success, 1 some battles, files or checks had errors, 2 bad usage, 130 stopped\nby Ctrl-C (adjudicate).',
    );
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'refuses "%s" as an unknown command (exit 2), not a property of an object',
    async (name) => {
      const r = await praetor(name);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`praetor: unknown command "${name}"`);
    },
  );
});

describe('praetor turn', () => {
  /** A workbook of the default books (Ann collects 15, Bob 10) and the orders given. */
  async function game(dir: string, name: string, books: Books = {}): Promise<string> {
    const file = join(dir, name);
    writeFileSync(file, await economyWorkbook(books));
    return file;
  }

  it('--json totals add up every file given, a file that could not be played included', async () => {
    const dir = tempDir();
    const good = await game(dir, 'good.xlsx', {
      purchases: [
        ['Ann', 'Infantry', 1, ''],
        ['Bob', 'Catapult', 1, ''],
        ['Bob', 'Cavalry', 1, ''],
      ],
    });
    const bad = await game(dir, 'bad.xlsx', { players: [['Ann', 'Roma', 'lots', 'no']] });
    const r = await praetor('turn', good, bad, '--json');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { totals: unknown; files: { input: string }[] };
    // good: 2 incomes and 1 Infantry done, Catapult (40) and Cavalry (25) rejected (Bob has 10);
    // bad: 1 problem.
    expect(json.totals).toEqual({ files: 2, done: 3, rejected: 2, errors: 1 });
    expect(json.files.map((f) => f.input)).toEqual([good, bad]);
  });

  it("the summary's table shows each treasury before, the income, and after the turn", async () => {
    const dir = tempDir();
    const file = await game(dir, 'g.xlsx', {
      players: [
        ['Ann', 'Roma', 7, 'no'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
      purchases: [['Ann', 'Infantry', 2, '']],
    });
    const r = await praetor('turn', file);
    expect(r.code).toBe(0);
    // Ann: 7 + 15 - 20 = 2; Bob: 0 + 10.
    expect(r.out).toMatch(/^Ann\s+7\s+15\s+2$/m);
    expect(r.out).toMatch(/^Bob\s+0\s+10\s+10$/m);
  });

  it('the summary lists every warning, after the counts', async () => {
    const dir = tempDir();
    const file = await game(dir, 'w.xlsx', {
      players: [
        ['Ann', 'Roma', 0, 'yes'],
        ['Bob', 'Gallia', 0, 'no'],
      ],
    });
    const r = await praetor('turn', file);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Warnings:\n  Players!A2: Ann is eliminated but still owns Roma, Neapolis: the winner of the battle takes them over (change their Owner)',
    );
  });

  it("a workbook open in Excel is warned of, as by adjudicate; Excel's lock file is no workbook", async () => {
    const dir = tempDir();
    const file = await game(dir, 'books.xlsx');
    const lock = join(dir, '~$books.xlsx');
    writeFileSync(lock, Buffer.alloc(165));
    const r = await praetor('turn', file, '--out', join(dir, 'out'));
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Warnings:\n  the workbook is open in Excel (its lock file ~$books.xlsx is beside it): changes not saved there were not read',
    );
    const named = await praetor('turn', lock, '--out', join(dir, 'out2'));
    expect(named.code).toBe(1);
    expect(named.out.trim()).toBe(
      `${lock}: this is Excel's lock file of a workbook open in Excel (it holds who opened it), not a workbook: name the workbook itself`,
    );
  });

  it.each([
    ['--out', ['--out', 'somewhere']],
    ['--json', ['--json']],
  ])('--template refuses %s: bad usage, exit 2, nothing written', async (_flag, extra) => {
    const dir = tempDir();
    const file = join(dir, 'game.xlsx');
    const r = await praetor('turn', '--template', file, ...extra);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--template FILE takes no workbooks, --out, --again or --json');
    expect(existsSync(file)).toBe(false);
  });
});

describe('praetor battle', () => {
  /** A --input file of one battle. */
  function inputFile(battles: unknown): string {
    const file = join(tempDir(), 'battles.json');
    writeFileSync(file, JSON.stringify(battles));
    return file;
  }
  const ONE = [{ id: 'b1', attacker: '2 INF', defender: '1 INF', seed: 'x' }];

  it.each([
    ['--attacker', '2 INF'],
    ['--defender', '1 INF'],
  ])(
    '--input with %s alone is bad usage (exit 2): a side cannot apply to a file',
    async (flag, side) => {
      const r = await praetor('battle', '--input', inputFile(ONE), flag, side, '--json');
      expect(r.code).toBe(2);
      expect(r.err).toContain('give either --input or --attacker/--defender, not both');
      expect(r.out).toBe('');
    },
  );
  it('--input with options of a single battle is bad usage (exit 2), naming them', async () => {
    const r = await praetor(
      'battle',
      '--input',
      inputFile(ONE),
      '--seed',
      'y',
      '--fort',
      '2',
      '--rules',
      'imperium',
      '--json',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '--input gives each battle its rules, dice and options in the file: --seed, --fort, --rules cannot apply (it takes only --save, --force, --json)',
    );
    expect(r.out).toBe('');
  });
  it.each([
    ['an object', { attacker: '2 INF', defender: '1 INF', seed: 'x' }],
    ['a number', 3],
  ])('--input holding %s, not an array of battles, is bad usage (exit 2)', async (_what, data) => {
    const file = inputFile(data);
    const r = await praetor('battle', '--input', file, '--json');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--input ${file}: expected a JSON array of battles`);
  });

  it('--save on a battle that does not pause writes nothing and says so', async () => {
    const file = join(tempDir(), 'b.json');
    const r = await praetor(
      'battle',
      '--attacker',
      '2 INF',
      '--defender',
      '1 INF',
      '--seed',
      'x',
      '--save',
      file,
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain(`--save ${file}: no battle paused, nothing saved`);
    expect(existsSync(file)).toBe(false);
  });
  it('--resume with a bad --dice list is bad usage (exit 2), the saved battle left as it was', async () => {
    const file = join(tempDir(), 'b.json');
    const paused = await praetor(
      'battle',
      '--attacker',
      '3 INF',
      '--defender',
      '3 INF',
      '--seed',
      'x',
      '--rounds',
      '1',
      '--save',
      file,
    );
    expect(paused.code).toBe(0);
    const saved = readFileSync(file, 'utf8');
    const r = await praetor('battle', '--resume', file, '--dice', '3,9,4');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^praetor battle: --dice: /);
    expect(r.out).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(saved);
  });
});

describe('praetor odds', () => {
  it.each(['0', '10000001'])(
    '--runs %s is bad usage (exit 2): runs are 1 to 10,000,000',
    async (runs) => {
      const r = await praetor(
        'odds',
        '--attacker',
        '1 INF',
        '--defender',
        '1 INF',
        '--method',
        'montecarlo',
        '--runs',
        runs,
      );
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        `--runs is "${runs}": expected a whole number of battles from 1 to 10,000,000`,
      );
    },
  );
});

describe('praetor dice', () => {
  it("--extended with --json gives the expected rolls (the seed's siege lines: 5.83)", async () => {
    const r = await praetor(
      'dice',
      '--pool',
      '3 mastery, 2 boon',
      '--difficulty',
      'hard',
      '--extended',
      '8',
      '--json',
    );
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { extended?: { threshold: number; expectedRolls: number } };
    expect(json.extended?.threshold).toBe(8);
    expect(json.extended?.expectedRolls).toBeCloseTo(5.83, 2);
  });
});

describe('praetor adjudicate', () => {
  it('--jobs one more than the most its help states is bad usage (exit 2), before any work', async () => {
    const help = (await praetor('adjudicate', '--help')).out;
    const most = Number(/at most (\d+), and never more threads than files/.exec(help)![1]);
    expect(most).toBeGreaterThanOrEqual(1);
    const missing = join(tempDir(), 'none.xlsx');
    const r = await praetor('adjudicate', missing, '--jobs', String(most + 1));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--jobs is ${most + 1}: at most ${most} threads`);
    expect(r.out).toBe('');
  });
  /** B1 resolves, B2 is an error (unknown rules); the Battles sheet has a column not read. */
  async function mixed(): Promise<string> {
    const file = join(tempDir(), 'mixed.xlsx');
    writeFileSync(
      file,
      await submission(
        [
          [...battle('B1', { Seed: 's' }), 'red'],
          [...battle('B2', { Rules: 'risk' }), 'blue'],
        ],
        [
          legion('B1', 'Attacker', 'A', 2),
          legion('B1', 'Defender', 'D', 2),
          legion('B2', 'Attacker', 'A', 2),
          legion('B2', 'Defender', 'D', 2),
        ],
        { battlesHeader: [...BATTLES_HEADER, 'Colour'] },
      ),
    );
    return file;
  }

  it('--json totals count battles, resolved and errors apart', async () => {
    const r = await praetor('adjudicate', await mixed(), '--jobs', '1', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).totals).toEqual({ files: 1, battles: 2, resolved: 1, errors: 1 });
  });

  it('--json gives each battle its seed, or its scripted dice, to replay it', async () => {
    const file = join(tempDir(), 'dice.xlsx');
    writeFileSync(
      file,
      await submission(
        [battle('B1', { Seed: 'gallia' }), battle('B2', { Dice: '6,1,6,1,6,1' })],
        [
          legion('B1', 'Attacker', 'A', 1),
          legion('B1', 'Defender', 'D', 1),
          legion('B2', 'Attacker', 'A', 1),
          legion('B2', 'Defender', 'D', 1),
        ],
      ),
    );
    const r = await praetor('adjudicate', file, '--jobs', '1', '--json');
    expect(r.code).toBe(0);
    const [b1, b2] = JSON.parse(r.out).files[0].results;
    expect(b1).toMatchObject({ id: 'B1', seed: 'gallia', dice: null });
    // The list as the cell gave it, dice left over included (the defender's 1 ends it on the second).
    expect(b2).toMatchObject({ id: 'B2', seed: null, dice: [6, 1, 6, 1, 6, 1] });
  });

  it('the summary lists every warning with its file (a column not read)', async () => {
    const file = await mixed();
    const r = await praetor('adjudicate', file, '--jobs', '1');
    expect(r.code).toBe(1);
    const warnings = r.out.split('\n\nWarnings:\n')[1];
    expect(warnings).toBeDefined();
    expect(warnings).toContain(`  ${file}: `);
    expect(warnings).toContain('Colour');
  });
});
