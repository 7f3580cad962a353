import { addPools, checkPool, emptyPool, Pool } from './dice';
import { LegionOptions } from './options';
import { QUALITY_POOL } from './units';
import type { UnitState } from './state';

/** The pools of a Clash and of a Discipline test, from a unit's ratings and state. */

const WORKS_DICE = {
  none: {},
  finished: { boon: 2 },
  camp: { boon: 2 },
  low: { boon: 1 },
  unfinished: { bane: 1 },
} as const;

const SUPPLY_BANES = { supplied: 0, short: 1, starving: 2 } as const;

export const numbersBoons = (ratio: number) => (ratio >= 4 ? 2 : ratio >= 2 ? 1 : 0);

/** Why each die is in a unit's Clash pool, for the log. */
export interface ClashContext {
  round: number;
  /** Boon dice from player characters this Clash (already capped). */
  pcBoons: number;
  /** Boon dice as the second (or later) attacker on the same unit. */
  secondBoons: number;
  /** The opposing unit has locked shields against this screen. */
  againstLockedShields: boolean;
}

export function clashPool(u: UnitState, ctx: ClashContext, options: LegionOptions): Pool {
  const s = u.spec;
  let pool = addPools(emptyPool(), QUALITY_POOL[s.quality]);
  pool = addPools(pool, WORKS_DICE[s.works]);
  pool = addPools(pool, {
    boon:
      s.boons +
      numbersBoons(s.numbers) +
      (s.pila && ctx.round === 1 ? 1 : 0) +
      (u.relieved ? 1 : 0) +
      ctx.pcBoons +
      ctx.secondBoons,
    bane:
      s.banes +
      SUPPLY_BANES[s.supply] +
      (u.discipline <= options.shakenAt ? 1 : 0) +
      (ctx.againstLockedShields ? 2 : 0),
  });
  return pool;
}

/** The leader's Discipline test: Average Charisma + Leadership, +1 Boon at 5-6, +1 Bane at 2-. */
export function testPool(u: UnitState): Pool {
  const { characteristic, skill, boons } = u.spec.leader;
  return checkPool(
    characteristic,
    skill,
    { boon: boons + (u.discipline >= 5 ? 1 : 0), bane: u.discipline <= 2 ? 1 : 0 },
    'average',
  );
}

/** Discipline lost at the start of a battle for supply. */
export const SUPPLY_DISCIPLINE = { supplied: 0, short: 1, starving: 2 } as const;
