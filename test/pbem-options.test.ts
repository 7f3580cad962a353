import { failure, resolve, shots } from './helpers/battle';
import { findRuleset } from '../src/rulesets';

/** Hand-computed battles, one per option of the ruleset; each die traced in the comments. */

describe('fortification', () => {
  it('with 2 wall hit points, the first two attacker hits breach and the third kills', () => {
    // A INF 1 hit: breach (walls 1); D INF 3 miss; A INF 2 hit: breach (walls 0); D INF 6 miss;
    // round 2: A INF 1 hit: D loses INF#1.
    const r = resolve({ attacker: '1 INF', defender: '1 INF', fort: 2, dice: [1, 3, 2, 6, 1] });
    expect(shots(r)).toEqual([
      '1 A INF#1 1 hit -> breach',
      '1 D INF#1 3 miss',
      '2 A INF#1 2 hit -> breach',
      '2 D INF#1 6 miss',
      '3 A INF#1 1 hit -> INF#1',
    ]);
    expect(r).toMatchObject({ winner: 'attacker', rounds: 3, diceUsed: 5 });
  });

  it('defender hits are never stopped by walls', () => {
    const r = resolve({ attacker: '1 INF', defender: '1 INF', fort: 1, dice: [5, 2] });
    expect(shots(r)).toEqual(['1 A INF#1 5 miss', '1 D INF#1 2 hit -> INF#1']);
    expect(r.winner).toBe('defender');
  });

  it('with breach by catapult, other hits on standing walls are wasted', () => {
    // A CAT 5 miss; D INF#1 3 miss; A INF 1 hit: wasted; D INF#2 4 miss;
    // round 2: A CAT 4 hit: breach; D INF#1 5 miss; A INF 2 hit: D loses INF#2; round 3: A CAT 1 hit.
    const r = resolve({
      attacker: '1 CAT 1 INF',
      defender: '2 INF',
      fort: 1,
      breachBy: 'catapult',
      dice: [5, 3, 1, 4, 4, 5, 2, 1],
    });
    expect(shots(r)).toEqual([
      '1 A CAT#1 5 miss',
      '1 D INF#1 3 miss',
      '1 A INF#1 1 hit -> walls',
      '1 D INF#2 4 miss',
      '2 A CAT#1 4 hit -> breach',
      '2 D INF#1 5 miss',
      '2 A INF#1 2 hit -> INF#2',
      '3 A CAT#1 1 hit -> INF#1',
    ]);
    expect(r).toMatchObject({ winner: 'attacker', rounds: 3 });
  });

  it('with breach by any hit, the same infantry hit breaches', () => {
    const r = resolve({
      attacker: '1 CAT 1 INF',
      defender: '2 INF',
      fort: 1,
      dice: [5, 3, 1, 4],
      rounds: 1,
    });
    expect(shots(r)[2]).toBe('1 A INF#1 1 hit -> breach');
  });
});

describe('target die and the fallback', () => {
  // A single attacking unit fires once: rolls [hit die, target die], then the defender misses.
  const firstShot = (attacker: string, defender: string, dice: number[], sea = false) =>
    shots(resolve({ attacker, defender, dice: [...dice, 6, 6, 6], sea, rounds: 1 }))[0];

  it("reads the firing unit's table", () => {
    expect(firstShot('1 INF', '1 CAV 1 INF', [1, 3])).toBe('1 A INF#1 1 hit t3 -> INF#1');
    expect(firstShot('1 INF', '1 CAV 1 INF', [1, 4])).toBe('1 A INF#1 1 hit t4 -> CAV#1');
    expect(firstShot('1 CAV', '1 CAV 1 INF', [1, 3])).toBe('1 A CAV#1 1 hit t3 -> CAV#1');
    expect(firstShot('1 CAT', '1 CAT 1 INF', [1, 5])).toBe('1 A CAT#1 1 hit t5 -> CAT#1');
  });

  it('takes the next cheaper type the enemy has, else the next dearer one', () => {
    expect(firstShot('1 CAT', '1 CAV 1 INF', [1, 6])).toBe('1 A CAT#1 1 hit t6 -> CAV#1');
    expect(firstShot('1 CAT', '1 CAT 1 INF', [1, 3])).toBe('1 A CAT#1 1 hit t3 -> INF#1');
    expect(firstShot('1 INF', '1 CAT 1 CAV', [1, 1])).toBe('1 A INF#1 1 hit t1 -> CAV#1');
    expect(firstShot('1 CAV', '1 CAT 2 CAV', [1, 2])).toBe('1 A CAV#1 1 hit t2 -> CAV#2');
  });

  it('rolls no target die when the enemy has one type only', () => {
    const r = resolve({ attacker: '1 CAT', defender: '3 CAV', dice: [1, 6, 6, 6], rounds: 1 });
    expect(shots(r)[0]).toBe('1 A CAT#1 1 hit -> CAV#3');
    expect(r.diceUsed).toBe(3);
  });
});

