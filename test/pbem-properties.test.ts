import seedrandom from 'seedrandom';
import { BattleResult, resolveBattle, resumeBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { PbemEvent } from '../src/rulesets/cote-pbem';
import { FlatBattle, resolve } from './helpers/battle';

/** Random battles over every option, generated from a fixed seed so that failures replay. */
function randomBattles(count: number): FlatBattle[] {
  const rng = seedrandom('praetor-properties');
  const int = (n: number) => Math.floor(rng() * n);
  const legion = (sea: boolean) => {
    const size = 1 + int(7);
    const units = [0, 0, 0];
    for (let i = 0; i < size; i++) units[int(3)]++;
    const galleys = sea ? 1 + int(2) : 0;
    return `${units[0]} CAT ${units[1]} CAV ${units[2]} INF ${galleys} GAL`;
  };
  const side = (sea: boolean) => Array.from({ length: 1 + int(3) }, () => legion(sea)).join('; ');
  const retreats = [
    null,
    'units <= 2',
    'lost.CAT >= 1 and units <= 4',
    'lost >= 3',
    'enemy.units >= 6 and INF = 0',
  ];
  return Array.from({ length: count }, (_, i) => {
    const sea = int(4) === 0;
    return {
      id: `b${i}`,
      attacker: side(sea),
      defender: side(sea),
      sea,
      fort: sea ? 0 : int(3),
      breachBy: int(2) === 0 ? 'any' : 'catapult',
      retreat: retreats[int(retreats.length)],
      seed: `seed-${i}`,
    };
  });
}

const battles = randomBattles(400);
const results = battles.map(resolve);
const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

describe('over 400 random battles', () => {
  it('units never go negative, and the forces only ever shrink', () => {
    for (const r of results) {
      let before =
        total(r.events[0]?.left.attacker ?? {}) + total(r.events[0]?.left.defender ?? {});
      for (const e of r.events) {
        for (const n of [...Object.values(e.left.attacker), ...Object.values(e.left.defender)]) {
          expect(n).toBeGreaterThanOrEqual(0);
        }
        const now = total(e.left.attacker) + total(e.left.defender);
        expect(now).toBeLessThanOrEqual(before);
        expect(before - now).toBeLessThanOrEqual(1);
        before = now;
      }
    }
  });

  it('every battle ends: a side eliminated, or the attacker retreating', () => {
    for (const r of results) {
      expect(['eliminated', 'retreat']).toContain(r.outcome);
      if (r.outcome === 'eliminated') {
        const loser = r.winner === 'attacker' ? r.defender : r.attacker;
        expect(total(loser)).toBe(0);
        expect(total(r.winner === 'attacker' ? r.attacker : r.defender)).toBeGreaterThan(0);
      } else {
        expect(r.captured).toEqual([]);
      }
    }
  });

  it('every die drawn is in the log exactly once, in order', () => {
    for (const r of results) {
      const logged = r.events.flatMap((e) =>
        e.targetRoll === undefined ? [e.roll] : [e.roll, e.targetRoll],
      );
      expect(logged).toEqual(r.rolls);
      expect(r.diceUsed).toBe(r.rolls.length);
    }
  });

  it('a unit is lost exactly when a hit is neither a breach nor stopped by the walls', () => {
    for (const r of results) {
      for (const e of r.events) {
        expect(e.lost !== undefined).toBe(e.hit && !e.breach && !e.wasted);
      }
      const last = r.events[r.events.length - 1];
      expect(last.left).toEqual({ attacker: r.attacker, defender: r.defender });
    }
  });

  it('the same seed gives the same log, and the rolls replayed as scripted dice give it too', () => {
    for (const [i, b] of battles.entries()) {
      expect(resolve(b)).toEqual(results[i]);
      const replay = resolve({ ...b, seed: undefined, dice: results[i].rolls });
      expect(replay.events).toEqual(results[i].events);
    }
  });

  it('pausing after N rounds and resuming gives the same log as a straight run', () => {
    for (const [i, b] of battles.entries()) {
      const straight = results[i];
      const n = 1 + (i % 3);
      const first = resolve({ ...b, rounds: n });
      if (straight.rounds <= n) {
        expect(first.events).toEqual(straight.events);
        continue;
      }
      expect(first.outcome).toBe('paused');
      // The state goes through JSON, as it would through a sheet or a file.
      const saved = JSON.parse(JSON.stringify(first.saved));
      const rest = resumeBattle(saved, { retreat: b.retreat });
      if (!rest.ok) throw new Error(rest.error);
      const second = rest.value as BattleResult<PbemEvent>;
      expect([...first.events, ...second.events]).toEqual(
        JSON.parse(JSON.stringify(straight.events)),
      );
      expect([...first.rolls, ...second.rolls]).toEqual(straight.rolls);
      expect(second).toMatchObject({
        outcome: straight.outcome,
        winner: straight.winner,
        rounds: straight.rounds,
        diceUsed: straight.diceUsed,
        attacker: straight.attacker,
        defender: straight.defender,
        captured: straight.captured,
      });
    }
  });
});

describe('orders given after a pause, written "from round N" in one condition', () => {
  const RETREATS = [null, 'units <= 2', 'lost >= 3', 'lost.CAT >= 1 and units <= 4', 'units <= 5'];
  const phase = (c: string | null) => c ?? 'none';

  it('fight as the battle paused after round N-1 and resumed with the new orders', () => {
    let resumedSome = 0;
    for (const [i, b] of battles.entries()) {
      const n = 1 + (i % 3);
      const before = RETREATS[i % RETREATS.length];
      const after = RETREATS[(i * 7 + 3) % RETREATS.length];
      const first = resolve({ ...b, retreat: before, rounds: n });
      const written = `${phase(before)}; ${phase(after)} from round ${n + 1}`;
      const once = resolve({ ...b, retreat: written });
      if (first.outcome !== 'paused') {
        // Over before the new orders: as if they were never given.
        expect(once.events).toEqual(first.events);
        expect(once.outcome).toBe(first.outcome);
        continue;
      }
      resumedSome++;
      const saved = JSON.parse(JSON.stringify(first.saved));
      const rest = resumeBattle(saved, { retreat: after });
      if (!rest.ok) throw new Error(rest.error);
      const second = rest.value as BattleResult<PbemEvent>;
      expect(once.events).toEqual(JSON.parse(JSON.stringify([...first.events, ...second.events])));
      expect(once.rolls).toEqual([...first.rolls, ...second.rolls]);
      expect(once).toMatchObject({
        outcome: second.outcome,
        winner: second.winner,
        rounds: second.rounds,
        diceUsed: second.diceUsed,
        attacker: second.attacker,
        defender: second.defender,
        captured: second.captured,
      });
    }
    expect(resumedSome).toBeGreaterThan(100);
  });
});

describe('resuming', () => {
  const paused = resolve({ attacker: '3 INF', defender: '3 INF', dice: '6,6,6,6,6,6', rounds: 1 });

  it('takes more scripted dice for the next rounds', () => {
    // Round 2: A INF#1 1 hit (D INF#3), D INF#1 6 miss, A INF#2 1 hit (D INF#2), A INF#3 6 miss;
    // round 3: A INF#1 1 hit, the defender's last unit.
    const r = resumeBattle(paused.saved!, {}, [1, 6, 1, 6, 1]);
    expect(r.ok && r.value).toMatchObject({
      outcome: 'eliminated',
      winner: 'attacker',
      rounds: 3,
      diceUsed: 11,
    });
  });

  it('takes new orders but refuses to change the rules of the battle', () => {
    const r = resumeBattle(paused.saved!, { fort: 1 }, [1]);
    expect(!r.ok && r.error).toMatch(/takes only new orders \(retreat, rounds\), not fort/);
  });

  it('refuses a saved battle of another ruleset version', () => {
    const old = { ...paused.saved!, ruleset: { id: 'cote-pbem', version: '0.1.0' } };
    expect(resumeBattle(old).ok).toBe(false);
  });
});

describe('the seeded dice', () => {
  it('depend on the seed text only', () => {
    const spec = specFromObject({ attacker: '7 INF', defender: '7 INF', seed: 'Turn 3, Gallia' });
    const a = validateBattle(spec);
    const b = validateBattle(
      specFromObject({ attacker: '7 INF', defender: '7 INF', seed: 'Turn 3, Gallia!' }),
    );
    if (!a.ok || !b.ok) throw new Error('invalid');
    const ra = resolveBattle(a.value);
    const rb = resolveBattle(b.value);
    expect(ra.ok && rb.ok && ra.value.rolls).not.toEqual(rb.ok && rb.value.rolls);
  });
});
