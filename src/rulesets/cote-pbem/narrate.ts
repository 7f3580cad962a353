import { Side } from '../../forces';
import { PbemEvent } from './engine';
import { PbemOptions } from './options';
import { CAV, CODES, INF, PBEM_UNITS, TARGET_TABLE } from './tables';
import { capitalise } from '../../narrate-words';

const unitName = (code: string) => PBEM_UNITS.find((u) => u.code === code)?.name ?? code;

/** What the target die read off the firing unit's table (before any fallback). */
function targetRead(event: PbemEvent, options: PbemOptions): string {
  const type = (CODES as readonly string[]).indexOf(event.unit.split('#')[0]);
  const table = options.sea && type === CAV ? INF : type;
  return CODES[TARGET_TABLE[table][event.targetRoll! - 1]];
}

/**
 * One shot in plain words: `Marcus's CAT#1 rolls 3: a hit; target die 2: Infantry. Titus loses
 * INF#4.` `names` says how to call each side (a leader's name, or `the attacker`).
 */
export function narratePbem(
  event: PbemEvent,
  options: PbemOptions,
  names: Record<Side, string>,
): string {
  const own = names[event.side];
  const enemy = names[event.side === 'attacker' ? 'defender' : 'attacker'];
  const possessive = `${own}'s`;
  const who = `${possessive} ${event.unit}`;
  const fires = event.burst
    ? `${who} fires at once, its side's last land unit lost, and rolls`
    : `${who} rolls`;
  const opening = `${fires} ${event.roll}`;
  if (!event.hit) return capitalise(`${opening}: a miss.`);
  if (event.breach && event.walls) {
    const left = `${event.walls} wall hit point${event.walls === 1 ? '' : 's'}`;
    return capitalise(`${opening}: a hit on the walls, which stand with ${left} left.`);
  }
  if (event.breach) return capitalise(`${opening}: a hit; it breaches the walls.`);
  if (event.wasted)
    return capitalise(`${opening}: a hit, but only a Catapult can breach the walls.`);
  const lostCode = event.lost!.split('#')[0];
  let target = '';
  if (event.targetRoll !== undefined) {
    const read = targetRead(event, options);
    const instead = read === lostCode ? '' : ` (${enemy} has none: the next type is hit)`;
    target = `; target die ${event.targetRoll}: ${unitName(read)}${instead}`;
  }
  return capitalise(`${opening}: a hit${target}. ${enemy} loses ${event.lost}.`);
}
