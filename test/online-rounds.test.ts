import { resumeBattle } from '../src/battle';
import { lines, none, onlineFailure, resolveOnline } from './helpers/online';

/** Hand-computed rounds of the online rules on scripted dice; each die traced in the comments. */

describe('a round: every warrior rolls, then the hits are drawn at once', () => {
  it('draws a casualty among 5 with a rejected 6, and takes the last warrior without dice', () => {
    // A CAT#1 3: hit (3+). D INF#1..5 roll 1 2 3 4 6: INF#5 hits (5+).
    // Attacker's hit among 5 defenders: k = 1, limit 5; die 6 -> v 5: rejected; die 2 -> v 1:
    // INF#2. Defender's hit among 1 attacker: no dice, CAT#1.
    const r = resolveOnline({
      attacker: 'Gaius: 1 CAT',
      defender: 'Titus: 5 INF',
      dice: [3, 1, 2, 3, 4, 6, 6, 2],
    });
    expect(lines(r)).toEqual([
      '1 A CAT#1 3 hit',
      '1 D INF#1 1 miss',
      '1 D INF#2 2 miss',
      '1 D INF#3 3 miss',
      '1 D INF#4 4 miss',
      '1 D INF#5 6 hit',
      '1 A hit 1: 6/2 of 5 -> INF#2',
      '1 D hit 1: - of 1 -> CAT#1',
    ]);
    expect(r).toMatchObject({
      outcome: 'eliminated',
      winner: 'defender',
      rounds: 1,
      diceUsed: 8,
      attacker: none,
      defender: { ...none, INF: 4 },
      captured: ['Gaius'],
    });
    expect(r.events[6]).toMatchObject({ among: 5, attempts: [[6], [2]], index: 1 });
  });

  it('draws among 7 or more with two dice, rejecting (6, 6)', () => {
    // A CAT#1 3: hit; D INF#1..7 all 1: misses. Among 7: (6, 6) -> 35 >= 35: rejected;
    // (3, 4) -> 2 * 6 + 3 = 15 -> 15 mod 7 = 1: INF#2. Pause after the round.
    const r = resolveOnline({
      attacker: '1 CAT',
      defender: '7 INF',
      rounds: 1,
      dice: [3, 1, 1, 1, 1, 1, 1, 1, 6, 6, 3, 4],
    });
    expect(lines(r).slice(-1)).toEqual(['1 A hit 1: 66/34 of 7 -> INF#2']);
    expect(r).toMatchObject({ outcome: 'paused', diceUsed: 12, defender: { ...none, INF: 6 } });
  });

  it('applies the attacker hits first, then the defender hits, each among the warriors not yet chosen', () => {
    // A INF#1 5, INF#2 6, INF#3 1: 2 hits. D INF#1 6, INF#2 5, INF#3 2: 2 hits.
    // A hit 1 among 3: die 3 -> v 2: INF#3. A hit 2 among INF#1, INF#2: die 2 -> v 1: INF#2.
    // D hit 1 among 3: die 4 -> v 3 -> 0: INF#1. D hit 2 among INF#2, INF#3: die 1 -> v 0: INF#2.
    // Round 2: A INF#1 5 hit; D INF#1 4 miss: the attacker wins with 1 INF.
    const r = resolveOnline({
      attacker: '3 INF',
      defender: '3 INF',
      dice: [5, 6, 1, 6, 5, 2, 3, 2, 4, 1, 5, 4],
    });
    expect(lines(r)).toEqual([
      '1 A INF#1 5 hit',
      '1 A INF#2 6 hit',
      '1 A INF#3 1 miss',
      '1 D INF#1 6 hit',
      '1 D INF#2 5 hit',
      '1 D INF#3 2 miss',
      '1 A hit 1: 3 of 3 -> INF#3',
      '1 A hit 2: 2 of 2 -> INF#2',
      '1 D hit 1: 4 of 3 -> INF#1',
      '1 D hit 2: 1 of 2 -> INF#2',
      '2 A INF#1 5 hit',
      '2 D INF#1 4 miss',
      '2 A hit 1: - of 1 -> INF#1',
    ]);
    expect(r).toMatchObject({ winner: 'attacker', rounds: 2, attacker: { ...none, INF: 1 } });
  });

  it('loses the hits beyond the enemy warriors', () => {
    // A CAT#1 3, CAT#2 4: 2 hits against 1 defender: one draw, no dice; D INF#1 1: miss.
    const r = resolveOnline({ attacker: '2 CAT', defender: '1 INF', dice: [3, 4, 1] });
    expect(lines(r)).toEqual([
      '1 A CAT#1 3 hit',
      '1 A CAT#2 4 hit',
      '1 D INF#1 1 miss',
      '1 A hit 1: - of 1 -> INF#1',
    ]);
    expect(r).toMatchObject({ winner: 'attacker', diceUsed: 3 });
  });

  it('hits on 3+ (CAT), 4+ (CAV), 5+ (INF)', () => {
    const r = resolveOnline({
      attacker: '1 CAT 1 CAV 1 INF',
      defender: '1 CAT 1 CAV 1 INF',
      rounds: 1,
      dice: [2, 3, 4, 3, 4, 5, 1, 1, 1],
    });
    expect(lines(r).slice(0, 6)).toEqual([
      '1 A CAT#1 2 miss',
      '1 A CAV#1 3 miss',
      '1 A INF#1 4 miss',
      '1 D CAT#1 3 hit',
      '1 D CAV#1 4 hit',
      '1 D INF#1 5 hit',
    ]);
    // Three hits on three attackers: among 3 (die 1: CAT#1), among 2 (die 1: CAV#1), the last.
    expect(lines(r).slice(6)).toEqual([
      '1 D hit 1: 1 of 3 -> CAT#1',
      '1 D hit 2: 1 of 2 -> CAV#1',
      '1 D hit 3: - of 1 -> INF#1',
    ]);
    expect(r.winner).toBe('defender');
  });
});

