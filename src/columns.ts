import {
  cellAddress,
  cellProblem,
  cellText,
  columnLetters,
  GridOrigin,
  isBlank,
  MAX_NAME_TEXT,
  quoteText,
  readCell,
} from './cells';

/**
 * Columns of a table found by their header text, in any case and order. A header cell matches
 * one of a key's words after trimming, lower-casing and collapsing spaces.
 */

/** Columns a player may add for their own notes: read by nobody, and not warned about. */
export const NOTE_COLUMNS = ['notes', 'note', 'comment', 'comments', 'remarks'];

export type ColumnWords<K extends string> = Record<K, readonly string[]>;
export type Columns<K extends string> = Partial<Record<K, number>>;

export const headerWord = (cell: unknown): string =>
  cellText(cell).toLowerCase().replace(/\s+/g, ' ');

export function findColumns<K extends string>(
  header: readonly unknown[],
  words: ColumnWords<K>,
): Columns<K> {
  const found: Columns<K> = {};
  header.forEach((cell, col) => {
    const text = headerWord(cell);
    for (const key of Object.keys(words) as K[]) {
      if (found[key] === undefined && words[key].includes(text)) found[key] = col;
    }
  });
  return found;
}

/**
 * Header cells that name no known column, as warnings: a misspelt `Infantary` would otherwise
 * be read silently as no infantry at all (and where it holds a value, see `lookalikeCells`).
 */
export function unknownColumns(
  header: readonly unknown[],
  origin: GridOrigin,
  isKnown: (word: string) => boolean,
  known: string,
): string[] {
  return header.flatMap((cell, col) =>
    isBlank(cell) || isKnown(headerWord(cell))
      ? []
      : [
          `${cellAddress(origin, 0, col)}: column ${quoteText(cellText(cell))} is not one Praetor reads ` +
            `(${known}); it is ignored`,
        ],
  );
}

/**
 * A column whose cells change how a battle is fought (an option, the dice, a unit), as
 * `lookalikeColumns` weighs an unread header against it.
 */
export interface DecidingColumn {
  /** A header word that names it (lower case). */
  word: string;
  /** The name to give the header: `Fort`, `Cavalry`. */
  name: string;
  /** The header has this column already. */
  present: boolean;
}

/** Letters and digits only: `Infantry (INF)` is `infantryinf`, `Inf.` is `inf`, `RT 6-2` `rt62`. */
const lettersOf = (word: string): string => word.replace(/[^\p{L}\p{N}]/gu, '');

/** Edits (a letter added, dropped or changed) from `a` to `b`, up to `most` + 1. */
function editsBetween(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(change, previous[j] + 1, current[j - 1] + 1));
    }
    previous = current;
  }
  return Math.min(previous[b.length], most + 1);
}

/**
 * True when an unread header looks like a known word: the same letters (`Inf.`), one starting
 * with the other (`Fortress`, `Retreat orders`, `Infantry (INF)`, the shorter of three letters
 * or more), or a letter or two off (`Cavalary`; one in a word of four to six letters).
 */
function looksLike(header: string, word: string): boolean {
  const [h, w] = [lettersOf(header), lettersOf(word)];
  if (h === '' || w === '') return false;
  if (h === w) return true;
  if (Math.min(h.length, w.length) >= 3 && (h.startsWith(w) || w.startsWith(h))) return true;
  const most = w.length >= 7 ? 2 : w.length >= 4 ? 1 : 0;
  return most > 0 && editsBetween(h, w, most) <= most;
}

/**
 * The unread headers that look like a deciding column the header lacks, by column, with the
 * name to give them: `Fortress` in a table with no `Fort`. A look-alike of a column the header
 * has is a column of its own (the warning of `unknownColumns` names it).
 */
export function lookalikeColumns(
  header: readonly unknown[],
  isKnown: (word: string) => boolean,
  columns: readonly DecidingColumn[],
): Map<number, string> {
  const found = new Map<number, string>();
  header.forEach((cell, col) => {
    if (isBlank(cell)) return;
    const word = headerWord(cell);
    if (isKnown(word) || NOTE_COLUMNS.includes(word)) return;
    const like = columns.find((c) => !c.present && looksLike(word, c.word));
    if (like) found.set(col, like.name);
  });
  return found;
}

/**
 * The cells of a row under a look-alike header (`lookalikeColumns`), as bad cells: a value under
 * `Fortress` would else be fought as no fort, the battle resolved and the run passed.
 */
