import seedrandom from 'seedrandom';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { buildReport } from '../src/report/model';
import { ImperiumEvent } from '../src/rulesets/imperium';
import { damageResult } from '../src/rulesets/imperium/damage';
import { disengage } from '../src/rulesets/imperium/disengage';
import { startImperium } from '../src/rulesets/imperium/engine';
import { attackChances } from '../src/rulesets/imperium/chances';
import {
  ImperiumOptions,
  parseImperiumOptions,
  parseOrders,
} from '../src/rulesets/imperium/options';
import { chooseRange } from '../src/rulesets/imperium/range';
import { tacticalSpeed } from '../src/rulesets/imperium/speed';
import { Unit } from '../src/rulesets/imperium/state';
import { planFire, rankTargets } from '../src/rulesets/imperium/targets';
import { unitStats } from '../src/rulesets/imperium/unit-data';
import { Faction } from '../src/rulesets/imperium/units';
import { fight, groups } from './helpers/imperium';

/**
 * The imperium unit table against shared/spec/imperium.md, "Units": each row transcribed from
 * the spec as written there (`B9 T8 D3 CM4 F1`, `—` where a faction lacks the type).
 */
const SPEC_UNITS = `
BB | B9 T8 D3 CM4 F1 | B7 T9 D3 CM4 | capital
B  | B8 T7 D3 CM3    | —            | capital
B2 | —               | B5 T8 D3 CM3 | capital
B1 | —               | B4 T7 D2 CM2 | capital
CV | B0 T2 D2 CM3 F3 | B0 T2 D2 CM3 F2 | capital
CA | B5 T5 D2 CM3    | B5 T6 D2 CM3 | light
CS | B2 T6 D2 CM3    | B2 T6 D2 CM3 | light
CR | —               | B4 T5 D2 CM2 | light
CL | B4 T2 D1 CM3    | B2 T3 D1 CM2 | light
DD | B2 T1 D1 CM2    | B1 T2 D1 CM2 | light
TB | B0 T5 D1 CM1    | —            | light
SC | B1 T0 D1 CM1    | B1 T0 D1 CM1 | light
M  | B6 T4 D3 CM4    | B4 T6 D3 CM4 | monitor
AR | B0 T1 D1 CM1    | B0 T1 D1 CM0 | non-warship
AT | B0 T2 D2 CM2    | B0 T2 D2 CM2 | non-warship
TR | B0 T0 D1 CM0    | B0 T0 D1 CM0 | non-warship
F  | B0 T2 D1 CM2    | B0 T2 D1 CM2 | fighter
`;

/** `B9 T8 D3 CM4 F1` as the table's fields (absent values 0). */
function read(values: string) {
  const v = (key: string) => Number(new RegExp(`\\b${key}(\\d+)`).exec(values)?.[1] ?? 0);
  return {
    full: { beam: v('B'), torpedo: v('T'), screen: v('D'), cm: v('CM') },
    fighters: v('F'),
  };
}

const rows = SPEC_UNITS.trim()
  .split('\n')
  .map((line) => line.split('|').map((cell) => cell.trim()));

describe('the imperium unit table is the spec', () => {
  test.each(rows)('%s: Terran %s, Imperial %s, %s', (code, terran, imperial, cls) => {
    const factions: [Faction, string][] = [
      ['Terran', terran],
      ['Imperial', imperial],
    ];
    for (const [faction, values] of factions) {
      const stats = unitStats(faction, code, '');
      if (values === '—') {
        expect(stats).toBeNull();
        continue;
      }
      expect({ faction, cls: stats?.cls, full: stats?.full, fighters: stats?.fighters }).toEqual({
        faction,
        cls,
        ...read(values),
      });
    }
  });

  it("a damaged ship's values are half its undamaged ones, rounded up", () => {
    // Imperial BB B7 T9 D3 CM4: damaged B4 T5 D2 CM2. Terran DD B2 T1 D1 CM2: B1 T1 D1 CM1.
    expect(unitStats('Imperial', 'BB', '')?.damaged).toEqual({
      beam: 4,
      torpedo: 5,
      screen: 2,
      cm: 2,
    });
    expect(unitStats('Terran', 'DD', '')?.damaged).toEqual({
      beam: 1,
      torpedo: 1,
      screen: 1,
      cm: 1,
    });
  });

  it('every ship has a damaged side except fighters; troops and planetary defences have none', () => {
    for (const code of ['BB', 'CV', 'CA', 'DD', 'M', 'TR']) {
      expect(unitStats('Terran', code, '')?.hasDamagedSide).toBe(true);
    }
    for (const code of ['F', 'PD', 'RT4', 'JT6']) {
      expect(unitStats('Terran', code, '')?.hasDamagedSide).toBe(false);
    }
  });

  it('planetary defences are B3 D2 and a troop rating "a-2" reads beam a, screen 2', () => {
    expect(unitStats('Imperial', 'PD', '')?.full).toEqual({
      beam: 3,
      torpedo: 0,
      screen: 2,
      cm: 0,
    });
    expect(unitStats('Terran', 'RT4', '')?.full).toEqual({ beam: 4, torpedo: 0, screen: 2, cm: 0 });
    expect(unitStats('Imperial', 'JT5', '')?.full).toEqual({
      beam: 5,
      torpedo: 0,
      screen: 2,
      cm: 0,
    });
  });
});

