import { Dice } from '../../dice';
import { Pool } from './dice';
import { rollPool } from './roll';

/**
 * Where the battle's checks get their results: the dice (a battle), or an enumeration of every
 * outcome that matters (the exact odds). The rules in clash.ts read only these results.
 */
export interface CheckRoll {
  net: number;
  boons: number;
  calamity: boolean;
  /** The faces rolled, for the log ('' when enumerated). */
  faces: string;
}

export interface Chance {
  /**
   * A check: `kind` says which outcomes matter (success only, or success with 2+ net Boons;
   * `log` for a check that changes nothing in the battle, such as falling back).
   */
  check(pool: Pool, kind: 'success' | 'test' | 'log'): CheckRoll;
  /**
   * Two pools against each other: the first's net Successes less the second's. `cuts` are the
   * sizes of margin from which the rules read it differently (1: a win; 3: a Discipline lost);
   * an enumeration gives one margin for each class between them, the class's smallest.
   */
  opposed(
    a: Pool,
    b: Pool,
    cuts: readonly number[],
  ): { margin: number; a: CheckRoll; b: CheckRoll };
}

export function diceChance(dice: Dice): Chance {
  const roll = (pool: Pool): CheckRoll => {
    const r = rollPool(pool, dice);
    return { net: r.net, boons: r.boons, calamity: r.calamity, faces: r.faces };
  };
  return {
    check: (pool) => roll(pool),
    opposed(a, b) {
      const ra = roll(a);
      const rb = roll(b);
      return { margin: ra.net - rb.net, a: ra, b: rb };
    },
  };
}
