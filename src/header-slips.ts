import { cellAddress, cellText, GridOrigin, isBlank, quoteText } from './cells';
import { BadCell, headerWord, NOTE_COLUMNS } from './columns';
import { editsBetween, lettersOf, sortedLetters } from './word-slips';

/**
 * Slips in a table's header that would change a battle unseen: a column Praetor does not read
 * whose header is near one that decides how a battle is fought (`Fortress` with no `Fort`,
 * `Cavalary` with no `Cavalry`), and a title row above the header. A value under such a column
 * would otherwise be fought as blank, and the run would pass.
 */

/** A column whose cells change how a battle is fought (an option, the dice, a unit). */
export interface DecidingColumn {
  /** A header word that names it (lower case). */
  word: string;
  /** The name to give the header: `Fort`, `Cavalry`. */
  name: string;
  /** The header has this column already. */
  present: boolean;
  /** The rules whose battles read it (ids); every battle's when absent. */
  rules?: readonly string[];
}

/** A deciding column an unread header looks like, and its word it looks like. */
export type Lookalike = Pick<DecidingColumn, 'word' | 'name' | 'rules'>;

/**
 * True when an unread header looks like a known word (a column's name or alias):
 * - the same letters and digits (`Inf.`, `Fortified?`);
 * - the word and more (`Fortress`, `Retreat orders`, `Infantry (INF)`), for a word of four
 *   letters or more (`Season` is not `Sea`);
 * - the start of a one-word name or alias, three to five letters and digits (`Exp` for
 *   `Experience`, `Char` for `Charisma`; `Line` is not `Line of cohorts`);
 * - a slip of the keys, in a word of four letters or more: one letter added, dropped or
 *   changed, or two neighbours swapped (`Rulez`, `Sead`, `Frot`), two such in seven or more
 *   (`Calvary`, `Cavalary`); in a shorter word, only its letters in another order (`Sae`).
 * A missed slip fights a battle wrongly and silently; a false alarm stops it with a message
 * saying what to do: where the two weigh against each other, the rules lean to the alarm.
 */
function looksLike(header: string, word: string): boolean {
  const [h, w] = [lettersOf(header), lettersOf(word)];
  if (h === '' || w === '') return false;
  if (h === w) return true;
  if (w.length >= 4 && h.startsWith(w)) return true;
  if (h.length >= 3 && h.length <= 5 && w.startsWith(h) && !/\s/.test(word.trim())) return true;
  // Short words only in another order: `Sae`, `Di` (for `id`).
  if (w.length <= 3) return h.length === w.length && sortedLetters(h) === sortedLetters(w);
  const most = w.length >= 7 ? 2 : w.length >= 4 ? 1 : 0;
  return most > 0 && editsBetween(h, w, most) <= most;
}

/**
 * The unread headers that look like a deciding column the header lacks, by column, each with
 * the columns it looks like (in the order given): `Fortress` in a table with no `Fort`. A
 * look-alike of a column the header has is a column of its own (`unknownColumns` warns of it).
 */
export function lookalikeColumns(
  header: readonly unknown[],
  isKnown: (word: string) => boolean,
  /** The deciding columns, asked for only when a header is not known (most have none). */
  deciding: () => readonly DecidingColumn[],
): Map<number, Lookalike[]> {
  const found = new Map<number, Lookalike[]>();
  let columns: readonly DecidingColumn[] | undefined;
  header.forEach((cell, col) => {
    if (isBlank(cell)) return;
    const word = headerWord(cell);
    if (isKnown(word) || NOTE_COLUMNS.includes(word)) return;
    columns ??= deciding();
    // The columns it looks like, those it spells exactly first (`Fortified` is Fort's alias).
    const letters = lettersOf(word);
    const exact = (c: DecidingColumn) => (lettersOf(c.word) === letters ? 0 : 1);
    const likes = columns
      .filter((c) => !c.present && looksLike(word, c.word))
      .sort((a, b) => exact(a) - exact(b));
    if (likes.length > 0) found.set(col, likes);
  });
  return found;
}

/**
 * The cells of a row under a look-alike header, for a battle of `rules`, as bad cells: a value
 * under `Fortress` would else be fought as no fort, the battle resolved and the run passed. A
 * header that looks like a column only other rules read (`Attacker's orders` for `Attacker
 * orders`, an imperium column, in a cote-pbem battle) is no slip there. `stopped` says what the
 * cell stops: the battle, or the `turn` command's turn (`Ceasar captured` in `Players`).
 */
export function lookalikeCells(
  row: readonly unknown[],
  r: number,
  origin: GridOrigin,
  header: readonly unknown[],
  lookalikes: ReadonlyMap<number, readonly Lookalike[]>,
  rules: string,
  stopped = 'the battle is not fought',
): BadCell[] {
  const found: BadCell[] = [];
  for (const [col, likes] of lookalikes) {
    const like = likes.find((l) => l.rules === undefined || l.rules.includes(rules));
    if (like === undefined || isBlank(row[col])) continue;
    const title = cellText(header[col]);
    found.push({
      row: r,
      col,
      message:
        `${cellAddress(origin, r, col)}: ${quoteText(cellText(row[col]))} is under ` +
        `${quoteText(title)}, a column Praetor does not read, so ${stopped}: ` +
        `name the column "${like.name}" if that is what it holds, or "Notes" if not` +
        besidesLetters(title, like.word),
    });
  }
  return found;
}

