import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers/workbooks';
import { praetor } from './helpers/cli';

const A = 'A: attack 6, defence 4, health 10, morale 10, discipline 10';
const B = 'B: attack 5, defence 5, health 10, morale 10, discipline 10';
/** The two rounds of test/fow-melee.test.ts: B wins as A retreats in round 2. */
const DICE = '3,2,6,1,2,4,4,1,1,6,3,3,1,5,1,1';

describe('praetor battle --rules fortunes-of-war', () => {
  it('prints the log of roster text and scripted dice, every draw with what it decided', async () => {
    const r = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--dice',
      DICE,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('(fortunes-of-war 1.2.0)');
    expect(r.out).toMatch(/Round\s+Segment\s+Side\s+Unit\s+Dice\s+Roll\s+How\s+Result/);
    expect(r.out).toContain('TOTAL_ATTACK: attack 6 + RND(6) 3 = 9');
    expect(r.out).toMatch(
      /3 3\s+RND\(20\)=15\s+health 4\/10: RND\(20\) 15 - morale 10 = 5\s+fails: retreats/,
    );
    expect(r.out).toContain('Dice: scripted, 16 given; 16 used');
  });

  it('reads JSON rosters, on the command line and as objects in an --input file', async () => {
    const attacker = {
      army: { name: 'A', attack: 6, defence: 4, health: 10, morale: 10, discipline: 10 },
    };
    const defender = {
      army: { name: 'B', attack: 5, defence: 5, health: 10, morale: 10, discipline: 10 },
    };
    const text = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--dice',
      DICE,
      '--json',
    );
    const json = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      JSON.stringify(attacker),
      '--defender',
      JSON.stringify(defender),
      '--dice',
      DICE,
      '--json',
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out).events).toEqual(JSON.parse(text.out).events);
    const file = join(tempDir(), 'fow.json');
    writeFileSync(
      file,
      JSON.stringify([
        { id: 'obj', rules: 'fortunes-of-war', attacker, defender, dice: DICE },
        {
          id: 'txt',
          rules: 'fortunes-of-war',
          attacker: A,
          defender: B,
          seed: 'x',
          readings: 'meleeRounds=1',
        },
        {
          id: 'bad',
          rules: 'fortunes-of-war',
          attacker: { army: { attack: 100 } },
          defender: B,
          seed: 'x',
        },
      ]),
    );
    const batch = await praetor('battle', '--input', file, '--json');
    expect(batch.code).toBe(1);
    const [obj, txt, bad] = JSON.parse(batch.out);
    expect(obj.events).toEqual(JSON.parse(text.out).events);
    expect(obj.winner).toBe('defender');
    expect(txt.options.meleeRounds).toBe(1);
    expect(txt.rounds).toBe(1);
    expect(bad.error).toBe(
      'battle bad: attacker: army attacker army: attack 100: expected a whole number from 0 to 99',
    );
  });

  it('takes the numbers as readings, and --terrain and --castes', async () => {
    const r = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--seed',
      'x',
      '--readings',
      'meleeRounds=3, checkDie=10',
      '--terrain',
      'town',
      '--castes',
      'city 20/60, tribal 30/70',
      '--json',
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.options).toMatchObject({
      meleeRounds: 3,
      checkDie: 10,
      terrain: 'town',
      castes: 'city 20/60, tribal 30/70',
    });
    expect(JSON.stringify(j.events)).toContain('town +1 defence');
    const bad = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--seed',
      'x',
      '--readings',
      'wings=2',
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('unknown option "wings" for fortunes-of-war');
  });

  it('pauses after a round and resumes to the same log', async () => {
    const dir = tempDir();
    const saved = join(dir, 'paused.json');
    const straight = JSON.parse(
      (
        await praetor(
          'battle',
          '--rules',
          'fortunes-of-war',
          '--attacker',
          A,
          '--defender',
          B,
          '--dice',
          DICE,
          '--json',
        )
      ).out,
    );
    const first = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--dice',
      DICE,
      '--rounds',
      '1',
      '--save',
      saved,
      '--json',
    );
    expect(JSON.parse(first.out).outcome).toBe('paused');
    const rest = JSON.parse((await praetor('battle', '--resume', saved, '--json')).out);
    expect([...JSON.parse(first.out).events, ...rest.events]).toEqual(straight.events);
    expect(JSON.parse(readFileSync(saved, 'utf8')).ruleset.id).toBe('fortunes-of-war');
  });

  it('reports a JSON file of battles with object rosters, every draw in words', async () => {
    const dir = tempDir();
    const file = join(dir, 'fow.json');
    const attacker = { army: { name: 'A', attack: 6, defence: 4, health: 10 } };
    const defender = { army: { name: 'B', attack: 5, defence: 5, health: 10 } };
    writeFileSync(
      file,
      JSON.stringify([{ id: 'hex', rules: 'fortunes-of-war', attacker, defender, dice: DICE }]),
    );
    const html = join(dir, 'fow.html');
    const r = await praetor('report', file, '--out', html);
    expect(r.code).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain(
      "Round 1, 2B melee: the attacker's A rolls RND(6)=3 (TOTAL_ATTACK: attack 6 + RND(6) 3 = 9): attacks.",
    );
    expect(text).toContain('--rules fortunes-of-war');
  });

  it('explains a bad roster', async () => {
    const r = await praetor(
      'battle',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      'A: attack 6, flying',
      '--defender',
      B,
      '--seed',
      'x',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('attacker: army A: "flying" is not an army rating');
  });
});

describe('praetor odds --rules fortunes-of-war', () => {
  it('estimates by Monte Carlo, reproducibly', async () => {
    const args = [
      'odds',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--runs',
      '2000',
      '--json',
    ];
    const r = await praetor(...args);
    expect(r.code).toBe(0);
    const odds = JSON.parse(r.out);
    expect(odds.method).toBe('montecarlo');
    expect(odds.runs).toBe(2000);
    expect(
      odds.attackerWins + odds.defenderWins + odds.attackerRetreats + odds.undecided,
    ).toBeCloseTo(1, 10);
    // A hits harder (6 against defence 5) but defends worse: B should be favoured, not crushed.
    expect(odds.defenderWins).toBeGreaterThan(odds.attackerWins);
    expect(odds.attackerWins).toBeGreaterThan(0.1);
    expect(odds.noVictor).toBe(odds.undecided);
    expect(JSON.parse((await praetor(...args)).out)).toEqual(odds);
    const exact = await praetor(
      'odds',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      A,
      '--defender',
      B,
      '--method',
      'exact',
    );
    expect(exact.code).toBe(1);
    expect(exact.err).toContain('has no exact solver');
  });

  it('gives certain odds for a hex settled without dice', async () => {
    const r = await praetor(
      'odds',
      '--rules',
      'fortunes-of-war',
      '--attacker',
      'Fleet: attack 6',
      '--defender',
      'leader Nemo: hero; at sea',
      '--runs',
      '100',
      '--json',
    );
    const odds = JSON.parse(r.out);
    expect(odds.attackerWins).toBe(1);
    expect(odds.leaders).toEqual([
      { side: 'attacker', leader: "attacker's leader 1", captured: 0 },
      { side: 'defender', leader: 'Nemo', captured: 1 },
    ]);
  });
});
