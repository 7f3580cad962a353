import { d100, d20, draws, fow, rows } from './fow-helpers';

/**
 * The segments of armies against armies at their edges, worked by hand from the spec with
 * scripted dice. Draw order (docs/rules-fortunes-of-war.md): attacker's attack, defender's
 * defence, defender's attack, attacker's defence; morale checks attacker first.
 */

describe('the dice helpers read RND(x) as the docs say', () => {
  it('match the worked examples of the golden tests', () => {
    expect(d100(60)).toEqual([2, 4, 6]);
    expect(d100(30)).toEqual([1, 5, 6]);
    expect(d100(90)).toEqual([3, 3, 6]);
    expect(d20(15)).toEqual([3, 3]);
    expect(d20(10)).toEqual([2, 4]);
    expect(d20(20)).toEqual([4, 2]);
  });
});

describe('segment 1: specials', () => {
  /** M 5 + 1 + 2 (mountaineer; forester counts only in forest) = 8 against N 5 + 1 = 6: 2. */
  it('Mountaineer adds 2 to attack on a mountain, Forester nothing there', () => {
    const r = fow({
      attacker: 'M: attack 5, defence 5, health 30, mountaineer, forester',
      defender: 'N: attack 5, defence 5, health 30, forester; terrain mountain',
      dice: [1, 1, 1, 1],
      rounds: 1,
    });
    expect(rows(r, '1 specials')).toEqual(['M: terrain mountain -> mountaineer +2 attack']);
    expect(rows(r, '2B melee')).toEqual([
      'M: TOTAL_ATTACK: attack 5 + RND(6) 1 + mountaineer 2 = 8 -> attacks',
      'N: TOTAL_DEFENSE: defence 5 + RND(6) 1 = 6 -> 8 - 6: 2 damage to N',
      'N: TOTAL_ATTACK: attack 5 + RND(6) 1 = 6 -> attacks',
      'M: TOTAL_DEFENSE: defence 5 + RND(6) 1 = 6 -> 6 - 6: 0 damage to M',
      'both: damage applied: M -0, N -2 -> both stand',
    ]);
  });

  /**
   * F resists with its morale 12 (above its discipline 8): RND(20) 12 - 12 = 0 passes, and the
   * combat goes on to missiles; RND(20) 13 fails.
   */
  it('Cause Fear: a check of exactly 0 passes and the combat goes on; 1 fails', () => {
    const fear = (check: number[], more: number[]) =>
      fow({
        attacker: 'E: attack 5, defence 5, health 20, cause fear',
        defender: 'F: attack 5, defence 5, missile 1, health 20, morale 12, discipline 8',
        dice: [...check, ...more],
        rounds: 1,
      });
    const passed = fear(d20(12), [1, 1, 1, 1, 1, 1]);
    expect(rows(passed, '1 Cause Fear')).toEqual(['F: RND(20) 12 - morale 12 = 0 -> passes']);
    expect(rows(passed, '2A missiles')).toHaveLength(3);
    expect(rows(passed, '2B melee')).toHaveLength(5);
    expect(passed.outcome).toBe('paused');
    // 13 fails: E 5 + 3 = 8 against F 5 + 2 = 7, 1 damage; F's discipline: RND(20) 8 - 8 = 0.
    const failed = fear(d20(13), [3, 2, ...d20(8)]);
    expect(rows(failed, '1 Cause Fear')).toEqual([
      'F: RND(20) 13 - morale 12 = 1 -> fails: E gets a free attack',
      'E: TOTAL_ATTACK: attack 5 + RND(6) 3 = 8 -> free attack',
      'F: TOTAL_DEFENSE: defence 5 + RND(6) 2 = 7 -> 8 - 7: 1 damage to F',
      'F: RND(20) 8 - discipline 8 = 0 -> retreats in order',
    ]);
    expect(failed.outcome).toBe('retreated');
    expect(failed.winner).toBe('attacker');
    expect(failed.diceUsed).toBe(6);
    expect(failed.events.some((e) => e.segment !== '1 Cause Fear' && e.roll !== '')).toBe(false);
  });

  /** E 9 + 1 = 10 against F 0 + 1 = 1: 9 damage to F's 2: destroyed, no discipline check. */
  it('Cause Fear: a free attack that destroys ends the combat with no discipline check', () => {
    const r = fow({
      attacker: 'E: attack 9, cause fear',
      defender: 'F: defence 0, health 2, morale 1, discipline 1',
      dice: [...d20(20), 1, 1],
    });
    expect(rows(r, '1 Cause Fear')).toEqual([
      'F: RND(20) 20 - morale 1 = 19 -> fails: E gets a free attack',
      'E: TOTAL_ATTACK: attack 9 + RND(6) 1 = 10 -> free attack',
      'F: TOTAL_DEFENSE: defence 0 + RND(6) 1 = 1 -> 10 - 1: 9 damage to F: destroyed',
    ]);
    expect(r.outcome).toBe('destroyed');
    expect(r.winner).toBe('attacker');
    expect(r.diceUsed).toBe(4);
    expect(rows(r, '4 resolution')).toContain('E: destroyed F -> +1 fame');
  });

  /**
   * The defender's Cause Fear frightens the attacker, who resists with its discipline 5 (above
   * its morale 3): RND(20) 6 fails. E 6 + 2 = 8 against F 5 + 1 = 6: 2 damage. F's discipline
   * check: 5 retreats in order, 6 routs; a routed attacker makes no one check for berserk.
   */
  it("Cause Fear: the defender's frightens the attacker, and a routed attacker brings no berserk", () => {
    const fear = (discipline: number) =>
      fow({
        attacker: 'F: attack 5, defence 5, health 20, morale 3, discipline 5',
        defender: 'E: attack 6, defence 5, health 20, cause fear',
        dice: [...d20(6), 2, 1, ...d20(discipline)],
      });
    const retreat = fear(5);
    expect(rows(retreat, '1 Cause Fear')).toEqual([
      'F: RND(20) 6 - discipline 5 = 1 -> fails: E gets a free attack',
      'E: TOTAL_ATTACK: attack 6 + RND(6) 2 = 8 -> free attack',
      'F: TOTAL_DEFENSE: defence 5 + RND(6) 1 = 6 -> 8 - 6: 2 damage to F',
      'F: RND(20) 5 - discipline 5 = 0 -> retreats in order',
    ]);
    expect([retreat.outcome, retreat.winner]).toEqual(['retreated', 'defender']);
    const rout = fear(6);
    expect(rows(rout, '1 Cause Fear').at(-1)).toBe('F: RND(20) 6 - discipline 5 = 1 -> routs');
    expect([rout.outcome, rout.winner, rout.diceUsed]).toEqual(['routed', 'defender', 6]);
    expect(rout.attacker).toEqual({ HP: 18 });
  });
});

