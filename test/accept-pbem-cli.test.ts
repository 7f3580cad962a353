// Acceptance checks of issues 2 and 3 through the CLI: the gaps an audit found.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { praetor } from './helpers/cli';

const json = async (...argv: string[]) => {
  const r = await praetor(...argv);
  return { ...r, r: JSON.parse(r.out) };
};

describe('praetor battle, acceptance', () => {
  it('--sea makes a sea battle: the galley bursts and the next round of galleys', async () => {
    const args = ['--attacker', '1 INF 1 GAL', '--defender', '1 INF 1 GAL', '--dice', '1,2,6,1'];
    const { code, r } = await json('battle', ...args, '--sea', '--json');
    expect(code).toBe(0);
    expect(r.options.sea).toBe(true);
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker', rounds: 2, diceUsed: 4 });
    expect(r.attacker).toEqual({ CAT: 0, CAV: 0, INF: 0, GAL: 1 });
    expect(r.defender).toEqual({ CAT: 0, CAV: 0, INF: 0, GAL: 0 });
    expect(
      r.events.map((e: { round: number; side: string; unit: string; lost?: string }) => [
        e.round,
        e.side,
        e.unit,
        e.lost ?? null,
      ]),
    ).toEqual([
      [1, 'attacker', 'INF#1', 'INF#1'],
      [1, 'defender', 'GAL#1', 'INF#1'],
      [1, 'attacker', 'GAL#1', null],
      [2, 'attacker', 'GAL#1', 'GAL#1'],
    ]);
    // Without --sea the same rosters are a land battle, where galleys are an error.
    const land = await praetor('battle', ...args, '--json');
    expect(land.code).toBe(1);
    expect(JSON.parse(land.out).error).toMatch(/galleys fight only at sea/);
  });

  it('--dice takes spaces and semicolons as separators, as pasted from an email', async () => {
    const base = ['battle', '--attacker', '2 INF, 1 CAT', '--defender', '4 INF', '--json'];
    const commas = await json(...base, '--dice', '3,4,4,2,3,4,1,2,5,1');
    const mixed = await json(...base, '--dice', ' 3, 4; 4 2 3;4,1  2;5 , 1 ');
    expect(mixed.code).toBe(0);
    expect(mixed.r.events).toEqual(commas.r.events);
    expect(mixed.r.dice).toEqual(commas.r.dice);
    expect(mixed.r.diceUsed).toBe(10);
  });

  it('a leader whose name has a comma keeps it, and is the one captured', async () => {
    const { code, r } = await json(
      'battle',
      '--attacker',
      'Marcus, son of Titus: 2 INF',
      '--defender',
      'Brutus: 1 INF',
      '--dice',
      '6,1,6,1',
      '--json',
    );
    expect(code).toBe(0);
    expect(r.forces.attacker[0].leader).toBe('Marcus, son of Titus');
    expect(r.forces.attacker[0].units).toEqual({ INF: 2 });
    expect(r.winner).toBe('defender');
    expect(r.captured).toEqual(['Marcus, son of Titus']);
  });

  it('--input with 50 battles, one bad: 50 results in order, the bad one an error only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-accept-'));
    const battles: Record<string, unknown>[] = Array.from({ length: 50 }, (_, i) => ({
      id: `b${i}`,
      attacker: '2 CAT, 5 INF',
      defender: '4 INF, 2 CAV',
      fort: i % 3,
      seed: `s${i}`,
    }));
    battles[17] = { id: 'bad', attacker: '2 INF', defender: '1 INF', fort: 3, seed: 'x' };
    const input = join(dir, 'fifty.json');
    writeFileSync(input, JSON.stringify(battles));
    const { code, r } = await json('battle', '--input', input, '--json');
    expect(code).toBe(1);
    expect(r).toHaveLength(50);
    expect(r.map((x: { id: string }) => x.id)).toEqual(battles.map((b) => b.id));
    expect(Object.keys(r[17])).toEqual(['id', 'error']);
    expect(r[17].error).toMatch(/fort/);
    for (const [i, x] of r.entries()) {
      if (i === 17) continue;
      expect(x.error).toBeUndefined();
      expect(['eliminated', 'retreat']).toContain(x.outcome);
      expect(x.options.fort).toBe(i % 3);
    }
    // Each result is the battle's own: the same as running it alone.
    const alone = await json(
      'battle',
      '--attacker',
      '2 CAT, 5 INF',
      '--defender',
      '4 INF, 2 CAV',
      '--fort',
      '2',
      '--seed',
      's41',
      '--json',
    );
    expect(r[41].events).toEqual(alone.r.events);
    expect(r[41].winner).toBe(alone.r.winner);
  });

  it('resumes with a retreat condition already met: it ends after the next defender shot, not before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-accept-'));
    const saved = join(dir, 'paused.json');
    const first = await json(
      'battle',
      '--attacker',
      '2 INF',
      '--defender',
      '2 INF',
      '--dice',
      '6,6,6,6',
      '--rounds',
      '1',
      '--save',
      saved,
      '--json',
    );
    expect(first.r).toMatchObject({ outcome: 'paused', winner: null, rounds: 1, diceUsed: 4 });
    // "enemy.INF >= 2" already holds, but is read only after a defender shot.
    const rest = await json(
      'battle',
      '--resume',
      saved,
      '--retreat',
      'enemy.INF >= 2',
      '--dice',
      '5; 6',
      '--json',
    );
    expect(rest.code).toBe(0);
    expect(rest.r).toMatchObject({
      outcome: 'retreat',
      winner: 'defender',
      rounds: 2,
      diceUsed: 6,
      captured: [],
      options: { retreat: 'enemy.INF >= 2', rounds: null },
    });
    expect(rest.r.dice).toEqual({ scripted: [6, 6, 6, 6, 5, 6] });
    expect(rest.r.events.map((e: { side: string; unit: string }) => `${e.side} ${e.unit}`)).toEqual(
      ['attacker INF#1', 'defender INF#1'],
    );
    expect(rest.r.attacker).toEqual({ CAT: 0, CAV: 0, INF: 2, GAL: 0 });
    // Out of dice on resume is an error that says where the battle stood, not a crash.
    const short = await praetor('battle', '--resume', saved, '--dice', '5', '--json');
    expect(short.code).toBe(1);
    expect(JSON.parse(short.out).error).toMatch(/ran out after 5 dice, in round 2/);
  });
});