describe('sea battles', () => {
  it('cavalry fires as infantry at sea (level 2, infantry table) and is still cavalry when hit', () => {
    // Land: CAV 3 hits. Sea: 3 misses.
    expect(shots(resolve({ attacker: '1 CAV', defender: '1 INF', dice: [3] }))[0]).toBe(
      '1 A CAV#1 3 hit -> INF#1',
    );
    const sea = resolve({
      attacker: '1 CAV 1 GAL',
      defender: '1 INF 1 GAL',
      sea: true,
      dice: [3, 6],
      rounds: 1,
    });
    expect(shots(sea)[0]).toBe('1 A CAV#1 3 miss');
    // Target die 5 reads CAV on the infantry table (then falls back to INF), CAT on cavalry's.
    const table = resolve({
      attacker: '1 CAV 1 GAL',
      defender: '1 CAT 1 INF 1 GAL',
      sea: true,
      dice: [1, 5, 6, 6],
      rounds: 1,
    });
    expect(shots(table)[0]).toBe('1 A CAV#1 1 hit t5 -> INF#1');
  });

  it("a galley burst can set off the other side's burst at once", () => {
    // A INF 1 hit: D's last land unit; D GAL#1 fires at once: 1 hit, A's INF#1 (A's last land
    // unit); A GAL#1 fires at once: 2 hit, D's GAL#1: the defender has nothing left.
    const r = resolve({
      attacker: '1 INF 1 GAL',
      defender: '1 INF 1 GAL',
      sea: true,
      dice: [1, 1, 2],
    });
    expect(shots(r)).toEqual([
      '1 A INF#1 1 hit -> INF#1',
      '1 D GAL#1 burst 1 hit -> INF#1',
      '1 A GAL#1 burst 2 hit -> GAL#1',
    ]);
    expect(r).toMatchObject({ winner: 'attacker', rounds: 1 });
    expect(r.attacker).toEqual({ CAT: 0, CAV: 0, INF: 0, GAL: 1 });
  });

  it('an empty transport fleet fights with its galleys from the first round', () => {
    // D lists GAL#1, GAL#2 from round 1. A INF 3 miss; D GAL#1 2 hit: A's INF (its last land unit),
    // so A's galley fires at once: 1 hit, D's GAL#2, which then never fires; round 2: A GAL 6 miss,
    // D GAL 1 hit: the attacker has nothing left.
    const r = resolve({
      attacker: '1 INF 1 GAL',
      defender: 'Admiral: 2 GAL',
      sea: true,
      dice: [3, 2, 1, 6, 1],
    });
    expect(shots(r)).toEqual([
      '1 A INF#1 3 miss',
      '1 D GAL#1 2 hit -> INF#1',
      '1 A GAL#1 burst 1 hit -> GAL#2',
      '2 A GAL#1 6 miss',
      '2 D GAL#1 1 hit -> GAL#1',
    ]);
    expect(r).toMatchObject({ winner: 'defender', rounds: 2, captured: ["attacker's leader 1"] });
  });

  it("a galleys-only legion beside land legions waits with its side's galleys", () => {
    // The attacker's side still has land units, so it lists its 3 INF only (the decision in
    // docs/rules-cote-pbem.md): round 1 is six infantry shots, all missing on 6.
    const r = resolve({
      attacker: 'A: 3 INF 1 GAL; B: 2 GAL',
      defender: 'C: 3 INF 1 GAL',
      sea: true,
      dice: [6, 6, 6, 6, 6, 6],
      rounds: 1,
    });
    expect(shots(r)).toEqual([
      '1 A INF#1 6 miss',
      '1 D INF#1 6 miss',
      '1 A INF#2 6 miss',
      '1 D INF#2 6 miss',
      '1 A INF#3 6 miss',
      '1 D INF#3 6 miss',
    ]);
    expect(r).toMatchObject({ outcome: 'paused', diceUsed: 6 });
  });
});

