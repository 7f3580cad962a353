import { draws, fow, fowError, rows } from './fow-helpers';

/**
 * Melee rounds computed by hand, with scripted dice. Draw order (docs/rules-fortunes-of-war.md):
 * attacker's attack, defender's defence, defender's attack, attacker's defence; then morale
 * checks, attacker first. RND(20) = n is two d6: n - 1 = 6(d1 - 1) + (d2 - 1).
 */

describe('armies against armies, round by round', () => {
  /**
   * A (attack 6, defence 4) and B (attack 5, defence 5), health 10 each.
   * Round 1: A 6+3 = 9 vs B 5+2 = 7: 2 to B; B 5+6 = 11 vs A 4+1 = 5: 6 to A. A 4/10, B 8/10.
   *   A at 40% checks morale: RND(20) 10 (dice 2 4) - 10 = 0: passes. B at 80% does not check.
   * Round 2: A 6+4 = 10 vs B 5+1 = 6: 4 to B; B 5+1 = 6 vs A 4+6 = 10: none. A 4, B 4.
   *   A: RND(20) 15 (3 3) - 10 = 5: retreats; discipline RND(20) 5 (1 5) - 10: in order.
   *   B at 40%: RND(20) 1 (1 1) - 10: passes. B wins; B +5 experience, A +3.
   */
  const DICE = [3, 2, 6, 1, 2, 4, 4, 1, 1, 6, 3, 3, 1, 5, 1, 1];
  const battle = () =>
    fow({
      attacker: 'A: attack 6, defence 4, health 10, morale 10, discipline 10',
      defender: 'B: attack 5, defence 5, health 10, morale 10, discipline 10',
      dice: DICE,
    });

  it('plays two rounds and a retreat exactly as computed by hand', () => {
    const r = battle();
    expect(r.outcome).toBe('retreated');
    expect(r.winner).toBe('defender');
    expect(r.rounds).toBe(2);
    expect(r.diceUsed).toBe(16);
    expect(r.attacker).toEqual({ HP: 4 });
    expect(r.defender).toEqual({ HP: 4 });
    expect(rows(r, '2B melee')).toEqual([
      'A: TOTAL_ATTACK: attack 6 + RND(6) 3 = 9 -> attacks',
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 2 = 7 -> 9 - 7: 2 damage to B',
      'B: TOTAL_ATTACK: attack 5 + RND(6) 6 = 11 -> attacks',
      'A: TOTAL_DEFENSE: defence 4 + RND(6) 1 = 5 -> 11 - 5: 6 damage to A',
      'both: damage applied: A -6, B -2 -> both stand',
      'A: TOTAL_ATTACK: attack 6 + RND(6) 4 = 10 -> attacks',
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 1 = 6 -> 10 - 6: 4 damage to B',
      'B: TOTAL_ATTACK: attack 5 + RND(6) 1 = 6 -> attacks',
      'A: TOTAL_DEFENSE: defence 4 + RND(6) 6 = 10 -> 6 - 10: 0 damage to A',
      'both: damage applied: A -0, B -4 -> both stand',
    ]);
    expect(rows(r, '3 morale')).toEqual([
      'A: health 4/10: RND(20) 10 - morale 10 = 0 -> passes',
      'A: health 4/10: RND(20) 15 - morale 10 = 5 -> fails: retreats',
      'A: RND(20) 5 - discipline 10 = -5 -> retreats in order',
      'B: health 4/10: RND(20) 1 - morale 10 = -9 -> passes',
    ]);
    expect(rows(r, '4 resolution').slice(0, 2)).toEqual([
      'A: army retreated -> +3 experience (now 3)',
      'B: victorious army -> +5 experience (now 5)',
    ]);
  });

  it('logs every die once, in order, with the row that drew it', () => {
    const r = battle();
    expect(r.events.flatMap((e) => e.dice)).toEqual(DICE);
    expect(r.rolls).toEqual(DICE);
  });

  it('names where scripted dice ran out: the second die of the first RND(20)', () => {
    expect(
      fowError({
        attacker: 'A: attack 6, defence 4, health 10',
        defender: 'B: attack 5, defence 5, health 10',
        dice: DICE.slice(0, 5),
      }),
    ).toBe(
      "battle battle: the scripted dice ran out after 5 dice, in round 1, morale: A's morale check",
    );
  });

  /**
   * Forest, a leader, experience and missiles. A: missile 3, experience 10 (+2), forester (+2),
   * leader L (leadership 2). Missiles: A 3+5 = 8 vs B 5+1 = 6: 2 to B (B has no missiles).
   * Melee: A 6+4+2+2+2 = 16 vs B 5+3 = 8: 8 to B (4 left): destroyed; B 4+6 = 10 vs A 4+2+2 = 8:
   * 2 to A. A wins: +5 experience (15), L +2, +1 fame.
   */
  it('adds leadership, Forester and experience to melee, and fires missiles once', () => {
    const r = fow({
      attacker:
        'A: attack 6, defence 4, missile 3, health 12, experience 10, forester; leader L: leadership 2',
      defender: 'B: attack 4, defence 5, health 6, morale 20; terrain forest',
      dice: [5, 1, 4, 3, 6, 2],
    });
    expect(r.outcome).toBe('destroyed');
    expect(r.winner).toBe('attacker');
    expect(r.attacker).toEqual({ HP: 10, LDR: 1 });
    expect(r.defender).toEqual({ HP: 0 });
    expect(rows(r, '1 specials')).toEqual(['A: terrain forest -> forester +2 attack']);
    expect(rows(r, '2A missiles')).toEqual([
      'A: fire: missile 3 + RND(6) 5 = 8 -> fires',
      'B: defence: defence 5 + RND(6) 1 = 6 -> 8 - 6: 2 damage to B',
      'both: damage applied: A -0, B -2 -> both stand',
    ]);
    expect(rows(r, '2B melee').slice(0, 4)).toEqual([
      'A: TOTAL_ATTACK: attack 6 + RND(6) 4 + leadership 2 + forester 2 + experience 2 = 16 -> attacks',
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 3 = 8 -> 16 - 8: 8 damage to B',
      'B: TOTAL_ATTACK: attack 4 + RND(6) 6 = 10 -> attacks',
      'A: TOTAL_DEFENSE: defence 4 + RND(6) 2 + experience 2 = 8 -> 10 - 8: 2 damage to A',
    ]);
    expect(rows(r, '4 resolution')).toEqual([
      'A: victorious army -> +5 experience (now 15)',
      'L: leader of the victors -> +2 experience (now 2)',
      'A: destroyed B -> +1 fame',
      'both: combat ends: destroyed -> A holds the hex',
      'both: the hex ends: destroyed -> attacker fame +1, gold 0; defender fame 0, gold 0',
    ]);
  });

  it('gives the defender its city bonus, unless the attacker has Siege Weapons', () => {
    const defence = (siege: string) =>
      rows(
        fow({
          attacker: `A: attack 6, health 30${siege}`,
          defender: 'B: defence 5, health 30; terrain capital',
          dice: [1, 1, 1, 1],
          rounds: 1,
        }),
        '2B melee',
      )[1];
    expect(defence('')).toBe(
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 1 + capital 3 = 9 -> 7 - 9: 0 damage to B',
    );
    expect(defence(', siege weapons')).toBe(
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 1 = 6 -> 7 - 6: 1 damage to B',
    );
  });

  /**
   * Cause Fear: the Archers (morale 1, discipline 12) resist with 12. RND(20) 15 (3 3) - 12 = 3:
   * fail. Free attack 7+5 = 12 vs 3+2 = 5: 7 damage (1/8 left). Discipline RND(20) 13 (3 1) -
   * 12 = 1: rout. The Elephants (discipline 10) check RND(20) 11 (2 5) - 10 = 1: berserk.
   */
  it('Cause Fear: a failed check gives a free attack, a rout and a berserk victor', () => {
    const r = fow({
      attacker: 'Elephants: attack 7, defence 4, health 15, cause fear',
      defender: 'Archers: attack 2, defence 3, missile 4, health 8, morale 1, discipline 12',
      dice: [3, 3, 5, 2, 3, 1, 2, 5],
    });
    expect(r.outcome).toBe('routed');
    expect(r.winner).toBe('attacker');
    expect(r.rounds).toBe(1);
    expect(rows(r, '1 Cause Fear')).toEqual([
      'Archers: RND(20) 15 - discipline 12 = 3 -> fails: Elephants gets a free attack',
      'Elephants: TOTAL_ATTACK: attack 7 + RND(6) 5 = 12 -> free attack',
      'Archers: TOTAL_DEFENSE: defence 3 + RND(6) 2 = 5 -> 12 - 5: 7 damage to Archers',
      'Archers: RND(20) 13 - discipline 12 = 1 -> routs',
      'Elephants: RND(20) 11 - discipline 10 = 1 -> goes berserk: pursues the routed unit next turn',
    ]);
    expect(r.events.some((e) => e.segment === '2A missiles')).toBe(false);
  });

  it('after ten rounds with no harm done both units retreat', () => {
    const r = fow({
      attacker: 'A: attack 1, defence 9, health 10',
      defender: 'B: attack 1, defence 9, health 10',
      dice: Array(40).fill(6),
    });
    expect(r.outcome).toBe('disengaged');
    expect(r.winner).toBeNull();
    expect(r.rounds).toBe(10);
    expect(r.diceUsed).toBe(40);
    expect(rows(r, '4 resolution').slice(0, 2)).toEqual([
      'A: army retreated -> +3 experience (now 3)',
      'B: army retreated -> +3 experience (now 3)',
    ]);
    const shorter = fow({
      attacker: 'A: attack 1, defence 9, health 10',
      defender: 'B: attack 1, defence 9, health 10',
      dice: Array(12).fill(6),
      readings: 'meleeRounds=3',
    });
    expect(shorter.rounds).toBe(3);
    expect(shorter.outcome).toBe('disengaged');
  });
});

