import {
  bootyCut,
  citizensKilled,
  eliminationChances,
  meetingChance,
  treasuryTransfer,
} from '../src/rulesets/fortunes-of-war/formulas';
import { FOW_NUMBERS } from '../src/rulesets/fortunes-of-war/options';
import { d100, d20, draws, fow, rows } from './fow-helpers';

/**
 * Armies against leaders, leaders against leaders and the fall of a ruler, worked by hand from
 * the spec with scripted dice (RND(100) = n is the three d6 of `d100(n)`).
 */

describe('the land table at every band edge', () => {
  /** Melee 3: the roll is RND(100) - 5 x (3 - 3), the RND(100) itself. */
  const table = (n: number, rank = 'hero') =>
    draws(
      fow({
        attacker: 'Raiders: attack 5, defence 5, health 10',
        defender: `leader Hrolf: ${rank}, melee 3, health 9`,
        dice: [...d100(n), 3],
      }),
    )[0];

  it.each([
    [10, '< 11: escapes and deals 1 damage to Raiders'],
    [11, '11-30: escapes to an adjacent hex'],
    [30, '11-30: escapes to an adjacent hex'],
    [31, '31-50: escapes with 1 wound (1/9)'],
    [50, '31-50: escapes with 1 wound (1/9)'],
    [51, '51-70: escapes with 2 wounds (2/9)'],
    [70, '51-70: escapes with 2 wounds (2/9)'],
    [71, '71-80: missing (on the legend list)'],
    [80, '71-80: missing (on the legend list)'],
    [81, '81+: captured'],
    [100, '81+: captured'],
  ])('RND(100) %i: %s', (n, result) => {
    expect(table(n)).toBe(`army vs leader Hrolf RND(100)=${n}: ${result}`);
  });

  it('takes 5 per point of melee above 3 off the roll, and adds it below', () => {
    const roll = (melee: number, n: number) =>
      fow({
        attacker: 'Raiders: attack 5, defence 5, health 10',
        defender: `leader Hrolf: hero, melee ${melee}`,
        dice: [...d100(n), 3],
      }).events[0].detail;
    expect(roll(1, 1)).toBe('RND(100) 1 - 5 x (melee 1 - 3) = 11');
    expect(roll(7, 30)).toBe('RND(100) 30 - 5 x (melee 7 - 3) = 10');
  });

  it('sends a legend missing at 71-80, and a ruler captured at 81+ ends his player', () => {
    expect(table(75, 'legend')).toBe(
      'army vs leader Hrolf RND(100)=75: 71-80: missing (on the legend list)',
    );
    // Vercix captured: the Levy (city caste, discipline 10: rebel 30%, join 30%) rolls 31: joins.
    const r = fow({
      attacker: 'Raiders: attack 5, defence 5, health 10',
      defender: 'leader Vercix: ruler, melee 3; empire: Levy city 10',
      dice: [...d100(81), ...d100(31)],
    });
    expect([r.outcome, r.winner, r.captured]).toEqual(['captured', 'attacker', ['Vercix']]);
    expect(rows(r, 'elimination')).toEqual([
      'Vercix: the ruler is captured -> the player is eliminated: 1 unit to decide',
      'Levy: city caste, discipline 10: rebel 30%, join 30%, disband 40% -> joins the attacker',
    ]);
  });

  it('kills a ruler whose wounds reach his health, and his player falls', () => {
    const r = fow({
      attacker: 'Raiders: attack 5, defence 5, health 10',
      defender: 'leader Vercix: ruler, melee 3, health 1; empire: Levy city 10',
      dice: [...d100(31), ...d100(61)],
    });
    expect(draws(r)).toEqual([
      'army vs leader Vercix RND(100)=31: 31-50: 1 wound, 1/1: killed',
      'elimination Levy RND(100)=61: disbands',
    ]);
    expect(r.outcome).toBe('killed');
  });
});

