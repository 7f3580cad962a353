import { BattleResult, resolveBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { FowEvent } from '../src/rulesets/fortunes-of-war';

/** A fortunes-of-war battle as `praetor battle --input` takes it, resolved or failing the test. */
export function fow(flat: Record<string, unknown>): BattleResult<FowEvent> {
  const battle = validateBattle(specFromObject({ rules: 'fortunes-of-war', ...flat }));
  if (!battle.ok) throw new Error(`invalid battle: ${battle.error}`);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(`battle failed: ${result.error}`);
  return result.value as BattleResult<FowEvent>;
}

/** The error of a battle that must fail. */
export function fowError(flat: Record<string, unknown>): string {
  const battle = validateBattle(specFromObject({ rules: 'fortunes-of-war', ...flat }));
  if (!battle.ok) return battle.error;
  const result = resolveBattle(battle.value);
  if (result.ok) throw new Error('expected the battle to fail, but it resolved');
  return result.error;
}

/** The rows that drew dice, as `segment unit roll: result`. */
export const draws = (r: BattleResult<FowEvent>) =>
  r.events.filter((e) => e.roll !== '').map((e) => `${e.segment} ${e.unit} ${e.roll}: ${e.result}`);

/** The rows of one segment, as `unit: detail -> result`. */
export const rows = (r: BattleResult<FowEvent>, segment: string) =>
  r.events.filter((e) => e.segment === segment).map((e) => `${e.unit}: ${e.detail} -> ${e.result}`);

/** The two d6 that RND(20) reads as n at the first try: n - 1 = 6(d1 - 1) + (d2 - 1). */
export const d20 = (n: number): number[] => [Math.floor((n - 1) / 6) + 1, ((n - 1) % 6) + 1];

/** The three d6 that RND(100) reads as n at the first try: n - 1 = 36(d1 - 1) + 6(d2 - 1) + (d3 - 1). */
export const d100 = (n: number): number[] => [
  Math.floor((n - 1) / 36) + 1,
  (Math.floor((n - 1) / 6) % 6) + 1,
  ((n - 1) % 6) + 1,
];
