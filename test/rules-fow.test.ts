import { d100, d20, draws, fow, rows } from './fow-helpers';

/**
 * fortunes-of-war rules that the earlier tests left unguarded (a mutation audit), each worked by
 * hand from shared/spec/fortunes-of-war.md (and the decisions of docs/rules-fortunes-of-war.md
 * where the spec is silent) on scripted dice: RND(6) is one d6, RND(20) = n the two d6 of
 * `d20(n)`, RND(100) = n the three d6 of `d100(n)`. Melee draws: attacker's attack, defender's
 * defence, defender's attack, attacker's defence.
 */

/** A defender that loses its army at once: 9 + 1 = 10 against 0 + 1 = 1; it hits 1 + 1 vs 10. */
const crushing = 'Raiders: attack 9, defence 9, health 10';

describe("segment 1: Cause Fear, the attacker's first", () => {
  it("makes the defender check against the attacker's Cause Fear before the attacker checks", () => {
    // Both frighten. B checks first: RND(20) 3 - morale 10 = -7 passes; then E: RND(20) 4 -
    // morale 10 = -6 passes. The combat goes on to melee (no missiles).
    const r = fow({
      attacker: 'E: cause fear',
      defender: 'B: cause fear',
      dice: [...d20(3), ...d20(4), 1, 1, 1, 1],
      rounds: 1,
    });
    expect(rows(r, '1 Cause Fear')).toEqual([
      'B: RND(20) 3 - morale 10 = -7 -> passes',
      'E: RND(20) 4 - morale 10 = -6 -> passes',
    ]);
  });
});

describe('armies against leaders: the fate of a ruler', () => {
  it("a hero's capture does not end his player: only a ruler's fall does", () => {
    // Spec, Player elimination: "When a player's ruler is killed or captured". A hero taken at
    // 81+ draws no elimination roll for the empire listed with him.
    const r = fow({
      attacker: crushing,
      defender: 'leader Hrolf: hero, melee 3; empire: Levy city 10',
      dice: d100(81),
    });
    expect(draws(r)).toEqual(['army vs leader Hrolf RND(100)=81: 81+: captured']);
    expect(rows(r, 'elimination')).toEqual([]);
    expect(r.captured).toEqual(['Hrolf']);
  });

  it('a legend captured is worth its experience / 10 in fame, as a hero is', () => {
    // Spec, Segment 4: "a hero killed or captured is worth its experience / 10"; legends are
    // heroes of renown (decision 14 counts both). Experience 30: +3 fame to the captor.
    const r = fow({
      attacker: crushing,
      defender: 'leader Lugh: legend, melee 3, experience 30',
      dice: d100(90),
    });
    expect(rows(r, 'army vs leader')).toEqual([
      'Lugh: RND(100) 90 - 5 x (melee 3 - 3) = 90 -> 81+: captured',
      'Lugh: legend captured: experience 30 / 10 -> +3 fame',
    ]);
    expect(r.events.at(-1)!.result).toBe('attacker fame +3, gold 0; defender fame 0, gold 0');
  });
});

describe('at sea', () => {
  it('a ruler drowned with his ship ends his player', () => {
    // Both ships sink at once (9 + 1 against 0 + 1 each way): no enemy ship afloat, so R drowns
    // (decision 23), and a ruler drowned counts as killed (decision 17): the Levy rolls 31.
    const r = fow({
      attacker: 'Fleet: attack 9, defence 0, health 1',
      defender:
        'Ship: attack 9, defence 0, health 1; leader R: ruler; empire: Levy city 10; at sea',
      dice: [1, 1, 1, 1, ...d100(31)],
    });
    expect(rows(r, 'army vs leader')).toEqual([
      'R: ship destroyed, no enemy ship afloat to take him -> drowns',
    ]);
    expect(rows(r, 'elimination')).toEqual([
      'R: the ruler is drowned -> the player is eliminated: 1 unit to decide',
      'Levy: city caste, discipline 10: rebel 30%, join 30%, disband 40% -> joins the attacker',
    ]);
  });
});