describe('the city', () => {
  /** A 1 + 1 against B 5 + 1 + 1 (town): none; B 9 + 1 against A 0 + 1: 9, A destroyed. */
  it('stands when its defender wins', () => {
    const r = fow({
      attacker: 'A: attack 1, defence 0, health 1',
      defender:
        'B: attack 9; city Vicus: town, population 1000; treasury 500; empire population 2000',
      dice: [1, 1, 1, 1],
    });
    expect([r.outcome, r.winner]).toEqual(['destroyed', 'defender']);
    expect(rows(r, '4 city')).toEqual([]);
    expect(r.events.at(-1)!.result).toBe('attacker fame 0, gold 0; defender fame +1, gold 0');
  });

  /** Melee 4: RND(100) 5 - 5 = 0 < 11: floor(4 / 2) = 2 damage. */
  it("a leader's damage that destroys the army scores a unit's fame, and the town stands", () => {
    const r = fow({
      attacker: 'Raiders: attack 5, defence 5, health 2',
      defender: 'leader Hrolf: hero, melee 4; city Vicus: town, population 1000',
      dice: d100(5),
    });
    expect(draws(r)).toEqual([
      'army vs leader Hrolf RND(100)=5: < 11: escapes and deals 2 damage to Raiders: destroyed',
    ]);
    expect([r.outcome, r.winner]).toEqual(['escaped', 'defender']);
    expect(r.attacker).toEqual({ HP: 0 });
    expect(rows(r, '4 city')).toEqual([]);
    expect(r.events.at(-1)!.result).toBe('attacker fame 0, gold 0; defender fame +1, gold 0');
  });

  /**
   * The same leader escapes (RND(100) 20 - 5 = 15: to hex 2): the Raiders hold the town and take
   * it. Discipline 10 kills 10% of 1000 people, 100: 4 gold per 1000 is 0.4, rounded down to 0.
   * No empire population: no transfer.
   */
  it('an army holding a town a lone leader fled takes it, with no transfer unless the empire is given', () => {
    const r = fow({
      attacker: 'Raiders: attack 5, defence 5, health 10',
      defender: 'leader Hrolf: hero, melee 4; city Vicus: town, population 1000; treasury 500',
      dice: [...d100(20), 2],
    });
    expect(rows(r, '4 city')).toEqual([
      'Raiders: captures Vicus (town) -> +3 fame to the captor, -3 to the loser',
      'Raiders: pillage: 1% x (20 - discipline 10) of 1000 people -> 100 citizens killed; booty 4 gold per 1000 killed = 0 gold',
      "Vicus: treasury transfer: the empire population is not given -> 0 gold from the loser's treasury to the captor's",
    ]);
    expect([r.outcome, r.winner]).toEqual(['escaped', 'attacker']);
    expect(r.events.at(-1)!.result).toBe('attacker fame +3, gold 0; defender fame -3, gold 0');
  });

  /**
   * A one-health army falls in the first round, and the city with it: 180 gold x 7000 / 10000 /
   * 2 is 63 exactly (62 when worked in floating point); discipline 10 kills 10% of 7000, 700
   * people, 4 gold per 1000 of them 2.8, rounded down to 2; the captor gets 65 gold in all, and
   * the city's fame (6) and the army's (1).
   */
  it('a city taken pays the transfer of the exact formula, rounded down once', () => {
    const r = fow({
      attacker: 'A: attack 20, discipline 10',
      defender:
        'B: attack 1, defence 1, health 1; city Urbs: city, population 7000; treasury 180; empire population 10000',
      dice: [6, 1, 1, 1],
    });
    expect(rows(r, '4 city').slice(1)).toEqual([
      'A: pillage: 1% x (20 - discipline 10) of 7000 people -> 700 citizens killed; booty 4 gold per 1000 killed = 2 gold',
      "Urbs: treasury transfer: 180 x 7000 / 10000 / 2 -> 63 gold from the loser's treasury to the captor's",
    ]);
    expect(r.events.at(-1)!.result).toBe('attacker fame +7, gold +65; defender fame -6, gold -63');
  });
});

