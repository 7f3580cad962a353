import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { OutputWriteError, writeFileAtomic } from '../headless/atomic-write';
import { planFiles } from '../headless/batch-inputs';
import { main } from '../headless/cli';
import { parseOptionsOnce } from '../headless/flags';
import { printable } from '../headless/io';
import { readKeyFile } from '../headless/keyfile';
import { bundleWorker } from '../headless/worker-script';
import { shellWords } from './helpers/cli';
import { economyWorkbook } from './helpers/economy';
import {
  battle,
  bufferIo,
  legion,
  sha256,
  simpleSubmission,
  submission,
  tempDir,
} from './helpers/workbooks';

/** Bad paths and bad input never crash praetor, never lose a file, and say what is wrong. */

async function run(...argv: string[]) {
  const io = bufferIo();
  const code = await main(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** A message for people: no stack, no temporary file's name, no raw error code. */
function plain(text: string): void {
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toMatch(/\.tmp\b/);
  expect(text).not.toMatch(/\bE(NOENT|ISDIR|NOTDIR|EXIST|ACCES)\b/);
}

describe('outputs that cannot be written (bug 1)', () => {
  it('writeFileAtomic names the target and the reason, never its temporary file', () => {
    const dir = tempDir();
    const missing = join(dir, 'nodir', 'x.json');
    expect(() => writeFileAtomic(missing, Buffer.from('x'), false)).toThrow(OutputWriteError);
    expect(() => writeFileAtomic(missing, Buffer.from('x'), false)).toThrow(
      `cannot write ${missing}: the folder ${join(dir, 'nodir')} does not exist`,
    );
    const folder = join(dir, 'folder.xlsx');
    mkdirSync(folder);
    for (const force of [false, true]) {
      expect(() => writeFileAtomic(folder, Buffer.from('x'), force)).toThrow(
        `cannot write ${folder}: it is a folder`,
      );
    }
    const file = join(dir, 'file');
    writeFileSync(file, 'keep');
    expect(() => writeFileAtomic(join(file, 'x.json'), Buffer.from('x'), true)).toThrow(
      `${file} is a file, not a folder`,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep');
    expect(readdirSync(dir).sort()).toEqual(['file', 'folder.xlsx']);
  });

  it.each([
    [
      'template',
      (d: string) => ['template', join(d, 'nodir', 'x.xlsx')],
      /the folder .*nodir does not exist/,
    ],
    [
      'template',
      (d: string) => ['template', join(d, 'folder.xlsx'), '--force'],
      /folder\.xlsx: it is a folder/,
    ],
    [
      'turn',
      (d: string) => ['turn', '--template', join(d, 'nodir', 'e.xlsx')],
      /nodir does not exist/,
    ],
    [
      'seal',
      (d: string) => ['seal', '--game', 'G', '--out', join(d, 'nodir', 'k.json')],
      /k\.json: the folder .*nodir does not exist/,
    ],
    [
      'battle',
      (d: string) => [
        'battle',
        '--attacker',
        '3 CAT 4 INF',
        '--defender',
        '2 CAV 5 INF',
        '--seed',
        'resume-me',
        '--rounds',
        '1',
        '--save',
        join(d, 'nodir', 'x.json'),
      ],
      /x\.json: the folder .*nodir does not exist/,
    ],
  ])(
    'praetor %s to a path that cannot be written: one plain line, exit 2',
    async (command, args, message) => {
      const dir = tempDir();
      mkdirSync(join(dir, 'folder.xlsx'));
      const r = await run(...args(dir));
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`^praetor ${command}: `));
      expect(r.err).toMatch(message);
      plain(r.err);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    },
  );

  it("adjudicate: an output that is a folder is that file's error; the rest go on", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    writeFileSync(join(dir, 'b.xlsx'), await simpleSubmission());
    mkdirSync(join(dir, 'a.praetor.xlsx'));
    const r = await run('adjudicate', dir, '--jobs', '1', '--force');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `cannot write its output ${join(dir, 'a.praetor.xlsx')}: it is a folder`,
    );
    expect(statSync(join(dir, 'b.praetor.xlsx')).isFile()).toBe(true);
    plain(r.out + r.err);
  });
});

