import { Legion } from '../../forces';
import { Faction, FACTIONS } from './units';

/** The faction a text names, `Terran` or `Imperial`, in any case. */
export const factionNamed = (name: string): Faction | undefined =>
  FACTIONS.find((f) => f.toLowerCase() === name.trim().toLowerCase());

/** A legion's (fleet's) faction: its leader text. */
export const factionOf = (legion: Legion): Faction | undefined => factionNamed(legion.leader ?? '');

/** A side's faction: its first fleet's (checkForces makes every fleet agree). */
export const sideFaction = (legions: readonly Legion[]): Faction | undefined =>
  legions.map(factionOf).find((f) => f !== undefined);
