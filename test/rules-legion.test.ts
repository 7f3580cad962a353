import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { buildReport } from '../src/report/model';
import { LegionEvent } from '../src/rulesets/legion-battles';
import { rollDistribution } from '../src/rulesets/legion-battles/check-odds';
import { emptyPool } from '../src/rulesets/legion-battles/dice';
import { parseLegionRoster } from '../src/rulesets/legion-battles/roster';
import { cpuMs } from './helpers/cpu';

/**
 * legion-battles rules that the seed figures do not reach (several units, player characters,
 * ratings, the log), each on scripted dice traced by hand from shared/spec/legion-battles.md.
 *
 * The dice from the d6 stream (docs/rules-legion-battles.md): a Boon or Bane die is one d6,
 * its face the value; a Mastery die (d12) or an Ability or Difficulty die (d8) is two d6 read
 * in base 6, face = (6 x (first - 1) + second - 1) mod faces, + 1. Faces, in the spec's order:
 * Mastery blank, S, S, SS, SS, B, SB, SB, SB, BB, BB, S+Triumph; Ability blank, S, S, SS, B, B,
 * SB, BB; Boon blank, blank, S, SB, BB, B; Difficulty blank, F, F, FF, N, N, FN, NN; Bane blank,
 * blank, F, F, N, N. A pool rolls Mastery, Ability, Boon, Difficulty, Bane, in that order.
 */

/** Two d6 giving face `f` (1-based) of a Mastery (d12) or Difficulty (d8) die. */
const two = (f: number) => [Math.floor((f - 1) / 6) + 1, ((f - 1) % 6) + 1];
const M = two;
const D = two;
/** Blank faces: `twoDice` blank d8 or d12 (two 1s each), then `oneDie` blank Boon or Bane dice. */
const blanks = (twoDice: number, oneDie = 0) => [
  ...new Array<number>(2 * twoDice).fill(1),
  ...new Array<number>(oneDie).fill(1),
];

function run(spec: Record<string, unknown>) {
  const b = validateBattle({ rules: 'legion-battles', ...spec });
  if (!b.ok) throw new Error(b.error);
  const r = resolveBattle(b.value);
  if (!r.ok) throw new Error(r.error);
  return { ...r.value, events: r.value.events as LegionEvent[] };
}
/** A legion-battles battle of two roster texts checked, as `praetor battle` checks it. */
const checked = (attacker: string, defender: string) =>
  validateBattle({ rules: 'legion-battles', attacker, defender, seed: 's' });

const ofKind = (events: LegionEvent[], kind: LegionEvent['kind']) =>
  events.filter((e) => e.kind === kind);

describe('the dice: Triumph and Calamity faces', () => {
  const one = (kind: 'mastery' | 'difficulty') => rollDistribution({ ...emptyPool(), [kind]: 1 });

  it("Triumph is the Mastery die's S+Triumph face: one success, no boons", () => {
    const triumphs = one('mastery').outcomes.filter((o) => o.triumph);
    expect(triumphs).toEqual([expect.objectContaining({ net: 1, boons: 0, ways: 1 })]);
  });

  it("Calamity is the Difficulty die's NN face: two banes, no failure", () => {
    const calamities = one('difficulty').outcomes.filter((o) => o.calamity);
    expect(calamities).toEqual([expect.objectContaining({ net: 0, boons: -2, ways: 1 })]);
  });
});

