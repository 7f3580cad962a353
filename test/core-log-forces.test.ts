import { BattleResult, resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { FORCES_LINE, FORCES_LINES, summaryLines } from '../src/log';
import { findRuleset } from '../src/rulesets';

/**
 * Every log names who fought with what: a line a side, after the dice, in the roster text of
 * the battle's rules, which that ruleset reads back to the same forces.
 */

function fight(rules: string, attacker: string, defender: string, options = {}): BattleResult {
  const battle = validateBattle({ id: 'B1', rules, attacker, defender, seed: 'who', options });
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const forcesLines = (r: BattleResult) =>
  summaryLines(r, findRuleset(r.ruleset.id)!).slice(FORCES_LINE, FORCES_LINE + FORCES_LINES);

/** The battle fought again from its log's forces lines: the same forces as it began with. */
function readsBack(r: BattleResult): void {
  const [attacker, defender] = forcesLines(r).map((l) => l.replace(/^(Attacker|Defender): /, ''));
  const again = fight(r.ruleset.id, attacker, defender, r.options as object);
  const plain = (x: BattleResult) =>
    JSON.parse(JSON.stringify(x.forces, (k, v) => (k === 'where' ? undefined : v)));
  expect(plain(again)).toEqual(plain(r));
  expect(again.events).toEqual(r.events);
}

describe('the forces lines of a log', () => {
  it('cote-pbem: several legions a side, named and unnamed leaders, after the dice line', () => {
    const r = fight(
      'cote-pbem',
      'Hannibal: 2 CAT, 1 CAV, 4 INF; Hasdrubal: 2 CAV, 5 INF',
      '1 CAT 1 CAV 5 INF; Scipio: 3 INF',
      { fort: 2, breachBy: 'catapult' },
    );
    const lines = summaryLines(r, findRuleset('cote-pbem')!);
    expect(lines).toHaveLength(7);
    expect(lines[2]).toMatch(/^Dice: seed "who"/);
    expect(lines.slice(3, 5)).toEqual([
      'Attacker: Hannibal: 2 CAT 1 CAV 4 INF; Hasdrubal: 2 CAV 5 INF',
      'Defender: 1 CAT 1 CAV 5 INF; Scipio: 3 INF',
    ]);
    expect(lines[5]).toMatch(/^(The|Both)/);
    expect(lines[6]).toMatch(/^Leaders captured: /);
    readsBack(r);
  });

  it('cote-pbem at sea: the galleys too', () => {
    const r = fight(
      'cote-pbem',
      'Agrippa: 1 CAT 1 CAV 3 INF 1 GAL',
      'Pompeius: 1 CAT 3 INF 1 GAL; Sextus: 1 GAL',
      { sea: true },
    );
    expect(forcesLines(r)).toEqual([
      'Attacker: Agrippa: 1 CAT 1 CAV 3 INF 1 GAL',
      'Defender: Pompeius: 1 CAT 3 INF 1 GAL; Sextus: 1 GAL',
    ]);
    readsBack(r);
  });

  it('cote-online', () => {
    const r = fight('cote-online', 'Marcus: 2 CAT, 5 INF', 'Titus: 4 INF, 2 CAV; 1 INF');
    expect(forcesLines(r)).toEqual([
      'Attacker: Marcus: 2 CAT 5 INF',
      'Defender: Titus: 2 CAV 4 INF; 1 INF',
    ]);
    readsBack(r);
  });

  it('imperium: fleets by faction, damaged ships and troops by their codes', () => {
    const space = fight('imperium', 'Terran: 1 BB, 2 CA; 4 DD', 'Imperial: 2 CA (damaged), 1 CR');
    // A fleet that names no faction takes its side's: the line names it.
    expect(forcesLines(space)).toEqual([
      'Attacker: Terran: 1 BB 2 CA; Terran: 4 DD',
      'Defender: Imperial: 2 CA* 1 CR',
    ]);
    readsBack(space);
    const ground = fight('imperium', 'Terran: 3 RT 4-2, 1 JT6', 'Imperial: 1 PD, 2 RT3', {
      combat: 'ground',
    });
    expect(forcesLines(ground)).toEqual([
      'Attacker: Terran: 3 RT4 1 JT6',
      'Defender: Imperial: 1 PD 2 RT3',
    ]);
    readsBack(ground);
  });

  it('legion-battles: each unit by name and Quality, with the ratings it does not default to', () => {
    const r = fight(
      'legion-battles',
      'Septimius: veteran century, discipline 4, pila; trained cohort; raw screen, pc Marcus fight 3/2+1 resistance 4 athletics 2/1',
      'levy: raw levy, discipline 2, 4:1; Varus: trained, leader 4/3+1, short supply, flank, vs 1',
    );
    expect(forcesLines(r)).toEqual([
      'Attacker: Septimius: veteran, discipline 4, cohorts, pila; attacker 2: trained, cohorts; ' +
        'attacker 3: raw, screen, pc Marcus fight 3/2+1 resistance 4 athletics 2/1',
      'Defender: levy: raw, numbers 4; Varus: trained, leader 4/3+1, short supply, flank, vs 1',
    ]);
    readsBack(r);
  });

  it('fortunes-of-war: the army, its leader, the city and the empire, as roster text', () => {
    const r = fight(
      'fortunes-of-war',
      'Legio X: attack 6, defence 5, missile 2, health 14/20, morale 15, discipline 18, experience 5, forester; leader Thorvald: hero, leadership 2, melee 4, stealth 2, experience 20',
      'Gauls: attack 5, defence 4, health 18, morale 8, discipline 6; leader Vercix: ruler, melee 3, stealth 3; city Alesia: city, population 25000; treasury 800; empire population 100000; empire: Legion capital 18, Numidian cavalry city 12',
    );
    expect(forcesLines(r)).toEqual([
      'Attacker: Legio X: attack 6, missile 2, health 14/20, morale 15, discipline 18, ' +
        'experience 5, forester; leader Thorvald: hero, leadership 2, melee 4, stealth 2, experience 20',
      'Defender: Gauls: defence 4, health 18, morale 8, discipline 6; leader Vercix: ruler, ' +
        'stealth 3; city Alesia: city, population 25000; treasury 800; empire population 100000; ' +
        'empire: Legion capital 18, Numidian cavalry city 12',
    ]);
    readsBack(r);
  });

  it('fortunes-of-war: an unescorted leader, and JSON for a name the text cannot carry', () => {
    const r = fight(
      'fortunes-of-war',
      '{"army": {"name": "Guard: the Old", "health": 12}}',
      'leader Bob: hero; terrain forest',
    );
    const [attacker, defender] = forcesLines(r);
    expect(JSON.parse(attacker.replace(/^Attacker: /, ''))).toMatchObject({
      army: { name: 'Guard: the Old', health: 12, maxHealth: 12 },
    });
    expect(defender).toBe('Defender: leader Bob: hero; terrain forest');
    readsBack(r);
    // An army named like a section is written as the docs say: `army City Guard: ...`.
    const guard = fight('fortunes-of-war', 'army City Guard: attack 4', 'Leader Hero');
    expect(forcesLines(guard)).toEqual([
      'Attacker: army City Guard: attack 4',
      "Defender: leader defender's leader: hero",
    ]);
    readsBack(guard);
  });
});