/** Standing orders read as a battle reads them. */
const orders = (text: string) => {
  const o = parseOrders(text, 'orders');
  if (!o.ok) throw new Error(o.error);
  return o.value;
};
const stateOf = (attacker: string, defender: string, raw: Record<string, unknown> = {}) => {
  const b = validateBattle(
    specFromObject({ rules: 'imperium', attacker, defender, seed: 'x', ...raw }),
  );
  if (!b.ok) throw new Error(b.error);
  return startImperium(b.value.forces, b.value.options as ImperiumOptions);
};
const ones = (n: number) => new Array<number>(n).fill(1);
const event = <K extends ImperiumEvent['kind']>(
  r: { events: ImperiumEvent[] },
  kind: K,
  round: number,
) =>
  r.events.find((e) => e.kind === kind && e.round === round) as Extract<ImperiumEvent, { kind: K }>;

describe('damage: a unit without a damaged side is destroyed by any damaging result', () => {
  it('a fighter hit once (1 hit against screen 1, under 3 x screen) is destroyed, not damaged', () => {
    // Short range, Terran initiative: DD#1 beams 5 1: one hit >= screen 1, < 3: a ship would be
    // damaged, a fighter has no damaged side: destroyed. It has no beams, and, destroyed in the
    // beam step, fires no torpedoes; the DD has no target left. Two dice in all.
    const r = fight({
      attacker: 'Terran: 1 DD',
      defender: 'Imperial: 1 F',
      range: 'short',
      dice: [5, 1],
    });
    expect(groups(r)).toEqual(['1 A beam DD#1>F#1 [5 1] cm[] destroyed']);
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker', diceUsed: 2 });
  });

  it('troops hit to their screen are destroyed (no damaged side), and still fire in that step', () => {
    // Ground, short: RT4#1 beams 5 5 1 1 at JT4#1: 2 hits >= screen 2: destroyed; the JT fires
    // its 4 beams all the same (1 1 1 1: no effect). No torpedoes on either side.
    const r = fight({
      attacker: 'Terran: 1 RT4',
      defender: 'Imperial: 1 JT4',
      combat: 'ground',
      dice: [5, 5, 1, 1, 1, 1, 1, 1],
    });
    expect(groups(r)).toEqual([
      '1 A beam RT4#1>JT4#1 [5 5 1 1] cm[] destroyed',
      '1 D beam JT4#1>RT4#1 [1 1 1 1] cm[] no effect',
    ]);
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker', diceUsed: 8 });
  });

  it('no hits never damage, even a screen of 0', () => {
    const st = stateOf('Terran: 1 TR', 'Imperial: 1 DD', { units: 'Terran TR D0' });
    expect(damageResult(st.units[0], 0)).toBe('no effect');
    expect(damageResult(st.units[0], 1)).toBe('destroyed'); // 1 >= 3 x 0
  });
});