describe('segment 2B: the city bonus', () => {
  it("goes to the defender only, never to the attacker's TOTAL_DEFENSE", () => {
    // Spec, Segment 2B: the city is a terrain bonus to the defence of the city's defender;
    // decision 8: the defender only. In a town (+1): A 5 + 1 = 6 against B 5 + 1 + 1 = 7: none;
    // B 5 + 1 = 6 against A 5 + 1 = 6: none.
    const r = fow({
      attacker: 'A: health 30',
      defender: 'B: health 30; terrain town',
      dice: [1, 1, 1, 1],
      rounds: 1,
    });
    expect(rows(r, '1 specials')).toEqual(['B: terrain town -> town +1 defence']);
    expect(rows(r, '2B melee')).toEqual([
      'A: TOTAL_ATTACK: attack 5 + RND(6) 1 = 6 -> attacks',
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 1 + town 1 = 7 -> 6 - 7: 0 damage to B',
      'B: TOTAL_ATTACK: attack 5 + RND(6) 1 = 6 -> attacks',
      'A: TOTAL_DEFENSE: defence 5 + RND(6) 1 = 6 -> 6 - 6: 0 damage to A',
      'both: damage applied: A -0, B -0 -> both stand',
    ]);
  });
});

describe('segment 2A: missiles', () => {
  it('are fired in the first round only', () => {
    // Spec: "Segment 2A, first round only: missiles". Round 1: A fires 1 + 1 = 2 against B's
    // 5 + 1 = 6: none; melee 5 + 1 against 5 + 1 both ways: none. Round 2: melee only, four
    // dice, none. Ten dice in all, and the missile rows of round 1 only.
    const r = fow({
      attacker: 'A: attack 5, defence 5, missile 1, health 30',
      defender: 'B: attack 5, defence 5, health 30',
      dice: new Array<number>(10).fill(1),
      rounds: 2,
    });
    expect(rows(r, '2A missiles')).toEqual([
      'A: fire: missile 1 + RND(6) 1 = 2 -> fires',
      'B: defence: defence 5 + RND(6) 1 = 6 -> 2 - 6: 0 damage to B',
      'both: damage applied: A -0, B -0 -> both stand',
    ]);
    expect(r).toMatchObject({ outcome: 'paused', rounds: 2, diceUsed: 10 });
  });
});

describe('capturing a city: the booty', () => {
  it('rounds the booty down: 150 citizens killed are 0.6 gold, so 0', () => {
    // Spec: 4 gold per 1000 citizens killed; decision 16: rounded down. The leader escapes
    // (RND(100) 20, hex 2); the Raiders (discipline 10) kill 10% of 1500 people: 150.
    const r = fow({
      attacker: crushing,
      defender: 'leader Hrolf: hero, melee 3; city Vicus: town, population 1500',
      dice: [...d100(20), 2],
    });
    expect(rows(r, '4 city')[1]).toBe(
      'Raiders: pillage: 1% x (20 - discipline 10) of 1500 people -> 150 citizens killed; booty 4 gold per 1000 killed = 0 gold',
    );
    expect(r.events.at(-1)!.result).toBe('attacker fame +3, gold 0; defender fame -3, gold 0');
  });
});

describe('the leaders after the armies', () => {
  it('a leader whose army fell with the enemy army faces no table: nothing holds the hex', () => {
    // Both armies destroyed at once on land (9 + 1 against 0 + 1 each way). Only the attacker
    // has a leader: the table is for a leader "in a hostile army's hex", and no hostile army is
    // left (decision 22: a leader with no one left to face is free). No further dice.
    const r = fow({
      attacker: 'A: attack 9, defence 0, health 1; leader LA: hero',
      defender: 'B: attack 9, defence 0, health 1',
      dice: [1, 1, 1, 1],
    });
    expect(rows(r, 'army vs leader')).toEqual([]);
    expect(r).toMatchObject({ outcome: 'mutual', winner: null, diceUsed: 4 });
    expect(r.attacker).toEqual({ HP: 0, LDR: 1 });
  });
});
