import { SealRecord } from './sealed';
import { readSubmission } from './submission';
import type { WorkbookSheets } from './verify';

/**
 * A whole sealed turn checked at once: a battle's sealed dice come from the key, the game, the
 * turn and its id, so an id in two workbooks of one seal gave both battles the same dice, and
 * one's log told the other's. The adjudicator refuses that within a run and across runs of
 * one key file (its ledger); the posted workbooks are the players' only way to check it.
 */

/** A checked workbook whose dice were sealed, with its battles' ids. */
export interface SealedBook {
  file: string;
  seal: SealRecord;
  ids: readonly string[];
}

/** A battle id that workbooks of one seal (game, turn, commitment) share. */
export interface IdClash {
  id: string;
  files: string[];
  game: string;
  turn: number;
}

/**
 * The ids of the battles a workbook's orders give: those whose row is read whole (a blank,
 * unreadable or repeated id, or a bad row, leaves a battle unfought, with no dice to tell). As
 * `readSubmission` reads them, trimmed, and compared as the adjudicator compares them: exactly,
 * case included (`B1` and `b1` roll different dice).
 */
export function battleIds(book: WorkbookSheets): string[] {
  const { entries } = readSubmission(book.battles, book.legions, book);
  return entries.filter((e) => e.spec !== null).map((e) => e.id);
}

/** Each id that two or more workbooks of one seal hold, in the order the workbooks come. */
export function sealedIdClashes(books: readonly SealedBook[]): IdClash[] {
  const holders = new Map<string, IdClash>();
  for (const { file, seal, ids } of books) {
    const sealKey = JSON.stringify([seal.game, seal.turn, seal.commitment]);
    for (const id of ids) {
      const key = JSON.stringify([sealKey, id]);
      const clash = holders.get(key) ?? { id, files: [], game: seal.game, turn: seal.turn };
      if (!clash.files.includes(file)) clash.files.push(file);
      holders.set(key, clash);
    }
  }
  return [...holders.values()].filter((c) => c.files.length > 1);
}

/** The clash as verify prints it, after `MISMATCH `. */
export function clashMessage({ id, files, game, turn }: IdClash): string {
  const two = files.length === 2;
  const named = `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;
  return (
    `battle "${id}" is in ${two ? 'both ' : ''}${named} (sealed: game "${game}", turn ${turn}): ` +
    `the id picks the dice, so ${two ? 'both' : `all ${files.length}`} rolled the same sealed ` +
    `dice, and ${two ? "one's log tells the other's" : "each log tells the others'"}`
  );
}