describe('at sea', () => {
  it('a captain drowns and an unescorted hero is captured, with no dice', () => {
    const lone = (rank: string) =>
      fow({
        attacker: 'Fleet: attack 6',
        defender: `leader Nemo: ${rank}, experience 30; at sea`,
        dice: [1],
      });
    const captain = lone('captain');
    expect(rows(captain, 'army vs leader')).toEqual(['Nemo: a captain at sea -> drowns']);
    expect([captain.outcome, captain.winner, captain.diceUsed]).toEqual(['drowned', 'attacker', 0]);
    const hero = lone('hero');
    expect(rows(hero, 'army vs leader')).toEqual([
      'Nemo: unescorted at sea -> captured',
      'Nemo: hero captured: experience 30 / 10 -> +3 fame',
    ]);
    expect(hero.captured).toEqual(['Nemo']);
  });

  /**
   * Both ships sink at once (each 9 + 1 = 10 against 0 + 1 = 1): no enemy ship is afloat to take
   * either leader, and the seed's leader of a sunk ship is captured or drowns: both drown, with
   * no meeting roll. LA, a hero of 25 + 1 experience, is worth 2 fame to the other side.
   */
  it('leaders whose ships sink together drown, and do not meet', () => {
    const r = fow({
      attacker: 'Fleet: attack 9, defence 0, health 1; leader LA: hero, experience 25',
      defender: 'Ship: attack 9, defence 0, health 1; leader LB: captain; at sea',
      dice: [1, 1, 1, 1],
    });
    expect(rows(r, 'army vs leader')).toEqual([
      'LA: ship destroyed, no enemy ship afloat to take him -> drowns',
      'LA: hero drowned: experience 26 / 10 -> +2 fame',
      'LB: ship destroyed, no enemy ship afloat to take him -> drowns',
    ]);
    expect(rows(r, 'leader vs leader')).toEqual([]);
    expect([r.outcome, r.winner, r.diceUsed]).toEqual(['mutual', null, 4]);
    expect(r.attacker).toEqual({ HP: 0, LDR: 0 });
    expect(r.defender).toEqual({ HP: 0, LDR: 0 });
    expect(r.events.at(-1)!.result).toBe('attacker fame +1, gold 0; defender fame +3, gold 0');
  });

  it('on land the same leaders walk away from the wreck and may meet', () => {
    const r = fow({
      attacker: 'Fleet: attack 9, defence 0, health 1; leader LA: hero, experience 25',
      defender: 'Ship: attack 9, defence 0, health 1; leader LB: captain',
      dice: [1, 1, 1, 1, ...d100(41)],
    });
    expect(draws(r).at(-1)).toBe('leader vs leader LA and LB RND(100)=41: they do not meet');
    expect(r.attacker).toEqual({ HP: 0, LDR: 1 });
  });
});

