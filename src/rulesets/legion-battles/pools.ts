import { checkPool, Pool } from './dice';
import { LegionOptions } from './options';
import { QUALITY_POOL, UnitSpec } from './units';
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

/**
 * Whether a unit throws pila in the first Clash: as rated, or else (reading `legionPila`) when it
 * stands in a line of cohorts: the seed's Clash opens with pila and goes on with swords.
 */
export const throwsPila = (s: UnitSpec, options: LegionOptions): boolean =>
  s.pila ?? (options.legionPila && s.cohorts);

export function clashPool(u: UnitState, ctx: ClashContext, options: LegionOptions): Pool {
  const s = u.spec;
  const quality = QUALITY_POOL[s.quality];
  const works: Partial<Pool> = WORKS_DICE[s.works];
  return {
    mastery: quality.mastery ?? 0,
    ability: quality.ability ?? 0,
    boon:
      (quality.boon ?? 0) +
      (works.boon ?? 0) +
      s.boons +
      numbersBoons(s.numbers) +
      (ctx.round === 1 && throwsPila(s, options) ? 1 : 0) +
      (u.relieved ? 1 : 0) +
      ctx.pcBoons +
      ctx.secondBoons,
    difficulty: quality.difficulty ?? 0,
    bane:
      (quality.bane ?? 0) +
      (works.bane ?? 0) +
      s.banes +
      SUPPLY_BANES[s.supply] +
      (u.discipline <= options.shakenAt ? 1 : 0) +
      (ctx.againstLockedShields ? 2 : 0),
  };
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