describe('segment 2A: missiles', () => {
  /**
   * Both fire at once: A 5 + 2 = 7 against B 0 + 1 = 1, 6 damage; B still fires, 5 + 3 = 8
   * against A 0 + 4 = 4, 4 damage. Both (health 3) are destroyed before any melee.
   */
  it('are applied to both at once, and can destroy both before melee', () => {
    const r = fow({
      attacker: 'A: attack 5, defence 0, missile 5, health 3',
      defender: 'B: attack 5, defence 0, missile 5, health 3',
      dice: [2, 1, 3, 4],
    });
    expect(rows(r, '2A missiles')).toEqual([
      'A: fire: missile 5 + RND(6) 2 = 7 -> fires',
      'B: defence: defence 0 + RND(6) 1 = 1 -> 7 - 1: 6 damage to B',
      'B: fire: missile 5 + RND(6) 3 = 8 -> fires',
      'A: defence: defence 0 + RND(6) 4 = 4 -> 8 - 4: 4 damage to A',
      'both: damage applied: A -4, B -6 -> A destroyed, B destroyed',
    ]);
    expect([r.outcome, r.winner, r.diceUsed]).toEqual(['mutual', null, 4]);
    expect(rows(r, '2B melee')).toEqual([]);
    expect(r.events.at(-1)!.result).toBe('attacker fame +1, gold 0; defender fame +1, gold 0');
  });

  it('take no leadership, no city bonus and no experience', () => {
    const r = fow({
      attacker: 'A: missile 4, experience 20, forester; leader L: leadership 5',
      defender: 'B: defence 3, health 30, experience 20; terrain capital',
      dice: [1, 1, 1, 1, 1, 1],
      rounds: 1,
    });
    expect(rows(r, '2A missiles').slice(0, 2)).toEqual([
      'A: fire: missile 4 + RND(6) 1 = 5 -> fires',
      'B: defence: defence 3 + RND(6) 1 = 4 -> 5 - 4: 1 damage to B',
    ]);
  });
});

