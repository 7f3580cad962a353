import { OddsResult } from './odds';
import { AnyRuleset } from './ruleset';

/** One line of an odds summary: an ending, its probability and, estimated, its error. */
export interface OddsEnding {
  label: string;
  p: number;
  se?: number;
}

/**
 * The endings an odds summary shows, in order, the same in the CLI, the pane and the report:
 * the two wins; the attacker's retreat where the rules take a retreat order or a battle
 * retreats (cote-online's hit-and-run); the rules' ending with no victor when it happens, by its
 * own name (`No victor`, `Mutual`).
 */
export function oddsEndings(odds: OddsResult, ruleset: AnyRuleset | undefined): OddsEnding[] {
  const se = odds.standardErrors;
  const endings: OddsEnding[] = [
    { label: 'Attacker wins', p: odds.attackerWins, se: se?.attackerWins },
    { label: 'Defender wins', p: odds.defenderWins, se: se?.defenderWins },
  ];
  if (odds.attackerRetreats > 0 || ruleset?.orderKeys.includes('retreat')) {
    endings.push({
      label: 'Attacker retreats',
      p: odds.attackerRetreats,
      se: se?.attackerRetreats,
    });
  }
  if (odds.undecided > 0) {
    endings.push({ label: undecidedLabel(ruleset), p: odds.undecided, se: se?.undecided });
  }
  return endings;
}

/** `noVictor` is shown `No victor`, unless the rules give a label of their own. */
function undecidedLabel(ruleset: AnyRuleset | undefined): string {
  if (ruleset?.undecidedLabel) return ruleset.undecidedLabel;
  const words = (ruleset?.undecidedName ?? 'undecided').replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
