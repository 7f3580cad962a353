import { resolve, shots } from './helpers/battle';

/**
 * The seed's four worked examples (seeds/000), replayed on their own dice lists as the spec's
 * last section reads them. Expected shots are transcribed from the seed's narrative.
 */
describe('seed example 1: simple land battle', () => {
  const r = resolve({
    attacker: 'Legion A: 2 Infantry, 1 Catapult',
    defender: 'Legion B: 4 Infantry',
    dice: '3,4,4,2,3,4,1, 2,5,1,6,1,4,2, 5,2,4,3,1,4,5',
  });

  it('matches the text shot for shot', () => {
    expect(shots(r)).toEqual([
      '1 A CAT#1 3 hit -> INF#4',
      '1 D INF#1 4 miss',
      '1 A INF#1 4 miss',
      '1 D INF#2 2 hit t3 -> INF#2',
      '1 D INF#3 4 miss',
      '2 A CAT#1 1 hit -> INF#3',
      '2 D INF#1 2 hit t5 -> INF#1',
      '2 D INF#2 1 hit -> CAT#1',
    ]);
  });

  it('ends as the text says: the defender wins with 2 Infantry after 2 rounds, 10 dice', () => {
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'defender', rounds: 2, diceUsed: 10 });
    expect(r.defender).toEqual({ CAT: 0, CAV: 0, INF: 2, GAL: 0 });
    expect(r.captured).toEqual(['Legion A']);
  });
});

describe('seed example 2: larger land battle', () => {
  const r = resolve({
    attacker: '4 INF 2 CAT',
    defender: '4 INF 1 CAV 1 CAT',
    dice: '2,3,2,4,2,1, 5,4,5,3,3,5, 2,2,5,5,3,4, 1,1,2,6,6,3, 4,5,3,4,2,3',
  });

  it('matches rounds 1 and 2 of the text, then uses the list strictly', () => {
    expect(shots(r)).toEqual([
      '1 A CAT#1 2 hit t3 -> CAV#1',
      '1 D CAT#1 2 hit t4 -> INF#4',
      '1 A CAT#2 2 hit t1 -> INF#4',
      '1 D INF#1 5 miss',
      '1 A INF#1 4 miss',
      '1 D INF#2 5 miss',
      '1 A INF#2 3 miss',
      '1 D INF#3 3 miss',
      '1 A INF#3 5 miss',
      '2 A CAT#1 2 hit t2 -> INF#3',
      '2 D CAT#1 5 miss',
      '2 A CAT#2 5 miss',
      '2 D INF#1 3 miss',
      '2 A INF#1 4 miss',
      '2 D INF#2 1 hit t1 -> INF#3',
      '2 A INF#2 2 hit t6 -> CAT#1',
      // The text gives the defender's INF#1 a 6 here; the list's next die is 3.
      '3 A CAT#1 6 miss',
      '3 D INF#1 3 miss',
      '3 A CAT#2 4 hit -> INF#2',
      '3 A INF#1 5 miss',
      '3 A INF#2 3 miss',
      '4 A CAT#1 4 hit -> INF#1',
    ]);
  });

  it('ends as the text says: the attacker wins in round 4 with 2 CAT and 2 INF, 28 dice', () => {
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker', rounds: 4, diceUsed: 28 });
    expect(r.attacker).toEqual({ CAT: 2, CAV: 0, INF: 2, GAL: 0 });
  });
});

describe('seed example 3: city fortification', () => {
  // The narrative uses the die 4 twice; the spec inserts the extra 4 after the sixth die.
  const dice = '1,2,5,3,3,4,4, 2,5,2,6,2,3, 5,3,4,5,4,3, 2,6,6,3,5,5, 4,4,5,4,3,2, 3,4,3,2,2,5';
  const round1 = [
    '1 A CAT#1 1 hit -> breach',
    '1 D CAV#1 2 hit t5 -> CAT#2',
    '1 A INF#1 3 miss',
    '1 D CAV#2 3 hit t4 -> INF#5',
    '1 A INF#2 4 miss',
    '1 D INF#1 2 hit t5 -> INF#4',
    '1 A INF#3 2 hit t6 -> CAV#2',
    '1 D INF#2 2 hit t3 -> INF#3',
    '1 D INF#3 5 miss',
    '1 D INF#4 3 miss',
  ];

  it('reproduces round 1 of the text when the attack goes on', () => {
    const r = resolve({
      attacker: '2 CAT 5 INF',
      defender: '4 INF 2 CAV',
      fort: 1,
      dice,
      rounds: 1,
    });
    expect(shots(r)).toEqual(round1);
    expect(r.attacker).toMatchObject({ CAT: 1, INF: 2 });
    expect(r.defender).toMatchObject({ CAV: 1, INF: 4 });
  });

  it('calls the Catapult roll of 4 in round 2 a hit (level 4), unlike the text', () => {
    const r = resolve({
      attacker: '2 CAT 5 INF',
      defender: '4 INF 2 CAV',
      fort: 1,
      dice,
      rounds: 2,
    });
    expect(shots(r)[10]).toBe('2 A CAT#1 4 hit t5 -> CAV#1');
  });

  it('retreats right after the defender INF#1 shot, with 1 CAT and 3 INF, on "units <= 4"', () => {
    const r = resolve({
      attacker: '2 CAT 5 INF',
      defender: '4 INF 2 CAV',
      fort: 1,
      dice,
      retreat: 'lost.CAT >= 1 and units <= 4',
    });
    expect(shots(r)).toEqual(round1.slice(0, 6));
    expect(r).toMatchObject({ outcome: 'retreat', winner: 'defender', rounds: 1, captured: [] });
    expect(r.attacker).toMatchObject({ CAT: 1, INF: 3 });
    expect(r.defender).toMatchObject({ CAV: 2, INF: 4 });
  });

  it('does not retreat there on the text\'s own "units <= 3" (4 units are left)', () => {
    const r = resolve({
      attacker: '2 CAT 5 INF',
      defender: '4 INF 2 CAV',
      fort: 1,
      dice,
      retreat: 'lost.CAT >= 1 and units <= 3',
    });
    expect(shots(r).slice(0, 8)).toEqual(round1.slice(0, 8));
    // The condition first holds after the defender's INF#2 hit: 1 CAT 2 INF left.
    expect(r).toMatchObject({ outcome: 'retreat', rounds: 1 });
    expect(r.events).toHaveLength(8);
  });
});

