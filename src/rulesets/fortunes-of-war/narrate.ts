import { Side } from '../../forces';
import { FowEvent } from './events';

/** One row in plain words for a report: who, the draw and what it decided. */
export function narrateFow(e: FowEvent, _o: unknown, names: Record<Side, string>): string {
  const who = e.unit === 'both' ? 'Both sides' : `${names[e.side]}'s ${e.unit}`;
  const roll = e.roll === '' ? '' : ` rolls ${e.roll} (${e.detail})`;
  const how = e.roll === '' ? ` (${e.detail})` : '';
  return `Round ${e.round}, ${e.segment}: ${who}${roll}${how}: ${e.result}.`;
}
