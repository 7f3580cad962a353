import { Side } from '../../forces';
import { LegionEvent } from './events';

/** One event in plain words for a report. */
export function narrateLegion(e: LegionEvent, _o: unknown, names: Record<Side, string>): string {
  const who = `${names[e.side]}'s ${e.unit}`;
  switch (e.kind) {
    case 'clash':
      return `Clash ${e.round}: ${who}, ${lowerFirst(e.check)}: ${e.result}; ${e.effect}.`;
    case 'test':
    case 'action':
    case 'fallback':
    case 'hit':
      return `Clash ${e.round}: ${who}, ${e.check}: ${e.result} (${e.effect}).`;
    default:
      return `Clash ${e.round}: ${who}: ${e.effect}.`;
  }
}

/** `Clash against Nobles` inside a sentence: the unit's name keeps its case. */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
