import {
  eliminationChances,
  meetingChance,
  seaCaptureChance,
  treasuryTransfer,
} from '../src/rulesets/fortunes-of-war/formulas';
import { FOW_NUMBERS, parseCastes } from '../src/rulesets/fortunes-of-war/options';
import { draws, fow, rows } from './fow-helpers';

/**
 * The seed's own examples (shared/seeds/004_4027d691548c02ce.txt), first as formulas, then in
 * whole battles with scripted dice. RND(100) = n is three d6 read in base 6: v = n - 1 =
 * 36(d1-1) + 6(d2-1) + (d3-1); e.g. RND(100)=60 is v = 59 = 36 + 18 + 5: dice 2, 4, 6.
 */

const castes = (() => {
  const c = parseCastes('capital 25/50, city 20/60');
  if (!c.ok) throw new Error(c.error);
  return Object.fromEntries(c.value.map((x) => [x.name, x]));
})();

describe('the seed examples as formulas', () => {
  it('booty: 800 gold, a city of 25,000 of 100,000 people -> 100 gold', () => {
    expect(treasuryTransfer(800, 25_000, 100_000, FOW_NUMBERS)).toBe(100);
  });

  it('sea: a hero of melee 3 whose ship sinks is captured 60% of the time', () => {
    expect(seaCaptureChance(3, FOW_NUMBERS)).toBe(60);
    expect(seaCaptureChance(6, FOW_NUMBERS)).toBe(100);
  });

  it('meeting chances: Thorvald and Demetrius 30%, Waldo and Von Rex 70%', () => {
    const thorvald = { stealth: 2, melee: 4 };
    const demetrius = { stealth: 3, melee: 3 };
    const waldo = { stealth: 2, melee: 1 };
    const vonRex = { stealth: 5, melee: 6 };
    expect(meetingChance(thorvald, demetrius, FOW_NUMBERS)).toBe(30);
    expect(meetingChance(demetrius, thorvald, FOW_NUMBERS)).toBe(30);
    expect(meetingChance(waldo, vonRex, FOW_NUMBERS)).toBe(70);
    expect(meetingChance(vonRex, waldo, FOW_NUMBERS)).toBe(70);
    expect(meetingChance(waldo, waldo, FOW_NUMBERS)).toBe(40);
  });

  it('player elimination: Legion 43% / 7%, Numidian cavalry 32% / 28%', () => {
    expect(eliminationChances(18, castes.capital)).toEqual({ rebel: 43, join: 7 });
    expect(eliminationChances(12, castes.city)).toEqual({ rebel: 32, join: 28 });
  });
});

const GAULS =
  'Gauls: attack 1, defence 1, health 3; leader Vercix: ruler, melee 3, stealth 3, health 1; ' +
  'city Alesia: city, population 25000; treasury 800; empire population 100000; ' +
  'empire: Legion capital 18, Numidian cavalry city 12';

