import { Forces, SIDES } from '../../forces';
import { err, ok, Result } from '../../result';
import { factionOf } from './factions';
import { isGroundUnit } from './ground';
import { ImperiumOptions } from './options';
import { unitStats } from './unit-data';
import { baseCode, FACTIONS, typeData } from './units';

/**
 * The most units a side may field: far beyond any Imperium fleet, and a battle this size still
 * resolves in about a second (docs/rules-imperium.md).
 */
export const IMPERIUM_SIDE_LIMIT = 300;

/**
 * Every fleet names its side's faction (Terran or Imperial) and holds only types that faction
 * has (after the `units` overrides); space combat takes ships and fighters, ground combat
 * troops, planetary defences and fighters; each side has at least one unit.
 */
export function checkImperiumForces(forces: Forces, options: ImperiumOptions): Result<true> {
  for (const side of SIDES) {
    let sideFaction: string | undefined;
    let units = 0;
    for (const legion of forces[side]) {
      const faction = factionOf(legion);
      if (faction === undefined) {
        return err(
          `${legion.where}: name the fleet's faction (${FACTIONS.join(' or ')}) before its units, e.g. "Terran: 2 DD"` +
            (legion.leader ? `; "${legion.leader}" is not one` : ''),
        );
      }
      if (sideFaction !== undefined && faction !== sideFaction) {
        return err(
          `${legion.where}: this fleet is ${faction}, but the ${side}'s first is ${sideFaction}: a side has one faction`,
        );
      }
      sideFaction = faction;
      for (const [code, n] of Object.entries(legion.units)) {
        if (n === 0) continue;
        units += n;
        if (units > IMPERIUM_SIDE_LIMIT) {
          return err(
            `${legion.where}: ${n} ${code} make the ${side} ${units} units; a side has at most ${IMPERIUM_SIDE_LIMIT}`,
          );
        }
        const type = typeData(code)!;
        if (unitStats(faction, baseCode(code), options.units) === null) {
          return err(`${legion.where}: the ${faction} faction has no ${type.code} (${type.name})`);
        }
        const ground = type.cls === 'ground';
        if (options.combat === 'space' && ground) {
          return err(
            `${legion.where}: ${type.code} (${type.name}) fights only in ground combat (set combat to ground)`,
          );
        }
        if (options.combat === 'ground' && !isGroundUnit(type.cls)) {
          return err(
            `${legion.where}: ${type.code} (${type.name}) is a ship: ships do not fight in ground combat`,
          );
        }
      }
    }
    if (units === 0) {
      const at = forces[side][0]?.where;
      return err(`${at ? `${at}: the ${side} has` : `${side}:`} no units`);
    }
  }
  return ok(true);
}