describe('countermeasures', () => {
  it('cancel at most the hits scored; the log and the report say so', () => {
    // Long range: DD#1's torpedo 5 hits; the CR's countermeasures 5 6 would cancel two but
    // there is one hit: 1 cancelled, 0 against screen 2. The CR's five torpedoes 1s, the DD's
    // countermeasures 1 1. Paused after round 1.
    const r = fight({
      attacker: 'Terran: 1 DD',
      defender: 'Imperial: 1 CR',
      rounds: 1,
      dice: [5, 5, 6, ...ones(7)],
    });
    expect(event(r, 'fire', 1)).toMatchObject({ hits: 1, cmDice: [5, 6], cancelled: 1 });
    expect(buildReport(r).rounds[0].lines).toContain(
      "Terran's DD#1 fires torpedoes at CR#1: 5, 1 hit; countermeasures 5 6 cancel 1; 0 against screen 2: no effect.",
    );
  });
});

describe('initiative', () => {
  // Round 1 at long range, all torpedoes miss: CA#1 5 dice + the CL's countermeasures 2, DD#1 1
  // + 2, the CL's 3 at DD#1 + the DD's 2: 15 dice a round.
  const round = ones(15);

  it('fleet markers count in round 2 only: in round 3 two fleets cost nothing', () => {
    // Round 2: attacker 4 + speed 3 + 1 (last) - 1 (two fleets) = 7; defender 1 + 3 + 1 (fewer)
    // = 5. Round 3: attacker 4 + 3 + 1 = 8, no markers; defender 1 + 3 + 1 = 5.
    const r = fight({
      attacker: 'Terran: 1 CA; 1 DD',
      defender: 'Imperial: 1 CL',
      attackerOrders: 'range=hold',
      defenderOrders: 'range=hold',
      rounds: 3,
      dice: [...round, 4, 1, ...round, 4, 1, ...round],
    });
    expect(event(r, 'initiative', 2).rolls?.attacker).toEqual({
      die: 4,
      speed: 3,
      fewer: 0,
      last: 1,
      markers: -1,
      total: 7,
    });
    expect(event(r, 'initiative', 3).rolls?.attacker).toEqual({
      die: 4,
      speed: 3,
      fewer: 0,
      last: 1,
      markers: 0,
      total: 8,
    });
    expect(r.diceUsed).toBe(49);
  });

  it('fleet markers do not count in ground combat', () => {
    // Round 1: the attacker's RT4#1 and RT4#2 beam the defender's RT4#1, which beams back: 12
    // dice, all 1s. Round 2: attacker 4 + speed 1 + 1 (last), no markers for its two fleets = 6;
    // defender 3 + 1 + 1 (fewer) = 5: the attacker keeps the initiative.
    const r = fight({
      attacker: 'Terran: 1 RT4; 1 RT4',
      defender: 'Imperial: 1 RT4',
      combat: 'ground',
      rounds: 2,
      dice: [...ones(12), 4, 3, ...ones(12)],
    });
    expect(event(r, 'initiative', 2)).toMatchObject({
      side: 'attacker',
      tie: false,
      rolls: {
        attacker: { die: 4, speed: 1, fewer: 0, last: 1, markers: 0, total: 6 },
        defender: { die: 3, speed: 1, fewer: 1, last: 0, markers: 0, total: 5 },
      },
    });
  });

  it("tactical speeds are the spec's, in space and on the ground", () => {
    const space = stateOf(
      'Terran: 1 BB, 1 BB (damaged), 1 CA, 1 CA (damaged), 1 M, 1 AT, 1 F',
      'Imperial: 1 DD',
    );
    expect(
      space.units
        .filter((u) => u.side === 0)
        .map((u) => [u.name, u.damaged, tacticalSpeed(u, 'space')]),
    ).toEqual([
      ['BB#1', false, 2],
      ['BB#2', true, 1],
      ['CA#1', false, 3],
      ['CA#2', true, 2],
      ['M#1', false, 1],
      ['AT#1', false, 1],
      ['F#1', false, 6],
    ]);
    const ground = stateOf('Terran: 1 RT4, 1 JT6, 1 PD, 1 F', 'Imperial: 1 RT2', {
      combat: 'ground',
    });
    expect(
      ground.units.filter((u) => u.side === 0).map((u) => [u.name, tacticalSpeed(u, 'ground')]),
    ).toEqual([
      ['F#1', 3],
      ['PD#1', 0],
      ['RT4#1', 1],
      ['JT6#1', 2],
    ]);
  });
});

