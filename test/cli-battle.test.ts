import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { praetor } from './helpers/cli';

const EXAMPLE_1 = [
  '--attacker',
  '2 INF, 1 CAT',
  '--defender',
  '4 INF',
  '--dice',
  '3,4,4,2,3,4,1,2,5,1,6,1,4,2',
];

describe('praetor battle', () => {
  it('prints the shot-by-shot log as a table', async () => {
    const { code, out } = await praetor('battle', ...EXAMPLE_1);
    expect(code).toBe(0);
    expect(out).toContain('The defender wins in round 2 with 2 INF left.');
    expect(out).toMatch(/^1\s+attacker\s+CAT#1\s+3\s+hit\s+INF#4\s+1 CAT 2 INF\s+3 INF$/m);
    expect(out).toMatch(/^1\s+defender\s+INF#2\s+2\s+hit\s+3\s+INF#2\s+1 CAT 1 INF\s+3 INF$/m);
    expect(out).toContain('Dice: scripted, 14 given; 10 used');
  });

  it('prints JSON with --json, recording ruleset, options, dice and every shot', async () => {
    const { code, out } = await praetor('battle', ...EXAMPLE_1, '--fort', '--json');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r).toMatchObject({
      id: '1',
      ruleset: { id: 'cote-pbem', version: '1.0.0' },
      options: { sea: false, fort: 1, breachBy: 'any', retreat: null, rounds: null },
      dice: { scripted: [3, 4, 4, 2, 3, 4, 1, 2, 5, 1, 6, 1, 4, 2] },
    });
    expect(r.events[0]).toEqual({
      round: 1,
      side: 'attacker',
      unit: 'CAT#1',
      roll: 3,
      hit: true,
      breach: true,
      walls: 0,
      left: {
        attacker: { CAT: 1, CAV: 0, INF: 2, GAL: 0 },
        defender: { CAT: 0, CAV: 0, INF: 4, GAL: 0 },
      },
    });
  });

  it('takes --fort 2, --breach-by, --sea, --retreat, --rounds and --seed', async () => {
    const { code, out } = await praetor(
      'battle',
      '--attacker',
      'Marcus: 2 CAT 5 INF',
      '--defender',
      'Titus: 4 INF 2 CAV',
      '--fort',
      '2',
      '--breach-by',
      'catapult',
      '--retreat',
      'lost.CAT >= 1 and units <= 4',
      '--rounds',
      '1',
      '--seed',
      'Gallia',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.options).toEqual({
      sea: false,
      fort: 2,
      breachBy: 'catapult',
      retreat: 'lost.CAT >= 1 and units <= 4',
      rounds: 1,
    });
    expect(r.dice).toEqual({ seed: 'Gallia', algorithm: 'seedrandom alea' });
    expect(r.rounds).toBe(1);
  });

  it('resolves a file of battles in order; a bad one gets its error and exit status 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-'));
    const input = join(dir, 'battles.json');
    writeFileSync(
      input,
      JSON.stringify([
        {
          id: 'gallia',
          attacker: '2 INF, 1 CAT',
          defender: '4 INF',
          dice: [3, 4, 4, 2, 3, 4, 1, 2, 5, 1],
        },
        { id: 'bad', attacker: '9 INF', defender: '1 INF', seed: 'x' },
        { id: 'short', attacker: '1 INF', defender: '1 INF', dice: [6, 6] },
        { id: 'sea', attacker: '1 INF 1 GAL', defender: '1 INF 1 GAL', sea: true, seed: 's' },
      ]),
    );
    const { code, out } = await praetor('battle', '--input', input, '--json');
    expect(code).toBe(1);
    const results = JSON.parse(out);
    expect(results.map((r: { id: string }) => r.id)).toEqual(['gallia', 'bad', 'short', 'sea']);
    expect(results[0]).toMatchObject({
      outcome: 'eliminated',
      winner: 'defender',
      rounds: 2,
      diceUsed: 10,
    });
    expect(results[0].defender).toEqual({ CAT: 0, CAV: 0, INF: 2, GAL: 0 });
    expect(results[1]).toEqual({
      id: 'bad',
      error: 'battle bad: attacker legion 1: 9 combat units; a legion holds at most 7',
    });
    expect(results[2].error).toMatch(/the scripted dice ran out after 2 dice, in round 2/);
    expect(results[3].winner).not.toBeNull();
  });

  it('pauses, saves and resumes a battle to the same log as a straight run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-'));
    const saved = join(dir, 'paused.json');
    const args = [
      '--attacker',
      '3 CAT 4 INF',
      '--defender',
      '2 CAV 5 INF',
      '--seed',
      'resume-me',
      '--json',
    ];
    const straight = JSON.parse((await praetor('battle', ...args)).out);
    const first = await praetor('battle', ...args, '--rounds', '1', '--save', saved);
    expect(first.err).toContain(`praetor battle --resume ${saved}`);
    expect(existsSync(saved)).toBe(true);
    const again = await praetor('battle', ...args, '--rounds', '1', '--save', saved);
    expect(again.code).toBe(2);
    expect(again.err).toContain('the file exists; add --force');
    const rest = JSON.parse((await praetor('battle', '--resume', saved, '--json')).out);
    expect([...JSON.parse(first.out).events, ...rest.events]).toEqual(straight.events);
    expect(rest.winner).toBe(straight.winner);
    expect(JSON.parse(readFileSync(saved, 'utf8')).format).toBe('praetor-saved-battle');
  });

  it('a paused battle says how to go on, unless --save has saved it already', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-'));
    const args = ['--attacker', '3 CAT 4 INF', '--defender', '2 CAV 5 INF', '--seed', 'p'];
    const hint = 'To go on later: run again with --save FILE, then praetor battle --resume FILE.';
    const unsaved = await praetor('battle', ...args, '--rounds', '1');
    expect(unsaved.code).toBe(0);
    expect(unsaved.out).toContain('Paused after 1 round');
    expect(unsaved.out.trimEnd().endsWith(hint)).toBe(true);
    const file = join(dir, 'b1.json');
    const saved = await praetor('battle', ...args, '--rounds', '1', '--save', file);
    expect(saved.code).toBe(0);
    expect(saved.out).toContain('Paused after 1 round');
    expect(saved.out).not.toContain('To go on later');
    expect(saved.err).toBe(
      `saved the paused battle to ${file}; resume it with: praetor battle --resume ${file}\n`,
    );
  });

  it('--save with --input: one paused battle is saved; several name the battles, and none is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-'));
    const battle = (id: string, rounds?: number) => ({
      id,
      attacker: '3 INF',
      defender: '3 INF',
      seed: id,
      ...(rounds ? { rounds } : {}),
    });
    const input = join(dir, 'battles.json');
    writeFileSync(input, JSON.stringify([battle('B1', 1), battle('B2')]));
    const file = join(dir, 'b1.json');
    const one = await praetor('battle', '--input', input, '--save', file);
    expect(one.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('praetor-saved-battle');
    writeFileSync(input, JSON.stringify([battle('B1', 1), battle('B2'), battle('B3', 1)]));
    const two = join(dir, 'two.json');
    const several = await praetor('battle', '--input', input, '--save', two);
    expect([several.code, several.out, existsSync(two)]).toEqual([2, '', false]);
    expect(several.err).toContain(
      '--save takes one battle, and 2 paused (B1, B3): nothing saved or printed; run them one at a time to save each, or without --save to see them',
    );
  });

  it('explains itself with --help, and bad usage exits 2 with the reason', async () => {
    const help = await praetor('battle', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('--retreat COND');
    const missing = await praetor('battle', '--attacker', '1 INF');
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toContain('give --attacker and --defender');
    const unknown = await praetor('battle', '--atacker', '1 INF');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe(
      'praetor battle: unknown option --atacker: did you mean --attacker? Run "praetor battle --help" for usage.\n',
    );
    const noFile = await praetor('battle', '--input', '/nonexistent/battles.json');
    expect(noFile.err).toContain('--input /nonexistent/battles.json: no such file');
    expect((await praetor('conquer')).code).toBe(2);
    expect((await praetor('--help')).out).toContain('battle');
  });

  it('a battle with bad input exits 1 and says why', async () => {
    const { code, out } = await praetor(
      'battle',
      '--attacker',
      '1 Dragon',
      '--defender',
      '1 INF',
      '--seed',
      'x',
    );
    expect(code).toBe(1);
    expect(out).toContain('Error: battle 1: attacker legion 1: unknown unit "Dragon"');
  });
});
