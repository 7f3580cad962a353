import { resumeBattle } from '../src/battle';
import { SavedBattle } from '../src/saved-battle';
import { lines, none, onlineFailure, resolveOnline } from './helpers/online';

/**
 * cote-online rules that the earlier tests left unguarded (a mutation audit), each on scripted
 * dice traced by hand from shared/spec/cote-online.md. A casualty among n warriors reads one die
 * for 2 to 6 warriors: index (die - 1) mod n in the order of battle, a value at or above
 * n * floor(6 / n) drawn again; the last warrior takes no die.
 */

describe('the fortified city: its Artillery first in the order of battle', () => {
  it("rolls before the defender's Catapults and is warrior 1 of the casualty draw", () => {
    // Spec, A round 1: the defending warriors roll "(the fortified city's Artillery first)".
    // A CAT#1 3: hit. D FORT#1 1, CAT#1 2: misses. A hit among FORT#1, CAT#1: die 1 -> index
    // 0: the fort's Artillery falls, the defender's own Catapult stays.
    const r = resolveOnline({
      attacker: '1 CAT',
      defender: 'Titus: 1 CAT',
      fort: true,
      rounds: 1,
      dice: [3, 1, 2, 1],
    });
    expect(lines(r)).toEqual([
      '1 A CAT#1 3 hit',
      '1 D FORT#1 1 miss',
      '1 D CAT#1 2 miss',
      '1 A hit 1: 1 of 2 -> FORT#1',
    ]);
    expect(r).toMatchObject({ outcome: 'paused', defender: { ...none, CAT: 1 } });
  });
});

describe('pause and resume', () => {
  it('counts a new pause order from the round the battle resumes at', () => {
    // Spec-silent, docs: "rounds: N ... counted from where this run starts". 1 INF against 1
    // INF, every die a 1: nobody hits. Paused after round 1; resumed with rounds 1, it plays
    // round 2 (two more dice, four in all) and pauses again.
    const first = resolveOnline({ attacker: '1 INF', defender: '1 INF', rounds: 1, dice: [1, 1] });
    expect(first).toMatchObject({ outcome: 'paused', rounds: 1 });
    const r = resumeBattle(first.saved!, { rounds: 1 }, [1, 1, 1, 1]);
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toMatchObject({ outcome: 'paused', rounds: 2, diceUsed: 4 });
    expect(r.value.events.map((e) => e.round)).toEqual([2, 2]);
  });
});

describe('a saved battle is checked when resumed', () => {
  it('refuses more warriors left than the battle began with', () => {
    // Docs, Limits: "units left and lost never more than the forces began with". The attacker
    // began with 2 INF; a state edited to 3 is damaged.
    const first = resolveOnline({
      attacker: '2 INF',
      defender: '1 INF',
      rounds: 1,
      dice: [1, 1, 1],
    });
    const saved = JSON.parse(JSON.stringify(first.saved)) as SavedBattle;
    (saved.state as { count: number[][] }).count[0][2] = 3;
    const r = resumeBattle(saved, {}, [5, 5, 1]);
    expect(r).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /state\.count\[0\]\[2\] is 3, expected a whole number from 0 to 2/,
      ),
    });
  });
});

describe('limits and options', () => {
  it('refuses a side of more than 1,000 units, every kind counted', () => {
    // Docs, Limits: at most 1,000 units a side (galleys count); 1 INF and 1,000 GAL are 1,001.
    expect(
      onlineFailure({ attacker: 'Marcus: 1 INF 1000 GAL', defender: '1 INF', dice: [1] }),
    ).toMatch(/attacker legion 1 \(Marcus\): the attacker has 1001 units; a side has at most 1000/);
    expect(
      resolveOnline({ attacker: 'Marcus: 1 INF 999 GAL', defender: '1 INF', dice: [5, 1] }),
    ).toMatchObject({
      winner: 'attacker',
      attacker: { ...none, INF: 1, GAL: 999 },
    });
  });

  it('reads "land" in a shared Sea column as a land battle', () => {
    // Docs, Options: sea may say what every cote-online battle is (no, false, 0, land).
    expect(
      resolveOnline({ attacker: '1 INF', defender: '1 INF', sea: 'land', dice: [5, 1] }),
    ).toMatchObject({
      winner: 'attacker',
    });
  });
});