describe('leaders against leaders', () => {
  /**
   * A 0 + 1 against B 9 + 1: none; B 9 + 1 against A 0 + 1: 9 (1/10). A: RND(20) 2 - morale 1
   * fails, RND(20) 1 - discipline 10 retreats in order. Both armies live: their leaders may
   * meet, after the army combat (40%: RND(100) 41 does not).
   */
  it('leading armies that both survive, they may meet after the army combat', () => {
    const r = fow({
      attacker: 'A: attack 0, defence 0, health 10, morale 1; leader LA: leadership 0',
      defender: 'B: attack 9, defence 9, health 10; leader LB: leadership 0',
      dice: [1, 1, 1, 1, ...d20(2), ...d20(1), ...d100(41)],
    });
    expect([r.outcome, r.winner]).toEqual(['retreated', 'defender']);
    expect(r.events.map((e) => e.segment).filter((s, i, all) => s !== all[i - 1])).toEqual([
      '2B melee',
      '3 morale',
      '4 resolution',
      'leader vs leader',
      '4 resolution',
    ]);
    expect(draws(r).at(-1)).toBe('leader vs leader LA and LB RND(100)=41: they do not meet');
  });

  it('meet 40% at equal stealth, 10% more per point when the stealthier has the melee, clamped', () => {
    const at = (stealth: number, melee: number) => ({ stealth, melee });
    expect(meetingChance(at(1, 3), at(3, 3), FOW_NUMBERS)).toBe(60);
    expect(meetingChance(at(0, 0), at(20, 20), FOW_NUMBERS)).toBe(100);
    expect(meetingChance(at(20, 0), at(0, 20), FOW_NUMBERS)).toBe(0);
    expect(meetingChance(at(6, 3), at(2, 4), FOW_NUMBERS)).toBe(0);
  });

  /**
   * They meet on RND(100) 1 (40%). Exchange 1: 3 + 4 = 7 each, a draw. Exchange 2: 3 + 5
   * against 3 + 2: the ruler R takes his one wound and dies; his Levy (rebel 30%, join 30%)
   * rolls 30: rebels.
   */
  it('a tie wounds no one; a ruler killed in the duel ends his player', () => {
    const r = fow({
      attacker: 'leader A: hero, melee 3, health 1',
      defender: 'leader R: ruler, melee 3, health 1; empire: Levy city 10',
      dice: [...d100(1), 4, 4, 5, 2, ...d100(30)],
    });
    expect(rows(r, 'leader vs leader')).toEqual([
      'A and R: meet on RND(100) <= 40% (stealth 1/1, melee 3/3) -> they meet: personal combat to the death',
      'A: melee 3 + RND(6) 4 = 7 -> attack level',
      'R: melee 3 + RND(6) 4 = 7 -> attack level',
      'both: 7 = 7 -> a draw: no wound',
      'A: melee 3 + RND(6) 5 = 8 -> attack level',
      'R: melee 3 + RND(6) 2 = 5 -> attack level',
      'R: 5 < 8 -> a wound (1/1): killed',
    ]);
    expect([r.outcome, r.winner, r.rounds]).toEqual(['killed', 'attacker', 2]);
    expect(draws(r).at(-1)).toBe('elimination Levy RND(100)=30: rebels');
  });
});

describe('player elimination and the treasury at their limits', () => {
  it('never gives a negative chance, nor more than 100% in all', () => {
    expect(eliminationChances(20, { name: 'x', base: 30, total: 40 })).toEqual({
      rebel: 50,
      join: 0,
    });
    expect(eliminationChances(20, { name: 'x', base: 90, total: 100 })).toEqual({
      rebel: 100,
      join: 0,
    });
  });

  it('moves no gold without an empire population or a treasury', () => {
    expect(treasuryTransfer(800, 25_000, 0, FOW_NUMBERS)).toBe(0);
    expect(treasuryTransfer(0, 25_000, 100_000, FOW_NUMBERS)).toBe(0);
    expect(treasuryTransfer(801, 25_000, 100_000, FOW_NUMBERS)).toBe(100);
  });

  // Hand-computed: 180 x 7000 / 10000 / 2 = 63 exactly (in floating point, 180 x 0.7 / 2 fell
  // to 62.999...); 10^15 x 10^15 / (10^15 x 2) is 5 x 10^14, past what a double's product holds.
  it('rounds the transfer, the pillage and the booty down from their exact values', () => {
    expect(treasuryTransfer(180, 7_000, 10_000, FOW_NUMBERS)).toBe(63);
    expect(treasuryTransfer(180, 7_001, 10_000, FOW_NUMBERS)).toBe(63);
    expect(treasuryTransfer(180, 6_999, 10_000, FOW_NUMBERS)).toBe(62);
    expect(treasuryTransfer(1e15, 1e15, 1e15, FOW_NUMBERS)).toBe(5e14);
    expect(treasuryTransfer(3, 2 ** 53 - 1, 2 ** 53 - 1, { transferDivisor: 1 })).toBe(3);
    // 7% of 9,007,199,254,740,985 people is 630,503,947,831,868.95: a double's product rounds
    // it up past the next whole number; so 3 gold a thousand of 9,007,199,254,740,666 killed.
    expect(citizensKilled(9_007_199_254_740_985, 13, { pillagePercent: 1 })).toBe(
      630_503_947_831_868,
    );
    expect(citizensKilled(2900, 13, { pillagePercent: 1 })).toBe(203);
    expect(bootyCut(9_007_199_254_740_666, { bootyPerThousand: 3 })).toBe(27_021_597_764_221);
  });
});
