import { CAT, CAV, FALLBACK, GAL, HIT_LEVEL, INF, TARGET_TABLE } from './tables';

/**
 * Every shot's outcomes, by shooter, walls standing (attacker only), which land types the
 * enemy has (bits CAT 1, CAV 2, INF 4; none: its galleys) and the firing type:
 * no change, breach, and the loss of each type.
 */
export function shotTable(sea: boolean, catapultOnly: boolean): Float64Array {
  const table = new Float64Array(2 * 2 * 8 * 4 * 6);
  const has = [0, 0, 0, 0];
  for (let s = 0; s < 2; s++) {
    for (let walls = 0; walls < 2; walls++) {
      for (let present = 0; present < 8; present++) {
        for (let u = 0; u < 3; u++) has[u] = (present >> u) & 1;
        const landTypes = has[0] + has[1] + has[2];
        for (let t = 0; t < 4; t++) {
          const at = (((s * 2 + walls) * 8 + present) * 4 + t) * 6;
          const f = sea && t === CAV ? INF : t;
          const h = HIT_LEVEL[f] / 6;
          table[at] = 1 - h;
          if (s === 0 && walls === 1) {
            if (catapultOnly && t !== CAT) table[at] = 1;
            else table[at + 1] = h;
          } else if (landTypes === 0) table[at + 2 + GAL] = h;
          else if (landTypes === 1) table[at + 2 + (has[0] ? CAT : has[1] ? CAV : INF)] = h;
          else {
            for (let d = 0; d < 6; d++) {
              let ty = TARGET_TABLE[f][d];
              if (!has[ty]) ty = has[FALLBACK[ty][0]] ? FALLBACK[ty][0] : FALLBACK[ty][1];
              table[at + 2 + ty] += h / 6;
            }
          }
        }
      }
    }
  }
  return table;
}
