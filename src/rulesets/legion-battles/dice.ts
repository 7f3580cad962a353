/**
 * The Legion Battles dice, as data (spec: shared/spec/legion-battles.md, "Dice"). Each face is
 * a count of symbols: S success, F failure, B boon, N bane, plus the Triumph and Calamity marks.
 */

export const DIE_KINDS = ['mastery', 'ability', 'boon', 'difficulty', 'bane'] as const;
export type DieKind = (typeof DIE_KINDS)[number];

export interface Face {
  s: number;
  f: number;
  b: number;
  n: number;
  triumph: boolean;
  calamity: boolean;
}

/** A face from its symbols: `S`, `SS`, `SB`, `FN`, `S+Triumph`, `NN+Calamity`; `` is blank. */
function face(symbols: string): Face {
  const [plain, mark] = symbols.split('+');
  const count = (c: string) => [...plain].filter((x) => x === c).length;
  return {
    s: count('S'),
    f: count('F'),
    b: count('B'),
    n: count('N'),
    triumph: mark === 'Triumph',
    calamity: mark === 'Calamity',
  };
}

/** Every die's faces, in the spec's order (face 1 first). */
export const DIE_FACES: Record<DieKind, readonly Face[]> = {
  mastery: ['', 'S', 'S', 'SS', 'SS', 'B', 'SB', 'SB', 'SB', 'BB', 'BB', 'S+Triumph'].map(face),
  ability: ['', 'S', 'S', 'SS', 'B', 'B', 'SB', 'BB'].map(face),
  boon: ['', '', 'S', 'SB', 'BB', 'B'].map(face),
  // Default reading: Calamity is the Difficulty die's NN face.
  difficulty: ['', 'F', 'F', 'FF', 'N', 'N', 'FN', 'NN+Calamity'].map(face),
  bane: ['', '', 'F', 'F', 'N', 'N'].map(face),
};

/** How many dice of each kind a check rolls. */
export type Pool = Record<DieKind, number>;

export const emptyPool = (): Pool => ({ mastery: 0, ability: 0, boon: 0, difficulty: 0, bane: 0 });

export const DIFFICULTIES = { none: 0, easy: 1, average: 2, hard: 3 } as const;
export type Difficulty = keyof typeof DIFFICULTIES;

/**
 * A check's pool from characteristic and skill: max(C, K) dice, min(C, K) of them Mastery and
 * the rest Ability; plus Boon and Bane dice and the difficulty's Difficulty dice.
 */
export function checkPool(
  characteristic: number,
  skill: number,
  extra: Partial<Pool> = {},
  difficulty: Difficulty = 'none',
): Pool {
  const pool = emptyPool();
  pool.mastery = Math.min(characteristic, skill);
  pool.ability = Math.max(characteristic, skill) - pool.mastery;
  pool.difficulty = DIFFICULTIES[difficulty];
  for (const k of DIE_KINDS) pool[k] += extra[k] ?? 0;
  return pool;
}

/** Two pools added die by die. */
export function addPools(a: Pool, b: Partial<Pool>): Pool {
  const out = { ...a };
  for (const k of DIE_KINDS) out[k] += b[k] ?? 0;
  return out;
}

/** `3 mastery, 1 boon`, or `no dice`. */
export function describePool(pool: Pool): string {
  const parts = DIE_KINDS.filter((k) => pool[k] > 0).map((k) => `${pool[k]} ${k}`);
  return parts.length > 0 ? parts.join(', ') : 'no dice';
}
