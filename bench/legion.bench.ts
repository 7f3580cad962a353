import { validateBattle } from '../src/battle-spec';
import { computeOdds } from '../src/odds';

/** Exact Legion Battles odds: one unit a side, a flank attack (2 v 1), and two units a side. */

const CASES: [string, string, string][] = [
  [
    'Trained century vs mailed nobles 2:1, 1 v 1',
    'century: trained century, discipline 3, pila',
    'nobles: trained nobles, discipline 3, 2:1',
  ],
  [
    'Carrhae screen with camels vs Veteran cohort, 1 v 1',
    'parthians: trained screen, camels',
    'cohort: veteran cohort, discipline 4',
  ],
  [
    'flank attack, 2 v 1',
    'a: trained century, discipline 3; b: raw levy, discipline 2, flank, vs 1',
    'c: trained century, discipline 3',
  ],
  [
    'two units a side, 2 v 2',
    'a: trained century, discipline 3; b: raw levy, discipline 2',
    'c: trained nobles, discipline 3; d: raw levy, discipline 2',
  ],
];

export function run(): void {
  for (const [name, attacker, defender] of CASES) {
    const b = validateBattle({ rules: 'legion-battles', attacker, defender, seed: 'bench' });
    if (!b.ok) throw new Error(b.error);
    const start = process.hrtime.bigint();
    const r = computeOdds(b.value, { method: 'exact' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (!r.ok) throw new Error(r.error);
    console.log(
      `legion: exact ${name}: ${ms.toFixed(0)} ms, ${(r.value.states ?? 0).toLocaleString('en')} ` +
        `states, attacker wins ${r.value.attackerWins.toFixed(4)}`,
    );
  }
}
