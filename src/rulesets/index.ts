import { AnyRuleset } from '../ruleset';
import { coteOnline } from './cote-online';
import { cotePbem } from './cote-pbem';
import { fortunesOfWar } from './fortunes-of-war';
import { imperium } from './imperium';
import { legionBattles } from './legion-battles';

/**
 * Every ruleset, by id. A new game's rules are a new module and its entry here; the README's
 * "Adding a game's rules" says what else a new game may need.
 */
export const RULESETS: readonly AnyRuleset[] = [
  cotePbem,
  coteOnline,
  imperium,
  legionBattles,
  fortunesOfWar,
];

export const DEFAULT_RULESET = 'cote-pbem';

export function findRuleset(id: string): AnyRuleset | undefined {
  const key = id.trim().toLowerCase();
  return RULESETS.find((r) => r.id === key);
}

export const rulesetIds = (): string[] => RULESETS.map((r) => r.id);
