import { factorsOf, Unit } from './state';

export type DamageResult = 'no effect' | 'damaged' | 'destroyed';

/**
 * What `hits` (after countermeasures) do to a unit, with the screen of the face it shows now
 * (a ship damaged earlier in this step shows its damaged screen): at least its screen damages
 * it; three times its screen, or any damaging result on a ship already damaged or without a
 * damaged side, destroys it. No hits never damage (a screen of 0 included).
 */
export function damageResult(target: Unit, hits: number): DamageResult {
  const screen = factorsOf(target).screen;
  if (hits < 1 || hits < screen) return 'no effect';
  if (hits >= 3 * screen || target.damaged || !target.hasDamagedSide) return 'destroyed';
  return 'damaged';
}

export function applyDamage(target: Unit, result: DamageResult): void {
  if (result === 'destroyed') target.status = 'destroyed';
  else if (result === 'damaged') target.damaged = true;
}
