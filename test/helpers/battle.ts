import { BattleResult, resolveBattle } from '../../src/battle';
import { specFromObject, validateBattle } from '../../src/battle-spec';
import { PbemEvent } from '../../src/rulesets/cote-pbem';

/** A battle as `praetor battle --input` takes it: options beside the rosters and dice. */
export type FlatBattle = Record<string, unknown>;

/** Validates and resolves, failing the test with the error when either step fails. */
export function resolve(flat: FlatBattle): BattleResult<PbemEvent> {
  const battle = validateBattle(specFromObject(flat));
  if (!battle.ok) throw new Error(`invalid battle: ${battle.error}`);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(`battle failed: ${result.error}`);
  return result.value as BattleResult<PbemEvent>;
}

/** The error of a battle that must fail, at validation or while resolving. */
export function failure(flat: FlatBattle): string {
  const battle = validateBattle(specFromObject(flat));
  if (!battle.ok) return battle.error;
  const result = resolveBattle(battle.value);
  if (result.ok) throw new Error('expected the battle to fail, but it resolved');
  return result.error;
}

/** A shot in compact form: `A CAT#1 3 hit -> INF#4`, `D INF#2 2 hit t3 -> INF#2`, `A INF#1 4 miss`. */
export function shot(e: PbemEvent): string {
  const side = e.side === 'attacker' ? 'A' : 'D';
  const burst = e.burst ? ' burst' : '';
  if (!e.hit) return `${e.round} ${side} ${e.unit}${burst} ${e.roll} miss`;
  const target = e.targetRoll !== undefined ? ` t${e.targetRoll}` : '';
  const effect = e.breach ? 'breach' : e.wasted ? 'walls' : (e.lost ?? '?');
  return `${e.round} ${side} ${e.unit}${burst} ${e.roll} hit${target} -> ${effect}`;
}

export const shots = (r: BattleResult<PbemEvent>) => r.events.map(shot);
