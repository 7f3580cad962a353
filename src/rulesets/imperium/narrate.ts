import { otherSide, Side } from '../../forces';
import { ImperiumEvent, InitiativeRoll } from './events';
import { ImperiumOptions } from './options';
import { capitalise, possessive } from '../../narrate-words';

const list = (xs: readonly string[]) => xs.join(', ');

function rolled(name: string, r: InitiativeRoll): string {
  const parts = [`${r.die}`, `speed ${r.speed}`];
  if (r.fewer) parts.push('1 for fewer units');
  if (r.last) parts.push('1 for last initiative');
  if (r.markers) parts.push(`${r.markers} for fleet markers`);
  return `${name} ${parts.join(' + ').replace('+ -', '- ')} = ${r.total}`;
}

/**
 * One event in plain words: `The attacker's DD#2 beams CR#1: 5 6, 2 hits against screen 2; CR#1
 * is damaged.` `names` says how to call each side.
 */
export function narrateImperium(
  e: ImperiumEvent,
  _options: ImperiumOptions,
  names: Record<Side, string>,
): string {
  const own = names[e.side];
  const enemy = names[otherSide(e.side)];
  switch (e.kind) {
    case 'initiative':
      if (e.rolls === null) return `Initiative: ${own}, the activating side.`;
      return capitalise(
        `Initiative: ${rolled(names.attacker, e.rolls.attacker)}; ${rolled(names.defender, e.rolls.defender)}; ` +
          `${e.tie ? `a tie, so the initiative goes to ${own}, who may not change the range` : `the initiative goes to ${own}`}.`,
      );
    case 'range':
      if (e.why === 'ground') return 'Ground combat: short range.';
      if (e.why === 'round 1') return `The first round is fought at ${e.to} range.`;
      if (e.why === 'tie') return `The range stays ${e.to}.`;
      if (e.to === 'disengage') return capitalise(`${own} disengages.`);
      return e.from === e.to
        ? capitalise(`${own} keeps the range ${e.to}.`)
        : capitalise(`${own} moves the range from ${e.from} to ${e.to}.`);
    case 'disengage': {
      const parts = [];
      if (e.loaded.length) parts.push(`${list(e.loaded)} board the carriers`);
      if (e.landed.length) parts.push(`${list(e.landed)} land on a friendly planet`);
      if (e.jumped.length) parts.push(`${list(e.jumped)} jump out`);
      if (e.stayed.length) parts.push(`${list(e.stayed)} cannot jump and stay`);
      return capitalise(`${possessive(own)} ${parts.join('; ') || 'nothing moves'}.`);
    }
    case 'allocation': {
      const groups = e.groups.map((g) =>
        g.join(' with ').replace(/\bA /g, '').replace(/\bD /g, ''),
      );
      const reserve = e.reserve.length ? `; in reserve: ${list(e.reserve)}` : '';
      return `Matched: ${groups.join('; ')}${reserve}.`;
    }
    case 'fire': {
      const verb = e.step === 'beam' ? 'beams' : 'fires torpedoes at';
      const part = e.part ? ` (split fire, part ${e.part})` : '';
      const hits = `${e.hits} hit${e.hits === 1 ? '' : 's'}`;
      const cm = e.cmDice.length
        ? `; countermeasures ${e.cmDice.join(' ')} cancel ${e.cancelled}`
        : '';
      const effect =
        e.result === 'no effect' ? 'no effect' : `${possessive(enemy)} ${e.target} is ${e.result}`;
      return capitalise(
        `${possessive(own)} ${e.unit} ${verb} ${e.target}${part}: ${e.dice.join(' ')}, ${hits}${cm}; ` +
          `${e.hits - e.cancelled} against screen ${e.screen}: ${effect}.`,
      );
    }
    case 'halt':
      return 'Three rounds of ground combat this activation: the fighting stops until the next.';
  }
}