/**
 * Why a header with a column's very letters is not that column: what it holds besides them
 * (`?` in `Fort?`, the brackets of `Retreat (if)`), or a character that cannot be seen (a
 * zero-width space). Nothing when the letters differ: the name given says it all.
 */
function besidesLetters(title: string, word: string): string {
  if (lettersOf(title) !== lettersOf(word)) return '';
  const marks = (text: string) =>
    [...text.normalize('NFKC')].filter((c) => !/[\p{L}\p{N}\s]/u.test(c));
  const own = new Set(marks(word));
  const extra = [...new Set(marks(title).filter((c) => !own.has(c)))];
  const shown = extra.filter((c) => !/[\p{C}\p{Z}]/u.test(c));
  if (extra.length === 0) {
    // `Ｆｏｒｔ`: full-width letters, which read as plain ones only once normalised.
    return title !== title.normalize('NFKC')
      ? ' (the header holds letters of another width: type it again)'
      : ' (the header is spaced otherwise: type it as the name above)';
  }
  if (shown.length < extra.length) {
    return ' (the header holds more than its letters, perhaps a character that cannot be seen: type it again)';
  }
  const listed = shown.map((c) => `"${c}"`).join(' and ');
  return ` (the header holds ${listed} besides its letters)`;
}

/**
 * The warnings of unread columns, with what a value under a look-alike header does: without
 * it, the warning would say that the column is ignored while the value there stops its battle
 * (`lookalikeCells`, which stops a battle whose rules read any column it looks like). `stops`
 * names what is stopped when every one of `allRules` reads one of them.
 */
export function withLookalikesNamed(
  warnings: readonly string[],
  origin: GridOrigin,
  lookalikes: ReadonlyMap<number, readonly Lookalike[]>,
  stops = 'a battle with a value under it is not fought',
  allRules: readonly string[] = [],
): string[] {
  const IGNORED = '; it is ignored';
  return warnings.map((warning) => {
    for (const [col, likes] of lookalikes) {
      if (!warning.startsWith(`${cellAddress(origin, 0, col)}: column `)) continue;
      if (!warning.endsWith(IGNORED)) return warning;
      const rules = likes.some((l) => l.rules === undefined)
        ? null
        : allRules.filter((id) => likes.some((l) => l.rules!.includes(id)));
      const what =
        rules === null || rules.length === allRules.length
          ? stops
          : `${/^[aeiou]/i.test(rules[0] ?? '') ? 'an' : 'a'} ${rules.join(' or ')} battle with a value under it is not fought`;
      return `${warning.slice(0, -IGNORED.length)}; it looks like "${likes[0].name}", so ${what}`;
    }
    return warning;
  });
}

/**
 * A title above a table whose header lacks a required column: a header word of `required` in
 * one of the five rows below the one read as the header, named; null when there is none. The
 * table's problem alone: its header row is not one, so its missing columns and its columns
 * with no header say nothing.
 */
export function titleRowProblem(
  cells: readonly (readonly unknown[])[],
  origin: GridOrigin,
  required: readonly string[],
): string | null {
  for (let r = 1; r < Math.min(cells.length, 6); r++) {
    const col = cells[r].findIndex((c) => required.includes(headerWord(c)));
    if (col >= 0) {
      return (
        `${cellAddress(origin, r, col)} holds ${quoteText(cellText(cells[r][col]))}, below the ` +
        `row read as the header (row ${origin.row + 1}): clear or delete the rows above the header`
      );
    }
  }
  return null;
}

/**
 * The problems of a table whose header stops it (a required column missing): a title above the
 * table (`titleRowProblem`), else the look-alike headers, each named with the column it likely
 * is (`Battle #`).
 */
export function headerHints(
  cells: readonly (readonly unknown[])[],
  origin: GridOrigin,
  required: readonly string[],
  lookalikes: ReadonlyMap<number, readonly Lookalike[]>,
): string[] {
  const titleRow = titleRowProblem(cells, origin, required);
  if (titleRow !== null) return [titleRow];
  const header = cells[0] ?? [];
  return [...lookalikes].map(
    ([col, likes]) =>
      `${cellAddress(origin, 0, col)}: column ${quoteText(cellText(header[col]))} is not one ` +
      `Praetor reads: name it "${likes[0].name}" if that is what it holds`,
  );
}

/**
 * `warnings` without the unknown-column warning of each look-alike header that `headerHints`
 * names: `Batle` told to be named `Battle` is not also "ignored".
 */
export function withoutHinted(
  warnings: readonly string[],
  origin: GridOrigin,
  lookalikes: ReadonlyMap<number, readonly Lookalike[]>,
): string[] {
  const hinted = [...lookalikes.keys()].map((col) => `${cellAddress(origin, 0, col)}: column `);
  return warnings.filter(
    (w) => !(hinted.some((h) => w.startsWith(h)) && w.endsWith('; it is ignored')),
  );
}
