import { praetor } from './helpers/cli';

describe('praetor odds', () => {
  it('prints exact odds as JSON', async () => {
    const { code, out } = await praetor(
      'odds',
      '--attacker',
      'Marcus: 1 INF',
      '--defender',
      'Brutus: 1 INF',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.method).toBe('exact');
    expect(r.attackerWins).toBeCloseTo(0.6, 12);
    expect(r.defenderWins).toBeCloseTo(0.4, 12);
    expect(r.attackerRetreats).toBe(0);
    expect(r.expectedAttackerSurvivors).toBeCloseTo(0.6, 12);
    expect(r.expectedDefenderSurvivors).toBeCloseTo(0.4, 12);
    expect(r.expectedRounds).toBeCloseTo(1.8, 12);
    expect(r.leaders).toEqual([
      { side: 'attacker', leader: 'Marcus', captured: expect.closeTo(0.4, 12) },
      { side: 'defender', leader: 'Brutus', captured: expect.closeTo(0.6, 12) },
    ]);
    expect(r.distributions.defenderWins[0]).toEqual({
      p: expect.closeTo(0.4, 12),
      attacker: { CAT: 0, CAV: 0, INF: 0, GAL: 0 },
      defender: { CAT: 0, CAV: 0, INF: 1, GAL: 0 },
    });
  });

  it('lists the leaders that can be captured, with their chances, and only those', async () => {
    const pbem = await praetor(
      'odds',
      '--attacker',
      'Marcus: 1 INF',
      '--defender',
      'Brutus: 1 INF',
    );
    expect(pbem.out).toContain('Leaders captured: Marcus 40.00%, Brutus 60.00%\n');
    // A fleet has no leader to lose: no line of 0.00% chances.
    const fleets = await praetor(
      'odds',
      '--rules',
      'imperium',
      '--attacker',
      'Terran: 2 DD',
      '--defender',
      'Imperial: 1 CR',
      '--runs',
      '2000',
    );
    expect(fleets.code).toBe(0);
    expect(fleets.out).toContain('Expected rounds:');
    expect(fleets.out).not.toContain('Leaders captured');
  });

  it("names a ruleset's undecided ending in words: No victor, Mutual", async () => {
    const fow = await praetor(
      'odds',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      'A: attack 6, health 12',
      '--defender',
      'B: attack 5, health 12',
      '--runs',
      '2000',
    );
    expect(fow.code).toBe(0);
    expect(fow.out).toMatch(/^No victor +\d+\.\d\d% ± /m);
    expect(fow.out).not.toContain('NoVictor');
    const online = await praetor(
      'odds',
      '--rules',
      'cote-online',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
    );
    expect(online.out).toMatch(/^Mutual +20\.00%$/m);
  });

  it('takes the battle options: --fort alone is one wall hit point', async () => {
    const { code, out } = await praetor(
      'odds',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--fort',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.options.fort).toBe(1);
    expect(r.attackerWins).toBeCloseTo(6 / 25, 12);
  });

  it('estimates by Monte Carlo with standard errors, reproducibly by seed', async () => {
    const args = ['odds', '--attacker', '2 INF 1 GAL', '--defender', '1 CAV 2 GAL', '--sea'];
    const mc = [...args, '--method', 'montecarlo', '--runs', '3000', '--seed', 's', '--json'];
    const one = await praetor(...mc);
    const two = await praetor(...mc);
    expect(one.code).toBe(0);
    expect(one.out).toBe(two.out);
    const r = JSON.parse(one.out);
    expect(r).toMatchObject({ method: 'montecarlo', runs: 3000, seed: 's' });
    expect(r.standardErrors.attackerWins).toBeGreaterThan(0);
    const exact = JSON.parse((await praetor(...args, '--json')).out);
    expect(Math.abs(r.attackerWins - exact.attackerWins)).toBeLessThan(
      4 * r.standardErrors.attackerWins,
    );
  });

  it('prints a readable summary without --json', async () => {
    const { code, out } = await praetor(
      'odds',
      '--attacker',
      '2 INF',
      '--defender',
      '1 INF',
      '--retreat',
      'units <= 1',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/exact/);
    expect(out).toMatch(/^Attacker wins\s+68\.42%$/m);
    expect(out).toMatch(/^Attacker retreats\s+31\.58%$/m);
    expect(out).toContain('Expected rounds: 1.42');
  });

  it('prints no retreat line for rules with no retreat order, unless their battles retreat', async () => {
    const pbem = await praetor('odds', '--attacker', '2 INF', '--defender', '1 INF');
    expect(pbem.out).toMatch(/^Attacker retreats\s+0\.00%$/m);
    const legion = await praetor(
      ...['odds', '--rules', 'legion-battles', '--attacker', 'veteran century'],
      ...['--defender', 'raw century'],
    );
    expect(legion.code).toBe(0);
    expect(legion.out).toMatch(/^Attacker wins\s+\d/m);
    expect(legion.out).not.toMatch(/Attacker retreats/);
    const online = (mode: string) =>
      praetor(
        ...['odds', '--rules', 'cote-online', '--attacker', '2 INF'],
        ...['--defender', '2 INF', '--mode', mode],
      );
    expect((await online('fight-to-the-death')).out).not.toMatch(/Attacker retreats/);
    expect((await online('hit-and-run')).out).toMatch(/^Attacker retreats\s+[1-9]/m);
  });

  it('says when --runs and --seed go unused because the odds are exact', async () => {
    const args = ['odds', '--attacker', '1 INF', '--defender', '1 INF'];
    const both = await praetor(...args, '--seed', 'x', '--runs', '5');
    expect(both.code).toBe(0);
    expect(both.out).toContain('exact (');
    expect(both.err).toBe(
      'note: the odds are exact, so --runs and --seed (for a Monte Carlo count) went unused; ' +
        'add --method montecarlo to count battles instead\n',
    );
    const plain = await praetor(...args);
    expect(plain.err).toBe('');
    const counted = await praetor(...args, '--seed', 'x', '--method', 'montecarlo', '--runs', '5');
    expect(counted.err).toBe('');
  });

  it('falls back to Monte Carlo, with a note, when the battle is too large', async () => {
    const legion = '3 CAT 2 CAV 2 INF';
    const side = Array(6).fill(legion).join('; ');
    const { code, out } = await praetor(
      'odds',
      '--attacker',
      side,
      '--defender',
      side,
      '--runs',
      '50',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.method).toBe('montecarlo');
    expect(r.note).toMatch(/too large for the exact solver/);
    const exact = await praetor(
      'odds',
      '--attacker',
      side,
      '--defender',
      side,
      '--method',
      'exact',
    );
    expect(exact.code).toBe(1);
    expect(exact.err).toMatch(/too large/);
  });

  it('exits 1 on a bad battle and 2 on bad usage', async () => {
    const bad = await praetor('odds', '--attacker', '8 INF', '--defender', '1 INF');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/at most 7/);
    expect((await praetor('odds', '--attacker', '1 INF')).code).toBe(2);
    expect(
      (await praetor('odds', '--attacker', '1 INF', '--defender', '1 INF', '--runs', 'x')).code,
    ).toBe(2);
    const method = await praetor(
      'odds',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--method',
      'guess',
    );
    expect(method.code).toBe(2);
    expect(method.err).toMatch(/--method/);
    expect((await praetor('odds', '--nope')).code).toBe(2);
    // An option of praetor battle is not "unknown": odds say why they take none.
    const rounds = await praetor(
      'odds',
      '--attacker',
      '1 INF',
      '--defender',
      '1 INF',
      '--rounds=2',
    );
    expect(rounds.code).toBe(2);
    expect(rounds.err.trim()).toBe(
      'praetor odds: --rounds is an option of praetor battle, not of odds: the odds are of the whole battle, to its end (a pause is for praetor battle). Run "praetor odds --help" for usage.',
    );
    const help = await praetor('odds', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('--method');
  });
});