describe('armies against leaders on land', () => {
  /** A lone leader of melee 5: the roll is RND(100) - 5 x (5 - 3) = RND(100) - 10. */
  const alone = (dice: number[], rank = 'hero', health = 3) =>
    fow({
      attacker: 'Raiders: attack 5, defence 5, health 10',
      defender: `leader Hrolf: ${rank}, melee 5, stealth 2, health ${health}, experience 42`,
      dice,
    });

  it('reads the table by its bands', () => {
    // RND(100) 20 (dice 1 4 2) - 10 = 10: escapes, deals floor(5 / 2) = 2 damage.
    const r10 = alone([1, 4, 2]);
    expect(draws(r10)).toEqual([
      'army vs leader Hrolf RND(100)=20: < 11: escapes and deals 2 damage to Raiders',
    ]);
    expect(r10.attacker).toEqual({ HP: 8 });
    expect(r10.outcome).toBe('escaped');
    // 21 (1 4 3) - 10 = 11: escapes to a hex, one more RND(6).
    expect(draws(alone([1, 4, 3, 4]))).toEqual([
      'army vs leader Hrolf RND(100)=21: 11-30: escapes to an adjacent hex',
      'army vs leader Hrolf RND(6)=4: hex 4',
    ]);
    // 41 (2 1 5) - 10 = 31: one wound.
    expect(draws(alone([2, 1, 5]))[0]).toBe(
      'army vs leader Hrolf RND(100)=41: 31-50: escapes with 1 wound (1/3)',
    );
    // 61 (2 5 1) - 10 = 51: two wounds; a hero with health 2 is captured, a captain killed.
    expect(draws(alone([2, 5, 1], 'hero', 2))[0]).toBe(
      'army vs leader Hrolf RND(100)=61: 51-70: 2 wounds, 2/2: captured instead of killed',
    );
    expect(alone([2, 5, 1], 'captain', 2).outcome).toBe('killed');
    // 90 (3 3 6) - 10 = 80: missing; 91 (3 4 1) - 10 = 81: captured.
    expect(alone([3, 3, 6]).outcome).toBe('missing');
    expect(alone([3, 3, 6], 'ruler').outcome).toBe('killed');
    const captured = alone([3, 4, 1]);
    expect(captured.outcome).toBe('captured');
    expect(captured.winner).toBe('attacker');
    expect(captured.captured).toEqual(['Hrolf']);
    // A hero of experience 42 captured: 4 fame to the captors.
    expect(captured.events.at(-1)!.result).toBe(
      'attacker fame +4, gold 0; defender fame 0, gold 0',
    );
    expect(alone([3, 4, 1], 'captain').outcome).toBe('killed');
  });
});

