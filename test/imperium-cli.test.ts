import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { praetor } from './helpers/cli';

const SEED_EXAMPLE = [
  '--rules',
  'imperium',
  '--attacker',
  'Terran: 2 DD',
  '--defender',
  'Imperial: 1 CR',
  '--range',
  'short',
];
const DICE = '1,6,5,6,2,5,5,6,5,4,5,5,6,3,5';

describe('praetor battle --rules imperium', () => {
  it('prints the seed example die group by die group', async () => {
    const { code, out } = await praetor('battle', ...SEED_EXAMPLE, '--dice', DICE);
    expect(code).toBe(0);
    expect(out).toContain('(imperium 1.2.0)');
    expect(out).toContain('The attacker wins in round 1 with 1 DD* left.');
    expect(out).toMatch(/^1\s+attacker\s+beam\s+DD#2\s+CR#1\s+5 6\s+2\s+damaged/m);
    expect(out).toMatch(/^1\s+defender\s+torpedo\s+CR#1\s+DD#2\s+5 5 6\s+3\s+3 5\s+damaged/m);
  });

  it('takes standing orders, unit data from a file, and reports bad orders as usage errors of the battle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-imperium-'));
    const file = join(dir, 'units.txt');
    writeFileSync(file, 'Imperial CR B0\n');
    const { code, out } = await praetor(
      'battle',
      ...SEED_EXAMPLE,
      '--units',
      file,
      '--attacker-orders',
      'split=auto',
      '--seed',
      'x',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.options.units).toBe('Imperial CR B0');
    expect(r.options.attackerOrders).toContain('split=auto');
    expect(
      r.events.some(
        (e: { step?: string; side: string }) => e.step === 'beam' && e.side === 'defender',
      ),
    ).toBe(false);
    const bad = await praetor(
      'battle',
      ...SEED_EXAMPLE,
      '--defender-orders',
      'range=far',
      '--seed',
      'x',
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('defenderOrders: range is "far"');
  });

  it('ground combat from the command line', async () => {
    const { code, out } = await praetor(
      'battle',
      '--rules',
      'imperium',
      '--combat',
      'ground',
      '--attacker',
      'Terran: 3 RT 4-2, 1 JT6',
      '--defender',
      'Imperial: 1 PD, 2 RT3',
      '--seed',
      'planet',
    );
    expect(code).toBe(0);
    expect(out).toContain('combat=ground');
  });
});

describe('praetor odds --rules imperium', () => {
  it('estimates by Monte Carlo with standard errors', async () => {
    const { code, out } = await praetor('odds', ...SEED_EXAMPLE, '--runs', '2000', '--json');
    expect(code).toBe(0);
    const odds = JSON.parse(out);
    expect(odds.method).toBe('montecarlo');
    expect(odds.runs).toBe(2000);
    expect(odds.standardErrors.attackerWins).toBeGreaterThan(0);
    const text = await praetor('odds', ...SEED_EXAMPLE, '--runs', '500');
    expect(text.out).toMatch(/Attacker wins\s+\d+\.\d+% ± /);
  });
});