describe('range and disengage orders', () => {
  it('closes only when its beams exceed the enemy: equal beams keep long', () => {
    // Terran DD B2 against Imperial CS B2: not more, so long.
    const st = stateOf('Terran: 1 DD', 'Imperial: 1 CS');
    expect(chooseRange(st, 0, orders('disengage=never'))).toBe('long');
    expect(chooseRange(st, 0, orders('disengage=never, range=close'))).toBe('short');
  });

  it('disengages only under a third of the enemy factors: exactly a third stays', () => {
    // Terran DD: B2 + T1 = 3. Imperial CR: B4 + T5 = 9, a third is 3: not under it; with an
    // Imperial DD as well (B1 + T2): 12, a third is 4: under it.
    expect(chooseRange(stateOf('Terran: 1 DD', 'Imperial: 1 CR'), 0, orders(''))).toBe('long');
    expect(chooseRange(stateOf('Terran: 1 DD', 'Imperial: 1 CR, 1 DD'), 0, orders(''))).toBe(
      'disengage',
    );
  });

  it('a defender that disengages with nothing left in the battle: "disengaged", the attacker wins', () => {
    // Round 1, long: the BB's 8 torpedoes + the CA's 3 countermeasures, the CA's 6 + the BB's 4,
    // all 1s (21 dice). Round 2: attacker 1 + speed 2 + 1 (last) = 4; defender 6 + 3 = 9: the
    // defender holds it; its 11 factors are under all (disengage=1) of the BB's 17: it jumps.
    const r = fight({
      attacker: 'Terran: 1 BB',
      defender: 'Imperial: 1 CA',
      defenderOrders: 'disengage=1',
      dice: [...ones(21), 1, 6],
    });
    expect(event(r, 'disengage', 2)).toMatchObject({ side: 'defender', jumped: ['CA#1'] });
    expect(r).toMatchObject({ outcome: 'disengaged', winner: 'attacker', diceUsed: 23 });
    expect(r.defender).toEqual({ CA: 1 });
  });

  it("fighters land only on the disengaging side's own friendly planet", () => {
    // Round 1, long: the attacker's CV#1 and F#1-F#4 each fire 2 torpedoes at the BB (4
    // countermeasure dice each: 30 dice), the BB's 9 at F#1 (2 countermeasure dice): 41 dice, all
    // 1s. Round 2: attacker 6 + speed 2 (the CV) + 1 (last) = 9, defender 1 + 2 + 1 (fewer) = 4.
    // The attacker's 10 factors are under the BB's 16 (disengage=1): the CV takes 3 fighters,
    // and F#4 lands where the attacker has a planet, else stays.
    const base = {
      attacker: 'Terran: 1 CV, 4 F',
      defender: 'Imperial: 1 BB',
      attackerOrders: 'disengage=1',
    };
    const landed = fight({ ...base, planet: 'attacker', dice: [...ones(41), 6, 1] });
    expect(event(landed, 'disengage', 2)).toMatchObject({
      side: 'attacker',
      loaded: ['F#1', 'F#2', 'F#3'],
      landed: ['F#4'],
      jumped: ['CV#1'],
      stayed: [],
    });
    expect(landed).toMatchObject({ outcome: 'retreat', winner: 'defender', diceUsed: 43 });
    // F#4 stays and fights on: its 2 torpedoes + 4 countermeasures, the BB's 9 + 2 (17 dice).
    const stayed = fight({
      ...base,
      planet: 'defender',
      dice: [...ones(41), 6, 1, ...ones(17)],
      rounds: 2,
    });
    expect(event(stayed, 'disengage', 2)).toMatchObject({ landed: [], stayed: ['F#4'] });
  });
});

describe('disengaging', () => {
  it('fighters board only carriers that jump: a monitor given a capacity stays, and carries none', () => {
    // The unit table overridden to give the Terran monitor room for 2 fighters. Of 4 fighters,
    // the CV takes 3; the monitor cannot jump, so the fourth has no room and no planet: it stays.
    const st = stateOf('Terran: 1 CV, 1 M, 4 F', 'Imperial: 1 BB', { units: 'Terran M F2' });
    expect(disengage(st, 0, false)).toEqual({
      jumped: ['CV#1'],
      loaded: ['F#1', 'F#2', 'F#3'],
      landed: [],
      stayed: ['M#1', 'F#4'],
    });
  });
});

