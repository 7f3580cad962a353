import { accessSync, constants, existsSync } from 'node:fs';
import { listProblems } from '../src/problem-list';
import { isRecord } from '../src/saved-checks';
import { err, ok, Result } from '../src/result';
import { OutputWriteError, writeFileAtomic } from './atomic-write';
import { FileReport, IdsReport } from './file-report';
import { fsErrorReason, realPath } from './fs-errors';
import { readTextFile } from './io';

/**
 * The battles sealed with a key, kept beside the key file from one run of `adjudicate --key` to
 * the next. In a sealed turn a battle's id picks its dice, so a battle id already sent out from
 * one workbook must not be sealed again from another: the earlier log would tell its dice. One
 * run compares its own workbooks (`sharedIds`); the ledger lets a later run of the same turn
 * compare them with the workbooks adjudicated before. The same workbook adjudicated again (a
 * paused battle going on, a corrected row) keeps its ids.
 */

export interface LedgerEntry {
  turn: number;
  id: string;
  /** The workbook the battle was adjudicated from: its real path (links resolved). */
  file: string;
  /** The battle's row, as messages name it (`Battles!A2`). */
  where: string;
  /**
   * Written before the run that was to seal it, which ended before it could say whether it did
   * (stopped at once, killed): its dice may or may not have been drawn and told in a log.
   */
  pending?: true;
}

export interface Ledger {
  format: 'praetor-sealed-battles';
  game: string;
  /** The key's commitment: a key made again (`praetor seal --force`) starts a ledger of its own. */
  commitment: string;
  battles: LedgerEntry[];
}

/** A ledger and the file it is kept in. */
export interface KeptLedger {
  ledger: Ledger;
  path: string;
}

/** `rome.key.json` keeps its ledger in `rome.key.battles.json`. */
export const ledgerPath = (keyPath: string): string =>
  `${keyPath.replace(/\.json$/i, '')}.battles.json`;

/** What is wrong with a ledger entry, or null. */
function entryProblem(e: unknown): string | null {
  if (!isRecord(e)) return 'is not an object';
  if (!Number.isSafeInteger(e.turn))
    return `has "turn" ${JSON.stringify(e.turn)}: expected a whole number`;
  for (const key of ['id', 'file', 'where'] as const) {
    if (typeof e[key] !== 'string') return `has "${key}" ${JSON.stringify(e[key])}: expected text`;
  }
  if (e.pending !== undefined && e.pending !== true) {
    return `has "pending" ${JSON.stringify(e.pending)}: expected true, or no "pending"`;
  }
  return null;
}

/**
 * The ledger at `path` for the key of `game` and `commitment`: empty when there is none yet; an
 * error, naming what is wrong, when it cannot be read, is another key's, or cannot be written.
 */
export function readLedger(path: string, game: string, commitment: string): Result<Ledger> {
  const empty: Ledger = { format: 'praetor-sealed-battles', game, commitment, battles: [] };
  if (!existsSync(path)) return ok(empty);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readTextFile(path));
    accessSync(path, constants.W_OK);
  } catch (e) {
    const why = e instanceof SyntaxError ? `it is not JSON (${e.message})` : fsErrorReason(e, path);
    return err(`the ledger ${path} cannot be used: ${why}`);
  }
  const notOurs = `the ledger ${path} is not one Praetor wrote`;
  if (!isRecord(parsed) || parsed.format !== 'praetor-sealed-battles') {
    return err(`${notOurs} (its "format" is not "praetor-sealed-battles")`);
  }
  if (!Array.isArray(parsed.battles)) return err(`${notOurs} (it has no "battles" list)`);
  for (const [i, e] of parsed.battles.entries()) {
    const problem = entryProblem(e);
    if (problem !== null) return err(`the ledger ${path}: battles[${i}] ${problem}`);
  }
  if (parsed.game !== game) {
    return err(`the ledger ${path} is game "${String(parsed.game)}"'s, not "${game}"'s`);
  }
  if (parsed.commitment !== commitment) {
    return err(
      `the ledger ${path} lists the battles of another key (commitment ${String(parsed.commitment)}), not of this one (${commitment}): a key made again rolls other dice, so its ledger starts empty; move the old one aside`,
    );
  }
  return ok({ ...empty, battles: parsed.battles as LedgerEntry[] });
}