export function lookalikeCells(
  row: readonly unknown[],
  r: number,
  origin: GridOrigin,
  header: readonly unknown[],
  lookalikes: ReadonlyMap<number, string>,
): BadCell[] {
  const found: BadCell[] = [];
  for (const [col, name] of lookalikes) {
    if (isBlank(row[col])) continue;
    found.push({
      row: r,
      col,
      message:
        `${cellAddress(origin, r, col)}: ${quoteText(cellText(row[col]))} is under ` +
        `${quoteText(cellText(header[col]))}, a column Praetor does not read, so the battle is ` +
        `not fought: name the column "${name}" if that is what it holds, or "Notes" if not`,
    });
  }
  return found;
}

/**
 * What makes a header unreadable: a header cell that cannot be read (a formula with no saved
 * value, `#REF!`), and a column given twice (`Infantry` twice, or `Battle` and `Battle id`),
 * which would otherwise be merged or ignored silently. `alsoKeys` gives the keys of header
 * words beyond `words` (the Legions table's unit columns, by ruleset and unit code).
 */
export function headerProblems<K extends string>(
  header: readonly unknown[],
  origin: GridOrigin,
  words: ColumnWords<K>,
  alsoKeys: (word: string) => readonly string[] = () => [],
): string[] {
  const problems: string[] = [];
  const first = new Map<string, number>();
  const keys = Object.keys(words) as K[];
  header.forEach((cell, col) => {
    const read = readCell(cell);
    if (!read.ok) {
      problems.push(`${cellAddress(origin, 0, col)}: the header cell is unreadable: ${read.error}`);
      return;
    }
    if (isBlank(cell)) return;
    const word = headerWord(cell);
    const mine = [...keys.filter((k) => words[k].includes(word)), ...alsoKeys(word)];
    const seen = mine.map((k) => first.get(k)).find((c) => c !== undefined);
    if (seen !== undefined) {
      problems.push(
        `${cellAddress(origin, 0, col)}: a second "${cellText(cell)}" column (the first is ` +
          `${columnLetters(origin.col + seen)}${origin.row + 1}` +
          (headerWord(header[seen]) === word ? '' : `, "${cellText(header[seen])}"`) +
          '): ' +
          'remove or rename one of them',
      );
      return;
    }
    for (const k of mine) first.set(k, col);
  });
  return problems;
}

/** A bad cell of a table: the message, which names it, and where it is, for sheet order. */
export interface BadCell {
  row: number;
  col: number;
  message: string;
}

/**
 * The cells of a row, among the columns read (`checks`), that cannot be read or whose text is
 * too long: `Legions!C4: a formula with no saved value: ...`, in the order of `checks`.
 */
export function rowProblems(
  row: readonly unknown[],
  r: number,
  origin: GridOrigin,
  checks: readonly { col: number; maxText?: number }[],
): BadCell[] {
  const found: BadCell[] = [];
  for (const { col, maxText } of checks) {
    const problem = cellProblem(row[col], maxText ?? MAX_NAME_TEXT);
    if (problem !== null)
      found.push({ row: r, col, message: `${cellAddress(origin, r, col)}: ${problem}` });
  }
  return found;
}

/**
 * The look-alike headers (`lookalikeColumns`) of a table whose header stops it (a required
 * column missing), each as a problem: `Battle #` is then the likely `Battle`.
 */
export function lookalikeHints(
  header: readonly unknown[],
  origin: GridOrigin,
  lookalikes: ReadonlyMap<number, string>,
): string[] {
  return [...lookalikes].map(
    ([col, name]) =>
      `${cellAddress(origin, 0, col)}: column ${quoteText(cellText(header[col]))} is not one ` +
      `Praetor reads: name it "${name}" if that is what it holds`,
  );
}

/**
 * A header word of `words` found in a row just below the one read as the header (a title above
 * the table), as a problem saying so.
 */
export function headerBelow(
  cells: readonly (readonly unknown[])[],
  origin: GridOrigin,
  words: readonly string[],
): string[] {
  for (let r = 1; r < Math.min(cells.length, 6); r++) {
    const col = cells[r].findIndex((c) => words.includes(headerWord(c)));
    if (col >= 0) {
      return [
        `${cellAddress(origin, r, col)} holds ${quoteText(cellText(cells[r][col]))}, below the ` +
          `row read as the header (row ${origin.row + 1}): clear or delete the rows above the header`,
      ];
    }
  }
  return [];
}
