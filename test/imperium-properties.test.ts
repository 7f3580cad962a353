import seedrandom from 'seedrandom';
import { BattleResult, resolveBattle, resumeBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { computeOdds } from '../src/odds';
import { eventDice, ImperiumEvent } from '../src/rulesets/imperium';
import { fight } from './helpers/imperium';

/** Random space and ground battles over every standing order, from a fixed seed. */
function randomBattles(count: number): Record<string, unknown>[] {
  const rng = seedrandom('imperium-properties');
  const int = (n: number) => Math.floor(rng() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  const SHIPS = {
    Terran: ['BB', 'B', 'CV', 'CA', 'CS', 'CL', 'DD', 'TB', 'SC', 'M', 'AT', 'F'],
    Imperial: ['BB', 'B2', 'B1', 'CV', 'CA', 'CR', 'CL', 'DD', 'M', 'AR', 'F'],
  };
  const GROUND = ['RT4', 'RT2', 'JT6', 'PD', 'F'];
  const orders = () =>
    [
      `range=${pick(['beams', 'close', 'long', 'hold'])}`,
      `disengage=${pick(['1/3', 'never', '1/2', '1'])}`,
      `allocation=${pick(['strongest', 'weakest', 'roster'])}`,
      `target=${pick(['destroy', 'strongest', 'weakest'])}`,
      `split=${pick(['never', 'auto', 'even'])}`,
      `reserves=${pick(['none', 'none', 'all'])}`,
    ].join(', ');
  return Array.from({ length: count }, (_, i) => {
    const ground = int(5) === 0;
    const side = (faction: 'Terran' | 'Imperial') => {
      const fleets = 1 + int(2);
      return Array.from({ length: fleets }, () => {
        const types = ground ? GROUND : SHIPS[faction];
        const units = Array.from({ length: 1 + int(3) }, () => {
          const t = pick(types);
          const damaged = !ground && t !== 'F' && int(4) === 0 ? ' (damaged)' : '';
          return `${1 + int(2)} ${t}${damaged}`;
        });
        return `${faction}: ${units.join(', ')}`;
      }).join('; ');
    };
    return {
      id: `b${i}`,
      attacker: side(int(2) ? 'Terran' : 'Imperial'),
      defender: side(int(2) ? 'Terran' : 'Imperial'),
      combat: ground ? 'ground' : 'space',
      range: ground ? undefined : pick(['long', 'short']),
      planet: pick(['none', 'attacker', 'defender', 'both']),
      attackerOrders: orders(),
      defenderOrders: orders(),
      seed: `seed-${i}`,
    };
  });
}

const battles = randomBattles(300);
const results = battles.map(fight);

describe('over 300 random imperium battles', () => {
  it('every die drawn is in the log exactly once, in order', () => {
    for (const r of results) expect(r.events.flatMap(eventDice)).toEqual(r.rolls);
  });

  it('the same seed gives the same log; the rolls replayed as scripted dice give it too', () => {
    battles.slice(0, 60).forEach((b, i) => {
      expect(fight(b).events).toEqual(results[i].events);
      const replay = fight({ ...b, seed: undefined, dice: results[i].rolls });
      if (results[i].rolls.length > 0) expect(replay.events).toEqual(results[i].events);
    });
  });

  it('ends as the rules say: a winner with units, or none', () => {
    const outcomes = new Set(results.map((r) => r.outcome));
    for (const r of results) {
      expect(['eliminated', 'retreat', 'disengaged', 'mutual', 'halted', 'stalemate']).toContain(
        r.outcome,
      );
      if (r.winner !== null)
        expect(Object.values(r[r.winner]).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      if (r.outcome === 'halted') expect(r.rounds).toBe(3);
    }
    expect(outcomes.has('eliminated')).toBe(true);
    expect(outcomes.has('retreat') || outcomes.has('disengaged')).toBe(true);
  });

  it('fires, countermeasures and split fire all occur', () => {
    const fires = results.flatMap((r) => r.events).filter((e) => e.kind === 'fire') as Extract<
      ImperiumEvent,
      { kind: 'fire' }
    >[];
    expect(fires.some((e) => e.part === 2)).toBe(true);
    expect(fires.some((e) => e.cancelled > 0)).toBe(true);
    expect(fires.some((e) => e.step === 'beam' && e.result === 'destroyed')).toBe(true);
  });

  it('pausing after each round and resuming gives the same log as a straight run', () => {
    battles.slice(0, 40).forEach((b, i) => {
      const spec = validateBattle(specFromObject({ rules: 'imperium', ...b, rounds: 1 }));
      if (!spec.ok) throw new Error(spec.error);
      let step = resolveBattle(spec.value);
      const events = [];
      for (let k = 0; k < 100; k++) {
        if (!step.ok) throw new Error(step.error);
        events.push(...step.value.events);
        if (!step.value.saved) break;
        step = resumeBattle(step.value.saved, { rounds: 1 });
      }
      if (!step.ok) throw new Error(step.error);
      const last = step.value as BattleResult<ImperiumEvent>;
      expect(events).toEqual(results[i].events);
      expect(last.outcome).toBe(results[i].outcome);
      expect(last.diceUsed).toBe(results[i].diceUsed);
    });
  });
});

describe('odds', () => {
  it('Monte Carlo works for imperium, with standard errors', () => {
    const b = validateBattle(
      specFromObject({
        rules: 'imperium',
        attacker: 'Terran: 2 DD',
        defender: 'Imperial: 1 CR',
        range: 'short',
        seed: 'x',
      }),
    );
    if (!b.ok) throw new Error(b.error);
    const odds = computeOdds(b.value, { runs: 2000, seed: 'o' });
    if (!odds.ok) throw new Error(odds.error);
    expect(odds.value.method).toBe('montecarlo');
    const total =
      odds.value.attackerWins +
      odds.value.defenderWins +
      odds.value.attackerRetreats +
      odds.value.undecided;
    expect(total).toBeCloseTo(1, 10);
    expect(odds.value.standardErrors!.attackerWins).toBeGreaterThan(0);
    expect(odds.value.defenderWins).toBeGreaterThan(0.1);
  });
});