describe('the fortified city', () => {
  it("adds the defender's Artillery, first in the order of battle, rolling and chosen like any warrior", () => {
    // Round 1: A CAV#1 4 hit, INF#1 2, INF#2 1; D FORT#1 3 hit, INF#1 2.
    // A hit among FORT#1, INF#1: die 1 -> v 0: FORT#1. D hit among 3: die 5 -> v 4 -> 1: INF#1.
    // Round 2: A CAV#1 3 miss, INF#1 6 hit; D INF#1 5 hit. A hit: the last, INF#1 (no dice).
    // D hit among CAV#1, INF#1: die 6 -> v 5 -> 1: INF#1. The attacker wins with 1 CAV.
    const r = resolveOnline({
      attacker: 'Marcus: 1 CAV 2 INF',
      defender: 'Titus: 1 INF',
      fort: 'yes',
      dice: [4, 2, 1, 3, 2, 1, 5, 3, 6, 5, 6],
    });
    expect(lines(r)).toEqual([
      '1 A CAV#1 4 hit',
      '1 A INF#1 2 miss',
      '1 A INF#2 1 miss',
      '1 D FORT#1 3 hit',
      '1 D INF#1 2 miss',
      '1 A hit 1: 1 of 2 -> FORT#1',
      '1 D hit 1: 5 of 3 -> INF#1',
      '2 A CAV#1 3 miss',
      '2 A INF#1 6 hit',
      '2 D INF#1 5 hit',
      '2 A hit 1: - of 1 -> INF#1',
      '2 D hit 1: 6 of 2 -> INF#1',
    ]);
    expect(r).toMatchObject({
      outcome: 'eliminated',
      winner: 'attacker',
      rounds: 2,
      diceUsed: 11,
      options: { mode: 'fight-to-the-death', fort: true, rounds: null },
      attacker: { ...none, CAV: 1 },
      defender: none,
      captured: ['Titus'],
    });
    expect(r.events[4].left.defender).toEqual({ ...none, INF: 1, FORT: 1 });
    expect(r.events[5].left.defender).toEqual({ ...none, INF: 1 });
  });

  it('lets the defender win with only the fort Artillery left, its legion destroyed', () => {
    // A INF#1 5 hit; D FORT#1 4 hit, INF#1 1. A hit among 2: die 2 -> v 1: INF#1. D hit: last.
    const r = resolveOnline({
      attacker: '1 INF',
      defender: 'Titus: 1 INF',
      fort: true,
      dice: [5, 4, 1, 2],
    });
    expect(r).toMatchObject({ winner: 'defender', defender: { ...none, FORT: 1 } });
    expect(r.captured).toEqual(["attacker's leader 1"]);
  });
});

describe('Hit and Run', () => {
  it('ends after one round: an attacker with warriors left retreats', () => {
    // A INF#1 5 hit, INF#2 1; D INF#1 2, INF#2 3. A hit among 2: die 4 -> v 3 -> 1: INF#2.
    const r = resolveOnline({
      attacker: 'Marcus: 2 INF',
      defender: 'Titus: 2 INF',
      mode: 'hit-and-run',
      dice: [5, 1, 2, 3, 4],
    });
    expect(lines(r).slice(-1)).toEqual(['1 A hit 1: 4 of 2 -> INF#2']);
    expect(r).toMatchObject({
      outcome: 'retreat',
      winner: 'defender',
      rounds: 1,
      attacker: { ...none, INF: 2 },
      defender: { ...none, INF: 1 },
      captured: [],
    });
  });

  it('retreats even when nobody hit, and wins when every defender falls in the round', () => {
    const quiet = resolveOnline({
      attacker: '1 INF',
      defender: '1 INF',
      mode: 'Hit and Run',
      dice: [1, 1],
    });
    expect(quiet).toMatchObject({ outcome: 'retreat', rounds: 1, diceUsed: 2 });
    const won = resolveOnline({
      attacker: '1 CAT',
      defender: 'Titus: 1 INF',
      mode: 'hit-and-run',
      dice: [6, 1],
    });
    expect(won).toMatchObject({ outcome: 'eliminated', winner: 'attacker', captured: ['Titus'] });
  });
});