describe('--out that is not a folder (bug 2)', () => {
  const cases = (d: string): [string, RegExp][] => [
    [join(d, 'k.json'), /--out .*k\.json: it is a file, not a folder/],
    [join(d, 'k.json', 'sub'), /--out .*sub: .*k\.json is a file, not a folder/],
    ['', /--out is empty/],
    ['  ', /--out is empty/],
  ];

  it.each(['adjudicate', 'turn'])('%s refuses it before any work, exit 2', async (command) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'k.json'), '{}');
    writeFileSync(join(dir, 'in.xlsx'), 'not read');
    for (const [out, message] of cases(dir)) {
      const r = await run(command, join(dir, 'in.xlsx'), '--out', out);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      plain(r.err);
      expect(r.out).toBe('');
    }
    expect(readdirSync(dir).sort()).toEqual(['in.xlsx', 'k.json']);
  });

  (existsSync('/proc/self') ? it : it.skip)(
    'a folder that cannot be made (/proc) is refused at once',
    async () => {
      const started = Date.now();
      const r = await run('adjudicate', 'x.xlsx', '--out', '/proc/praetor-test/out');
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--out \/proc\/praetor-test\/out: /);
      expect(Date.now() - started).toBeLessThan(5000);
    },
  );
});

describe('a folder with a broken link (bug 3)', () => {
  it('gives that file an error and adjudicates the rest', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xlsx'), await simpleSubmission());
    symlinkSync(join(dir, 'nonexistent.xlsx'), join(dir, 'x.xlsx'));
    expect(planFiles([dir])).toEqual([
      { input: join(dir, 'a.xlsx'), output: join(dir, 'a.praetor.xlsx') },
      {
        input: join(dir, 'x.xlsx'),
        output: join(dir, 'x.praetor.xlsx'),
        error: 'a broken link: what it points to does not exist',
      },
    ]);
    const r = await run('adjudicate', dir, '--jobs', '1');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(dir, 'x.xlsx')}: a broken link`);
    expect(existsSync(join(dir, 'a.praetor.xlsx'))).toBe(true);
  });
});

describe('a pipe named as a workbook', () => {
  it('is an error for adjudicate, turn and verify, never a wait for a writer', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe.xlsx');
    execFileSync('mkfifo', [fifo]);
    const adjudicated = await run('adjudicate', fifo, '--jobs', '1');
    expect(adjudicated.code).toBe(1);
    expect(adjudicated.out).toContain(`${fifo}: not a file (a pipe, socket or device)`);
    const turned = await run('turn', fifo, '--out', join(dir, 'out'));
    expect(turned.code).toBe(1);
    expect(turned.out).toContain('not a file (a pipe, socket or device)');
    const verified = await run('verify', fifo);
    expect(verified.err).toContain(`${fifo}: not a file (a pipe, socket or device)`);
  });
});

describe('--units (bug 4)', () => {
  it.each(['battle', 'odds'])(
    '%s --units FOLDER is a usage error naming --units',
    async (command) => {
      const dir = tempDir();
      const r = await run(
        command,
        '--rules',
        'imperium',
        '--attacker',
        'Terran: 1 DD',
        '--defender',
        'Imperial: 1 DD',
        '--seed',
        'x',
        '--units',
        dir,
      );
      expect(r.code).toBe(2);
      expect(r.err).toContain(`--units ${dir}: it is a folder`);
      plain(r.err);
    },
  );
});

describe('--jobs (bug 5)', () => {
  it('refuses more than 64 threads, and says so in --help', async () => {
    const r = await run('adjudicate', 'x.xlsx', '--jobs', '300');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--jobs is 300: at most 64 threads/);
    expect((await run('adjudicate', '--help')).out).toMatch(/at most 64/);
  });
});

describe('a closed stdout (bug 6)', () => {
  it('ends quietly when the reader of a pipe goes away', async () => {
    const dir = tempDir();
    const cli = join(dir, 'cli.js');
    bundleWorker(join(__dirname, '..', 'headless', 'cli.ts'), cli);
    const battles = join(dir, 'battles.json');
    const one = { attacker: '3 CAT 4 INF', defender: '2 CAV 5 INF', seed: 's' };
    writeFileSync(
      battles,
      JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ ...one, id: `b${i}` }))),
    );
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(cli)}).main(['battle', '--input', ${JSON.stringify(battles)}]).then((c) => { process.exitCode = c; })`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    // Like `| head -1`: read a little, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
  }, 60000);
});

