import { buildReport } from '../src/report/model';
import { resolve, shots } from './helpers/battle';

/**
 * cote-pbem rules the seed examples and the option tests leave open, each on scripted dice
 * traced by hand from shared/spec/cote-pbem.md.
 */

/** The report's plain-words lines of a battle, all rounds together. */
const told = (battle: Record<string, unknown>) =>
  buildReport(resolve(battle)).rounds.flatMap((r) => r.lines);

describe('the report tells each kind of shot', () => {
  it('a hit on standing walls breaches them', () => {
    // Fort 1: Marcus's CAT#1 rolls 1: the walls go; Titus's INF#1 rolls 6: a miss.
    expect(
      told({
        attacker: 'Marcus: 1 CAT',
        defender: 'Titus: 1 INF',
        fort: 1,
        dice: [1, 6],
        rounds: 1,
      }),
    ).toEqual([
      "Marcus's CAT#1 rolls 1: a hit; it breaches the walls.",
      "Titus's INF#1 rolls 6: a miss.",
    ]);
  });

  it('a non-Catapult hit on standing walls is wasted when only Catapults breach', () => {
    expect(
      told({
        attacker: 'Marcus: 1 INF',
        defender: 'Titus: 1 INF',
        fort: 1,
        breachBy: 'catapult',
        dice: [1, 6],
        rounds: 1,
      }),
    ).toEqual([
      "Marcus's INF#1 rolls 1: a hit, but only a Catapult can breach the walls.",
      "Titus's INF#1 rolls 6: a miss.",
    ]);
  });

  it("a galley firing at once when its side's last land unit falls", () => {
    // Marcus's INF#1 rolls 1: Titus's only land unit; Titus's GAL#1 fires at once: 5, a miss.
    // Round 2 (galleys against Marcus's INF): Marcus's INF#1 rolls 2: Titus's GAL#1.
    expect(
      told({
        attacker: 'Marcus: 1 INF 1 GAL',
        defender: 'Titus: 1 INF 1 GAL',
        sea: true,
        dice: [1, 5, 2],
      }),
    ).toEqual([
      "Marcus's INF#1 rolls 1: a hit. Titus loses INF#1.",
      "Titus's GAL#1 fires at once, its side's last land unit lost, and rolls 5: a miss.",
      "Marcus's INF#1 rolls 2: a hit. Titus loses GAL#1.",
    ]);
  });

  it("at sea a Cavalry unit's target die reads the Infantry table", () => {
    // Marcus's CAV#1 rolls 1 (level 2 at sea: a hit); target die 5 reads Cavalry on Infantry's
    // table (Catapult on Cavalry's); Titus has no Cavalry: the next cheaper type, Infantry.
    expect(
      told({
        attacker: 'Marcus: 1 CAV 1 GAL',
        defender: 'Titus: 1 CAT 1 INF 1 GAL',
        sea: true,
        dice: [1, 5, 6, 6],
        rounds: 1,
      })[0],
    ).toBe(
      "Marcus's CAV#1 rolls 1: a hit; target die 5: Cavalry (Titus has none: the next type is hit). Titus loses INF#1.",
    );
  });
});

describe('galley bursts', () => {
  it("a galley sunk by the other side's nested burst before its turn does not fire", () => {
    // A INF#1 rolls 1: D's only land unit, so D's galleys fire at once (GAL#1, GAL#2). D GAL#1
    // rolls 1: A's INF#1, A's last land unit, so A's galley fires at once inside D's burst:
    // 2, a hit on D's highest-numbered galley, GAL#2, which has not fired and never does.
    // Round 2 lists galleys: A GAL#1 rolls 1: D's GAL#1, the defender's last unit.
    const r = resolve({
      attacker: '1 INF 1 GAL',
      defender: '1 INF 2 GAL',
      sea: true,
      dice: [1, 1, 2, 1],
    });
    expect(shots(r)).toEqual([
      '1 A INF#1 1 hit -> INF#1',
      '1 D GAL#1 burst 1 hit -> INF#1',
      '1 A GAL#1 burst 2 hit -> GAL#2',
      '2 A GAL#1 1 hit -> GAL#1',
    ]);
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker', rounds: 2, diceUsed: 4 });
  });
});

describe('retreat conditions', () => {
  it('"<" is strict: "units < 2" does not hold with 2 units left', () => {
    // A INF#1 6, D INF#1 6 (2 units: no retreat), A INF#2 6, D INF#2 1: A loses INF#2, 1 unit
    // left: 1 < 2, retreat.
    const r = resolve({
      attacker: '2 INF',
      defender: '2 INF',
      retreat: 'units < 2',
      dice: [6, 6, 6, 1],
    });
    expect(shots(r)).toEqual([
      '1 A INF#1 6 miss',
      '1 D INF#1 6 miss',
      '1 A INF#2 6 miss',
      '1 D INF#2 1 hit -> INF#2',
    ]);
    expect(r).toMatchObject({ outcome: 'retreat', winner: 'defender', diceUsed: 4 });
  });

  it('">" is strict: "lost > 0" does not hold before a loss', () => {
    const r = resolve({
      attacker: '2 INF',
      defender: '2 INF',
      retreat: 'lost > 0',
      dice: [6, 6, 6, 1],
    });
    expect(r.events).toHaveLength(4);
    expect(r).toMatchObject({ outcome: 'retreat', diceUsed: 4 });
  });

  it('galleys count among "units" at sea', () => {
    // "units <= 2" with 1 INF and 2 GAL: 3 units, no retreat after D's miss. Round 2: D INF#1
    // rolls 1: A's INF; 2 units (its galleys) left: the retreat comes before A's galley burst.
    const r = resolve({
      attacker: '1 INF 2 GAL',
      defender: '1 INF 1 GAL',
      sea: true,
      retreat: 'units <= 2',
      dice: [6, 6, 6, 1],
    });
    expect(shots(r)).toEqual([
      '1 A INF#1 6 miss',
      '1 D INF#1 6 miss',
      '2 A INF#1 6 miss',
      '2 D INF#1 1 hit -> INF#1',
    ]);
    expect(r).toMatchObject({ outcome: 'retreat', rounds: 2 });
    expect(r.attacker).toEqual({ CAT: 0, CAV: 0, INF: 0, GAL: 2 });
  });
});
