import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { isRecord } from '../src/saved-checks';
import { err, ok, Result } from '../src/result';
import { writeFileAtomic } from './atomic-write';
import { FileReport, IdsReport } from './file-report';
import { fsErrorReason } from './fs-errors';

/**
 * The battles sealed with a key, kept beside the key file from one run of `adjudicate --key` to
 * the next. In a sealed turn a battle's id picks its dice, so a battle id already sent out from
 * one workbook must not be sealed again from another: the earlier log would tell its dice. One
 * run can compare its own workbooks (`sharedIds`); the ledger lets a later run of the same turn
 * compare them with the workbooks adjudicated before. The same workbook adjudicated again (a
 * paused battle going on, a corrected row) keeps its ids.
 */

export interface LedgerEntry {
  turn: number;
  id: string;
  /** The workbook the battle was adjudicated from: its absolute path. */
  file: string;
  /** The battle's row, as the error names it (`Battles!A2`). */
  where: string;
}

export interface Ledger {
  format: 'praetor-sealed-battles';
  game: string;
  battles: LedgerEntry[];
}

/** `rome.key.json` keeps its ledger in `rome.key.battles.json`. */
export const ledgerPath = (keyPath: string): string =>
  `${keyPath.replace(/\.json$/i, '')}.battles.json`;

const isEntry = (e: unknown): e is LedgerEntry =>
  isRecord(e) &&
  Number.isSafeInteger(e.turn) &&
  typeof e.id === 'string' &&
  typeof e.file === 'string' &&
  typeof e.where === 'string';

/** The ledger at `path`: empty when there is none yet, an error when it cannot be read. */
export function readLedger(path: string, game: string): Result<Ledger> {
  if (!existsSync(path)) return ok({ format: 'praetor-sealed-battles', game, battles: [] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const why = e instanceof SyntaxError ? 'it is not JSON' : fsErrorReason(e, path);
    return err(`the ledger ${path} cannot be read: ${why}`);
  }
  if (
    !isRecord(parsed) ||
    parsed.format !== 'praetor-sealed-battles' ||
    !Array.isArray(parsed.battles) ||
    !parsed.battles.every(isEntry)
  ) {
    return err(`the ledger ${path} is not one Praetor wrote (format "praetor-sealed-battles")`);
  }
  if (parsed.game !== game) {
    return err(`the ledger ${path} is game "${String(parsed.game)}"'s, not "${game}"'s`);
  }
  return ok({ format: 'praetor-sealed-battles', game, battles: parsed.battles });
}

/** Ids listed in one message before the rest are counted. */
const MAX_LISTED = 3;

/**
 * For each workbook holding a battle id that the ledger has from another workbook in the same
 * turn, why it is not adjudicated.
 */
export function ledgerClashes(
  ledger: Ledger,
  path: string,
  turn: number,
  books: readonly ({ input: string } & IdsReport)[],
): Map<string, string> {
  const earlier = new Map<string, LedgerEntry>();
  for (const e of ledger.battles) if (e.turn === turn) earlier.set(e.id, e);
  const why = new Map<string, string>();
  for (const { input, battles } of books) {
    const file = resolve(input);
    const lines = battles.flatMap(({ id, where }) => {
      const e = earlier.get(id);
      return e && e.file !== file
        ? [`battle "${id}" (${where}) was sealed in an earlier run from ${e.file} (${e.where})`]
        : [];
    });
    if (lines.length === 0) continue;
    const more = lines.length - MAX_LISTED;
    why.set(
      input,
      `${lines.slice(0, MAX_LISTED).join('; ')}${more > 0 ? `; and ${more} more` : ''}: in a ` +
        "sealed turn a battle's id picks its dice, and that battle's log has told them; give " +
        `this battle its own id and run again (if it is the same workbook, moved, remove its ` +
        `entries from ${basename(path)})`,
    );
  }
  return why;
}

/** The ledger with every battle this run resolved added (a battle with an error drew no dice). */
export function withRun(ledger: Ledger, turn: number, reports: readonly FileReport[]): Ledger {
  const battles = [...ledger.battles];
  const known = new Set(battles.map((e) => `${e.turn}\u0000${e.id}\u0000${e.file}`));
  for (const r of reports) {
    if (r.output === null) continue;
    const file = resolve(r.input);
    for (const b of r.results) {
      const key = `${turn}\u0000${b.id}\u0000${file}`;
      if (b.error !== null || known.has(key)) continue;
      known.add(key);
      battles.push({ turn, id: b.id, file, where: b.where });
    }
  }
  return { ...ledger, battles };
}

export function writeLedger(path: string, ledger: Ledger): void {
  writeFileAtomic(path, Buffer.from(`${JSON.stringify(ledger, null, 2)}\n`), true);
}