describe('allocation', () => {
  // Terran TB (T5) is stronger than the Terran DD (B2 T1) though listed after it; the Imperial
  // CL (B2 T3) stronger than the Imperial DD (B1 T2).
  const allocated = (raw: Record<string, unknown>) =>
    event(
      fight({
        attacker: 'Terran: 1 DD, 1 TB',
        defender: 'Imperial: 1 DD, 1 CL',
        seed: 's',
        ...raw,
      }),
      'allocation',
      1,
    );

  it('strongest against strongest, each side by its own orders', () => {
    expect(allocated({}).groups).toEqual([
      ['D CL#1', 'A TB#1'],
      ['D DD#1', 'A DD#1'],
    ]);
    // The defender (without initiative) places weakest first; the attacker matches strongest.
    expect(allocated({ defenderOrders: 'allocation=weakest' }).groups).toEqual([
      ['D DD#1', 'A TB#1'],
      ['D CL#1', 'A DD#1'],
    ]);
  });

  it('an unmatched unit joins the group of the enemy its target orders pick', () => {
    // Long range: DD#3 would fire 1 torpedo. It cannot destroy the CA (screen 2) but can destroy
    // the damaged DD (one hit, not cancelled by its 1 countermeasure die: 1/3 x 2/3).
    const r = fight({
      attacker: 'Terran: 3 DD',
      defender: 'Imperial: 1 CA, 1 DD (damaged)',
      seed: 's',
    });
    expect(event(r, 'allocation', 1).groups).toEqual([
      ['D CA#1', 'A DD#1'],
      ['D DD#1', 'A DD#2', 'A DD#3'],
    ]);
  });

  it('target=destroy prefers the likelier kill to the likelier damage', () => {
    // The CR's 4 beams (each hits 1/3): the damaged BB (screen 2, any damage destroys it) is
    // destroyed with 2+ hits, 33/81; the DD (screen 1) is harmed with 1+ hit, 65/81, but
    // destroyed only with 3+ (3 x screen), 9/81. The order fires at the BB.
    const st = stateOf('Imperial: 1 CR', 'Terran: 1 BB (damaged), 1 DD');
    const [cr, bb, dd] = st.units;
    expect(planFire(cr, 4, [dd, bb], false, orders(''))[0].target.name).toBe('BB#1');
  });

  it('target=weakest fires at the weakest unit of the group', () => {
    const st = stateOf('Imperial: 1 CR', 'Terran: 1 CA, 1 CL');
    const [cr, ca, cl] = st.units;
    expect(planFire(cr, 4, [ca, cl], false, orders('target=weakest'))[0].target.name).toBe('CL#1');
    expect(planFire(cr, 4, [ca, cl], false, orders('target=strongest'))[0].target.name).toBe(
      'CA#1',
    );
  });
});

describe('the end of a battle', () => {
  it('a factor equal to the weakest enemy screen can harm it: no stalemate', () => {
    // The Terran scout's one beam against the transport's screen 1.
    const r = fight({ attacker: 'Terran: 1 SC', defender: 'Imperial: 1 TR', seed: 'scout' });
    expect(r).toMatchObject({ outcome: 'eliminated', winner: 'attacker' });
  });
});

describe('the report', () => {
  it("tells the seed example's shots and an initiative roll in plain words", () => {
    const seed = fight({
      attacker: 'Terran: 2 DD',
      defender: 'Imperial: 1 CR',
      range: 'short',
      dice: [1, 6, 5, 6, 2, 5, 5, 6, 5, 4, 5, 5, 6, 3, 5],
    });
    const lines = buildReport(seed).rounds[0].lines;
    expect(lines).toContain(
      "Terran's DD#2 beams CR#1: 5 6, 2 hits; 2 against screen 2: Imperial's CR#1 is damaged.",
    );
    // The CR, damaged in the beam step, shows its damaged screen (2 halved: 1) to the torpedo.
    expect(lines).toContain(
      "Terran's DD#2 fires torpedoes at CR#1: 5, 1 hit; countermeasures 4 cancel 0; 1 against screen 1: Imperial's CR#1 is destroyed.",
    );
    expect(lines).toContain(
      "Imperial's CR#1 fires torpedoes at DD#2: 5 5 6, 3 hits; countermeasures 3 5 cancel 1; 2 against screen 1: Terran's DD#2 is damaged.",
    );
    // The initiative of round 2 in the test above: 4 + 3 + 1 - 1 = 7 against 3 + 3 + 1 = 7. A
    // side of two fleets is called `the attacker`.
    const tie = fight({
      attacker: 'Terran: 1 CA; 1 DD',
      defender: 'Imperial: 1 CL',
      attackerOrders: 'range=hold',
      defenderOrders: 'range=hold',
      rounds: 2,
      dice: [...ones(15), 4, 3, ...ones(15)],
    });
    expect(buildReport(tie).rounds[1].lines[0]).toBe(
      'Initiative: the attacker 4 + speed 3 + 1 for last initiative - 1 for fleet markers = 7; ' +
        'Imperial 3 + speed 3 + 1 for fewer units = 7; a tie, so the initiative goes to Imperial, who may not change the range.',
    );
  });
});

