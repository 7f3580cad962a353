import { resolveBattle, resumeBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { LegionEvent } from '../src/rulesets/legion-battles';
import { parseLegionOptions } from '../src/rulesets/legion-battles/options';
import { parseLegionRoster } from '../src/rulesets/legion-battles/roster';
import { formatLegionRoster } from '../src/rulesets/legion-battles/roster-text';
import { resolve } from './helpers/battle';

const LEVY = 'levy: raw levy, discipline 2, 4:1';
const CENTURY = 'Septimius: veteran century, discipline 4, pila, finished works';

function run(spec: Record<string, unknown>) {
  const b = validateBattle({ rules: 'legion-battles', ...spec });
  if (!b.ok) throw new Error(b.error);
  const r = resolveBattle(b.value);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('legion-battles roster', () => {
  it('reads ratings', () => {
    const r = parseLegionRoster(
      'Septimius: veteran century, discipline 4, pila, finished works, leader 3/2+1, pc Septimius fight 3/2 resistance 4 athletics 3/1',
      'defender',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const u = r.value[0].unit!;
    expect(u).toMatchObject({
      name: 'Septimius',
      quality: 'veteran',
      discipline: 4,
      pila: true,
      cohorts: true,
      works: 'finished',
      leader: { characteristic: 3, skill: 2, boons: 1 },
    });
    expect(u.pcs[0]).toMatchObject({ action: 'fight', resistance: 4, athletics: [3, 1] });
    expect(r.value[0].units).toEqual({ VET: 1 });
  });
  it('refuses what it cannot read', () => {
    expect(parseLegionRoster('levy: raw, wings', 'attacker')).toMatchObject({ ok: false });
    expect(parseLegionRoster('levy: 2 boons', 'attacker')).toMatchObject({ ok: false });
  });
});

describe('legion-battles: a Clash by hand', () => {
  // Levy (attacker): 2 Mastery + 2 Boon (4:1), all blank: d12 = two d6 (1,1) -> face 1; d6 1 -> face 1.
  // Century (defender): 3 Mastery + 4 Boon (Veteran, works 2, pila): Mastery faces 4 (SS) = (1,4),
  // 4, 1, Boons blank: net 4. The century wins by 4: 1 step and 1 Discipline, and the pila's
  // extra step (round 1, won by 2+): the levy falls to Half, Discipline 1.
  const dice = [1, 1, 1, 1, 1, 1, 1, 4, 1, 4, 1, 1, 1, 1, 1, 1];
  it('plays the pila Clash', () => {
    const r = run({ attacker: LEVY, defender: CENTURY, dice, options: { clashes: 1 } });
    expect(r.diceUsed).toBe(16);
    const events = r.events as LegionEvent[];
    const clash = events.find((e) => e.kind === 'clash')!;
    expect(clash.pool).toBe('2 mastery, 2 boon | 3 mastery, 4 boon');
    expect(clash.faces).toBe('M1 M1 B1 B1 | M4 M4 M1 B1 B1 B1 B1');
    expect(clash.net).toBe('0:4');
    expect(clash.result).toBe('Septimius wins by 4');
    const loss = events.find((e) => e.kind === 'loss')!;
    expect(loss.result).toBe('-2 steps');
    expect(loss.effect).toBe('Full, Discipline 2 -> Half, Discipline 1');
    expect(r.outcome).toBe('standing');
    expect(r.winner).toBeNull();
    expect(r.attacker).toEqual({ RAW: 1 });
    expect(r.defender).toEqual({ VET: 3 });
  });
  it('names where scripted dice ran out', () => {
    const b = validateBattle({
      rules: 'legion-battles',
      attacker: LEVY,
      defender: CENTURY,
      dice: [1, 1, 1],
    });
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    const r = resolveBattle(b.value);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toContain('Clash 1, levy against Septimius');
  });
});

describe('legion-battles properties', () => {
  const spec = {
    attacker: 'century: trained century, discipline 3, pila, pc Septimius fight 3/2 resistance 4',
    defender: 'nobles: trained nobles, discipline 3, 2:1; levy: raw levy, discipline 2',
  };
  it('the same seed gives the same log; a Clash ends every battle', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const a = run({ ...spec, seed });
      const b = run({ ...spec, seed });
      expect(b.events).toEqual(a.events);
      expect(a.outcome).not.toBe('paused');
    }
  });
  it('every die is used once: the rolls replay as scripted dice', () => {
    for (const seed of ['e', 'f', 'g']) {
      const a = run({ ...spec, seed });
      expect(a.rolls).toHaveLength(a.diceUsed);
      const b = run({ ...spec, dice: a.rolls });
      expect(b.events).toEqual(a.events);
      expect(b.diceUsed).toBe(a.diceUsed);
    }
  });
  it('pause and resume give the log of the battle fought through', () => {
    const whole = run({ ...spec, seed: 'pause' });
    const first = run({ ...spec, seed: 'pause', options: { rounds: 2 } });
    expect(whole.rounds).toBeGreaterThan(2);
    expect(first.outcome).toBe('paused');
    const rest = resumeBattle(first.saved!);
    expect(rest.ok).toBe(true);
    if (!rest.ok) return;
    expect([...first.events, ...rest.value.events]).toEqual(whole.events);
    expect(rest.value.outcome).toBe(whole.outcome);
  });
  it('a screen that loses takes no steps', () => {
    for (const seed of ['s1', 's2', 's3']) {
      const r = run({
        attacker: 'parthians: trained screen, camels',
        defender: 'cohort: veteran cohort, discipline 4',
        seed,
      });
      const events = r.events as LegionEvent[];
      expect(events.some((e) => e.kind === 'loss' && e.unit === 'parthians')).toBe(false);
      expect(r.winner).not.toBe('defender');
    }
  });
});

describe('legion-battles: screens and Discipline 0', () => {
  const kinds = (events: LegionEvent[], kind: string) => events.filter((e) => e.kind === kind);
  it('a screen attacked by two units still has 4 Clashes of arrows, not 4 checks', () => {
    let reached = 0;
    for (const seed of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) {
      const r = run({
        attacker: 'A1: veteran cohort, discipline 6; A2: veteran cohort, discipline 6',
        defender: 'S: trained screen, arrows 4',
        seed,
      });
      const events = r.events as LegionEvent[];
      const out = kinds(events, 'arrows');
      if (out.length === 0) continue;
      reached++;
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({ round: 5, unit: 'S', result: 'withdraws' });
      // Two checks a Clash against the screen, in each of Clashes 1-4, none in the 5th.
      const shots = kinds(events, 'clash').map((e) => e.round);
      expect(shots).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
      expect(r.outcome).toBe('withdrawn');
    }
    expect(reached).toBeGreaterThan(0);
  });
  it('outOfArrows=close: a screen out of arrows closes once, then loses steps like any unit', () => {
    const r = run({
      attacker: 'S: trained screen, arrows 1',
      defender: 'C: veteran cohort, discipline 5, 3 boons',
      options: { outOfArrows: 'close' },
      seed: 'z',
    });
    const events = r.events as LegionEvent[];
    expect(kinds(events, 'arrows')).toEqual([
      expect.objectContaining({ round: 2, unit: 'S', result: 'closes' }),
    ]);
    const lost = kinds(events, 'clash').filter((e) => e.result.startsWith('C wins'));
    expect(lost.length).toBeGreaterThan(0);
    for (const e of lost) {
      expect(e.effect).toBe(e.round === 1 ? 'S rides off unharmed' : 'S loses');
    }
    expect(kinds(events, 'loss').some((e) => e.unit === 'S')).toBe(true);
  });
  it('a unit that starts at Discipline 0 breaks before the first Clash is rolled', () => {
    const r = run({
      attacker: 'A: trained cohort, discipline 2, starving',
      defender: 'B: raw levy',
      seed: 'x',
    });
    const events = r.events as LegionEvent[];
    expect(events.map((e) => [e.round, e.kind, e.unit])).toEqual([[1, 'break', 'A']]);
    expect(r).toMatchObject({ outcome: 'broken', winner: 'defender', diceUsed: 0 });
  });
});

describe('legion-battles: a player character ordered Clash by Clash', () => {
  // Seed 002: Septimius fights in Clashes 1, 2 and 4 and rallies in Clash 3.
  const SEPTIMIUS =
    'Septimius: trained century, discipline 3, pc Septimius fight 3/2 resistance 4, pc Septimius rally 3/3 in clash 3';
  it('takes the Action ordered for a Clash, his usual one in the others', () => {
    const r = run({
      attacker: SEPTIMIUS,
      defender: 'nobles: trained nobles, discipline 6, 2 boons',
      seed: 'carrhae',
      options: { clashes: 4 },
    });
    const actions = (r.events as LegionEvent[])
      .filter((e) => e.kind === 'action')
      .map((e) => `${e.round} ${e.check} ${e.pool}`);
    expect(actions.length).toBeGreaterThanOrEqual(3);
    for (const a of actions) {
      expect(a).toBe(
        a.startsWith('3 ')
          ? '3 Septimius: Rally 3 mastery, 2 difficulty'
          : `${a[0]} Septimius: Fight 2 mastery, 1 ability, 2 difficulty`,
      );
    }
  });
  it('reads back what it writes; refuses an order before the PC, twice a Clash, or a PC twice', () => {
    const first = parseLegionRoster(SEPTIMIUS.replace('clash 3', 'clashes 3-4'), 'attacker');
    if (!first.ok) throw new Error(first.error);
    expect(first.value[0].unit!.pcs[0].orders.map((o) => [o.clash, o.action])).toEqual([
      [3, 'rally'],
      [4, 'rally'],
    ]);
    const again = parseLegionRoster(formatLegionRoster(first.value, 'attacker'), 'attacker');
    if (!again.ok) throw new Error(again.error);
    expect(again.value[0].unit).toEqual(first.value[0].unit);
    const error = (text: string) => {
      const r = parseLegionRoster(`a: trained, ${text}`, 'attacker');
      return r.ok ? 'read' : r.error;
    };
    expect(error('pc S rally 3/3 in clash 3')).toMatch(/give S's usual Action first/);
    expect(
      error('pc S fight 3/2, pc S rally 3/3 in clash 3, pc S read 2/2 in clashes 2-3'),
    ).toMatch(/S is given two Actions in Clash 3/);
    expect(error('pc S fight 3/2, pc S rally 3/3')).toMatch(/S is given twice/);
    // A name is matched in any case, and keeps the case of its first writing.
    expect(error('pc S fight 3/2, pc s rally 3/3')).toMatch(/s is given twice/);
    const cased = parseLegionRoster(
      'a: trained, pc Aulus fight 3/2, pc AULUS rally 3/3 in clash 2',
      'attacker',
    );
    if (!cased.ok) throw new Error(cased.error);
    expect(cased.value[0].unit!.pcs.map((p) => [p.name, p.orders.length])).toEqual([['Aulus', 1]]);
    expect(error('pc S fight 3/2, pc S rally 3/3 in clashes 4-2')).toMatch(/Clashes 4-2/);
  });
});

describe('legion-battles readings', () => {
  const firstClashPools = (defender: string, options = {}) => {
    const r = run({
      attacker: 'levy: raw levy',
      defender,
      seed: 'pila',
      options: { clashes: 1, ...options },
    });
    return (r.events as LegionEvent[]).find((e) => e.kind === 'clash')!.pool;
  };
  it('legionPila: a line of cohorts throws pila in the first Clash unless rated otherwise', () => {
    expect(firstClashPools('c: trained cohort')).toBe('2 mastery | 3 mastery, 1 boon');
    expect(firstClashPools('c: trained cohort, no pila')).toBe('2 mastery | 3 mastery');
    expect(firstClashPools('c: trained cohort', { legionPila: 'no' })).toBe(
      '2 mastery | 3 mastery',
    );
    expect(firstClashPools('c: trained cohort, pila', { legionPila: 'no' })).toBe(
      '2 mastery | 3 mastery, 1 boon',
    );
    expect(firstClashPools('c: trained nobles')).toBe('2 mastery | 3 mastery');
  });
  it('reads legionPila and screenHits, and refuses other values', () => {
    expect(parseLegionOptions({ legionPila: 'no', screenHits: 'steps' })).toMatchObject({
      ok: true,
      value: { legionPila: false, screenHits: 'steps' },
    });
    expect(parseLegionOptions({})).toMatchObject({
      ok: true,
      value: { legionPila: true, screenHits: 'normal' },
    });
    expect(parseLegionOptions({ screenHits: 'some' })).toMatchObject({ ok: false });
    expect(parseLegionOptions({ legionPila: 'maybe' })).toMatchObject({ ok: false });
  });
});

describe('legion-battles roster text', () => {
  it('reads back what it writes, every rating included', () => {
    const rosters = [
      'Septimius: veteran century, discipline 4, pila, finished works, leader 3/2+1, pc Septimius fight 3/2 resistance 4 athletics 3/1',
      'levy: raw levy, discipline 2, 4:1, starving, 2 banes; nobles: trained nobles, worn, no pila, flank, vs 1',
      'parthians: trained screen, camels; cohort: veteran cohort, half, locked shields from 4, short supply, pc A rally 3/3+1, pc B read 2/2',
      'b: trained, arrows 6, horse, low works, 1 boons, numbers 2',
    ];
    for (const text of rosters) {
      const first = parseLegionRoster(text, 'attacker');
      if (!first.ok) throw new Error(first.error);
      const again = parseLegionRoster(formatLegionRoster(first.value, 'attacker'), 'attacker');
      if (!again.ok) throw new Error(again.error);
      expect(again.value.map((l) => l.unit)).toEqual(first.value.map((l) => l.unit));
    }
  });

  it('names a unit that has none as the battle does, by side and place: its log reads back the same', () => {
    // A Unit | Count block or a Legions row with no leader gives a unit with no name.
    const result = resolve({
      id: 'u',
      rules: 'legion-battles',
      seed: 'lb',
      attacker: [['VET', 1]],
      defender: [['RAW', 1]],
    });
    const { attacker, defender } = result.forces;
    expect([attacker[0].leader, defender[0].leader]).toEqual([undefined, undefined]);
    const named = new Set(result.events.flatMap((e) => ('unit' in e ? [String(e.unit)] : [])));
    expect(named).toEqual(new Set(['attacker 1', 'defender 1']));
    expect(formatLegionRoster(attacker, 'attacker')).toBe('attacker 1: veteran');
    expect(formatLegionRoster(defender, 'defender')).toBe('defender 1: raw');
    const replayed = resolve({
      id: 'u',
      rules: 'legion-battles',
      seed: 'lb',
      attacker: formatLegionRoster(attacker, 'attacker'),
      defender: formatLegionRoster(defender, 'defender'),
    });
    expect(replayed.events).toEqual(result.events);
  });
});
