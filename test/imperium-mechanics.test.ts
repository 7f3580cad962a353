import { specFromObject, validateBattle } from '../src/battle-spec';
import { Forces } from '../src/forces';
import { disengage } from '../src/rulesets/imperium/disengage';
import { startImperium } from '../src/rulesets/imperium/engine';
import {
  ImperiumOptions,
  parseImperiumOptions,
  parseOrders,
} from '../src/rulesets/imperium/options';
import { chooseRange } from '../src/rulesets/imperium/range';
import { planFire } from '../src/rulesets/imperium/targets';
import { fight, groups, refused } from './helpers/imperium';

const options = (raw: Record<string, unknown> = {}): ImperiumOptions => {
  const o = parseImperiumOptions(raw);
  if (!o.ok) throw new Error(o.error);
  return o.value;
};
const forcesOf = (attacker: string, defender: string, units?: string): Forces => {
  const b = validateBattle(
    specFromObject({ rules: 'imperium', attacker, defender, seed: 'x', units }),
  );
  if (!b.ok) throw new Error(b.error);
  return b.value.forces;
};
const orders = (text: string) => {
  const o = parseOrders(text, 'orders');
  if (!o.ok) throw new Error(o.error);
  return o.value;
};

describe('initiative', () => {
  // Round 1 at long range: CA#1 5 torpedoes, DD#1 1, the CL's 3 at DD#1: all miss, and the
  // target rolls its countermeasures against each (CL 2 dice, DD 2 dice), all 1s. Round 2:
  // attacker 4 + speed 3 + 1 (last initiative) - 1 (two fleet markers) = 7; defender 3 + 3 + 1
  // (fewer units) = 7: a tie, so the defender gains it and the range stays long. Its CL#1
  // destroys DD#1 (5 5 5 against countermeasures 1 1); CA#1 damages the CL (5 5 1 1 1, 2 hits,
  // countermeasures 6 1 cancel one: 1 >= screen 1); DD#1, destroyed in this step, still fires:
  // 6 against the damaged CL's one countermeasure die 2: destroyed.
  const dice = [
    ...[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    ...[4, 3, 5, 5, 5, 1, 1, 5, 5, 1, 1, 1, 6, 1, 6, 2],
  ];
  const r = fight({
    attacker: 'Terran: 1 CA; 1 DD',
    defender: 'Imperial: 1 CL',
    attackerOrders: 'range=hold',
    defenderOrders: 'range=hold',
    dice,
  });

  it('adds speed, fewer units, last initiative and fleet markers; a tie goes to the other side', () => {
    const init = r.events.filter((e) => e.kind === 'initiative');
    expect(init[0]).toMatchObject({ round: 1, side: 'attacker', rolls: null });
    expect(init[1]).toMatchObject({
      round: 2,
      side: 'defender',
      tie: true,
      rolls: {
        attacker: { die: 4, speed: 3, fewer: 0, last: 1, markers: -1, total: 7 },
        defender: { die: 3, speed: 3, fewer: 1, last: 0, markers: 0, total: 7 },
      },
    });
    expect(r.events.find((e) => e.kind === 'range' && e.round === 2)).toMatchObject({
      why: 'tie',
      from: 'long',
      to: 'long',
    });
  });

  it('the holder fires first; a unit destroyed in the step still fires', () => {
    expect(groups(r)).toEqual([
      '1 A torpedo CA#1>CL#1 [1 1 1 1 1] cm[1 1] no effect',
      '1 A torpedo DD#1>CL#1 [1] cm[1 1] no effect',
      '1 D torpedo CL#1>DD#1 [1 1 1] cm[1 1] no effect',
      '2 D torpedo CL#1>DD#1 [5 5 5] cm[1 1] destroyed',
      '2 A torpedo CA#1>CL#1 [5 5 1 1 1] cm[6 1] damaged',
      '2 A torpedo DD#1>CL#1 [6] cm[2] destroyed',
    ]);
    expect(r.attacker).toEqual({ CA: 1 });
    expect(r.winner).toBe('attacker');
    expect(r.diceUsed).toBe(dice.length);
  });
});

describe('fleet markers', () => {
  it('count only fleets still in the battle: one wiped out in round 1 costs nothing in round 2', () => {
    // Round 1, long range: CA#1's 5 torpedoes and DD#1's 1 miss the CL (countermeasures 2 dice
    // each time); the CL's 5 5 5 at DD#1 (countermeasures 1 1): 3 hits >= 3 x screen 1,
    // destroyed, and with it the attacker's second fleet. Round 2: attacker 4 + speed 3 + 1 (last
    // initiative), no fleet marker past the first left: 8; defender 3 + 3: 6. CA#1's 6 6 6 6 6
    // destroy the CL, which still fires (1 1 1 against countermeasures 1 1 1).
    const r = fight({
      attacker: 'Terran: 1 CA; 1 DD',
      defender: 'Imperial: 1 CL',
      attackerOrders: 'range=hold',
      defenderOrders: 'range=hold',
      dice: [
        ...[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5, 1, 1],
        ...[4, 3, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1],
      ],
    });
    expect(r.events.find((e) => e.kind === 'initiative' && e.round === 2)).toMatchObject({
      side: 'attacker',
      rolls: {
        attacker: { die: 4, speed: 3, fewer: 0, last: 1, markers: 0, total: 8 },
        defender: { die: 3, speed: 3, fewer: 0, last: 0, markers: 0, total: 6 },
      },
    });
    expect(groups(r)).toEqual([
      '1 A torpedo CA#1>CL#1 [1 1 1 1 1] cm[1 1] no effect',
      '1 A torpedo DD#1>CL#1 [1] cm[1 1] no effect',
      '1 D torpedo CL#1>DD#1 [5 5 5] cm[1 1] destroyed',
      '2 A torpedo CA#1>CL#1 [6 6 6 6 6] cm[1 1] destroyed',
      '2 D torpedo CL#1>CA#1 [1 1 1] cm[1 1 1] no effect',
    ]);
    expect(r.winner).toBe('attacker');
    expect(r.diceUsed).toBe(30);
  });
});

describe('range and disengage', () => {
  const st = startImperium(forcesOf('Terran: 1 CA', 'Imperial: 1 DD'), options());

  it('closes when its beams exceed the enemy, else keeps long', () => {
    expect(chooseRange(st, 0, orders(''))).toBe('short');
    expect(chooseRange(st, 1, orders('disengage=never'))).toBe('long');
    expect(chooseRange(st, 1, orders('range=close, disengage=never'))).toBe('short');
    expect(chooseRange(st, 0, orders('range=hold'))).toBe('long');
  });

  it('disengages under a third of the enemy factors: from short it steps back to long first', () => {
    // The DD's 1 + 2 factors are under a third of the CA's 5 + 5.
    expect(chooseRange(st, 1, orders(''))).toBe('disengage');
    st.range = 'short';
    expect(chooseRange(st, 1, orders('range=close'))).toBe('long');
    expect(chooseRange(st, 1, orders('range=close, disengage=1/4'))).toBe('short');
    st.range = 'long';
  });

  it('compares the fraction exactly: 3 + 4 factors are not under 0.28 or 7/25 of 12 + 13', () => {
    const units = 'Terran DD B3 T4, Imperial CA B12 T13';
    const even = startImperium(forcesOf('Terran: 1 DD', 'Imperial: 1 CA'), options({ units }));
    // In floating point 0.28 x 25 is 7.000000000000001, and 7 was taken to be under it.
    for (const at of ['0.28', '7/25', '0.14/0.5', '28/100']) {
      expect(chooseRange(even, 0, orders(`disengage=${at}`))).toBe('long');
    }
    expect(chooseRange(even, 0, orders('disengage=0.2801'))).toBe('disengage');
    expect(chooseRange(even, 0, orders('disengage=7.01/25'))).toBe('disengage');
  });

  it('refuses a fraction over nothing (1/0): it would always disengage', () => {
    expect(parseOrders('disengage=1/0', 'attackerOrders')).toEqual({
      ok: false,
      error:
        'attackerOrders: disengage is "1/0": expected a fraction such as 1/3 or 0.5 (not over 0), or never',
    });
    expect(orders('disengage=0/5').disengage).toBe('0/5');
    const st2 = startImperium(forcesOf('Terran: 1 DD', 'Imperial: 2 BB'), options());
    expect(chooseRange(st2, 0, orders('disengage=0/5'))).toBe('long');
  });

  it('loads fighters up to the carriers, lands the rest, jumps the ships, leaves monitors', () => {
    const s = startImperium(forcesOf('Terran: 1 CV, 5 F, 1 M, 1 DD', 'Imperial: 2 BB'), options());
    expect(disengage(s, 0, true)).toEqual({
      jumped: ['CV#1', 'DD#1'],
      loaded: ['F#1', 'F#2', 'F#3'],
      landed: ['F#4', 'F#5'],
      stayed: ['M#1'],
    });
    const t = startImperium(forcesOf('Terran: 1 CV, 4 F', 'Imperial: 2 BB'), options());
    expect(disengage(t, 0, false).stayed).toEqual(['F#4']);
  });

  it('a disengaging side with nothing left in the battle retreats', () => {
    // Round 1 long, all miss (CA#1 5 dice, the BB's countermeasures 4; the BB's 9 at CA#1, its
    // countermeasures 3); round 2: 6+3+1+1 vs 1+2: the attacker holds initiative, has 10 factors
    // against 16 with disengage=1: it leaves.
    const r = fight({
      attacker: 'Terran: 1 CA',
      defender: 'Imperial: 1 BB',
      attackerOrders: 'disengage=1',
      dice: [...new Array<number>(21).fill(1), 6, 1],
    });
    expect(r.events.filter((e) => e.kind === 'disengage')).toMatchObject([
      { round: 2, side: 'attacker', jumped: ['CA#1'] },
    ]);
    expect(r.outcome).toBe('retreat');
    expect(r.winner).toBe('defender');
    expect(r.attacker).toEqual({ CA: 1 });
  });
});

describe('allocation and split fire', () => {
  it('a capital ship with split=auto divides its beams between two damaged targets', () => {
    const r = fight({
      attacker: 'Terran: 1 BB',
      defender: 'Imperial: 2 DD (damaged)',
      range: 'short',
      attackerOrders: 'split=auto',
      dice: [5, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1],
    });
    expect(groups(r)).toEqual([
      '1 A beam/1 BB#1>DD#1 [5 1 1 1 1] cm[] destroyed',
      '1 A beam/2 BB#1>DD#2 [1 1 1 6] cm[] destroyed',
      '1 D beam DD#1>BB#1 [1] cm[] no effect',
      '1 D beam DD#2>BB#1 [1] cm[] no effect',
    ]);
    expect(r.winner).toBe('attacker');
  });

  it('never splits with split=never, halves with split=even; light ships never split', () => {
    const st = startImperium(forcesOf('Terran: 1 BB, 1 CA', 'Imperial: 2 DD'), options());
    const [bb, ca, dd1, dd2] = st.units;
    const plan = (u: typeof bb, o: string) =>
      planFire(u, 9, [dd1, dd2], false, orders(o)).map((p) => `${p.target.name}:${p.dice}`);
    expect(plan(bb, '')).toEqual(['DD#1:9']);
    expect(plan(bb, 'split=even')).toEqual(['DD#1:5', 'DD#2:4']);
    expect(plan(ca, 'split=even')).toEqual(['DD#1:9']);
  });

  it('the side without initiative places first; extras join groups or wait in reserve', () => {
    const base = { attacker: 'Terran: 3 DD', defender: 'Imperial: 1 CA', seed: 's' };
    const joined = fight(base).events.find((e) => e.kind === 'allocation');
    expect(joined).toMatchObject({
      groups: [['D CA#1', 'A DD#1', 'A DD#2', 'A DD#3']],
      reserve: [],
    });
    const held = fight({ ...base, attackerOrders: 'reserves=all' }).events.find(
      (e) => e.kind === 'allocation',
    );
    expect(held).toMatchObject({ groups: [['D CA#1', 'A DD#1']], reserve: ['A DD#2', 'A DD#3'] });
  });

  it('fires at the target it can most likely destroy (a damaged one first)', () => {
    const st = startImperium(forcesOf('Imperial: 1 CR', 'Terran: 1 CA, 1 DD (damaged)'), options());
    const [cr, ca, dd] = st.units;
    expect(planFire(cr, 4, [ca, dd], false, orders(''))[0].target.name).toBe('DD#1');
    expect(planFire(cr, 4, [ca, dd], false, orders('target=strongest'))[0].target.name).toBe(
      'CA#1',
    );
  });
});

describe('ground combat', () => {
  it('troops beam, planetary defences fire torpedoes; three rounds per activation', () => {
    const dice = new Array(55).fill(1);
    const r = fight({
      attacker: 'Terran: 2 RT 4-2',
      defender: 'Imperial: 1 PD, 1 JT6',
      combat: 'ground',
      dice,
    });
    expect(groups(r).slice(0, 4)).toEqual([
      '1 A beam RT4#1>JT6#1 [1 1 1 1] cm[] no effect',
      '1 A beam RT4#2>PD#1 [1 1 1 1] cm[] no effect',
      '1 D beam JT6#1>RT4#1 [1 1 1 1 1 1] cm[] no effect',
      '1 D torpedo PD#1>RT4#2 [1 1 1] cm[] no effect',
    ]);
    const init = r.events.find((e) => e.kind === 'initiative' && e.round === 2);
    expect(init).toMatchObject({
      rolls: { attacker: { speed: 1, last: 1, markers: 0 }, defender: { speed: 0 } },
    });
    expect(r.outcome).toBe('halted');
    expect(r.rounds).toBe(3);
    expect(r.winner).toBeNull();
    expect(r.diceUsed).toBe(55);
  });

  it('ships do not fight on the ground, nor troops in space', () => {
    expect(
      refused({
        attacker: 'Terran: 1 DD',
        defender: 'Imperial: 1 PD',
        combat: 'ground',
        seed: 's',
      }),
    ).toMatch(/ships do not fight in ground combat/);
    expect(refused({ attacker: 'Terran: 1 RT4', defender: 'Imperial: 1 DD', seed: 's' })).toMatch(
      /fights only in ground combat/,
    );
  });
});

describe('rosters, factions and the unit table', () => {
  it('reads fleets, factions, damaged units and troop ratings', () => {
    const f = forcesOf('terran: 2 DD, 1 CA (damaged); 1 damaged CL, 1 SC*', 'Imperial: 1 CR');
    expect(f.attacker.map((l) => [l.leader, l.units])).toEqual([
      ['Terran', { DD: 2, 'CA*': 1 }],
      ['Terran', { 'CL*': 1, 'SC*': 1 }],
    ]);
  });

  it('refuses a fleet without a faction, two factions on a side, a type the faction lacks', () => {
    expect(refused({ attacker: '2 DD', defender: 'Imperial: 1 CR', seed: 's' })).toMatch(
      /name the fleet's faction/,
    );
    expect(
      refused({ attacker: 'Terran: 2 DD; Imperial: 1 DD', defender: 'Imperial: 1 CR', seed: 's' }),
    ).toMatch(/one faction/);
    expect(refused({ attacker: 'Terran: 1 CR', defender: 'Imperial: 1 CR', seed: 's' })).toMatch(
      /Terran faction has no CR/,
    );
  });

  it('takes overrides of the unit table: values, damaged faces, new types for a faction', () => {
    const o = options({ units: 'Imperial CR B6 / B1, Terran CR B4 T5 D2 CM2' });
    const st = startImperium(forcesOf('Terran: 1 CR', 'Imperial: 1 CR', o.units), o);
    expect(st.units.map((u) => [u.full, u.half])).toEqual([
      [
        { beam: 4, torpedo: 5, screen: 2, cm: 2 },
        { beam: 2, torpedo: 3, screen: 1, cm: 1 },
      ],
      [
        { beam: 6, torpedo: 5, screen: 2, cm: 2 },
        { beam: 1, torpedo: 3, screen: 1, cm: 1 },
      ],
    ]);
    expect(parseImperiumOptions({ units: 'Klingon DD B3' })).toMatchObject({ ok: false });
    expect(parseImperiumOptions({ units: 'Terran DD X3' })).toMatchObject({ ok: false });
  });

  it('checks the options and orders', () => {
    expect(parseImperiumOptions({ combat: 'air' })).toMatchObject({ ok: false });
    expect(parseImperiumOptions({ attackerOrders: 'split=sometimes' })).toMatchObject({
      ok: false,
    });
    expect(parseImperiumOptions({ fort: 1 })).toMatchObject({ ok: false });
    expect(options({ attackerOrders: 'Split: AUTO; disengage: 0' }).attackerOrders).toBe(
      'range=beams, disengage=never, allocation=strongest, target=destroy, split=auto, reserves=none',
    );
  });

  it('a battle nobody can win by fire is a stalemate', () => {
    const r = fight({ attacker: 'Terran: 1 TR', defender: 'Imperial: 1 TR', seed: 's' });
    expect(r.outcome).toBe('stalemate');
    expect(r.diceUsed).toBe(0);
  });
});

describe('rosters from cells (the taskpane)', () => {
  it('a Unit | Count block with a Leader row for the faction', () => {
    const b = validateBattle({
      rules: 'imperium',
      attacker: [
        ['Leader', 'Terran'],
        ['DD', 2],
      ],
      defender: [
        ['Unit', 'Count'],
        ['Leader', 'Imperial'],
        ['CR (damaged)', 1],
      ],
      dice: [1, 6, 5, 6, 2, 5, 5, 6, 5, 4, 5, 5, 6, 3, 5],
      options: { range: 'short' },
    });
    if (!b.ok) throw new Error(b.error);
    expect(b.value.forces.attacker[0]).toMatchObject({ leader: 'Terran', units: { DD: 2 } });
    expect(b.value.forces.defender[0]).toMatchObject({ leader: 'Imperial', units: { 'CR*': 1 } });
  });
});

describe('scripted dice that run out', () => {
  it('say which die group was to be rolled', () => {
    const base = { attacker: 'Terran: 2 DD', defender: 'Imperial: 1 CR', range: 'short' };
    expect(refused({ ...base, dice: [1, 6] })).toMatch(
      /ran out after 2 dice, in round 1, when the attacker's DD#2 was to fire beams at CR#1; attacker DD#1 DD#2, defender CR#1$/,
    );
    expect(refused({ ...base, dice: [1, 6, 5, 6, 2, 5, 5, 6, 5] })).toMatch(
      /when the defender's CR#1 was to roll countermeasures/,
    );
  });
});
