import { praetor } from './helpers/cli';

const LEVY = 'levy: raw levy, discipline 2, 4:1';
const CENTURY = 'Septimius: veteran century, discipline 4, pila, finished works';

describe('praetor battle/odds --rules legion-battles', () => {
  it('prints a Clash-by-Clash log from scripted dice', async () => {
    const dice = '1,1,1,1,1,1,1,4,1,4,1,1,1,1,1,1';
    const r = await praetor(
      'battle',
      '--rules',
      'legion-battles',
      '--attacker',
      LEVY,
      '--defender',
      CENTURY,
      '--dice',
      dice,
      '--clashes',
      '1',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('(legion-battles 1.3.0)');
    expect(r.out).toMatch(/Clash\s+Side\s+Unit\s+Check/);
    expect(r.out).toContain('Septimius wins by 4');
    expect(r.out).toContain('levy Half D1');
  });
  it('takes readings as options', async () => {
    const r = await praetor(
      'battle',
      '--rules',
      'legion-battles',
      '--attacker',
      LEVY,
      '--defender',
      CENTURY,
      '--seed',
      'x',
      '--readings',
      'shakenAt=0, outOfArrows=close',
      '--json',
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const result = Array.isArray(j) ? j[0] : j;
    expect(JSON.stringify(result)).toContain('"shakenAt":0');
    const bad = await praetor(
      'battle',
      '--rules',
      'legion-battles',
      '--attacker',
      LEVY,
      '--defender',
      CENTURY,
      '--seed',
      'x',
      '--readings',
      'wings=2',
    );
    expect(bad.code).toBe(1);
    expect(bad.out + bad.err).toContain('unknown option "wings"');
  });

  const odds = (defender: string, ...more: string[]) =>
    praetor(
      'odds',
      '--rules',
      'legion-battles',
      '--attacker',
      LEVY,
      '--defender',
      defender,
      ...more,
    );

  it('gives exact odds', async () => {
    const r = await odds(CENTURY, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.method).toBe('exact');
    expect((100 * j.defenderWins).toFixed(1)).toBe('97.6');
  });

  it('names the ending with no winner by all it holds: a screen that rides away is one', async () => {
    const screen = 'S: trained archers, discipline 0, arrows 0';
    const r = await odds(screen);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^No winner \(standing, withdrawn or mutual\)\s+100\.00%$/m);
    const j = await odds(screen, '--json');
    expect(JSON.parse(j.out)).toMatchObject({ undecided: 1, standing: 1, attackerWins: 0 });
  });
});
