import { Forces, Side, SIDES } from '../../forces';
import { problemsResult } from '../../problem-list';
import { err, ok, Result } from '../../result';
import { FowOptions, parseCastes } from './options';
import { sideSpecError } from './spec-check';
import { FowLegion, isCity, SideSpec } from './units';

/** A side's one legion: its ratings (well formed) and where it was given. */
interface CheckedSide {
  spec: SideSpec;
  where: string;
}

/** The sides whose ratings could be read: those with one legion and well-formed ratings. */
type CheckedSides = Partial<Record<Side, CheckedSide>>;

/**
 * One legion a side, carrying its army and leader (ratings a roster could give); castes the
 * options know; one terrain; a city only on the defender's side, of the terrain's class. Every
 * side's problems are listed at once (`listProblems`).
 */
export function checkFowForces(forces: Forces, options: FowOptions): Result<true> {
  // The castes are read before any side's: without them no caste can be checked.
  const castes = parseCastes(options.castes);
  if (!castes.ok) return castes;
  const known = castes.value.map((c) => c.name);
  const problems: string[] = [];
  const specs: CheckedSides = {};
  for (const side of SIDES) {
    const read = sideSpec(forces[side] as FowLegion[], side);
    if (!read.ok) {
      // The side's other checks read its one legion's ratings: there are none to read.
      problems.push(read.error);
      continue;
    }
    const { spec, where } = read.value;
    specs[side] = read.value;
    const castesUsed = [
      ...(spec.army ? [spec.army.caste] : []),
      ...spec.empire.map((u) => u.caste),
    ];
    const unknown = castesUsed.find((c) => !known.includes(c.toLowerCase()));
    if (unknown !== undefined) {
      problems.push(`${where}: caste "${unknown}" is not in the castes table (${options.castes})`);
    }
    if (side === 'attacker' && spec.city !== null) {
      problems.push(
        `${where}: the city ${spec.city.name} is given to the attacker; a city in the hex is the defender's`,
      );
    }
  }
  problems.push(...terrainProblems(specs, options), ...cityProblems(specs.defender, options));
  return problemsResult(problems);
}

/** A side's one legion and its ratings, well formed, or the problem that there are none. */
function sideSpec(legions: readonly FowLegion[], side: Side): Result<CheckedSide> {
  if (legions.length !== 1) {
    const at = legions.length > 1 ? `${legions[1].where}: ` : '';
    return err(
      `${at}${side}: a fortunes-of-war side is one army or leader in the hex, not ${legions.length}` +
        (legions.length > 1 ? ` (also ${legions[0].where})` : ''),
    );
  }
  const { fow: spec, where } = legions[0];
  if (!spec) {
    return err(
      `${where}: a fortunes-of-war side needs its ratings (roster text or the Armies sheet)`,
    );
  }
  const bad = sideSpecError(spec, 'fow');
  return bad === null ? ok({ spec, where }) : err(`${where}: ${bad}`);
}

/** The sides' terrains, when they give two different ones and the option does not settle it. */
function terrainProblems(specs: CheckedSides, options: FowOptions): string[] {
  /** Each terrain given, and where first. */
  const terrains = new Map<string, string>();
  for (const side of SIDES) {
    const given = specs[side];
    if (given && given.spec.terrain !== null && !terrains.has(given.spec.terrain)) {
      terrains.set(given.spec.terrain, given.where);
    }
  }
  if (options.terrain !== null || terrains.size < 2) return [];
  const [[first, firstAt], [second, secondAt]] = [...terrains];
  return [
    `${secondAt}: the sides give different terrains (${second}, and ${first} at ${firstAt}): ` +
      'give one, or the terrain option',
  ];
}

/** The defender's city against its empire and the terrain option. */
function cityProblems(defender: CheckedSide | undefined, options: FowOptions): string[] {
  const city = defender?.spec.city;
  if (!defender || !city) return [];
  const problems: string[] = [];
  const empire = defender.spec.empirePopulation;
  if (empire !== null && city.population > empire) {
    problems.push(
      `${defender.where}: the defender's city ${city.name} has ${city.population} people, more than its whole empire (${empire})`,
    );
  }
  // The option may move the fight out of the city (no bonus, no capture), not change its class.
  if (options.terrain !== null && isCity(options.terrain) && options.terrain !== city.class) {
    problems.push(
      `${defender.where}: the terrain option is ${options.terrain}, but the defender's city ${city.name} is a ${city.class}`,
    );
  }
  return problems;
}