describe('the leaders after the armies', () => {
  it('two armies destroyed at once leave their leaders to meet, and fight to the death', () => {
    // All 1s: each attacks 9 + 1 + leadership 1 = 11 against 0 + 1: both destroyed (mutual).
    // The leaders, stealth 1 both: 40%; RND(100) 40 (dice 2 1 4) meets. LA 3 + 6 beats LB 3 + 1
    // three times: LB dies of his third wound.
    const r = fow({
      attacker: 'A: attack 9, defence 0, health 1; leader LA: melee 3, stealth 1',
      defender: 'B: attack 9, defence 0, health 1; leader LB: melee 3, stealth 1',
      dice: [1, 1, 1, 1, 2, 1, 4, 6, 1, 6, 1, 6, 1],
    });
    expect(r.outcome).toBe('mutual');
    expect(r.winner).toBeNull();
    expect(r.events.map((e) => e.segment).filter((s, i, all) => s !== all[i - 1])).toEqual([
      '2B melee',
      '4 resolution',
      'leader vs leader',
      '4 resolution',
    ]);
    expect(draws(r)[4]).toBe(
      'leader vs leader LA and LB RND(100)=40: they meet: personal combat to the death',
    );
    expect(r.attacker).toEqual({ HP: 0, LDR: 1 });
    expect(r.defender).toEqual({ HP: 0, LDR: 0 });
    expect(r.events.at(-1)!.result).toBe('attacker fame +1, gold 0; defender fame +1, gold 0');
  });

  it('a lone leader against an army with its own leader rolls on the table, and does not duel', () => {
    // RND(100) 15 (dice 1 3 3) - 5 x (3 - 3) = 15: escapes; RND(6) 2: to hex 2.
    const r = fow({
      attacker: 'leader Solo: captain, melee 3',
      defender: 'B: attack 5; leader LB: melee 3, stealth 1',
      dice: [1, 3, 3, 2],
    });
    expect(draws(r)).toEqual([
      'army vs leader Solo RND(100)=15: 11-30: escapes to an adjacent hex',
      'army vs leader Solo RND(6)=2: hex 2',
    ]);
    expect(r.outcome).toBe('escaped');
    expect(r.winner).toBe('defender');
  });
});
