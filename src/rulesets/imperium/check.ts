import { Forces, SIDES } from '../../forces';
import { listProblems, problemsResult } from '../../problem-list';
import { err, Result } from '../../result';
import { factionOf } from './factions';
import { isGroundUnit } from './ground';
import { ImperiumOptions } from './options';
import { unitStats } from './unit-data';
import { baseCode, Faction, FACTIONS, typeData } from './units';

/**
 * The most units a side may field: far beyond any Imperium fleet, and a battle this size still
 * resolves in about a second (docs/rules-imperium.md).
 */
export const IMPERIUM_SIDE_LIMIT = 300;

/**
 * Every fleet names its side's faction (Terran or Imperial) and holds only types that faction
 * has (after the `units` overrides); space combat takes ships and fighters, ground combat
 * troops, planetary defences and fighters; each side has at least one unit. Every fleet's
 * problems are listed at once (`listProblems`), up to a side past the cap, where the check stops.
 */
export function checkImperiumForces(forces: Forces, options: ImperiumOptions): Result<true> {
  const problems: string[] = [];
  for (const side of SIDES) {
    let sideFaction: string | undefined;
    let units = 0;
    for (const legion of forces[side]) {
      const faction = factionOf(legion);
      const factionProblem =
        faction === undefined
          ? `${legion.where}: name the fleet's faction (${FACTIONS.join(' or ')}) before its units, e.g. "Terran: 2 DD"` +
            (legion.leader ? `; "${legion.leader}" is not one` : '')
          : sideFaction !== undefined && faction !== sideFaction
            ? `${legion.where}: this fleet is ${faction}, but the ${side}'s first is ${sideFaction}: a side has one faction`
            : null;
      if (factionProblem !== null) problems.push(factionProblem);
      sideFaction ??= faction;
      for (const [code, n] of Object.entries(legion.units)) {
        if (n === 0) continue;
        units += n;
        // Past the cap the check stops: the side's size is the problem to fix first (often a
        // typo such as 9999 DD), and every fleet after it would be past the cap too.
        if (units > IMPERIUM_SIDE_LIMIT) {
          problems.push(
            `${legion.where}: ${n} ${code} make the ${side} ${units} units; a side has at most ${IMPERIUM_SIDE_LIMIT}`,
          );
          return err(listProblems(problems));
        }
        // A fleet's types are read against its faction: a wrong or missing one would only
        // give follow-on messages (its units are still counted toward the cap).
        if (factionProblem !== null) continue;
        const problem = unitProblem(code, faction!, options);
        if (problem !== null) problems.push(`${legion.where}: ${problem}`);
      }
    }
    if (units === 0) {
      const at = forces[side][0]?.where;
      problems.push(`${at ? `${at}: the ${side} has` : `${side}:`} no units`);
    }
  }
  return problemsResult(problems);
}

/** A unit type the faction lacks, or that does not fight in this combat: one problem a type. */
function unitProblem(code: string, faction: Faction, options: ImperiumOptions): string | null {
  const type = typeData(code)!;
  if (unitStats(faction, baseCode(code), options.units) === null) {
    return `the ${faction} faction has no ${type.code} (${type.name})`;
  }
  const ground = type.cls === 'ground';
  if (options.combat === 'space' && ground) {
    return `${type.code} (${type.name}) fights only in ground combat (set combat to ground)`;
  }
  if (options.combat === 'ground' && !isGroundUnit(type.cls)) {
    return `${type.code} (${type.name}) is a ship: ships do not fight in ground combat`;
  }
  return null;
}
