/**
 * Slips of the keys: how near two words are, for the hints that name what a word likely meant
 * (a header for a column Praetor reads, a battle id for one in the Battles table).
 */

/**
 * Letters and digits only, full-width and other compatibility forms read as the plain ones:
 * `Infantry (INF)` is `infantryinf`, `Inf.` is `inf`, `RT 6-2` `rt62`, `Ｆｏｒｔ` `fort`.
 */
export const lettersOf = (word: string): string =>
  word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Edits from `a` to `b`, a letter added, dropped, changed or swapped with the next (`Frot`),
 * up to `most` + 1.
 */
export function editsBetween(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j - 1] + same, d[i - 1][j] + 1, d[i][j - 1] + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return Math.min(d[a.length][b.length], most + 1);
}

const digitsOf = (letters: string): string => letters.replace(/\D/g, '');

/** The letters of a word in order: two words with the same are the same letters swapped. */
export const sortedLetters = (word: string): string => [...word].sort().join('');

/**
 * Finds the one name among `names` that a word is likely a slip for, or null when none is, or
 * when more than one is as near (`Gregovia` among `Gergovia` and `Gregoria` names neither):
 * - the same letters and digits (`B 1`, `b-1`, `B1.` for `B1`);
 * - else, with the same digits in the same order, for a name of four letters and digits or
 *   more, one letter added, dropped, changed or swapped with the next (`Gregovia` for
 *   `Gergovia`), two such in seven or more; in a shorter name, its letters in another order.
 * A digit is never a slip: another number is another battle (`Turn5` is not `Turn4`, `B10` not
 * `B100`, `Gallia-12` not `Gallia-13`).
 */
export function nearestName(names: readonly string[]): (word: string) => string | null {
  const known = [...new Set(names)].map((name) => ({ name, letters: lettersOf(name) }));
  return (word) => {
    const w = lettersOf(word);
    if (w === '') return null;
    let best: string[] = [];
    let bestEdits = Infinity;
    for (const { name, letters: n } of known) {
      if (digitsOf(n) !== digitsOf(w)) continue;
      const most = n.length >= 7 ? 2 : 1;
      const edits =
        n === w
          ? 0
          : n.length >= 4
            ? editsBetween(w, n, most)
            : n.length === w.length && sortedLetters(n) === sortedLetters(w)
              ? 1
              : most + 1;
      if (edits > most) continue;
      if (edits < bestEdits) [best, bestEdits] = [[name], edits];
      else if (edits === bestEdits) best.push(name);
    }
    return best.length === 1 ? best[0] : null;
  };
}
