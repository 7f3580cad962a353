import { BattleResult } from '../battle';
import { formatRoster, SIDES } from '../forces';
import { optionFlagName } from '../option-flag';
import { DEFAULT_RULESET, findRuleset } from '../rulesets';

/**
 * The command lines a report prints so that a reader can replay the battle and compare every
 * shot: one `praetor battle` line, or, for a battle resumed after a pause, the run up to the
 * pause (saved) and the resume with the orders it was given.
 */

/** Where a resumed battle took up again: the rounds and dice before the pause. */
export interface Resumption {
  afterRound: number;
  diceBefore: number;
}

/**
 * A result that continues a paused battle: `rolls` holds the dice of this run only, while
 * `diceUsed` counts those before the pause too. Null for a battle fought from its start.
 */
export function resumptionOf(result: BattleResult): Resumption | null {
  const diceBefore = result.diceUsed - result.rolls.length;
  if (diceBefore <= 0) return null;
  const first = result.events[0]?.round;
  return { afterRound: first === undefined ? result.rounds : first - 1, diceBefore };
}

/** The file the two-line replay of a resumed battle saves the paused battle to. */
export const PAUSED_FILE = 'paused.json';

/**
 * A value as one shell word: in double quotes; with a control character (a line break pasted
 * into a seed) or `!` (history expansion in an interactive bash), in bash's and zsh's `$'...'`,
 * where every character can be written.
 */
const quote = (s: string) =>
  /[\u0000-\u001f\u007f!]/.test(s)
    ? `$'${s.replace(/[\\']/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`
    : `"${s.replace(/(["\\$`])/g, '\\$1')}"`;
const flag = (key: string) => `--${optionFlagName(key)}`;
const optionFlag = (key: string, value: unknown) =>
  value === true ? flag(key) : `${flag(key)} ${quote(String(value))}`;

/**
 * `npx praetor battle --attacker "..." --defender "..." --fort 1 --seed "..."`; for a resumed
 * battle two lines (see `resumedReplay`); '' when no command line can replay it.
 */
export function replayCommand(result: BattleResult): string {
  const resumed = resumptionOf(result);
  if (resumed) return resumedReplay(result, resumed);
  // Sealed dice replay from the values drawn (the key re-derives them: praetor verify).
  const dice =
    'seed' in result.dice
      ? `--seed ${quote(result.dice.seed)}`
      : `--dice ${quote(('scripted' in result.dice ? result.dice.scripted : result.rolls).join(','))}`;
  return [...battleWords(result, false), dice].join(' ');
}

/**
 * A resumed battle: fought again from its start without the attacker's orders, paused after
 * the same rounds and saved, then resumed with the orders it was resumed with. Orders given
 * before the pause are not in the result; they cannot have changed a shot, because the
 * attacker's orders are a retreat condition (which had not ended the battle) and a pause.
 * Sealed dice before the pause are not in the result either: no line then.
 */
function resumedReplay(result: BattleResult, resumed: Resumption): string {
  if ('sealed' in result.dice) return '';
  const dice =
    'seed' in result.dice
      ? `--seed ${quote(result.dice.seed)}`
      : `--dice ${quote(result.dice.scripted.join(','))}`;
  const ruleset = findRuleset(result.ruleset.id)!;
  const options = result.options as Record<string, unknown>;
  const orders = ruleset.orderKeys
    .filter((k) => options[k] !== null && options[k] !== undefined)
    .map((k) => optionFlag(k, options[k]));
  return [
    [
      ...battleWords(result, true),
      dice,
      `--rounds ${resumed.afterRound}`,
      `--save ${PAUSED_FILE}`,
    ].join(' '),
    ['npx praetor battle --resume', PAUSED_FILE, ...orders].join(' '),
  ].join('\n');
}

/** `npx praetor battle`, the rules, the rosters and the options (without orders if asked). */
function battleWords(result: BattleResult, withoutOrders: boolean): string[] {
  const ruleset = findRuleset(result.ruleset.id)!;
  const codes = ruleset.units.map((u) => u.code);
  const parts = ['npx praetor battle'];
  if (result.ruleset.id !== DEFAULT_RULESET) parts.push(`--rules ${result.ruleset.id}`);
  for (const side of SIDES) {
    const legions = result.forces[side];
    const roster = ruleset.formatRoster?.(legions, side) ?? formatRoster(legions, codes);
    parts.push(`--${side} ${quote(roster)}`);
  }
  const parsed = ruleset.parseOptions({});
  const defaults = (parsed.ok ? parsed.value : {}) as Record<string, unknown>;
  const readings: string[] = [];
  for (const [key, value] of Object.entries(result.options as Record<string, unknown>)) {
    if (value === defaults[key] || value === null) continue;
    if (withoutOrders && ruleset.orderKeys.includes(key)) continue;
    if (ruleset.readingKeys?.includes(key)) readings.push(`${key}=${String(value)}`);
    else parts.push(optionFlag(key, value));
  }
  if (readings.length > 0) parts.push(`--readings ${quote(readings.join(', '))}`);
  return parts;
}
