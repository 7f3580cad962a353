import { BattleResult, resolveBattle } from '../../src/battle';
import { specFromObject, validateBattle } from '../../src/battle-spec';
import { ImperiumEvent } from '../../src/rulesets/imperium';

/** Resolves an imperium battle given flat (`praetor battle --input` style), failing on error. */
export function fight(flat: Record<string, unknown>): BattleResult<ImperiumEvent> {
  const battle = validateBattle(specFromObject({ rules: 'imperium', ...flat }));
  if (!battle.ok) throw new Error(`invalid battle: ${battle.error}`);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(`battle failed: ${result.error}`);
  return result.value as BattleResult<ImperiumEvent>;
}

/** The error of a battle that must fail, at validation or while resolving. */
export function refused(flat: Record<string, unknown>): string {
  const battle = validateBattle(specFromObject({ rules: 'imperium', ...flat }));
  if (!battle.ok) return battle.error;
  const result = resolveBattle(battle.value);
  if (result.ok) throw new Error('expected the battle to fail, but it resolved');
  return result.error;
}

/** A die group in compact form: `1 A beam DD#1>CR#1 [1 6] 1 hits cm[] no effect`. */
export function groups(r: BattleResult<ImperiumEvent>): string[] {
  return r.events.flatMap((e) =>
    e.kind !== 'fire'
      ? []
      : [
          `${e.round} ${e.side === 'attacker' ? 'A' : 'D'} ${e.step}${e.part ? `/${e.part}` : ''} ` +
            `${e.unit}>${e.target} [${e.dice.join(' ')}] cm[${e.cmDice.join(' ')}] ${e.result}`,
        ],
  );
}
