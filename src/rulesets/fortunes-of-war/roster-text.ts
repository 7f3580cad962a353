import { Legion } from '../../forces';
import { FowLegion } from './units';

/**
 * A side as the JSON roster `parseFowRoster` reads back to the same side, ratings and all: the
 * replay line of a report gives it (docs/rules-fortunes-of-war.md).
 */
export function formatFowRoster(legions: readonly Legion[]): string {
  const spec = (legions[0] as FowLegion | undefined)?.fow;
  if (!spec) return '{}';
  return JSON.stringify({
    ...(spec.army ? { army: spec.army } : {}),
    ...(spec.leader ? { leader: spec.leader } : {}),
    ...(spec.terrain ? { terrain: spec.terrain } : {}),
    ...(spec.city ? { city: spec.city } : {}),
    ...(spec.treasury !== 0 ? { treasury: spec.treasury } : {}),
    ...(spec.empirePopulation !== null ? { empirePopulation: spec.empirePopulation } : {}),
    ...(spec.empire.length > 0 ? { empire: spec.empire } : {}),
  });
}
