import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { praetor } from './helpers/cli';

/** The fortified-city battle of test/online-rounds.test.ts, traced die by die there. */
const FORT_BATTLE = [
  '--rules',
  'cote-online',
  '--attacker',
  'Marcus: 1 CAV 2 INF',
  '--defender',
  'Titus: 1 INF',
  '--fort',
  '--dice',
  '4,2,1,3,2,1,5,3,6,5,6',
];

describe('praetor battle --rules cote-online', () => {
  it('prints the log with rolls and casualty draws', async () => {
    const { code, out } = await praetor('battle', ...FORT_BATTLE);
    expect(code).toBe(0);
    expect(out).toContain('(cote-online 1.1.0)');
    expect(out).toContain('Options: mode=fight-to-the-death, fort=true, rounds=-');
    expect(out).toContain('The attacker wins in round 2 with 1 CAV left.');
    expect(out).toContain('Leaders captured: Titus');
    expect(out).toMatch(/^1\s+defender\s+FORT#1\s+3\s+hit\s+1 CAV 2 INF\s+1 INF 1 FORT$/m);
    expect(out).toMatch(
      /^1\s+attacker\s+hit 1\s+casualty\s+1\s+2\s+FORT#1\s+1 CAV 2 INF\s+1 INF$/m,
    );
    expect(out).toMatch(/^2\s+defender\s+hit 1\s+casualty\s+6\s+2\s+INF#1\s+1 CAV\s+none$/m);
  });

  it('takes --mode and prints JSON', async () => {
    const { code, out } = await praetor(
      'battle',
      '--rules',
      'cote-online',
      '--attacker',
      '2 INF',
      '--defender',
      '2 INF',
      '--mode',
      'hit-and-run',
      '--dice',
      '5,1,2,3,4',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r).toMatchObject({
      ruleset: { id: 'cote-online' },
      options: { mode: 'hit-and-run', fort: false, rounds: null },
      outcome: 'retreat',
      diceUsed: 5,
    });
    expect(r.events[4]).toMatchObject({
      kind: 'casualty',
      side: 'attacker',
      among: 2,
      attempts: [[4]],
      index: 1,
      lost: 'INF#2',
    });
  });

  it('rejects the options cote-online does not know, and a bad mode', async () => {
    const sea = await praetor(
      'battle',
      '--rules',
      'cote-online',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--sea',
      '--seed',
      's',
    );
    expect(sea.code).toBe(1);
    expect(sea.out).toContain('cote-online has no sea battles');
    const mode = await praetor(
      'battle',
      '--rules',
      'cote-online',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--mode',
      'x',
      '--seed',
      's',
    );
    expect(mode.out).toContain('mode is "x"');
    // And cote-pbem does not know --mode.
    const pbem = await praetor(
      'battle',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--mode',
      'hit-and-run',
      '--seed',
      's',
    );
    expect(pbem.out).toContain('unknown option "mode"');
  });

  it('pauses with --rounds and --save, and resumes to the same end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-online-'));
    const file = join(dir, 'saved.json');
    const first = await praetor(
      'battle',
      ...FORT_BATTLE.slice(0, -1),
      '4,2,1,3,2,1,5',
      '--rounds',
      '1',
      '--save',
      file,
    );
    expect(first.code).toBe(0);
    expect(first.out).toContain('Paused after 1 round: attacker 1 CAV 1 INF, defender 1 INF.');
    expect(JSON.parse(readFileSync(file, 'utf8')).state).toMatchObject({
      round: 1,
      end: { outcome: 'paused' },
    });
    const rest = await praetor('battle', '--resume', file, '--dice', '3,6,5,6', '--json');
    expect(rest.code).toBe(0);
    expect(JSON.parse(rest.out)).toMatchObject({
      outcome: 'eliminated',
      winner: 'attacker',
      rounds: 2,
      diceUsed: 11,
    });
  });
});

describe('praetor odds --rules cote-online', () => {
  it('prints the exact odds with a mutual field', async () => {
    const { code, out } = await praetor(
      'odds',
      '--rules',
      'cote-online',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.method).toBe('exact');
    expect(r.attackerWins).toBeCloseTo(0.4, 14);
    expect(r.defenderWins).toBeCloseTo(0.4, 14);
    expect(r.attackerRetreats).toBe(0);
    expect(r.mutual).toBeCloseTo(0.2, 14);
    expect(r.mutual).toBe(r.undecided);
  });

  it('takes --mode and --fort', async () => {
    const { code, out } = await praetor(
      'odds',
      '--rules',
      'cote-online',
      '--attacker',
      '1 CAT',
      '--defender',
      '1 INF',
      '--mode',
      'hit-and-run',
      '--fort',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.options).toEqual({ mode: 'hit-and-run', fort: true, rounds: null });
    expect(r.defenderWins).toBeCloseTo(7 / 9, 14);
    expect(r.attackerRetreats).toBeCloseTo(2 / 9, 14);
  });

  it('cote-pbem odds print no mutual field', async () => {
    const { out } = await praetor('odds', '--attacker', '1 INF', '--defender', '1 INF', '--json');
    expect(JSON.parse(out)).not.toHaveProperty('mutual');
  });
});