describe('praetor odds, acceptance: exact values from an independent solver', () => {
  // Each fraction was computed by a separate exact solver written from the spec (rational
  // arithmetic, the self-loop of a round summed in closed form), not by Praetor.
  it.each([
    [['--attacker', '1 INF', '--defender', '1 INF', '--fort', '2'], 12 / 125, 113 / 125, 0, 2.808],
    [
      ['--attacker', '1 CAT, 1 INF', '--defender', '2 INF', '--fort', '--breach-by', 'catapult'],
      300987447 / 590647015,
      289659568 / 590647015,
      0,
      2.78855,
    ],
    [
      ['--attacker', '2 CAV, 1 GAL', '--defender', '1 CAT, 2 GAL', '--sea'],
      166409953 / 396675825,
      230265872 / 396675825,
      0,
      4.239554,
    ],
    [
      [
        '--attacker',
        '1 INF, 2 GAL',
        '--defender',
        '1 CAV, 2 GAL',
        '--sea',
        '--retreat',
        'lost >= 2',
      ],
      4125391 / 9503325,
      0,
      5377934 / 9503325,
      3.487802,
    ],
    [
      [
        '--attacker',
        '2 CAT, 2 INF',
        '--defender',
        '3 INF, 1 CAV',
        '--retreat',
        'lost.CAT >= 1 and units <= 3',
      ],
      0.6082712412936824,
      0,
      0.3917287587063177,
      2.118308,
    ],
  ])('%j', async (args, att, def, ret, rounds) => {
    const { code, r } = await json('odds', ...args, '--json');
    expect(code).toBe(0);
    expect(r.method).toBe('exact');
    expect(r.attackerWins).toBeCloseTo(att, 12);
    expect(r.defenderWins).toBeCloseTo(def, 12);
    expect(r.attackerRetreats).toBeCloseTo(ret, 12);
    expect(r.expectedRounds).toBeCloseTo(rounds, 5);
    const sum = (k: string) =>
      r.distributions[k].reduce((s: number, d: { p: number }) => s + d.p, 0);
    expect(sum('attackerWins')).toBeCloseTo(att, 12);
    expect(sum('defenderWins')).toBeCloseTo(def, 12);
    expect(sum('attackerRetreats')).toBeCloseTo(ret, 12);
  });
});