describe('retreat', () => {
  it('is checked after a defender shot, and the battle ends at once', () => {
    // A INF#1 3 miss; D INF#1 1 hit: A loses INF#2, 1 unit left: retreat.
    const r = resolve({
      attacker: '2 INF',
      defender: '2 INF',
      retreat: 'units <= 1',
      dice: [3, 1, 6, 6],
    });
    expect(shots(r)).toEqual(['1 A INF#1 3 miss', '1 D INF#1 1 hit -> INF#2']);
    expect(r).toMatchObject({
      outcome: 'retreat',
      winner: 'defender',
      rounds: 1,
      captured: [],
      diceUsed: 2,
    });
  });

  it('is not checked after attacker shots', () => {
    // A INF#1 1 hit: D down to 1 (the condition holds, unchecked); D INF#1 4 miss: checked, holds.
    const r = resolve({
      attacker: '2 INF',
      defender: '2 INF',
      retreat: 'enemy.units <= 1',
      dice: [1, 4, 6, 6],
    });
    expect(shots(r)).toEqual(['1 A INF#1 1 hit -> INF#2', '1 D INF#1 4 miss']);
    expect(r.outcome).toBe('retreat');
  });

  it('comes before the galley burst that the same shot causes', () => {
    const dice = [4, 1, 2, 6];
    const base = { attacker: '1 INF 1 GAL', defender: '1 INF 1 GAL', sea: true, dice, rounds: 1 };
    expect(shots(resolve({ ...base, retreat: 'INF = 0' }))).toEqual([
      '1 A INF#1 4 miss',
      '1 D INF#1 1 hit -> INF#1',
    ]);
    expect(shots(resolve(base))).toEqual([
      '1 A INF#1 4 miss',
      '1 D INF#1 1 hit -> INF#1',
      '1 A GAL#1 burst 2 hit -> INF#1',
      '1 D GAL#1 burst 6 miss',
    ]);
  });

  it("reads lost and living counts by type, its own and the enemy's", () => {
    // A CAT 1 hit t1: D INF#2; D CAV 2 hit t5: A CAT (lost.CAT 1, units 2): holds.
    const r = resolve({
      attacker: '1 CAT 2 INF',
      defender: '1 CAV 2 INF',
      retreat: 'lost.CAT >= 1 and enemy.INF < 2 and enemy.lost = 1 and CAT = 0',
      dice: [1, 1, 2, 5, 6, 6, 6, 6, 6, 6],
    });
    expect(r.outcome).toBe('retreat');
    expect(r.events).toHaveLength(2);
  });

  it('rejects conditions it cannot read, naming the part', () => {
    expect(
      failure({
        attacker: '1 INF',
        defender: '1 INF',
        seed: 's',
        retreat: 'units <= 3 or lost >= 2',
      }),
    ).toMatch(/cannot read "units <= 3 or lost >= 2"/);
    expect(
      failure({ attacker: '1 INF', defender: '1 INF', seed: 's', retreat: 'legions <= 3' }),
    ).toMatch(/unknown quantity "legions"/);
  });

  it.each([
    [
      'units <= 3 or lost >= 2',
      '"or" is not taken: the attacker retreats when every comparison holds',
    ],
    ['units <= 3 || lost >= 2', '"or" is not taken'],
    ['units <= 3 and', '"and" with no comparison on one side'],
    ['3', 'no comparison: it needs <=, >=, <, > or ='],
    ['units <=', '"<=" compares with nothing on one side'],
    ['units <= 3 and lost => 2', 'cannot read "lost => 2" ("=>" is written ">=")'],
  ])('says why %j is not a condition', (retreat, why) => {
    const error = failure({ attacker: '1 INF', defender: '1 INF', seed: 's', retreat });
    expect(error).toContain(why);
    expect(error).toContain('write comparisons joined by "and"');
  });
});

