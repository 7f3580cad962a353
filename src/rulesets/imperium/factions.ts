import { Legion } from '../../forces';
import { Faction, FACTIONS } from './units';

/** A legion's (fleet's) faction: its leader text, `Terran` or `Imperial`, in any case. */
export const factionOf = (legion: Legion): Faction | undefined =>
  FACTIONS.find((f) => f.toLowerCase() === (legion.leader ?? '').trim().toLowerCase());

/** A side's faction: its first fleet's (checkForces makes every fleet agree). */
export const sideFaction = (legions: readonly Legion[]): Faction | undefined =>
  legions.map(factionOf).find((f) => f !== undefined);
