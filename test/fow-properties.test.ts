import seedrandom from 'seedrandom';
import { BattleResult, resolveBattle, resumeBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { FowEvent } from '../src/rulesets/fortunes-of-war';
import { fow } from './fow-helpers';

/** Properties over many seeded battles with random rosters, terrains, leaders and empires. */

const RANKS = ['captain', 'hero', 'legend', 'ruler'];
const SPECIALS = ['cause fear', 'forester', 'mountaineer', 'siege weapons'];
const TERRAINS = ['clear', 'forest', 'mountain', 'sea', 'town', 'city', 'capital'];

function randomSide(rng: () => number, name: string, terrain: string | null): string {
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const sections: string[] = [];
  const hasArmy = rng() < 0.85;
  if (hasArmy) {
    const max = int(1, 20);
    const specials = SPECIALS.filter(() => rng() < 0.15);
    sections.push(
      [
        `${name}: attack ${int(0, 9)}`,
        `defence ${int(0, 9)}`,
        `missile ${rng() < 0.4 ? int(1, 5) : 0}`,
        `health ${int(1, max)}/${max}`,
        `morale ${int(1, 20)}`,
        `discipline ${int(1, 20)}`,
        `experience ${int(0, 20)}`,
        `caste ${rng() < 0.5 ? 'capital' : 'city'}`,
        ...specials,
      ].join(', '),
    );
  }
  if (!hasArmy || rng() < 0.6) {
    const rank = RANKS[int(0, 3)];
    sections.push(
      `leader ${name}-lord: ${rank}, leadership ${int(0, 4)}, melee ${int(0, 8)}, stealth ${int(0, 6)}, health ${int(1, 4)}, experience ${int(0, 60)}`,
    );
  }
  if (terrain !== null) {
    if (['town', 'city', 'capital'].includes(terrain)) {
      sections.push(`city ${name}-town: ${terrain}, population ${int(0, 50) * 1000}`);
      sections.push(`treasury ${int(0, 2000)}`, `empire population ${int(50, 200) * 1000}`);
    } else sections.push(`terrain ${terrain}`);
    if (rng() < 0.5) sections.push('empire: Legion capital 18, Numidian cavalry city 12');
  }
  return sections.join('; ');
}

function randomBattle(i: number): Record<string, unknown> {
  const rng = seedrandom(`fow-property-${i}`);
  const terrain = TERRAINS[Math.floor(rng() * TERRAINS.length)];
  return {
    rules: 'fortunes-of-war',
    attacker: randomSide(rng, `A${i}`, null),
    defender: randomSide(rng, `D${i}`, terrain),
    seed: `fow-${i}`,
  };
}

const N = 400;
const battles = Array.from({ length: N }, (_, i) => randomBattle(i));
const results = battles.map((b) => fow(b));

const hp = (e: FowEvent, side: 'attacker' | 'defender') => e.left[side].HP ?? 0;

describe(`${N} random seeded battles`, () => {
  it('covers every kind of ending', () => {
    const outcomes = new Set(results.map((r) => r.outcome));
    for (const o of ['destroyed', 'retreated', 'routed', 'disengaged', 'apart']) {
      expect(outcomes).toContain(o);
    }
    expect(results.some((r) => r.events.some((e) => e.segment === 'elimination'))).toBe(true);
    expect(results.some((r) => r.events.some((e) => e.segment === '4 city'))).toBe(true);
    expect(results.some((r) => r.events.some((e) => e.segment === '1 Cause Fear'))).toBe(true);
  });

  it('accounts for every point of health: only stated damage lowers it, never below 0', () => {
    for (const r of results) {
      const start = {
        attacker: r.forces.attacker[0].units.HP ?? 0,
        defender: r.forces.defender[0].units.HP ?? 0,
      };
      let before = { ...start };
      for (const e of r.events) {
        for (const side of ['attacker', 'defender'] as const) {
          const now = hp(e, side);
          expect(now).toBeGreaterThanOrEqual(0);
          if (now === before[side]) continue;
          const applied = /damage applied: (.+), (.+)$/.exec(e.detail);
          const name = side === 'attacker' ? 1 : 2;
          const stated = applied
            ? Number(/-(\d+)$/.exec(applied[name])![1])
            : Number(/(?:deals |: )(\d+) damage/.exec(e.result)?.[1] ?? NaN);
          expect(now).toBe(Math.max(0, before[side] - stated));
        }
        before = { attacker: hp(e, 'attacker'), defender: hp(e, 'defender') };
      }
      expect(r.attacker.HP ?? 0).toBe(before.attacker);
      expect(r.defender.HP ?? 0).toBe(before.defender);
      const destroyed = r.events.some((e) => / destroyed|: destroyed/.test(e.result));
      if (r.outcome === 'destroyed') expect(destroyed).toBe(true);
    }
  });

  it('logs every die drawn once, in order, in the row that drew it', () => {
    for (const r of results) {
      expect(r.events.flatMap((e) => e.dice)).toEqual(r.rolls);
      expect(r.rolls.length).toBe(r.diceUsed);
      for (const e of r.events) {
        if (e.roll === '') expect(e.dice).toEqual([]);
        else expect(e.dice.length).toBeGreaterThan(0);
      }
    }
  });

  it('gives the same log for the same seed', () => {
    for (let i = 0; i < 50; i++) expect(fow(battles[i])).toEqual(results[i]);
  });

  it('replays from the rolls drawn, as scripted dice', () => {
    for (let i = 0; i < N; i += 4) {
      const r = results[i];
      if (r.rolls.length === 0) continue; // a hex decided without dice (a captain at sea)
      const replay = fow({ ...battles[i], seed: undefined, dice: r.rolls });
      expect(replay.events).toEqual(r.events);
      expect(replay.outcome).toBe(r.outcome);
    }
  });

  it('pausing after every round and resuming gives the straight run', () => {
    let resumes = 0;
    for (let i = 0; i < N; i += 3) {
      const battle = validateBattle(specFromObject({ ...battles[i], rounds: 1 }));
      if (!battle.ok) throw new Error(battle.error);
      let step = resolveBattle(battle.value);
      const events: FowEvent[] = [];
      const rolls: number[] = [];
      for (let k = 0; k < 1000; k++) {
        if (!step.ok) throw new Error(step.error);
        events.push(...(step.value.events as FowEvent[]));
        rolls.push(...step.value.rolls);
        if (!step.value.saved) break;
        const saved = JSON.parse(JSON.stringify(step.value.saved));
        step = resumeBattle(saved, { rounds: 1 });
        resumes++;
      }
      const last = (step.ok ? step.value : null) as BattleResult<FowEvent>;
      expect(events).toEqual(results[i].events);
      expect(rolls).toEqual(results[i].rolls);
      expect(last.outcome).toBe(results[i].outcome);
      expect(last.diceUsed).toBe(results[i].diceUsed);
    }
    expect(resumes).toBeGreaterThan(20);
  });

  it('ends every battle with a winner only when one side holds the field', () => {
    for (const r of results) {
      if (['mutual', 'disengaged', 'apart'].includes(r.outcome)) expect(r.winner).toBeNull();
      if (['destroyed', 'retreated', 'routed'].includes(r.outcome)) expect(r.winner).not.toBeNull();
      expect(r.events.at(-1)!.detail).toBe(`the hex ends: ${r.outcome}`);
    }
  });
});
