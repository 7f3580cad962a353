import { resolveBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { buildReport } from '../src/report/model';
import { praetor, shellWords } from './helpers/cli';

/**
 * Every ruleset's report gives a command line that replays its battle to the same log: the
 * rosters as the ruleset reads them back (ratings included, not only counts) and every option
 * that is not at its default, in flags the command takes.
 */

const BATTLES: Record<string, Record<string, unknown>> = {
  'cote-pbem': {
    attacker: 'Marcus: 2 CAT 2 CAV 3 INF',
    defender: 'Titus: 4 INF; 2 CAV',
    fort: 1,
    retreat: 'units <= 2',
    seed: 'pbem',
  },
  'cote-online': {
    rules: 'cote-online',
    attacker: 'Marcus: 1 CAT 2 CAV 3 INF',
    defender: 'Titus: 5 INF',
    mode: 'hit-and-run',
    seed: 'online',
  },
  imperium: {
    rules: 'imperium',
    attacker: 'Terran: 2 DD',
    defender: 'Imperial: 1 CR',
    range: 'short',
    seed: 'imperium',
  },
  'legion-battles': {
    rules: 'legion-battles',
    attacker: 'Brennus: raw levy, discipline 2, 4:1',
    defender: 'Septimius: veteran century, discipline 4, pila, finished works',
    readings: 'clashes=8, flankBoons=2',
    seed: 'legion',
  },
  'fortunes-of-war': {
    rules: 'fortunes-of-war',
    attacker:
      'Legio X: attack 6, defence 5, missile 2, health 14/20, morale 15, discipline 18, experience 5, forester; ' +
      'leader Thorvald: hero, leadership 2, melee 4, stealth 2, experience 20',
    defender:
      'Gauls: attack 5, defence 4, health 18, morale 8, discipline 6; leader Vercix: ruler, melee 3, stealth 3; ' +
      'city Alesia: city, population 25000; treasury 800; empire population 100000; empire: Legion capital 18',
    readings: 'meleeRounds=6, cityDefence=3',
    terrain: 'forest',
    seed: 'fow',
  },
};

describe.each(Object.entries(BATTLES))('the replay line of a %s report', (id, flat) => {
  it('replays the battle to the same log', async () => {
    const battle = validateBattle(specFromObject(flat));
    if (!battle.ok) throw new Error(battle.error);
    const result = resolveBattle(battle.value);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.ruleset.id).toBe(id);
    const command = buildReport(result.value).replay;
    const replay = await praetor(...shellWords(command).slice(2), '--json');
    expect(replay.err).toBe('');
    expect(replay.code).not.toBe(2);
    const replayed = JSON.parse(replay.out);
    expect(replayed.options).toEqual(JSON.parse(JSON.stringify(result.value.options)));
    expect(replayed.events).toEqual(JSON.parse(JSON.stringify(result.value.events)));
  });
});