describe("the forms a retreat condition may take besides the spec's", () => {
  // A INF#1 1 hit -> D INF#2; D INF#1 4 miss: the attacker has lost none, the defender 1.
  const base = { attacker: '2 INF', defender: '2 INF', dice: [1, 4, 6, 6, 6, 6, 6, 6] };

  it.each([
    'enemy.lost >= 1 && lost = 0',
    'enemy.lost >= 1, lost = 0',
    'enemy.lost == 1 AND Lost == 0',
    '1 <= enemy.lost and 0 = lost',
  ])('%j holds after the first defender shot', (retreat) => {
    const r = resolve({ ...base, retreat });
    expect([r.outcome, r.events.length]).toEqual(['retreat', 2]);
  });

  it.each(['1 <= 2', 'units >= 1 and 0 = 0', '3 > 4'])(
    'refuses %j, a comparison of two numbers',
    (retreat) => {
      const error = failure({ ...base, seed: 's', dice: undefined, retreat });
      expect(error).toMatch(/".+" compares two numbers, which holds or fails whatever happens/);
      expect(error).toContain('compare a quantity (`units`');
    },
  );
});

describe('pause after N rounds', () => {
  it('pauses after round N with no winner, the state saved', () => {
    const r = resolve({
      attacker: '3 INF',
      defender: '3 INF',
      dice: [6, 6, 6, 6, 6, 6, 1],
      rounds: 1,
    });
    expect(r).toMatchObject({ outcome: 'paused', winner: null, rounds: 1, diceUsed: 6 });
    expect(r.saved).toBeDefined();
  });

  it('a battle that ends within the N rounds is not paused', () => {
    const r = resolve({ attacker: '1 INF', defender: '1 INF', dice: [1], rounds: 1 });
    expect(r.outcome).toBe('eliminated');
    expect(r.saved).toBeUndefined();
  });
});

describe('scripted dice', () => {
  it('running out is a clear error with the dice used and where the battle stood', () => {
    expect(failure({ attacker: '2 INF', defender: '2 INF', dice: '6,6,6' })).toBe(
      'battle battle: the scripted dice ran out after 3 dice, in round 1, as defender INF#2 fired; ' +
        'attacker 2 INF, defender 2 INF',
    );
  });
});

describe('rosters', () => {
  it('the same unit type twice in one legion adds up', () => {
    // A INF#1 1 hit: the defender's only unit.
    const r = resolve({ attacker: '1 INF 2 INF', defender: '1 INF', dice: [1] });
    expect(shots(r)).toEqual(['1 A INF#1 1 hit -> INF#1']);
    expect(r.attacker).toMatchObject({ INF: 3 });
  });
});

describe('an option that changes nothing', () => {
  it('breachBy catapult with no fort is idle (a submission warns of it); with a fort it acts', () => {
    const pbem = findRuleset('cote-pbem')!;
    const idle = (raw: Record<string, unknown>) => {
      const options = pbem.parseOptions(raw);
      if (!options.ok) throw new Error(options.error);
      return (pbem.idleOptions?.(options.value) ?? []).map((o) => o.key);
    };
    expect(idle({ breachBy: 'catapult' })).toEqual(['breachBy']);
    expect(idle({ breachBy: 'catapult', fort: 1 })).toEqual([]);
    expect(idle({ breachBy: 'any' })).toEqual([]);
    // Orders from a round after the pause: idle too.
    expect(idle({ retreat: 'lost >= 3; units <= 4 from round 2', rounds: 1 })).toEqual(['retreat']);
    expect(idle({ retreat: 'lost >= 3; units <= 4 from round 2', rounds: 2 })).toEqual([]);
    // At sea, where a fort is refused: no advice to give one.
    const why = pbem.parseOptions({ breachBy: 'catapult', sea: true });
    if (!why.ok) throw new Error(why.error);
    expect(pbem.idleOptions?.(why.value)).toEqual([
      { key: 'breachBy', why: 'a sea battle has no walls to breach' },
    ]);
    // Fought as written: the same battle as without the order.
    const flat = { attacker: '2 CAT 3 INF', defender: '4 INF', seed: 'idle' };
    expect(resolve({ ...flat, breachBy: 'catapult' }).events).toEqual(resolve(flat).events);
  });
});

