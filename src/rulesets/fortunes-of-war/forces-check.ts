import { Forces, SIDES } from '../../forces';
import { err, ok, Result } from '../../result';
import { FowOptions, parseCastes } from './options';
import { sideSpecError } from './spec-check';
import { FowLegion, isCity } from './units';

/**
 * One legion a side, carrying its army and leader (ratings a roster could give); castes the
 * options know; one terrain; a city only on the defender's side, of the terrain's class.
 */
export function checkFowForces(forces: Forces, options: FowOptions): Result<true> {
  const castes = parseCastes(options.castes);
  if (!castes.ok) return castes;
  const known = castes.value.map((c) => c.name);
  /** Each terrain given, and where first. */
  const terrains = new Map<string, string>();
  for (const side of SIDES) {
    const legions = forces[side] as FowLegion[];
    if (legions.length !== 1) {
      const at = legions.length > 1 ? `${legions[1].where}: ` : '';
      return err(
        `${at}${side}: a fortunes-of-war side is one army or leader in the hex, not ${legions.length}` +
          (legions.length > 1 ? ` (also ${legions[0].where})` : ''),
      );
    }
    const spec = legions[0].fow;
    if (!spec) {
      return err(
        `${legions[0].where}: a fortunes-of-war side needs its ratings (roster text or the Armies sheet)`,
      );
    }
    const bad = sideSpecError(spec, 'fow');
    if (bad !== null) return err(`${legions[0].where}: ${bad}`);
    const castesUsed = [
      ...(spec.army ? [spec.army.caste] : []),
      ...spec.empire.map((u) => u.caste),
    ];
    const unknown = castesUsed.find((c) => !known.includes(c.toLowerCase()));
    if (unknown !== undefined) {
      return err(
        `${legions[0].where}: caste "${unknown}" is not in the castes table (${options.castes})`,
      );
    }
    if (side === 'attacker' && spec.city !== null) {
      return err(
        `${legions[0].where}: the city ${spec.city.name} is given to the attacker; a city in the hex is the defender's`,
      );
    }
    if (spec.terrain !== null && !terrains.has(spec.terrain)) {
      terrains.set(spec.terrain, legions[0].where);
    }
  }
  if (options.terrain === null && terrains.size > 1) {
    const [[first, firstAt], [second, secondAt]] = [...terrains];
    return err(
      `${secondAt}: the sides give different terrains (${second}, and ${first} at ${firstAt}): ` +
        'give one, or the terrain option',
    );
  }
  const defenderAt = forces.defender[0].where;
  const defender = (forces.defender[0] as FowLegion).fow!;
  const city = defender.city;
  const empire = defender.empirePopulation;
  if (city && empire !== null && city.population > empire) {
    return err(
      `${defenderAt}: the defender's city ${city.name} has ${city.population} people, more than its whole empire (${empire})`,
    );
  }
  // The option may move the fight out of the city (no bonus, no capture), not change its class.
  if (
    city &&
    options.terrain !== null &&
    isCity(options.terrain) &&
    options.terrain !== city.class
  ) {
    return err(
      `${defenderAt}: the terrain option is ${options.terrain}, but the defender's city ${city.name} is a ${city.class}`,
    );
  }
  return ok(true);
}
