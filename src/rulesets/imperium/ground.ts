import { UnitStats } from './unit-data';
import { Factors } from './units';

/**
 * Ground combat, at short range throughout: troops fire their beam factors in the beam step;
 * planetary defences fire their factor (the table's B) and fighters their torpedo factors in the
 * torpedo step, against countermeasures. At most three rounds per activation.
 */
export const GROUND_ROUNDS = 3;

/** The units that fight on the ground; ships do not. */
export const isGroundUnit = (cls: UnitStats['cls']): boolean =>
  cls === 'ground' || cls === 'fighter';

export function groundFactors(code: string, f: Factors): Factors {
  if (code === 'PD') return { ...f, beam: 0, torpedo: f.beam + f.torpedo };
  return f;
}
