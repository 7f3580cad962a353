import { SealRecord } from './sealed';
import type { Replayed } from './verify';

/**
 * A whole sealed turn checked at once: a battle's sealed dice come from the key, the game, the
 * turn and its id, so an id in two workbooks of one seal gave both battles the same dice, and
 * one's log told the other's. The adjudicator refuses that within a run and across runs of
 * one key file (its ledger); the posted workbooks are the players' only way to check it.
 */

/** A checked workbook whose dice were sealed, with its replay (`verifyWithReplay`). */
export interface SealedBook extends Replayed {
  file: string;
  seal: SealRecord;
}

/** A battle id that workbooks of one seal (game, turn, commitment) share. */
export interface IdClash {
  id: string;
  files: string[];
  game: string;
  turn: number;
}

/** Workbooks of one seal whose battles are the same, as read and replayed: copies of one. */
export interface CopiedBooks {
  files: string[];
  game: string;
  turn: number;
}

/**
 * The battle ids that two or more workbooks of one seal fought (`clashes`), in the order the
 * workbooks come: a battle with an error drew no dice. Workbooks of one seal whose battles are
 * the same, as read and replayed (ids, territories, orders and dice, errors), are `copies` of
 * one workbook, posted twice or adjudicated again into another folder, whatever their cells'
 * formats or notes: their logs tell each other nothing, and each id counts once. Ids compare as
 * the adjudicator compares them: exactly, case included (`B1` and `b1` roll different dice).
 */
export function sealedIdClashes(books: readonly SealedBook[]): {
  clashes: IdClash[];
  copies: CopiedBooks[];
} {
  const sealKey = ({ game, turn, commitment }: SealRecord) =>
    JSON.stringify([game, turn, commitment]);
  const byContent = new Map<string, CopiedBooks>();
  const distinct: SealedBook[] = [];
  for (const book of books) {
    const content = JSON.stringify([sealKey(book.seal), book.battles]);
    const copied = byContent.get(content);
    if (copied && book.fought.length > 0) {
      copied.files.push(book.file);
      continue;
    }
    byContent.set(content, { files: [book.file], game: book.seal.game, turn: book.seal.turn });
    distinct.push(book);
  }
  const holders = new Map<string, IdClash>();
  for (const { file, seal, fought } of distinct) {
    for (const id of fought) {
      const key = JSON.stringify([sealKey(seal), id]);
      const clash = holders.get(key) ?? { id, files: [], game: seal.game, turn: seal.turn };
      if (!clash.files.includes(file)) clash.files.push(file);
      holders.set(key, clash);
    }
  }
  return {
    clashes: [...holders.values()].filter((c) => c.files.length > 1),
    copies: [...byContent.values()].filter((c) => c.files.length > 1),
  };
}

const filesNamed = (files: readonly string[]) =>
  `${files.length === 2 ? 'both ' : ''}${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;

/** The clash as verify prints it, after `MISMATCH `. */
export function clashMessage({ id, files, game, turn }: IdClash): string {
  const two = files.length === 2;
  return (
    `battle "${id}" is in ${filesNamed(files)} (sealed: game "${game}", turn ${turn}): ` +
    `the id picks the dice, so ${two ? 'both' : `all ${files.length}`} rolled the same sealed ` +
    `dice, and ${two ? "one's log tells the other's" : "each log tells the others'"}`
  );
}

/** Copies of one workbook, as verify notes them: not a clash. */
export function copyMessage({ files }: CopiedBooks): string {
  return (
    `${files.join(', ')} hold the same battles, as read and replayed, and the same seal: copies ` +
    'of one workbook (or adjudicated again), so each battle id counts once'
  );
}
