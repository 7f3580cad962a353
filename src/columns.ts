import { cellAddress, cellText, GridOrigin, isBlank } from './cells';

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
 * be read silently as no infantry at all.
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
          `${cellAddress(origin, 0, col)}: column "${cellText(cell)}" is not one Praetor reads ` +
            `(${known}); it is ignored`,
        ],
  );
}
