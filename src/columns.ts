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

/** Columns a player may add for their own notes (`Notes`, `Remark`, `Comment(s)`): read by nobody. */
export const NOTE_COLUMNS = ['note', 'comment', 'remark'].flatMap((w) => [w, `${w}s`, `${w}(s)`]);

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
 * be read silently as no infantry at all (and where it holds a value, see header-slips.ts).
 */
export function unknownColumns(
  header: readonly unknown[],
  origin: GridOrigin,
  isKnown: (word: string) => boolean,
  known: string,
): string[] {
  // An unreadable header cell is an error of headerProblems' already, not also a column.
  return header.flatMap((cell, col) =>
    isBlank(cell) || !readCell(cell).ok || isKnown(headerWord(cell))
      ? []
      : [
          `${cellAddress(origin, 0, col)}: column ${quoteText(cellText(cell))} is not one Praetor reads ` +
            `(${known}); it is ignored`,
        ],
  );
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
