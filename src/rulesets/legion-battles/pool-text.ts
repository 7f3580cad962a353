import { err, ok, Result } from '../../result';
import { checkPool, DIE_KINDS, DieKind, emptyPool, Pool } from './dice';

const KIND_WORDS: Record<string, DieKind> = {};
for (const k of DIE_KINDS) {
  KIND_WORDS[k] = k;
  KIND_WORDS[`${k}s`] = k;
  KIND_WORDS[`${k} die`] = k;
  KIND_WORDS[`${k} dice`] = k;
}
KIND_WORDS['m'] = 'mastery';
KIND_WORDS['a'] = 'ability';
KIND_WORDS['difficulties'] = 'difficulty';

/**
 * Reads a pool as written: items separated by commas or `+`-free spaces, each `N kind`
 * (`2 mastery, 1 ability, 1 boon`) or `C/K` for characteristic and skill (`3/2, 1 boon`).
 */
export function parsePool(text: string): Result<Pool> {
  const pool = emptyPool();
  const items = text
    .split(/[,;]|\band\b/)
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((s) => s !== '');
  if (items.length === 0) return err('the pool is empty');
  for (const item of items) {
    const ck = /^(\d+)\s*\/\s*(\d+)$/.exec(item);
    if (ck) {
      const base = checkPool(Number(ck[1]), Number(ck[2]));
      for (const k of DIE_KINDS) pool[k] += base[k];
      continue;
    }
    const m = /^(\d+)\s*(.+)$/.exec(item);
    const kind = m ? KIND_WORDS[m[2].trim()] : undefined;
    if (!m || kind === undefined) {
      return err(
        `"${item}" in the pool: expected "N kind" (kinds: ${DIE_KINDS.join(', ')}) or "C/K" for characteristic and skill`,
      );
    }
    pool[kind] += Number(m[1]);
  }
  return ok(pool);
}