describe('seed example 4: sea battle', () => {
  it('plays round 1 of the text on the original list; its round 2 then differs (1 INF left, not 2)', () => {
    const r = resolve({
      attacker: '1 CAT 1 CAV 3 INF 1 GAL',
      defender: '1 CAT 3 INF 1 GAL',
      sea: true,
      dice: '1,2,5,3,3,4, 2,5,2,6,2,3, 5,3,2,2,3,2, 1,5,3,4,5,4,3',
    });
    expect(shots(r)).toEqual([
      '1 A CAT#1 1 hit t2 -> INF#3',
      '1 D CAT#1 5 miss',
      '1 A CAV#1 3 miss', // Cavalry fires as Infantry at sea: 3 misses
      '1 D INF#1 3 miss',
      '1 A INF#1 4 miss',
      '1 D INF#2 2 hit t5 -> CAV#1',
      '1 A INF#2 2 hit t6 -> CAT#1',
      '1 A INF#3 2 hit -> INF#2',
      '2 A CAT#1 3 hit -> INF#1',
      '2 D GAL#1 burst 5 miss',
      '2 A INF#1 3 miss',
      '2 A INF#2 2 hit -> GAL#1',
    ]);
    expect(r).toMatchObject({ winner: 'attacker', rounds: 2, diceUsed: 15 });
  });

  it("reproduces the text's rounds 2 and 3 from its own round-2 position", () => {
    const r = resolve({
      attacker: 'LegA: 1 CAT 3 INF 1 GAL',
      defender: 'LegB: 2 INF 1 GAL',
      sea: true,
      dice: '3,5,3,2,2,3,2',
    });
    expect(shots(r)).toEqual([
      '1 A CAT#1 3 hit -> INF#2',
      '1 D INF#1 5 miss',
      '1 A INF#1 3 miss',
      '1 A INF#2 2 hit -> INF#1',
      '1 D GAL#1 burst 2 hit t3 -> INF#3',
      '2 A CAT#1 2 hit -> GAL#1',
    ]);
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker', rounds: 2, diceUsed: 7 });
    expect(r.attacker).toEqual({ CAT: 1, CAV: 0, INF: 2, GAL: 1 });
    expect(r.captured).toEqual(['LegB']);
  });

  it('plays the two-galley variant: both galleys fire at once, then fight as the order of battle', () => {
    const r = resolve({
      attacker: 'LegA: 1 CAT 3 INF 1 GAL',
      // Two generals on two galleys; the second galley's legion has no land units left.
      defender: 'Gaius: 2 INF 1 GAL; Lucius: 1 GAL',
      sea: true,
      dice: '3,5,3,2,2,3,2,1, 5,3,4,5, 4,3,2',
    });
    expect(shots(r)).toEqual([
      '1 A CAT#1 3 hit -> INF#2',
      '1 D INF#1 5 miss',
      '1 A INF#1 3 miss',
      '1 A INF#2 2 hit -> INF#1',
      '1 D GAL#1 burst 2 hit t3 -> INF#3',
      '1 D GAL#2 burst 2 hit t1 -> INF#2',
      '2 A CAT#1 5 miss',
      '2 D GAL#1 3 miss',
      '2 A INF#1 4 miss',
      '2 D GAL#2 5 miss',
      // The text calls this Catapult 4 a miss (as in example 3); at level 4 it hits.
      '3 A CAT#1 4 hit -> GAL#2',
      '3 D GAL#1 3 miss',
      '3 A INF#1 2 hit -> GAL#1',
    ]);
    // The text's outcome: the attacker wins with 1 Catapult and 1 Infantry on 1 galley.
    expect(r).toMatchObject({ winner: 'attacker', rounds: 3 });
    expect(r.attacker).toEqual({ CAT: 1, CAV: 0, INF: 1, GAL: 1 });
    expect(r.captured).toEqual(['Gaius', 'Lucius']);
  });
});
