import { BattleResult, resolveBattle } from '../../src/battle';
import { specFromObject, validateBattle } from '../../src/battle-spec';
import { OnlineEvent } from '../../src/rulesets/cote-online';
import { FlatBattle } from './battle';

/** Validates and resolves a cote-online battle, failing the test on any error. */
export function resolveOnline(flat: FlatBattle): BattleResult<OnlineEvent> {
  const battle = validateBattle(specFromObject({ rules: 'cote-online', ...flat }));
  if (!battle.ok) throw new Error(`invalid battle: ${battle.error}`);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(`battle failed: ${result.error}`);
  return result.value as BattleResult<OnlineEvent>;
}

/** The error of a cote-online battle that must fail, at validation or while resolving. */
export function onlineFailure(flat: FlatBattle): string {
  const battle = validateBattle(specFromObject({ rules: 'cote-online', ...flat }));
  if (!battle.ok) return battle.error;
  const result = resolveBattle(battle.value);
  if (result.ok) throw new Error('expected the battle to fail, but it resolved');
  return result.error;
}

/**
 * An event in compact form: `1 A CAT#1 4 hit`; a casualty draw `1 D hit 1: 6/2 of 5 -> INF#2`
 * (each attempt's dice, rejected ones first; `-` when the choice needed no dice);
 * `2 D sunk 2 GAL`.
 */
export function line(e: OnlineEvent): string {
  const side = e.side === 'attacker' ? 'A' : 'D';
  switch (e.kind) {
    case 'roll':
      return `${e.round} ${side} ${e.unit} ${e.roll} ${e.hit ? 'hit' : 'miss'}`;
    case 'casualty': {
      const dice = e.attempts.map((a) => a.join('')).join('/') || '-';
      return `${e.round} ${side} hit ${e.hitNumber}: ${dice} of ${e.among} -> ${e.lost}`;
    }
    case 'sunk':
      return `${e.round} ${side} sunk ${e.galleys} GAL`;
  }
}

export const lines = (r: BattleResult<OnlineEvent>) => r.events.map(line);

/** Every die an event holds, in the order drawn. */
export const diceOf = (e: OnlineEvent): number[] =>
  e.kind === 'roll' ? [e.roll] : e.kind === 'casualty' ? e.attempts.flat() : [];

export const none = { CAT: 0, CAV: 0, INF: 0, GAL: 0, FORT: 0 };
