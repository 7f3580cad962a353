import { praetor } from './helpers/cli';

describe('praetor dice', () => {
  it('gives the seed checks exactly', async () => {
    const a = await praetor('dice', '--pool', '2 mastery, 1 ability');
    expect(a.code).toBe(0);
    expect(a.out).toContain('Pool: 2 mastery, 1 ability, 2 difficulty (average)');
    expect(a.out).toContain('Success: 63.80% (47040/73728)');
    const b = await praetor(
      'dice',
      '--pool',
      '2 mastery, 1 ability, 1 boon',
      '--difficulty',
      'average',
    );
    expect(b.out).toContain('Success: 70.57% (312200/442368)');
    const c = await praetor('dice', '--pool', '3/1');
    expect(c.out).toContain('Success: 58.37%');
  });
  it('gives the siege lines 5.83 rolls', async () => {
    const r = await praetor(
      'dice',
      '--pool',
      '3 mastery, 2 boon',
      '--difficulty',
      'hard',
      '--extended',
      '8',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('Extended check to 8: 5.83 rolls expected');
  });
  it('prints JSON with net Boons adding to one', async () => {
    const r = await praetor('dice', '--pool', '3/2', '--json');
    const j = JSON.parse(r.out);
    expect(j.success).toBeCloseTo(245 / 384, 12);
    const sum = j.netBoons.reduce((a: number, b: { p: number }) => a + b.p, 0);
    expect(sum).toBeCloseTo(1, 12);
  });
  it('an opposed check: equal pools win and lose alike', async () => {
    const r = await praetor('dice', '--pool', '3 mastery', '--against', '3 mastery', '--json');
    const j = JSON.parse(r.out);
    expect(j.difficulty).toBe('none');
    expect(j.opposed.win).toBeCloseTo(j.opposed.lose, 12);
  });
  it('refuses bad pools and answers --help', async () => {
    const r = await praetor('dice', '--pool', '2 gold');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--pool');
    const h = await praetor('dice', '--help');
    expect(h.out).toContain('Usage: praetor dice');
  });
});
