import { Dice, uniformIndex } from '../../dice';

/** One RND(x): the value, and every d6 drawn for it (rejected attempts included), in order. */
export interface Draw {
  x: number;
  value: number;
  dice: number[];
}

/**
 * RND(x), uniform from 1 to x, read from the battle's d6 stream with `uniformIndex`: RND(6) is
 * one d6; RND(20) reads two d6 as a base-6 number 0-35 and redraws 20 and above; RND(100) reads
 * three d6 (0-215) and redraws 200 and above, taking the rest mod 100. Scripted dice replay it.
 */
export function rnd(dice: Dice, x: number): Draw {
  const draw = uniformIndex(dice, x);
  return { x, value: draw.index + 1, dice: draw.attempts.flat() };
}

/** `RND(20)=7`, for the log. */
export const drawText = (d: Draw) => `RND(${d.x})=${d.value}`;