describe('segment 2B: melee totals', () => {
  /** floor(14 / 5) = 2 and floor(9 / 5) = 1; a leadership of 0 is still written. */
  it('adds experience / 5 rounded down to attack and defence', () => {
    const r = fow({
      attacker: 'A: attack 5, defence 5, health 30, experience 14; leader L: leadership 0',
      defender: 'B: attack 5, defence 5, health 30, experience 9',
      dice: [1, 1, 1, 1],
      rounds: 1,
    });
    expect(rows(r, '2B melee').slice(0, 4)).toEqual([
      'A: TOTAL_ATTACK: attack 5 + RND(6) 1 + leadership 0 + experience 2 = 8 -> attacks',
      'B: TOTAL_DEFENSE: defence 5 + RND(6) 1 + experience 1 = 7 -> 8 - 7: 1 damage to B',
      'B: TOTAL_ATTACK: attack 5 + RND(6) 1 + experience 1 = 7 -> attacks',
      'A: TOTAL_DEFENSE: defence 5 + RND(6) 1 + experience 2 = 8 -> 7 - 8: 0 damage to A',
    ]);
  });
});

describe('segment 3: morale', () => {
  /**
   * B hits 5 + d against A's 1 + 1 = 2: 4 damage on a 1 (16/20, 80%: no check), 5 on a 2
   * (15/20, exactly 75%: checks).
   */
  it('is checked at 75% of maximum health, not above', () => {
    const hit = (d: number, more: number[] = []) =>
      fow({
        attacker: 'A: attack 5, defence 1, health 20',
        defender: 'B: attack 5, defence 9, health 20',
        dice: [1, 6, d, 1, ...more],
        rounds: 1,
      });
    const at80 = hit(1);
    expect(at80.attacker).toEqual({ HP: 16 });
    expect(rows(at80, '3 morale')).toEqual([]);
    expect(at80.diceUsed).toBe(4);
    const at75 = hit(2, d20(1));
    expect(rows(at75, '3 morale')).toEqual([
      'A: health 15/20: RND(20) 1 - morale 10 = -9 -> passes',
    ]);
  });

  /**
   * A 9 + 1 = 10 against B 0 + 1 = 1: 9 damage (11/20); B 0 + 1 + leadership 0 against 9 + 1:
   * none. B: RND(20) 2 - morale 1 = 1 retreats; RND(20) 2 - discipline 1 = 1 routs. A
   * (discipline 4): RND(20) 5 goes berserk, 4 holds.
   */
  it('a routed defender makes the attacker check for berserk', () => {
    const rout = (berserk: number) =>
      fow({
        attacker: 'A: attack 9, defence 9, health 10, discipline 4',
        defender:
          'B: attack 0, defence 0, health 20, morale 1, discipline 1; leader LB: leadership 0',
        dice: [1, 1, 1, 1, ...d20(2), ...d20(2), ...d20(berserk)],
      });
    const r = rout(5);
    expect(rows(r, '3 morale')).toEqual([
      'B: health 11/20: RND(20) 2 - morale 1 = 1 -> fails: retreats',
      'B: RND(20) 2 - discipline 1 = 1 -> routs',
      'A: RND(20) 5 - discipline 4 = 1 -> goes berserk: pursues the routed unit next turn',
    ]);
    expect([r.outcome, r.winner, r.diceUsed]).toEqual(['routed', 'attacker', 10]);
    expect(r.events.at(-1)!.status).toEqual({
      attacker: 'A 10/10 berserk',
      defender: 'B 11/20 routed; LB 0/3 wounds',
    });
    expect(rows(r, '4 resolution').slice(0, 3)).toEqual([
      'A: victorious army -> +5 experience (now 5)',
      'B: army routed -> +3 experience (now 3)',
      'LB: leader of a battle not won -> +1 experience (now 1)',
    ]);
    expect(r.events.at(-1)!.result).toBe('attacker fame 0, gold 0; defender fame 0, gold 0');
    expect(rows(rout(4), '3 morale').at(-1)).toBe('A: RND(20) 4 - discipline 4 = 0 -> holds');
  });

  /**
   * Each hits 9 + 1 = 10 against 0 + 1 = 1: 9 damage, both at 1/10. A: RND(20) 20 fails and
   * routs; B: RND(20) 20 fails, RND(20) 1 retreats in order. Both gone: no victor, no berserk.
   */
  it('both failing in one round both retreat, with no victor and no berserk check', () => {
    const r = fow({
      attacker: 'A: attack 9, defence 0, health 10, morale 1, discipline 1',
      defender: 'B: attack 9, defence 0, health 10, morale 1, discipline 1',
      dice: [1, 1, 1, 1, ...d20(20), ...d20(20), ...d20(20), ...d20(1)],
    });
    expect(rows(r, '3 morale')).toEqual([
      'A: health 1/10: RND(20) 20 - morale 1 = 19 -> fails: retreats',
      'A: RND(20) 20 - discipline 1 = 19 -> routs',
      'B: health 1/10: RND(20) 20 - morale 1 = 19 -> fails: retreats',
      'B: RND(20) 1 - discipline 1 = 0 -> retreats in order',
    ]);
    expect([r.outcome, r.winner, r.diceUsed]).toEqual(['disengaged', null, 12]);
    expect(rows(r, '4 resolution').slice(0, 2)).toEqual([
      'A: army routed -> +3 experience (now 3)',
      'B: army retreated -> +3 experience (now 3)',
    ]);
  });

  it('a rout in the tenth round is a rout, not the both-retreat of the round limit', () => {
    // Nine rounds of no harm: A 1 + 1 against 9 + 6, B 10 + 1 against 9 + 6. In the tenth
    // B hits 10 + 6 against 9 + 1: 6 damage (4/10); A: RND(20) 2 - morale 1 fails, 2 - 1 routs.
    const quiet = Array(9).fill([1, 6, 1, 6]).flat();
    const r = fow({
      attacker: 'A: attack 1, defence 9, health 10, morale 1, discipline 1',
      defender: 'B: attack 10, defence 9, health 10',
      dice: [...quiet, 1, 6, 6, 1, ...d20(2), ...d20(2)],
    });
    expect(r.rounds).toBe(10);
    expect([r.outcome, r.winner, r.diceUsed]).toEqual(['routed', 'defender', 44]);
    expect(draws(r).slice(-2)).toEqual([
      '3 morale A RND(20)=2: fails: retreats',
      '3 morale A RND(20)=2: routs',
    ]);
    expect(r.events.some((e) => e.detail === '10 rounds fought')).toBe(false);
  });
});
