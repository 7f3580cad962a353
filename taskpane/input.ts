import { BattleSpec } from '../src/battle-spec';
import { Legion } from '../src/forces';
import { RawOptions } from '../src/ruleset';

/** The pane's form, as plain values: what the user chose, nothing checked yet. */
export interface PaneInput {
  /** The battle's id: it names the log sheet (`Log <battle>`). */
  battle: string;
  /** Roster ranges: an address or a range name. */
  attacker: string;
  defender: string;
  rules: string;
  options: {
    sea: boolean;
    /** '' (none), '1' or '2' wall hit points. */
    fort: string;
    /** '' (the ruleset's default), 'any' or 'catapult'. */
    breachBy: string;
    retreat: string;
    rounds: string;
    /** cote-online's mode: '' (the default), 'fight-to-the-death' or 'hit-and-run'. */
    mode?: string;
    /** More options: `key=value; key=value` for the ruleset's keys without a box of their own. */
    more?: string;
  };
  dice: { kind: 'seed' | 'rolls'; text: string };
}

export const DEFAULT_BATTLE_ID = 'battle';

/** Only the options the user set: a blank box means the ruleset's default. */
export function rawOptions(input: PaneInput): RawOptions {
  const o = input.options;
  const raw: RawOptions = {};
  if (o.sea) raw.sea = true;
  if (o.fort.trim() !== '') raw.fort = o.fort.trim();
  if (o.breachBy.trim() !== '') raw.breachBy = o.breachBy.trim();
  if (o.retreat.trim() !== '') raw.retreat = o.retreat.trim();
  if (o.rounds.trim() !== '') raw.rounds = o.rounds.trim();
  if (o.mode !== undefined && o.mode.trim() !== '') raw.mode = o.mode.trim();
  return raw;
}

export function battleSpec(
  input: PaneInput,
  attacker: Legion[],
  defender: Legion[],
  options: RawOptions = rawOptions(input),
): BattleSpec {
  const text = input.dice.text.trim();
  return {
    id: input.battle.trim() || DEFAULT_BATTLE_ID,
    rules: input.rules,
    attacker,
    defender,
    seed: input.dice.kind === 'seed' && text !== '' ? text : undefined,
    dice: input.dice.kind === 'rolls' && text !== '' ? text : undefined,
    options,
  };
}
