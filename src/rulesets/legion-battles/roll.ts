import { Dice, uniformIndex } from '../../dice';
import { DIE_FACES, DIE_KINDS, Pool } from './dice';

/**
 * Rolling a pool from the battle's d6 stream, so that scripted dice replay it. The spec gives
 * no d6 reading of its d8 and d12, so every die takes `uniformIndex` over its faces: a Boon or
 * Bane die is one d6 (face = value); an Ability or Difficulty die (d8) two d6 read in base 6,
 * redrawn at 32 or more; a Mastery die (d12) two d6, value mod 12, never redrawn.
 */
export interface PoolRoll {
  net: number;
  boons: number;
  triumph: boolean;
  calamity: boolean;
  /** Faces rolled, 1-based, by kind in the pool's order: `M3 M12 A2 D7`. */
  faces: string;
}

const LETTER = { mastery: 'M', ability: 'A', boon: 'B', difficulty: 'D', bane: 'N' } as const;

export function rollPool(pool: Pool, dice: Dice): PoolRoll {
  const r: PoolRoll = { net: 0, boons: 0, triumph: false, calamity: false, faces: '' };
  const shown: string[] = [];
  for (const kind of DIE_KINDS) {
    const faces = DIE_FACES[kind];
    for (let i = 0; i < pool[kind]; i++) {
      const index = uniformIndex(dice, faces.length).index;
      const f = faces[index];
      shown.push(`${LETTER[kind]}${index + 1}`);
      r.net += f.s - f.f;
      r.boons += f.b - f.n;
      r.triumph ||= f.triumph;
      r.calamity ||= f.calamity;
    }
  }
  r.faces = shown.join(' ');
  return r;
}
