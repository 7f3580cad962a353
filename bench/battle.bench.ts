import { resolveBattle } from '../src/battle';
import { Battle, validateBattle } from '../src/battle-spec';

/** Random 7-vs-7 land battles (some fortified), resolved with full logs, on one core. */
export function run(): void {
  const mixes = ['2 CAT 2 CAV 3 INF', '1 CAT 3 CAV 3 INF', '7 INF', '3 CAT 4 INF', '2 CAV 5 INF'];
  const battles: Battle[] = [];
  for (let i = 0; i < 50; i++) {
    const spec = {
      id: String(i),
      attacker: mixes[i % mixes.length],
      defender: mixes[(i * 3 + 1) % mixes.length],
      seed: `bench-${i}`,
      options: { fort: i % 4 === 0 ? 1 : 0 },
    };
    const b = validateBattle(spec);
    if (!b.ok) throw new Error(b.error);
    battles.push(b.value);
  }
  let shots = 0;
  for (let i = 0; i < 20000; i++) resolveBattle(battles[i % battles.length]); // warm-up
  const n = 200_000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const b = battles[i % battles.length];
    const r = resolveBattle({ ...b, dice: { kind: 'seeded', seed: `run-${i}` } });
    if (r.ok) shots += r.value.events.length;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `battle: ${n} random 7-vs-7 battles with full logs in ${seconds.toFixed(2)} s = ` +
      `${Math.round(n / seconds).toLocaleString('en')} battles/s (${(shots / n).toFixed(1)} shots each)`,
  );
}