describe('an output that is an input (bug 7)', () => {
  it('adjudicate never overwrites an input, even with --force', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ok.xlsx'), await simpleSubmission());
    writeFileSync(join(dir, 'ok.praetor.xlsx'), await simpleSubmission());
    const before = sha256(join(dir, 'ok.praetor.xlsx'));
    const r = await run(
      'adjudicate',
      join(dir, 'ok.xlsx'),
      join(dir, 'ok.praetor.xlsx'),
      '--force',
      '--jobs',
      '1',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `${join(dir, 'ok.xlsx')}: its output ${join(dir, 'ok.praetor.xlsx')} would replace the input ${join(dir, 'ok.praetor.xlsx')}`,
    );
    expect(sha256(join(dir, 'ok.praetor.xlsx'))).toBe(before);
    // The other input is adjudicated as usual.
    expect(existsSync(join(dir, 'ok.praetor.praetor.xlsx'))).toBe(true);
  });

  it('compares real paths: an input through a link is not overwritten either', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'ok.xlsx'), 'x');
    writeFileSync(join(dir, 'real', 'ok.praetor.xlsx'), 'x');
    symlinkSync(join(dir, 'real'), join(dir, 'linked'));
    const planned = planFiles([
      join(dir, 'linked', 'ok.xlsx'),
      join(dir, 'real', 'ok.praetor.xlsx'),
    ]);
    expect(planned[0].error).toMatch(/would replace the input/);
    expect(planned[1].error).toBeUndefined();
  });

  it('turn never overwrites an input, even with --force', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'game.xlsx'), await economyWorkbook());
    writeFileSync(join(dir, 'game.turn.xlsx'), await economyWorkbook());
    const before = sha256(join(dir, 'game.turn.xlsx'));
    const r = await run('turn', join(dir, 'game.xlsx'), join(dir, 'game.turn.xlsx'), '--force');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`would replace the input ${join(dir, 'game.turn.xlsx')}`);
    expect(sha256(join(dir, 'game.turn.xlsx'))).toBe(before);
    expect(existsSync(join(dir, 'game.turn.turn.xlsx'))).toBe(true);
  });
});

describe('help and file names (bug 8)', () => {
  it("praetor help COMMAND is the command's help", async () => {
    const r = await run('help', 'battle');
    expect(r.code).toBe(0);
    expect(r.out).toBe((await run('battle', '--help')).out);
    expect((await run('help', 'nosuch')).code).toBe(2);
  });

  it('control characters of file names are escaped in the summary and progress', async () => {
    expect(printable('a\nb\tc\u001b[2J.xlsx')).toBe('a\\nb\\tc\\u001b[2J.xlsx');
    const dir = tempDir();
    const file = join(dir, 'evil\nname.xlsx');
    writeFileSync(file, 'junk');
    const r = await run('adjudicate', dir, '--jobs', '1');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^evil\\nname\.xlsx +0 +0 +1 +not written$/m);
    expect(r.out).toContain(`${join(dir, 'evil\\nname.xlsx')}: `);
    expect(r.err).toMatch(/^\[1\/1\] evil\\nname\.xlsx: error: /);
    expect(r.out + r.err).not.toContain('evil\n');
  });
});

describe('--key that is not a key file (bug 9)', () => {
  it('says so on one line', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'turn-3.xlsx'), await simpleSubmission());
    const r = await run(
      'adjudicate',
      join(dir, 'turn-3.xlsx'),
      '--key',
      join(dir, 'turn-3.xlsx'),
      '--turn',
      '3',
    );
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `praetor adjudicate: --key ${join(dir, 'turn-3.xlsx')}: not a key file (Praetor's key files are made by praetor seal). Run "praetor adjudicate --help" for usage.`,
    );
  });
});

describe('a key file whose "game" is not text', () => {
  it('is refused, naming the field, never read as the game "[object Object]"', () => {
    const dir = tempDir();
    const path = join(dir, 'rome.key.json');
    const key = '5f'.repeat(32);
    writeFileSync(
      path,
      JSON.stringify({ format: 'praetor-game-key', game: { name: 'Rome' }, key }),
    );
    expect(readKeyFile(path)).toEqual({ ok: false, error: `${path}: its "game" is not text` });
    writeFileSync(path, JSON.stringify({ format: 'praetor-game-key', game: 'Rome', key }));
    expect(readKeyFile(path)).toMatchObject({ ok: true, value: { game: 'Rome' } });
  });
});