describe('the limit of the unit table overrides (docs/rules-imperium.md, "Value limit")', () => {
  const parse = (units: string) => {
    const r = parseImperiumOptions({ units });
    return r.ok ? 'accepted' : r.error;
  };

  it('takes every value up to 20, undamaged and damaged, and refuses 21 naming the entry', () => {
    expect(parse('Terran DD B20 T20 D20 CM20 F20 / B20 T20 D20 CM20')).toBe('accepted');
    expect(parse('Terran DD B21')).toBe(
      'units: "B21" in "Terran DD B21": a value is at most 20 (the table\'s largest is 9)',
    );
    expect(parse('* CR D3 / CM21')).toBe(
      'units: "CM21" in "* CR D3 / CM21": a value is at most 20 (the table\'s largest is 9)',
    );
    expect(parse('Terran DD B1000000000')).toMatch(/"B1000000000" .*: a value is at most 20/);
    expect(parse('* CR D99999 CM99999')).toMatch(/"D99999" .*: a value is at most 20/);
  });

  it("a capital ship's split fire weighs hundreds of targets at the limit in well under a second", () => {
    const started = process.cpuUsage();
    const r = fight({
      attacker: 'Terran: 1 BB',
      defender: 'Imperial: 300 DD',
      units: '* BB B20 T20 CM20, * DD CM20 D20',
      attackerOrders: 'split=auto',
      range: 'short',
      seed: 's',
    });
    const { user, system } = process.cpuUsage(started);
    expect(r.outcome).toBe('retreat');
    expect((user + system) / 1000).toBeLessThan(5000);
  });

  it('splits fire as the search over every pair of targets does (alike targets tried once)', () => {
    // The search as it was, every ordered pair of candidates and every split of the dice.
    const everyPair = (dice: number, ranked: Unit[], torpedo: boolean) => {
      let best = attackChances(dice, ranked[0], torpedo).destroy;
      let plan: [string, number][] = [[ranked[0].name, dice]];
      for (let i = 0; i < ranked.length; i++) {
        for (let j = 0; j < ranked.length; j++) {
          if (i === j) continue;
          for (let k = dice - 1; k >= 1; k--) {
            const expected =
              attackChances(k, ranked[i], torpedo).destroy +
              attackChances(dice - k, ranked[j], torpedo).destroy;
            if (expected > best + 1e-12) {
              best = expected;
              plan = [
                [ranked[i].name, k],
                [ranked[j].name, dice - k],
              ];
            }
          }
        }
      }
      return plan;
    };
    const st = stateOf(
      'Terran: 1 BB',
      'Imperial: 4 DD, 2 DD (damaged), 3 CA, 1 CA (damaged), 2 CR, 2 F, 3 SC, 1 M, 1 TR',
    );
    const [bb, ...enemies] = st.units;
    const rng = seedrandom('split');
    const auto = orders('split=auto');
    for (let n = 0; n < 60; n++) {
      const candidates = enemies.filter(() => rng() < 0.6);
      if (candidates.length < 2) continue;
      const dice = 2 + Math.floor(rng() * 12);
      const torpedo = rng() < 0.5;
      const parts = planFire(bb, dice, candidates, torpedo, auto);
      const ranked = rankTargets(dice, candidates, torpedo, auto.target);
      expect(parts.map((p) => [p.target.name, p.dice])).toEqual(everyPair(dice, ranked, torpedo));
    }
  });
});
