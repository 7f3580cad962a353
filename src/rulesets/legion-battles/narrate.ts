import { Side } from '../../forces';
import { LegionEvent } from './events';

/** One event in plain words for a report. */
export function narrateLegion(e: LegionEvent, _o: unknown, names: Record<Side, string>): string {
  const who = `${names[e.side]}'s ${e.unit}`;
  switch (e.kind) {
    case 'clash':
      return `Clash ${e.round}: ${who}, ${e.check.toLowerCase()}: ${e.result}; ${e.effect}.`;
    case 'test':
    case 'action':
    case 'fallback':
      return `Clash ${e.round}: ${who}, ${e.check}: ${e.result} (${e.effect}).`;
    default:
      return `Clash ${e.round}: ${who}: ${e.effect}.`;
  }
}