describe('works and camps in the Clash pool', () => {
  const firstClashPool = (defender: string) =>
    ofKind(
      run({
        attacker: 'levy: raw levy',
        defender: `c: trained nobles, ${defender}`,
        seed: 'works',
        options: { clashes: 1 },
      }).events,
      'clash',
    )[0].pool;

  it('an attacking unit cannot have works or a camp: they give their dice to defend', () => {
    const b = checked(
      'a: trained century, camp; b: raw levy, low works',
      'c: trained nobles, finished works',
    );
    expect(b).toEqual({
      ok: false,
      error: expect.stringMatching(
        /works "camp": works and camps help a unit defend \(their dice are the defender's\), and this unit attacks.*works "low": /,
      ),
    });
  });

  it('finished works and a camp +2 Boon, low works +1 Boon, unfinished works +1 Bane', () => {
    expect(firstClashPool('finished works')).toBe('2 mastery | 3 mastery, 2 boon');
    expect(firstClashPool('camp')).toBe('2 mastery | 3 mastery, 2 boon');
    expect(firstClashPool('low works')).toBe('2 mastery | 3 mastery, 1 boon');
    expect(firstClashPool('unfinished works')).toBe('2 mastery | 3 mastery, 1 bane');
  });
});

describe('several units: a defender attacked by two', () => {
  // a and b (the second, at the flank, with `vs 1`) both attack c; nobles have no line of
  // cohorts (no pila, no relief). Clash 1: c's PC fights (2 Mastery + 1 Ability + 2 Difficulty,
  // all blank: a failure, but he stands in the front rank). a's 3 Mastery roll SS SS SS against
  // c's blanks: c loses by 6. b, the flank attacker, rolls 3 Mastery + 2 Boon (flankBoons=2):
  // SS SS blank, blank blanks: c loses by 4. c loses one step and 1 Discipline however many
  // checks it loses (Full, D3 -> Worn, D2), and its PC takes 5 + margin 6 (the larger) - 2.
  const dice = [
    ...blanks(5), // c's PC: M M A D D
    ...M(4),
    ...M(4),
    ...M(4),
    ...blanks(3), // a against c
    ...M(4),
    ...M(4),
    ...M(1),
    1,
    1,
    ...blanks(3), // b (flank) against c
  ];
  const r = run({
    attacker: 'a: trained nobles; b: trained nobles, flank, vs 1',
    defender: 'c: trained nobles, pc C fight 3/2 resistance 2',
    dice,
    options: { clashes: 1, flankBoons: 2 },
  });

  it('each attacker rolls its own check; the second takes the Flank row', () => {
    expect(ofKind(r.events, 'clash').map((e) => [e.unit, e.check, e.pool, e.net])).toEqual([
      ['a', 'Clash against c', '3 mastery | 3 mastery', '6:0'],
      ['b', 'Clash against c', '3 mastery, 2 boon | 3 mastery', '4:0'],
    ]);
    expect(r.diceUsed).toBe(dice.length);
  });

  it('the defender loses at most one step and 1 Discipline in the Clash', () => {
    expect(ofKind(r.events, 'loss')).toEqual([
      expect.objectContaining({
        unit: 'c',
        result: '-1 step',
        effect: 'Full, Discipline 3 -> Worn, Discipline 2',
      }),
    ]);
  });

  it("its PC in the front rank takes 5 + the Clash's margin - Resistance", () => {
    expect(ofKind(r.events, 'hit')).toEqual([
      expect.objectContaining({
        result: '9 Wounds',
        effect: '5 + margin 6 - Resistance 2; 9 in all',
      }),
    ]);
  });

  it('the Numbers row for a second attacker not at the flank', () => {
    const numbers = run({
      attacker: 'a: trained nobles; b: trained nobles, vs 1',
      defender: 'c: trained nobles',
      seed: 'numbers',
      options: { clashes: 1, flankBoons: 2, numbersBoons: 1 },
    });
    expect(ofKind(numbers.events, 'clash').map((e) => e.pool)).toEqual([
      '3 mastery | 3 mastery',
      '3 mastery, 1 boon | 3 mastery',
    ]);
  });

  it("`vs N` past the enemy's units is refused, naming the unit and how many the enemy has", () => {
    const b = checked('a: trained nobles, vs 3', 'c: trained nobles; d: raw levy');
    expect(b).toEqual({
      ok: false,
      error: expect.stringContaining(
        'attacker unit 1 (a): vs 3: the defender has 2 units, so there is no such enemy unit to face',
      ),
    });
    const back = checked('a: trained nobles', 'c: trained nobles, vs 2');
    expect(back).toMatchObject({
      ok: false,
      error: expect.stringContaining('vs 2: the attacker has 1 unit, so'),
    });
  });

  it('a rating with a number given twice is refused; a PC given Actions for given Clashes is not', () => {
    const unit = (attacker: string) => checked(attacker, 'b: raw levy');
    expect(unit('a: trained century, discipline 4, Discipline  2')).toEqual({
      ok: false,
      error: expect.stringContaining('discipline is given twice: give each rating once'),
    });
    expect(
      unit(
        'a: trained century, pc S fight 3/2, pc S rally 3/3 in clash 3, pc S rally 3/3 in clash 4',
      ),
    ).toMatchObject({ ok: true });
  });

  it('`vs N` sets the enemy a unit faces; an enemy left unengaged takes on the one opposite', () => {
    // a faces d (vs 2); c is then unengaged and attacks a, already engaged: c is a's later
    // opponent and takes the Numbers row (+1 Boon). All blank: two ties.
    const r2 = run({
      attacker: 'a: trained nobles, vs 2',
      defender: 'c: trained nobles; d: trained nobles',
      dice: blanks(12, 1),
      options: { clashes: 1 },
    });
    expect(ofKind(r2.events, 'clash').map((e) => [e.unit, e.check, e.pool, e.result])).toEqual([
      ['a', 'Clash against d', '3 mastery | 3 mastery', 'tie'],
      ['c', 'Clash against a', '3 mastery, 1 boon | 3 mastery', 'tie'],
    ]);
    expect(r2.diceUsed).toBe(25);
  });
});

describe("the seed's Septimius: a PC who fights takes 5 + margin - Resistance", () => {
  // Seed 002, Clash 2: "The nobles win by 3: the century drops ... Septimius takes damage 8,
  // less 4: 4 Wounds" (and in Clash 4 he "fights in the front rank and fails" and is hit all the
  // same). Clash 1 here: Septimius fights (2 Mastery + 1 Ability + 2 Difficulty: blank, blank,
  // blank, blank, NN: no success, a Calamity); the century (no pila) rolls 3 blank Mastery, the
  // nobles SS, S, blank: they win by 3. The century loses a step and 1 Discipline, and the
  // relief (a line of cohorts) gives the Discipline back.
  const r = run({
    attacker: 'Septimius: trained century, no pila, pc Septimius fight 3/2 resistance 4',
    defender: 'nobles: trained nobles',
    dice: [...blanks(4), ...D(8), ...blanks(3), ...M(4), ...M(2), ...blanks(1)],
    options: { clashes: 1 },
  });

  it('takes 4 Wounds though his own check failed, and the Calamity is noted', () => {
    expect(ofKind(r.events, 'action')).toEqual([
      expect.objectContaining({ result: 'failure', net: '0/-2' }),
    ]);
    expect(ofKind(r.events, 'clash')[0]).toMatchObject({ result: 'nobles wins by 3' });
    expect(ofKind(r.events, 'loss')[0].effect).toBe(
      'Full, Discipline 3 -> Worn, Discipline 3; the relief comes through: +1 Discipline, +1 Boon die from now on',
    );
    expect(ofKind(r.events, 'hit')).toEqual([
      expect.objectContaining({
        result: '4 Wounds',
        effect: '5 + margin 3 - Resistance 4; 4 in all; Calamity: a Critical Injury',
      }),
    ]);
  });
  it('the report tells the Clash and the loss', () => {
    const lines = buildReport(r).rounds[0].lines;
    expect(lines).toContain(
      "Clash 1: Septimius's Septimius, clash against nobles: nobles wins by 3; Septimius loses.",
    );
    expect(lines).toContain(
      "Clash 1: Septimius's Septimius: Full, Discipline 3 -> Worn, Discipline 3; the relief comes through: +1 Discipline, +1 Boon die from now on.",
    );
    expect(lines).toContain(
      "Clash 1: Septimius's Septimius, Septimius: hit in the press: 4 Wounds (5 + margin 3 - Resistance 4; 4 in all; Calamity: a Critical Injury).",
    );
  });
  it("keeps a unit's name as written in the middle of a sentence", () => {
    const named = run({
      attacker: 'Septimius: trained century, no pila, pc Septimius fight 3/2 resistance 4',
      defender: 'Nervii: trained nobles',
      dice: [...blanks(4), ...D(8), ...blanks(3), ...M(4), ...M(2), ...blanks(1)],
      options: { clashes: 1 },
    });
    expect(buildReport(named).rounds[0].lines).toContain(
      "Clash 1: Septimius's Septimius, clash against Nervii: Nervii wins by 3; Septimius loses.",
    );
  });
});

describe("player characters' Actions", () => {
  // Clash 1: A reads the field and B fights, each 2 Mastery + 1 Ability + 2 Difficulty: SS then
  // blanks, a success (+1 Boon die next Clash each); the Clash is all blank, a tie. Clash 2: both
  // fail (all blank); the unit's pool carries the Boon dice the PCs earned, at most pcBoonCap.
  const success = [...M(4), ...blanks(4)];
  const dice = [...success, ...success, ...blanks(6), ...blanks(5), ...blanks(5), ...blanks(6, 2)];
  const clash2Pool = (options: Record<string, unknown>) =>
    ofKind(
      run({
        attacker: 'a: trained nobles, pc A read 3/2, pc B fight 3/2',
        defender: 'b: trained nobles',
        dice,
        options: { clashes: 2, ...options },
      }).events,
      'clash',
    )[1].pool;

  it('reading the field and fighting each give +1 Boon die next Clash', () => {
    expect(clash2Pool({})).toBe('3 mastery, 2 boon | 3 mastery');
  });

  it('no more than pcBoonCap Boon dice from PCs in a Clash', () => {
    expect(clash2Pool({ pcBoonCap: 1 })).toBe('3 mastery, 1 boon | 3 mastery');
  });

  it('a unit is rallied once a Clash, however many PCs rally it', () => {
    // Both rally (3 Mastery + 2 Difficulty: SS, blanks: success): Discipline 3 -> 4, once.
    const rally = [...M(4), ...blanks(4)];
    const r = run({
      attacker: 'a: trained nobles, pc A rally 3/3, pc B rally 3/3',
      defender: 'b: trained nobles',
      dice: [...rally, ...rally, ...blanks(6)],
      options: { clashes: 1 },
    });
    expect(ofKind(r.events, 'action').map((e) => e.effect)).toEqual([
      'Discipline 3 -> 4',
      'already rallied this Clash',
    ]);
  });
});

describe('the break', () => {
  it('at Half, about 1 in 4 lost; a PC falls back at Hard when the enemy has horse', () => {
    // The levy starts at Half and Discipline 1: its Discipline test (2 Mastery + 1 Ability + 2
    // Difficulty + 1 Bane at Discipline 2 or less) is all blank, a failure: Discipline 0, and it
    // breaks. Its PC's Athletics 3/1 (1 Mastery + 2 Ability) at Hard (3 Difficulty), against
    // horse: all blank, cut off.
    const r = run({
      attacker: 'levy: raw levy, half, discipline 1, pc A fight 3/2 athletics 3/1',
      defender: 'horse: trained nobles, horse',
      dice: [...blanks(5, 1), ...blanks(6)],
    });
    expect(ofKind(r.events, 'test')[0]).toMatchObject({
      pool: '2 mastery, 1 ability, 2 difficulty, 1 bane',
      effect: 'Discipline 1 -> 0',
    });
    expect(ofKind(r.events, 'break')[0].effect).toBe(
      'Discipline 0: the unit breaks; about 1 in 4 of its men lost',
    );
    expect(ofKind(r.events, 'fallback')[0]).toMatchObject({
      pool: '1 mastery, 2 ability, 3 difficulty',
      result: 'failure',
    });
    expect(r).toMatchObject({ outcome: 'broken', winner: 'defender', diceUsed: 23 });
  });

  it("a side's last unit broken in its test ends the battle: the other side's PC rolls nothing", () => {
    // The levy's Discipline test (11 d6, all blank) fails: Discipline 0, it breaks. The
    // defender, at Full, takes no test; its PC's Rally would come next, but the battle is over.
    const r = run({
      attacker: 'levy: raw levy, half, discipline 1',
      defender: 'd: trained levy, discipline 5, pc A rally 3/2',
      dice: blanks(5, 1),
    });
    expect(r.events.map((e) => [e.kind, e.unit])).toEqual([
      ['test', 'levy'],
      ['break', 'levy'],
    ]);
    expect(r).toMatchObject({ outcome: 'broken', winner: 'defender', rounds: 1, diceUsed: 11 });
  });
});

describe('the Discipline test', () => {
  it('a success regains 1 Discipline only with 2 or more net Boons', () => {
    // The unit at Half tests before each Clash: 2 Mastery + 1 Ability + 2 Difficulty (Discipline
    // 3: no Boon or Bane die). Clash 1: SB, blank, blank, blank, blank: 1 success, 1 Boon: the
    // seed's "succeeds with no Boons to spare: Discipline holds". Clash 2: SB, SB, blanks: 2
    // Boons: Discipline 3 -> 4. Both Clashes are all blank: ties.
    const r = run({
      attacker: 'a: trained nobles, half',
      defender: 'b: trained nobles',
      dice: [...M(7), ...blanks(4), ...blanks(6), ...M(7), ...M(7), ...blanks(3), ...blanks(6)],
      options: { clashes: 2 },
    });
    expect(ofKind(r.events, 'test').map((e) => [e.pool, e.net, e.result, e.effect])).toEqual([
      ['2 mastery, 1 ability, 2 difficulty', '1/1', 'success', 'Discipline 3 -> 3'],
      ['2 mastery, 1 ability, 2 difficulty', '2/2', 'success, 2+ Boons', 'Discipline 3 -> 4'],
    ]);
    expect(r.diceUsed).toBe(44);
  });
});

describe('screens', () => {
  it('an attacking screen out of arrows rides away: the battle ends "withdrawn", with no winner', () => {
    // Clash 1: the screen shoots its one Clash of arrows (all blank: a tie). Clash 2: out of
    // arrows, it withdraws before anything is rolled; the attacker has no unit left fighting.
    const r = run({
      attacker: 'S: trained screen, arrows 1',
      defender: 'C: trained nobles',
      dice: blanks(6),
    });
    expect(ofKind(r.events, 'arrows')).toEqual([
      expect.objectContaining({ round: 2, unit: 'S', result: 'withdraws' }),
    ]);
    expect(r).toMatchObject({ outcome: 'withdrawn', winner: null, rounds: 2, diceUsed: 12 });
  });

  it('a screen at Discipline 0 out of arrows rides away, withdrawn, never also broken', () => {
    // Before Clash 1 the screen, with no arrows, withdraws; at Discipline 0 it would break, but
    // it is out of the fight already: no break, no PC falling back, no winner, no die rolled.
    const r = run({
      attacker: 'l: trained levy',
      defender: 'S: trained archers, discipline 0, arrows 0, pc B fight 3/2 athletics 3/1',
      dice: [1],
    });
    expect(r.events.map((e) => [e.kind, e.unit, e.result])).toEqual([['arrows', 'S', 'withdraws']]);
    expect(r).toMatchObject({ outcome: 'withdrawn', winner: null, rounds: 1, diceUsed: 0 });
  });
});

describe('the limits of the ratings (docs/rules-legion-battles.md, "Limits")', () => {
  const roster = (ratings: string) =>
    parseLegionRoster(`U: trained cohort, ${ratings}`, 'defender');
  const refused = (ratings: string) => {
    const r = roster(ratings);
    return r.ok ? 'accepted' : r.error;
  };

  it.each<[string, string, string]>([
    ['leader 9/9+9', 'leader 10/2', 'leader characteristic 10: expected 0 to 9'],
    ['leader 9/9+9', 'leader 3/10', 'leader skill 10: expected 0 to 9'],
    ['leader 9/9+9', 'leader 3/2+10', 'leader Boon dice 10: expected 0 to 9'],
    ['discipline 6', 'discipline 7', 'discipline 7: expected 0 to 6'],
    ['numbers 99', 'numbers 100', 'numbers 100: expected 1 to 99'],
    ['9 boons, 9 banes', '10 boons', 'boons 10: expected 0 to 9'],
    ['arrows 99', 'arrows 100', 'arrows 100: expected 0 to 99'],
    [
      'locked shields from 99',
      'locked shields from 100',
      'locked shields from Clash 100: expected 1 to 99',
    ],
    [
      'locked shields from 1',
      'locked shields from 0',
      'locked shields from Clash 0: expected 1 to 99',
    ],
    ['vs 99', 'vs 100', 'vs 100: expected 1 to 99'],
    ['vs 1', 'vs 0', 'vs 0: expected 1 to 99'],
    ['pc A fight 9/9+9', 'pc A fight 10/9', 'A characteristic 10: expected 0 to 9'],
    [
      'pc A fight 3/2 resistance 99',
      'pc A fight 3/2 resistance 100',
      'A resistance 100: expected 0 to 99',
    ],
    [
      'pc A fight 3/2 athletics 9/9',
      'pc A fight 3/2 athletics 2/10',
      'A athletics skill 10: expected 0 to 9',
    ],
    [
      'pc A fight 3/2, pc A rally 9/9+9 in clash 99',
      'pc A fight 3/2, pc A rally 3/2+10 in clash 3',
      'A Boon dice 10: expected 0 to 9',
    ],
  ])('takes %s, refuses %s', (limit, above, message) => {
    expect(refused(limit)).toBe('accepted');
    expect(refused(above)).toBe(`defender unit 1: ${message}`);
  });

  it('refuses the rating of a hundred million dice at once, naming it', () => {
    const started = cpuMs();
    const b = validateBattle({
      rules: 'legion-battles',
      attacker: 'trained levy',
      defender: 'trained cohort, leader 3/100000000',
      seed: 's425040',
    });
    expect(b).toEqual({
      ok: false,
      error: 'battle battle: defender unit 1: leader skill 100000000: expected 0 to 9',
    });
    expect(cpuMs() - started).toBeLessThan(1000);
  });

  it("checks a unit's ratings given as data (a JSON battle's legions) as the roster would", () => {
    const read = parseLegionRoster('S: veteran century, leader 3/2, pc A fight 3/2', 'attacker');
    if (!read.ok) throw new Error(read.error);
    const [legion] = read.value;
    const withUnit = (edit: (u: any) => void) => {
      const unit = structuredClone(legion.unit) as any;
      edit(unit);
      const b = validateBattle({
        id: 'b',
        rules: 'legion-battles',
        attacker: [{ ...legion, unit }],
        defender: 'trained levy',
        seed: 's',
      });
      return b.ok ? 'accepted' : b.error;
    };
    expect(withUnit(() => undefined)).toBe('accepted');
    const at = 'battle b: attacker unit 1 (S): unit.';
    expect(withUnit((u) => (u.leader.skill = 1e8))).toBe(
      `${at}leader.skill is 100000000, expected a whole number from 0 to 9`,
    );
    expect(withUnit((u) => (u.quality = 'raw'))).toBe(
      `${at}quality is "raw", but the legion's unit is VET`,
    );
    expect(withUnit((u) => (u.arrows = -1))).toBe(
      `${at}arrows is -1, expected a whole number from 0 to 99`,
    );
    expect(withUnit((u) => (u.pcs[0].orders = [{ clash: 1e9 }]))).toBe(
      `${at}pcs[0].orders[0].clash is 1000000000, expected a whole number from 1 to 99`,
    );
    expect(withUnit((u) => (u.pcs = [u.pcs[0], u.pcs[0], u.pcs[0]]))).toMatch(
      /unit\.pcs is .*, expected a list of at most 2 player characters/,
    );
    expect(withUnit((u) => delete u.works)).toBe(
      `${at}works is missing, expected one of "none", "finished", "camp", "low", "unfinished"`,
    );
  });
});
