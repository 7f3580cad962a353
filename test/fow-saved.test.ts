import { resolveBattle, resumeBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { SavedBattle } from '../src/saved-battle';
import { d100, fow } from './fow-helpers';

/**
 * A paused fortunes-of-war battle saved to a file and edited by hand: every field at fault is
 * named, whether in the forces (the sides' ratings) or in the state where play left it.
 */

const ARMIES = {
  rules: 'fortunes-of-war',
  attacker: 'A: attack 6, defence 4, health 10, morale 10, discipline 10',
  defender: 'B: attack 5, defence 5, health 10, morale 10, discipline 10',
  dice: [3, 2, 6, 1, 2, 4, 4, 1, 1, 6, 3, 3, 1, 5, 1, 1],
};

/** Two lone leaders meet (RND(100) 1 of 40%) and tie their first exchange, 3 + 4 each. */
const DUEL = {
  rules: 'fortunes-of-war',
  attacker: 'leader T: hero, melee 3',
  defender: 'leader D: hero, melee 3',
  dice: [...d100(1), 4, 4, 6, 1, 6, 1, 6, 1],
};

function paused(flat: Record<string, unknown>): SavedBattle {
  const battle = validateBattle(specFromObject({ ...flat, rounds: 1 }));
  if (!battle.ok) throw new Error(battle.error);
  const r = resolveBattle(battle.value);
  if (!r.ok) throw new Error(r.error);
  if (!r.value.saved) throw new Error('the battle did not pause');
  return JSON.parse(JSON.stringify(r.value.saved));
}

type Json = Record<string, any>;

/** The error resuming a saved battle edited by `edit`, or 'resumed'. */
function resumed(flat: Record<string, unknown>, edit: (saved: Json) => void): string {
  const saved = paused(flat);
  edit(saved as unknown as Json);
  const r = resumeBattle(saved);
  return r.ok ? 'resumed' : r.error;
}

const DAMAGED = 'battle battle: the saved battle is damaged: ';

describe('a hand-edited fortunes-of-war saved battle', () => {
  it('resumes untouched, in the melee rounds and in a duel, to the straight run', () => {
    for (const flat of [ARMIES, DUEL]) {
      const rest = resumeBattle(paused(flat));
      if (!rest.ok) throw new Error(rest.error);
      expect([...fow({ ...flat, rounds: 1 }).events, ...rest.value.events]).toEqual(
        fow(flat).events,
      );
    }
    expect(paused(DUEL).state).toMatchObject({ phase: 'duel', round: 1 });
  });

  it.each([
    [
      'a health above the maximum',
      (s: Json) => (s.state.sides.attacker.army.health = 11),
      'state.sides.attacker.army.health is 11, expected a whole number from 1 to 10',
    ],
    [
      'a status play never gives',
      (s: Json) => (s.state.sides.attacker.army.status = 'flying'),
      'state.sides.attacker.army.status is "flying", expected "fighting" (the armies are still fighting)',
    ],
    [
      'an army that left the hex while the armies still fight',
      (s: Json) => (s.state.sides.defender.army.status = 'routed'),
      'state.sides.defender.army.status is "routed", expected "fighting" (the armies are still fighting)',
    ],
    [
      'a phase a battle never pauses in',
      (s: Json) => (s.state.phase = 'aftermath'),
      'state.phase is "aftermath", expected one of "armies", "duel"',
    ],
    [
      'a duel with no army combat recorded',
      (s: Json) => (s.state.phase = 'duel'),
      'state.armies is null, expected how the armies fought (the leaders duel after it)',
    ],
    [
      'a round before the first',
      (s: Json) => (s.state.round = 0),
      'state.round is 0, expected a whole number from 1 to 1000000',
    ],
    [
      'an ending',
      (s: Json) => (s.state.end = { outcome: 'destroyed', winner: 'attacker' }),
      'state.end is {"outcome":"destroyed","winner":"atta..., expected null (a saved battle is paused)',
    ],
    [
      'gold won before any city fell',
      (s: Json) => (s.state.sides.attacker.gold = 100),
      'state.sides.attacker.gold is 100, expected 0 (gold moves when a city falls, after the last pause)',
    ],
    [
      'experience lost',
      (s: Json) => (s.state.sides.defender.army.experience = -1),
      'state.sides.defender.army.experience is -1, expected a whole number from 0 to 1000000',
    ],
    [
      'a rating as text',
      (s: Json) => (s.forces.attacker[0].fow.army.attack = '6'),
      'forces: attacker roster (A): fow.army.attack is "6", expected a whole number from 0 to 99',
    ],
    [
      'a rating out of range',
      (s: Json) => (s.forces.defender[0].fow.army.morale = 0),
      'forces: defender roster (B): fow.army.morale is 0, expected a whole number from 1 to 20',
    ],
    [
      'a special no roster reads',
      (s: Json) => (s.forces.attacker[0].fow.army.specials = ['flying']),
      'forces: attacker roster (A): fow.army.specials[0] is "flying", expected one of "cause fear", "forester", "mountaineer", "siege weapons"',
    ],
    [
      'an army that is not one',
      (s: Json) => (s.forces.attacker[0].fow.army = 5),
      'forces: attacker roster (A): fow.army is 5, expected an army or null',
    ],
  ])('names %s', (_, edit, error) => {
    expect(resumed(ARMIES, edit)).toBe(DAMAGED + error);
  });

  it.each([
    [
      'a wound that should have killed',
      (s: Json) => (s.state.sides.defender.leader.wounds = 3),
      'state.sides.defender.leader.wounds is 3, expected a whole number from 0 to 2',
    ],
    [
      'a leader gone from the duel',
      (s: Json) => (s.state.sides.attacker.leader.fate = 'escaped'),
      'state.sides.attacker.leader.fate is "escaped", expected "present" (a leader fights on until the hex is settled)',
    ],
    [
      'melee rounds where no army is',
      (s: Json) => (s.state.phase = 'armies'),
      'state.phase is "armies", expected one of "duel"',
    ],
    [
      'a rank no roster reads',
      (s: Json) => (s.forces.defender[0].fow.leader.rank = 'king'),
      'forces: defender roster (D): fow.leader.rank is "king", expected one of "captain", "hero", "legend", "ruler"',
    ],
  ])('names %s in a duel', (_, edit, error) => {
    expect(resumed(DUEL, edit)).toBe(DAMAGED + error);
  });
});