describe('a retreat condition over several rounds ("from round N")', () => {
  const flat = { attacker: '1 INF', defender: '1 INF', seed: 's' };
  it.each([
    ['lost >= 3; units <= 4', '"units <= 4" needs the round it starts from'],
    ['lost >= 3; units <= 4 from round 1', '"from round 1" comes after orders from round 1'],
    [
      'units <= 4 from round 3; none from round 2',
      '"from round 2" comes after orders from round 3',
    ],
    ['units <= 4 from round 0', '"from round 0" needs a round from 1 to 10,000'],
    ['units <= 4 from round two', '"from round two" needs a round from 1 to 10,000'],
    ['lost >= 3; from round 2', 'nothing before "from round 2"'],
    ['lost >= 3;; none from round 2', 'nothing between two ";"'],
    ['lost >= 3; units < 3 or lost > 1 from round 2', '"or" is not taken'],
    ['lost >= 3 from round 2 and units <= 4', '"from round N" ends its orders'],
    ...[
      'units <= 1 &&',
      '&& units <= 1',
      'units <= 1,, lost >= 1',
      'lost >= 1, ; none from round 2',
    ].map((retreat) => [retreat, '"and", "&&" or "," with no comparison on one side']),
  ])('refuses %j, saying why', (retreat, why) => {
    expect(failure({ ...flat, retreat })).toContain(why);
  });

  it('takes a line break as a space, and a ";" at the end as nothing', () => {
    const base = { attacker: '4 INF', defender: '4 INF', seed: 'lines' };
    const phased = resolve({ ...base, retreat: 'lost >= 3; units <= 5 from round 2' });
    expect(resolve({ ...base, retreat: 'lost >= 3;\nunits <= 5\nfrom round 2;' }).events).toEqual(
      phased.events,
    );
  });

  it('reads each order from its round: none before, then the new one', () => {
    // 4 INF a side: round 1 all misses (a 6 never hits), then every shot hits (a 1).
    const base = {
      attacker: '4 INF',
      defender: '4 INF',
      dice: [...Array(8).fill(6), ...Array(80).fill(1)],
    };
    // The attacker loses its first unit in round 2.
    expect(resolve({ ...base, retreat: 'lost >= 1' })).toMatchObject({
      outcome: 'retreat',
      rounds: 2,
    });
    expect(resolve({ ...base, retreat: 'none; lost >= 1 from round 2' })).toMatchObject({
      outcome: 'retreat',
      rounds: 2,
    });
    // Not yet in force in round 2: the retreat waits for round 3's first defender shot.
    expect(resolve({ ...base, retreat: 'none; lost >= 1 from round 3' })).toMatchObject({
      outcome: 'retreat',
      rounds: 3,
    });
    // Cancelled from round 2: no retreat, the battle fought out.
    expect(resolve({ ...base, retreat: 'lost >= 1; none from round 2' })).toMatchObject({
      outcome: 'eliminated',
      winner: 'attacker',
      rounds: 4,
    });
  });
});

describe('fort as a cell gives it', () => {
  const pbem = findRuleset('cote-pbem')!;
  const fortOf = (v: unknown) => {
    const r = pbem.parseOptions({ fort: v });
    return r.ok ? (r.value as { fort: number }).fort : r.error;
  };

  it('reads a number typed as text as the number (docs/workbook.md: `3`, `+3`, `3.0`)', () => {
    expect(['1.0', '+2', ' 2.0 ', '0.0', 2, 1, 'yes', 'no', ''].map(fortOf)).toEqual([
      1, 2, 2, 0, 2, 1, 1, 0, 0,
    ]);
  });

  it('refuses a number of no wall, loose numbers and fractions', () => {
    for (const v of ['3', '1.5', '0x1', '1e0', '-1', 2.5]) {
      expect(fortOf(v)).toBe(
        `fort is "${String(v)}": expected 0, 1 or 2 wall hit points (or yes/no)`,
      );
    }
  });
});
