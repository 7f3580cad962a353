import seedrandom from 'seedrandom';
import { BattleResult, resumeBattle } from '../src/battle';
import { OnlineEvent } from '../src/rulesets/cote-online';
import { FlatBattle } from './helpers/battle';
import { diceOf, resolveOnline } from './helpers/online';

/** Random online battles over every option, from a fixed seed so that failures replay. */
function randomBattles(count: number): FlatBattle[] {
  const rng = seedrandom('praetor-online-properties');
  const int = (n: number) => Math.floor(rng() * n);
  const legion = () => {
    const size = 1 + int(7);
    const units = [0, 0, 0];
    for (let i = 0; i < size; i++) units[int(3)]++;
    return `${units[0]} CAT ${units[1]} CAV ${units[2]} INF ${int(3)} GAL`;
  };
  const side = () => Array.from({ length: 1 + int(3) }, legion).join('; ');
  return Array.from({ length: count }, (_, i) => ({
    id: `b${i}`,
    attacker: side(),
    defender: side(),
    mode: int(4) === 0 ? 'hit-and-run' : 'fight-to-the-death',
    fort: int(2) === 0,
    seed: `online-${i}`,
  }));
}

const battles = randomBattles(400);
const results = battles.map(resolveOnline);
const warriors = (c: Record<string, number>) => c.CAT + c.CAV + c.INF + c.FORT;
const galleysOf = (roster: string) =>
  [...roster.matchAll(/(\d+) GAL/g)].reduce((n, m) => n + Number(m[1]), 0);

describe('over 400 random online battles', () => {
  it('every die drawn is in the log exactly once, in order', () => {
    for (const r of results) {
      expect(r.events.flatMap(diceOf)).toEqual(r.rolls);
      expect(r.rolls.length).toBe(r.diceUsed);
    }
  });

  it('counts never go negative and only shrink; a casualty removes exactly one warrior', () => {
    const problems: string[] = [];
    for (const r of results) {
      let before = r.events[0].left;
      r.events.forEach((e, k) => {
        const counts = [...Object.values(e.left.attacker), ...Object.values(e.left.defender)];
        if (counts.some((n) => n < 0)) problems.push(`${r.id} event ${k}: a negative count`);
        const lost =
          warriors(before.attacker) +
          warriors(before.defender) -
          warriors(e.left.attacker) -
          warriors(e.left.defender);
        if (lost !== (e.kind === 'casualty' ? 1 : 0))
          problems.push(`${r.id} event ${k}: lost ${lost}`);
        before = e.left;
      });
    }
    expect(problems).toEqual([]);
  });

  it('each round: every warrior rolls once, then min(hits, enemy warriors) casualties per side', () => {
    for (const r of results) {
      const rounds = new Map<number, OnlineEvent[]>();
      for (const e of r.events) rounds.set(e.round, [...(rounds.get(e.round) ?? []), e]);
      for (const events of rounds.values()) {
        const start = events[0].left;
        for (const side of ['attacker', 'defender'] as const) {
          const enemy = side === 'attacker' ? 'defender' : 'attacker';
          const rolls = events.filter((e) => e.kind === 'roll' && e.side === side);
          expect(rolls.length).toBe(warriors(start[side]));
          const hits = rolls.filter((e) => e.kind === 'roll' && e.hit).length;
          const draws = events.filter((e) => e.kind === 'casualty' && e.side === side);
          expect(draws.length).toBe(Math.min(hits, warriors(start[enemy])));
          draws.forEach(
            (d, i) => d.kind === 'casualty' && expect(d.among).toBe(warriors(start[enemy]) - i),
          );
        }
      }
    }
  });

  it('every battle ends as the rules say', () => {
    battles.forEach((b, i) => {
      const r = results[i];
      const [a, d] = [warriors(r.attacker), warriors(r.defender)];
      if (r.outcome === 'mutual') {
        expect([a, d, r.winner, r.captured.length]).toEqual([0, 0, null, 0]);
      } else if (r.outcome === 'retreat') {
        expect(b.mode).toBe('hit-and-run');
        expect(r.rounds).toBe(1);
        expect(a).toBeGreaterThan(0);
        expect(d).toBeGreaterThan(0);
        expect(r.captured).toEqual([]);
      } else {
        expect(r.outcome).toBe('eliminated');
        const loser = r.winner === 'attacker' ? r.defender : r.attacker;
        expect(warriors(loser)).toBe(0);
        expect(warriors(r.winner === 'attacker' ? r.attacker : r.defender)).toBeGreaterThan(0);
        expect(r.captured.length).toBeGreaterThan(0);
      }
      if (b.mode === 'hit-and-run') expect(r.rounds).toBe(1);
      // The defender's galleys sink when the attacker takes the territory; a beaten attacker's
      // galleys stay, as does every galley after a retreat or a mutual end.
      const taken = r.outcome === 'eliminated' && r.winner === 'attacker';
      expect([r.attacker.GAL, r.defender.GAL]).toEqual([
        galleysOf(b.attacker as string),
        taken ? 0 : galleysOf(b.defender as string),
      ]);
    });
  });

  it('the same seed gives the same log, and the rolls replay it as scripted dice', () => {
    battles.slice(0, 100).forEach((b, i) => {
      expect(resolveOnline(b)).toEqual(results[i]);
      const { seed, ...rest } = b;
      expect(seed).toBeDefined();
      const replay = resolveOnline({ ...rest, dice: results[i].rolls });
      expect(replay.events).toEqual(results[i].events);
      expect(replay.outcome).toBe(results[i].outcome);
    });
  });

  it('pausing every round and resuming (through JSON) gives the straight run', () => {
    battles.slice(0, 100).forEach((b, i) => {
      let r: BattleResult<OnlineEvent> = resolveOnline({ ...b, rounds: 1 });
      const events = [...r.events];
      while (r.outcome === 'paused') {
        const next = resumeBattle(JSON.parse(JSON.stringify(r.saved)), { rounds: 1 });
        if (!next.ok) throw new Error(next.error);
        r = next.value as BattleResult<OnlineEvent>;
        events.push(...r.events);
      }
      const straight = results[i];
      expect(events).toEqual(straight.events);
      expect(r).toMatchObject({
        outcome: straight.outcome,
        winner: straight.winner,
        rounds: straight.rounds,
        diceUsed: straight.diceUsed,
        attacker: straight.attacker,
        defender: straight.defender,
        captured: straight.captured,
      });
    });
  });
});
