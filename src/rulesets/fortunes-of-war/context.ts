import { Dice } from '../../dice';
import { Emit, logRow, Row } from './events';
import { FowOptions } from './options';
import { Draw, rnd } from './rnd';
import { FowState } from './state';

/** What every step of the hex works with: the state, the options, the dice and the log. */
export interface Hex {
  st: FowState;
  o: FowOptions;
  dice: Dice;
  emit: Emit;
}

export const log = (h: Hex, row: Row): void => logRow(h.st, h.emit, row);

/** RND(x), noting what is rolled for the error when scripted dice run out. */
export function roll(h: Hex, x: number, what: string): Draw {
  h.st.at = what;
  return rnd(h.dice, x);
}