const COMMANDS = [
  'battle',
  'odds',
  'adjudicate',
  'template',
  'report',
  'seal',
  'verify',
  'dice',
  'turn',
];

/** The lines of a help's section, e.g. `Examples:`, up to the next blank line. */
function section(help: string, title: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('every command explains itself the same way', () => {
  it("the list of commands is the CLI's, and --version answers", async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(section(help.out, 'Commands:').map((l) => l.trim().split(/\s+/)[0])).toEqual(COMMANDS);
    expect(help.out).toContain('praetor help <command>');
    expect(await run('--version')).toMatchObject({
      code: 0,
      out: `praetor ${JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version}`,
    });
  });

  it.each(COMMANDS)(
    '%s: --help, -h and help give one help: usage, options with -h, exit status',
    async (command) => {
      const help = await run(command, '--help');
      expect(help).toMatchObject({ code: 0, err: '' });
      expect(help.out).toMatch(new RegExp(`^Usage: praetor ${command} `));
      expect(section(help.out, 'Options:')).toContainEqual(
        expect.stringMatching(/^ {2}-h, --help +show this help$/),
      );
      expect(help.out).toMatch(/\nExit status: 0 [^\n]+[\s\S]*2 bad usage/);
      expect((await run(command, '-h')).out).toBe(help.out);
      expect((await run('help', command)).out).toBe(help.out);
      for (const line of help.out.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
    },
  );

  it.each(['battle', 'odds', 'adjudicate', 'template', 'dice', 'seal', 'verify', 'report', 'turn'])(
    '%s: every example of its help runs, exit 0',
    async (command) => {
      const help = (await run(command, '--help')).out;
      const examples = section(help, 'Examples:');
      expect(examples.length).toBeGreaterThanOrEqual(2);
      const dir = tempDir();
      mkdirSync(join(dir, 'examples'));
      for (const f of ['turn-3.xlsx', 'battles.json']) {
        copyFileSync(join(__dirname, '..', 'examples', f), join(dir, 'examples', f));
      }
      mkdirSync(join(dir, 'submissions'));
      writeFileSync(join(dir, 'submissions', 'orders.xlsx'), await simpleSubmission());
      await run('seal', '--game', 'Rome', '--out', join(dir, 'rome.key.json'));
      // What verify and report read: an adjudicated turn, and a turn adjudicated with sealed dice.
      await run('adjudicate', join(dir, 'examples', 'turn-3.xlsx'), '--out', join(dir, 'out'));
      writeFileSync(
        join(dir, 'turn-4.xlsx'),
        await submission(
          [battle('S1')],
          [legion('S1', 'Attacker', 'Marcus', 3, 1), legion('S1', 'Defender', 'Brutus', 4)],
        ),
      );
      const key = join(dir, 'rome.key.json');
      const sealed = ['--out', join(dir, 'sealed'), '--key', key, '--turn', '4'];
      expect((await run('adjudicate', join(dir, 'turn-4.xlsx'), ...sealed)).code).toBe(0);
      for (const example of examples) {
        const words = shellWords(example.trim());
        expect(words.slice(0, 2)).toEqual(['praetor', command]);
        // Files named in an example are read and written in a folder of their own.
        const argv = words
          .slice(1)
          .map((w, i, all) =>
            /(\.(xlsx|json)|\/)$/.test(w) || ['--out', '--save', '--resume'].includes(all[i - 1])
              ? join(dir, w)
              : w,
          );
        const r = await run(...argv);
        // A sealed turn refuses the battles that give their own seed: exit 1, said per cell.
        const sealed = command === 'adjudicate' && argv.includes('--key');
        expect([example, r.code]).toEqual([example, sealed ? 1 : 0]);
        if (sealed) expect(r.out).toContain("but this turn's dice are sealed");
      }
    },
    60000,
  );

  it.each([
    [
      ['battle', '--atacker', '1 INF'],
      'battle',
      'unknown option --atacker: did you mean --attacker?',
    ],
    [['odds', '--breachby', 'any'], 'odds', 'unknown option --breachby: did you mean --breach-by?'],
    [
      ['adjudicate', 'x.xlsx', '--jobz=2'],
      'adjudicate',
      'unknown option --jobz: did you mean --jobs?',
    ],
    [
      ['odds', '--attacker', '1 INF', '--defender', '1 INF', 'extra'],
      'odds',
      'unexpected argument "extra"',
    ],
    [['dice', '--pool'], 'dice', '--pool needs a value'],
    [
      ['battle', '--attacker', '1 INF', '--defender', '1 INF', '--seed', 'a', '--rounds', '-1'],
      'battle',
      '--rounds needs a value; a value that starts with "-" is written --rounds=VALUE',
    ],
    [['battle', '--sea=yes'], 'battle', '--sea takes no value'],
    [
      ['battle', '--attacker', '1 INF', '--defender', '1 INF', '--seed', ' '],
      'battle',
      '--seed is blank: give any text that is not blank, or --dice LIST',
    ],
    [['adjudicate'], 'adjudicate', 'give at least one workbook or folder'],
    [['adjudicate', 'x.xlsx', '--frobnicate'], 'adjudicate', 'unknown option --frobnicate'],
    [['template'], 'template', 'give the file to write, e.g. turn1.xlsx'],
    [['template', 'a.xlsx', 'b.xlsx'], 'template', 'give one file to write, not 2 (a.xlsx b.xlsx)'],
    [['odds', '--attacker', '1 INF'], 'odds', 'give --attacker and --defender'],
    [['seal', '--nope'], 'seal', 'unknown option --nope'],
    [['verify', '--nope'], 'verify', 'unknown option --nope'],
    [['report', '--nope'], 'report', 'unknown option --nope'],
    [['turn', '--nope'], 'turn', 'unknown option --nope'],
  ])('bad usage %p: one line naming it and the help, exit 2', async (argv, command, message) => {
    const r = await run(...argv);
    expect(r).toMatchObject({ code: 2, out: '' });
    const stop = message.endsWith('?') ? '' : '.';
    expect(r.err).toBe(
      `praetor ${command}: ${message}${stop} Run "praetor ${command} --help" for usage.`,
    );
  });

  it('no command, or an unknown one: one line listing the commands, exit 2', async () => {
    const list = COMMANDS.join(', ');
    expect(await run()).toEqual({
      code: 2,
      out: '',
      err: `praetor: give a command: ${list}. Run "praetor --help" for usage.`,
    });
    expect(await run('conquer')).toEqual({
      code: 2,
      out: '',
      err: `praetor: unknown command "conquer" (the commands: ${list}). Run "praetor --help" for usage.`,
    });
    expect(await run('adjudicte')).toEqual({
      code: 2,
      out: '',
      err: `praetor: unknown command "adjudicte" (the commands: ${list}): did you mean "praetor adjudicate"? Run "praetor --help" for usage.`,
    });
    expect((await run('help', 'conquer')).code).toBe(2);
  });

  it.each([
    [
      'battle',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--seed',
      'a',
      '--fort',
      '--fort',
      '2',
    ],
    ['adjudicate', 'x.xlsx', '--out', 'a', '--out=b'],
    ['template', 'x.xlsx', '--rules', 'imperium', '--rules', 'cote-pbem'],
    ['seal', '--game', 'A', '--game', 'B', '--out', 'k.json'],
    ['verify', 'x.xlsx', '--json', '--json'],
    ['report', 'x.json', '--out', 'a.html', '--out', 'b.html'],
    ['turn', '--template', 'a.xlsx', '--template', 'b.xlsx'],
  ])('%s refuses an option given twice, before any work', async (command, ...args) => {
    const dir = tempDir();
    const r = await run(
      command,
      ...args.map((a) => (/\.(xlsx|json|html)$/.test(a) ? join(dir, a) : a)),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `^praetor ${command}: --(fort|out|rules|game|json|template) is given more than once; give it once\\.`,
      ),
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('report --battle may repeat', () => {
    const report = { battle: { type: 'string', multiple: true } } as const;
    expect(
      parseOptionsOnce(['x.json', '--battle', 'a', '--battle=b'], report, true).values,
    ).toEqual({
      battle: ['a', 'b'],
    });
    const seed = { seed: { type: 'string' } } as const;
    expect(() => parseOptionsOnce(['--seed', 'a', '--', '--seed'], seed, true)).not.toThrow();
    expect(() => parseOptionsOnce(['--seed', 'a', '--seed=b'], seed)).toThrow(
      '--seed is given more than once',
    );
  });
});