describe('both sides destroyed in the same round (mutual)', () => {
  it('has no winner and no captives; the galleys stay', () => {
    // A INF#1 5 hit; D INF#1 6 hit; each hit takes the last warrior, no dice.
    const r = resolveOnline({
      attacker: 'Marcus: 1 INF 1 GAL',
      defender: 'Titus: 1 INF 2 GAL',
      dice: [5, 6],
    });
    expect(lines(r)).toEqual([
      '1 A INF#1 5 hit',
      '1 D INF#1 6 hit',
      '1 A hit 1: - of 1 -> INF#1',
      '1 D hit 1: - of 1 -> INF#1',
    ]);
    expect(r).toMatchObject({
      outcome: 'mutual',
      winner: null,
      rounds: 1,
      captured: [],
      attacker: { ...none, GAL: 1 },
      defender: { ...none, GAL: 2 },
    });
  });
});

describe('galleys', () => {
  it('never roll and are never chosen; a destroyed side loses its empty galleys', () => {
    // A CAT#1 3 hit; D INF#1 1 (the galleys do not roll). The hit takes the last INF.
    const r = resolveOnline({
      attacker: '1 CAT 1 GAL',
      defender: 'Titus: 1 INF 2 GAL',
      dice: [3, 1],
    });
    expect(lines(r)).toEqual([
      '1 A CAT#1 3 hit',
      '1 D INF#1 1 miss',
      '1 A hit 1: - of 1 -> INF#1',
      '1 D sunk 2 GAL',
    ]);
    expect(r).toMatchObject({ attacker: { ...none, CAT: 1, GAL: 1 }, defender: none });
    expect(r.events[3].left.defender).toEqual(none);
  });

  it("keeps a beaten attacker's galleys: no enemy troops enter their space", () => {
    // A INF#1 1 miss; D INF#1 6 hit. The hit takes the last INF; the galley stays, unsunk.
    const r = resolveOnline({
      attacker: 'Marcus: 1 INF 2 GAL',
      defender: 'Titus: 1 INF 1 GAL',
      dice: [1, 6],
    });
    expect(lines(r)).toEqual(['1 A INF#1 1 miss', '1 D INF#1 6 hit', '1 D hit 1: - of 1 -> INF#1']);
    expect(r).toMatchObject({
      outcome: 'eliminated',
      winner: 'defender',
      attacker: { ...none, GAL: 2 },
      defender: { ...none, INF: 1, GAL: 1 },
      captured: ['Marcus'],
    });
  });
});

describe('pause and resume', () => {
  it('resumes a paused battle with more scripted dice to the same log as a straight run', () => {
    const dice = [4, 2, 1, 3, 2, 1, 5, 3, 6, 5, 6];
    const common = { attacker: 'Marcus: 1 CAV 2 INF', defender: 'Titus: 1 INF', fort: 'yes' };
    const straight = resolveOnline({ ...common, dice });
    const first = resolveOnline({ ...common, rounds: 1, dice: dice.slice(0, 7) });
    expect(first).toMatchObject({ outcome: 'paused', rounds: 1, diceUsed: 7 });
    const saved = JSON.parse(JSON.stringify(first.saved));
    const rest = resumeBattle(saved, {}, dice.slice(7));
    if (!rest.ok) throw new Error(rest.error);
    expect([...first.events, ...rest.value.events]).toEqual(straight.events);
    expect(rest.value).toMatchObject({
      outcome: 'eliminated',
      winner: 'attacker',
      rounds: 2,
      diceUsed: 11,
    });
  });

  it('takes only rounds as a new order', () => {
    const first = resolveOnline({ attacker: '1 INF', defender: '1 INF', rounds: 1, dice: [1, 1] });
    const r = resumeBattle(first.saved!, { mode: 'hit-and-run' }, [5, 1]);
    expect(r).toMatchObject({
      ok: false,
      error: expect.stringMatching(/only new orders \(rounds\), not mode/),
    });
  });
});

describe('errors', () => {
  it('says where the scripted dice ran out', () => {
    expect(onlineFailure({ attacker: '1 CAT', defender: '2 INF', dice: [3, 1] })).toBe(
      "battle battle: the scripted dice ran out after 2 dice, in round 1, when the defender's INF#2 was to roll; attacker 1 CAT, defender 2 INF",
    );
    expect(onlineFailure({ attacker: '1 CAT', defender: '2 INF', dice: [3, 1, 1] })).toMatch(
      /ran out after 3 dice, in round 1, when the casualty of the attacker's hit 1 was to be drawn/,
    );
  });
});