describe('the seed examples in whole battles', () => {
  /**
   * Legio (attack 8) against the Gauls in Alesia (a city: +2 defence). Round 1: 8 + 1 = 9
   * against 1 + 1 + 2 = 4, 5 damage, the Gauls (3) are destroyed; they strike 1 + 1 + 1
   * (leadership) = 3 against 6 + 1 = 7. Vercix alone: RND(100) 90 (dice 3 3 6) - 5 x (3 - 3) =
   * 90: captured. The city falls: 500 killed by discipline 18 (2 gold), 100 gold transferred.
   * Vercix was the ruler: the Legion rolls 43 (2 2 1): rebels; the cavalry 60 (2 4 6): joins.
   */
  const alesia = (legion: number[], cavalry: number[]) =>
    fow({
      attacker: 'Legio: attack 8, defence 6, health 10, discipline 18',
      defender: GAULS,
      dice: [1, 1, 1, 1, 3, 3, 6, ...legion, ...cavalry],
    });

  it('booty: 100 gold from the 800 treasury, 2 gold of pillage; fame and capture', () => {
    const r = alesia([2, 2, 1], [2, 4, 6]);
    expect(r.outcome).toBe('destroyed');
    expect(r.winner).toBe('attacker');
    expect(r.captured).toEqual(['Vercix']);
    expect(rows(r, '4 city')).toEqual([
      'Legio: captures Alesia (city) -> +6 fame to the captor, -6 to the loser',
      'Legio: pillage: 1% x (20 - discipline 18) of 25000 people -> 500 citizens killed; booty 4 gold per 1000 killed = 2 gold',
      "Alesia: treasury transfer: 800 x 25000 / 100000 / 2 -> 100 gold from the loser's treasury to the captor's",
    ]);
    expect(r.events.at(-1)!.result).toBe(
      'attacker fame +7, gold +102; defender fame -6, gold -100',
    );
  });

  it('rebel 43% and join 7% for the Legion, 32% and 28% for the cavalry, at the boundaries', () => {
    const fates = (legion: number[], cavalry: number[]) =>
      rows(alesia(legion, cavalry), 'elimination')
        .slice(1)
        .map((row) => row.split(' -> ')[1]);
    // Legion: 43 rebels, 44 and 50 join, 51 disbands. Cavalry: 32 rebels, 33 and 60 join, 61 disbands.
    expect(fates([2, 2, 1], [1, 6, 2])).toEqual(['rebels', 'rebels']);
    expect(fates([2, 2, 2], [1, 6, 3])).toEqual(['joins the attacker', 'joins the attacker']);
    expect(fates([2, 3, 2], [2, 4, 6])).toEqual(['joins the attacker', 'joins the attacker']);
    expect(fates([2, 3, 3], [2, 5, 1])).toEqual(['disbands', 'disbands']);
    expect(rows(alesia([2, 2, 1], [2, 4, 6]), 'elimination')[1]).toBe(
      'Legion: capital caste, discipline 18: rebel 43%, join 7%, disband 50% -> rebels',
    );
    expect(rows(alesia([2, 2, 1], [2, 4, 6]), 'elimination')[2]).toBe(
      'Numidian cavalry: city caste, discipline 12: rebel 32%, join 28%, disband 40% -> joins the attacker',
    );
  });

  /**
   * At sea: the Fleet (6 + 4 = 10) sinks the Trireme (3 + 1 = 4, 6 damage of 4); the Trireme
   * strikes 3 + 1 + 1 = 5 against 4 + 1 = 5. Demetrius (hero, melee 3, experience 35 + 1)
   * is captured on RND(100) <= 60: 60 (dice 2 4 6) captures, 61 (dice 2 5 1) drowns.
   */
  it('sea: a melee-3 hero whose ship sinks is captured on 60 or less, else drowns', () => {
    const sea = (roll: number[]) =>
      fow({
        attacker: 'Fleet: attack 6, defence 4, health 6',
        defender:
          'Trireme: attack 3, defence 3, health 4; leader Demetrius: hero, melee 3, stealth 3, experience 35; at sea',
        dice: [4, 1, 1, 1, ...roll],
      });
    const captured = sea([2, 4, 6]);
    expect(draws(captured).at(-1)).toBe('army vs leader Demetrius RND(100)=60: captured');
    expect(captured.captured).toEqual(['Demetrius']);
    expect(captured.events.at(-1)!.result).toBe(
      'attacker fame +4, gold 0; defender fame 0, gold 0',
    );
    const drowned = sea([2, 5, 1]);
    expect(draws(drowned).at(-1)).toBe('army vs leader Demetrius RND(100)=61: drowns');
    expect(drowned.captured).toEqual([]);
    expect(drowned.defender).toEqual({ HP: 0, LDR: 0 });
  });

  it('meeting: Thorvald and Demetrius meet on 30 (dice 1 5 6), not on 31 (dice 1 6 1)', () => {
    const meet = (roll: number[], more: number[] = []) =>
      fow({
        attacker: 'leader Thorvald: hero, melee 4, stealth 2',
        defender: 'leader Demetrius: hero, melee 3, stealth 3',
        dice: [...roll, ...more],
      });
    const apart = meet([1, 6, 1]);
    expect(apart.outcome).toBe('apart');
    expect(apart.winner).toBeNull();
    expect(draws(apart)).toEqual([
      'leader vs leader Thorvald and Demetrius RND(100)=31: they do not meet',
    ]);
    // They meet; Thorvald 4 + 6 = 10 against Demetrius 3 + 1 = 4, three times: three wounds.
    const duel = meet([1, 5, 6], [6, 1, 6, 1, 6, 1]);
    expect(duel.outcome).toBe('killed');
    expect(duel.winner).toBe('attacker');
    expect(duel.rounds).toBe(3);
    expect(rows(duel, 'leader vs leader').filter((x) => x.includes('wound'))).toEqual([
      'Demetrius: 4 < 10 -> a wound (1/3)',
      'Demetrius: 4 < 10 -> a wound (2/3)',
      'Demetrius: 4 < 10 -> a wound (3/3): killed',
    ]);
  });

  it('meeting: Von Rex finds Waldo on 70 (dice 2 6 4), not on 71 (dice 2 6 5)', () => {
    const meet = (roll: number[]) =>
      fow({
        attacker: 'leader Von Rex: hero, melee 6, stealth 5',
        defender: 'leader Waldo: captain, melee 1, stealth 2',
        dice: [...roll, 1, 1, 1, 1, 1, 1],
      });
    expect(draws(meet([2, 6, 4]))[0]).toBe(
      'leader vs leader Von Rex and Waldo RND(100)=70: they meet: personal combat to the death',
    );
    expect(meet([2, 6, 5]).outcome).toBe('apart');
  });
});
