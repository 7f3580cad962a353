import { Battle, validateBattle } from '../src/battle-spec';
import { computeOdds, monteCarloOdds } from '../src/odds';

/** Exact odds of 7 v 7 and 21 v 21, and a 100,000-run Monte Carlo of 7 v 7 for comparison. */

const LEGION = '2 CAT 2 CAV 3 INF';

function battle(legions: number, fort: number): Battle {
  const side = Array(legions).fill(LEGION).join('; ');
  const b = validateBattle({ attacker: side, defender: side, seed: 'bench', options: { fort } });
  if (!b.ok) throw new Error(b.error);
  return b.value;
}

function exactMs(b: Battle): { ms: number; attackerWins: number; states: number } {
  const start = process.hrtime.bigint();
  const r = computeOdds(b, { method: 'exact' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!r.ok) throw new Error(r.error);
  return { ms, attackerWins: r.value.attackerWins, states: r.value.states ?? 0 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function run(): void {
  for (const fort of [0, 1]) {
    const b = battle(1, fort);
    for (let i = 0; i < 30; i++) exactMs(b); // warm-up
    const runs = Array.from({ length: 201 }, () => exactMs(b));
    const r = runs[0];
    console.log(
      `odds: exact 7 v 7${fort ? ' (fort 1)' : ''}: median ${median(runs.map((x) => x.ms)).toFixed(2)} ms ` +
        `over ${runs.length} runs (${r.states.toLocaleString('en')} states, attacker wins ${r.attackerWins.toFixed(4)})`,
    );
  }
  for (const fort of [0, 2]) {
    const before = process.memoryUsage();
    const b = battle(3, fort);
    const runs = Array.from({ length: 3 }, () => exactMs(b));
    const r = runs[0];
    const after = process.memoryUsage();
    const peak = process.resourceUsage().maxRSS / 1024;
    const times = runs.map((x) => x.ms.toFixed(0)).join(', ');
    console.log(
      `odds: exact 21 v 21${fort ? ` (fort ${fort})` : ''}: median ${median(runs.map((x) => x.ms)).toFixed(0)} ms ` +
        `(runs ${times}), ` +
        `${r.states.toLocaleString('en')} states, attacker wins ${r.attackerWins.toFixed(4)}; ` +
        `peak RSS ${peak.toFixed(0)} MB (heap ${(after.heapUsed / 1e6).toFixed(0)} MB, ` +
        `array buffers ${(Math.max(before.arrayBuffers, after.arrayBuffers) / 1e6).toFixed(0)} MB after)`,
    );
  }
  const b = battle(1, 0);
  const start = process.hrtime.bigint();
  const mc = monteCarloOdds(b, 100_000, 'bench');
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!mc.ok) throw new Error(mc.error);
  console.log(
    `odds: Monte Carlo 7 v 7, 100,000 runs: ${ms.toFixed(0)} ms ` +
      `(attacker wins ${mc.value.attackerWins.toFixed(4)} ± ${mc.value.standardErrors!.attackerWins.toFixed(4)})`,
  );
}
