import { otherSide, Side } from '../../forces';
import { OnlineCasualtyEvent, OnlineEvent } from './engine';
import { OnlineOptions } from './options';
import { capitalise, possessive } from '../../narrate-words';

/** `FORT#1` is the fortified city's Artillery; other warriors go by their log name. */
const warrior = (unit: string, article = '') =>
  unit.startsWith('FORT#') ? `${article}fort Artillery` : unit;

/** The dice of a draw in words: `dice 6 (too high: drawn again), then 2`. */
export function drawDice(e: OnlineCasualtyEvent): string {
  if (e.among === 1) return '';
  const parts = e.attempts.map((a, i) =>
    i < e.attempts.length - 1 ? `${a.join(' ')} (too high: drawn again)` : a.join(' '),
  );
  const dice = e.attempts[0].length === 1 ? 'die' : 'dice';
  return `${dice} ${parts.join(', then ')}`;
}

/**
 * One event in plain words: `Marcus's CAT#1 rolls 4: a hit.`, `Marcus's hit 1: dice 2 5 choose
 * warrior 2 of 5; Titus loses INF#2.` `names` says how to call each side.
 */
export function narrateOnline(
  event: OnlineEvent,
  _options: OnlineOptions,
  names: Record<Side, string>,
): string {
  const own = names[event.side];
  const enemy = names[otherSide(event.side)];
  switch (event.kind) {
    case 'roll':
      return capitalise(
        `${possessive(own)} ${warrior(event.unit)} rolls ${event.roll}: ${event.hit ? 'a hit' : 'a miss'}.`,
      );
    case 'casualty': {
      const loses = `${enemy} loses ${warrior(event.lost, 'the ')}`;
      if (event.among === 1) {
        return capitalise(
          `${possessive(own)} hit ${event.hitNumber}: one warrior left to choose; ${loses}.`,
        );
      }
      return capitalise(
        `${possessive(own)} hit ${event.hitNumber}: ${drawDice(event)} ` +
          `${event.attempts[0].length === 1 ? 'chooses' : 'choose'} warrior ` +
          `${event.index + 1} of ${event.among}; ${loses}.`,
      );
    }
    case 'sunk': {
      const ships = event.galleys === 1 ? 'galley, left empty, is' : 'galleys, left empty, are';
      return capitalise(`${possessive(own)} ${event.galleys} ${ships} destroyed.`);
    }
  }
}