/** The battle ids of `turn` in the ledger, each with its entry. */
export function sealedIds(ledger: Ledger, turn: number): Map<string, LedgerEntry> {
  return new Map(ledger.battles.filter((e) => e.turn === turn).map((e) => [e.id, e]));
}

/** Ids listed in one message before the rest are counted. */
const MAX_LISTED = 3;

/**
 * For each workbook holding a battle id that the ledger (at `path`) has from another workbook in
 * the same turn, why it is not adjudicated. `earlier`: the ledger's ids of the turn (`sealedIds`).
 */
export function ledgerClashes(
  path: string,
  earlier: ReadonlyMap<string, LedgerEntry>,
  turn: number,
  books: readonly ({ input: string } & IdsReport)[],
): Map<string, string> {
  const why = new Map<string, string>();
  for (const { input, battles } of books) {
    const file = realPath(input);
    let told = false;
    const lines = battles.flatMap(({ id, where }) => {
      const e = earlier.get(id);
      if (!e || e.file === file) return [];
      told ||= !e.pending;
      return [
        e.pending
          ? `battle "${id}" (${where}) was to be sealed in an earlier run of turn ${turn} from ${e.file} (${e.where}), a run stopped before it could record whether it was`
          : `battle "${id}" (${where}) was sealed in an earlier run of turn ${turn} from ${e.file} (${e.where})`,
      ];
    });
    if (lines.length === 0) continue;
    why.set(
      input,
      `${listProblems(lines, MAX_LISTED)}, and ` +
        (told ? 'its log has told' : 'its log may have told') +
        ' the dice that id gives in this turn: if this is another battle, give it its own id and run again; if it is the same workbook, moved or sent again, remove its entries from the ledger ' +
        path,
    );
  }
  return why;
}

/**
 * The ledger with battles added, each (turn, id, workbook) once; a battle sealed now is no
 * longer pending, where an earlier run cut short had left it so.
 */
function withEntries(ledger: Ledger, entries: readonly LedgerEntry[]): Ledger {
  const battles = [...ledger.battles];
  const at = new Map(battles.map((e, i) => [JSON.stringify([e.turn, e.id, e.file]), i]));
  for (const e of entries) {
    const key = JSON.stringify([e.turn, e.id, e.file]);
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, battles.length);
      battles.push(e);
    } else if (battles[i].pending && !e.pending) {
      battles[i] = e;
    }
  }
  return { ...ledger, battles };
}

/**
 * The ledger written before any battle is sealed: every battle about to be, so that a run cut
 * short leaves none of its outputs unrecorded (`withRun` then keeps only those that drew dice).
 */
export const withPending = (
  ledger: Ledger,
  turn: number,
  books: readonly ({ input: string } & IdsReport)[],
): Ledger =>
  withEntries(
    ledger,
    books.flatMap(({ input, battles }) =>
      battles.map(({ id, where }) => ({
        turn,
        id,
        file: realPath(input),
        where,
        pending: true as const,
      })),
    ),
  );

/** The ledger with every battle this run resolved added (a battle with an error drew no dice). */
export const withRun = (ledger: Ledger, turn: number, reports: readonly FileReport[]): Ledger =>
  withEntries(
    ledger,
    reports.flatMap((r) =>
      r.output === null
        ? []
        : r.results
            .filter((b) => b.error === null)
            .map((b) => ({ turn, id: b.id, file: realPath(r.input), where: b.where })),
    ),
  );

/** A ledger that cannot be read or written: the run stops, or says so at its end. */
export class LedgerError extends Error {}

export function writeLedger({ ledger, path }: KeptLedger): void {
  try {
    writeFileAtomic(path, Buffer.from(`${JSON.stringify(ledger, null, 2)}\n`), true);
  } catch (e) {
    const why = e instanceof OutputWriteError ? e.reason : fsErrorReason(e, path);
    throw new LedgerError(`the ledger ${path} cannot be written: ${why}`);
  }
}
