import { existsSync } from 'node:fs';
import { isRecord } from '../../src/saved-checks';
import { checkGame, parseTurn } from '../../src/sealed';
import { OutputExistsError, OutputWriteError } from '../atomic-write';
import { EXIT, Io, readTextFile, UsageError } from '../io';
import { newKeyFile, readKeyFile, writeKeyFile } from '../keyfile';
import { ledgerPath } from '../sealed-ledger';
import { parseOptionsOnce } from '../flags';

export const SEAL_HELP = `Usage: praetor seal --game NAME [--turn N] --out KEYFILE [--force] [--json]

Makes a secret game key for sealed dice (32 bytes from the system's secure random source),
writes it to KEYFILE (JSON, readable by you only) and prints its commitment: the SHA-256 of
the key. Post the commitment and the game's name to the players before orders are due (both
pick the dice); adjudicate the turn with "praetor adjudicate ... --key KEYFILE --turn N"; then
reveal the key, so that the players can check every die with "praetor verify WORKBOOK --key
KEYFILE --commitment HEX". A revealed key is spent: seal a new one for the next turn. See
docs/verify.md.

Options:
  --game NAME     the game's name (part of every die's derivation, and recorded in Results)
  --turn N        the turn the key seals, recorded in KEYFILE: adjudicate then takes it for
                  that turn only (and needs no --turn), and verify checks it
  --out KEYFILE   where to write the key, e.g. rome-turn3.key.json (never a workbook)
  --force         overwrite KEYFILE if it exists, unless its ledger lists battles it sealed
                  (or cannot be read): they verify only with that key, so move both aside. The ledger of a
                  key that sealed nothing is left as it is: stderr names it, to be moved aside
                  before adjudicate
  --json          print {game, turn, commitment, keyFile} as JSON (never the key; turn when
                  given), and oldLedger when a ledger of another key is beside KEYFILE
  -h, --help      show this help

Examples:
  praetor seal --game "Mare Nostrum" --turn 3 --out turn3.key.json
  praetor seal --game Rome --out rome-turn4.key.json --json

Exit status: 0 written, 1 not written (KEYFILE exists, or sealed battles), 2 bad usage (or KEYFILE cannot be
written: its folder does not exist, it is a folder, permission denied).`;

const OPTIONS = {
  game: { type: 'string' },
  turn: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

export function sealCommand(argv: string[], io: Io): number {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS);
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  if (v.game === undefined) throw new UsageError('give the game: --game NAME');
  if (v.out === undefined) throw new UsageError('give the key file to write: --out KEYFILE');
  const game = checkGame(v.game);
  if (!game.ok) throw new UsageError(`--game: ${game.error}`);
  const turn = v.turn === undefined ? undefined : parseTurn(v.turn);
  if (turn && !turn.ok) throw new UsageError(`--turn: ${turn.error}`);
  const used = v.force ? battlesSealedBy(v.out) : null;
  if (used !== null) {
    const sealed =
      used.count === null
        ? `may have sealed battles (its ledger ${used.ledger} cannot be read)`
        : `sealed ${used.count} battle${used.count === 1 ? '' : 's'} (listed in ${used.ledger})`;
    io.err(
      `praetor seal: ${v.out} holds the key that ${sealed}, ` +
        `and they verify only with it, so --force does not replace it: ` +
        `move ${v.out} and ${used.ledger} aside (the key is still to be revealed), then seal again.`,
    );
    return EXIT.someFailed;
  }
  const file = newKeyFile(game.value, new Date(), turn?.value);
  try {
    writeKeyFile(v.out, file, v.force === true);
  } catch (e) {
    if (e instanceof OutputExistsError) {
      io.err(`praetor seal: ${e.message}`);
      return EXIT.someFailed;
    }
    // Cannot be written (no such folder, a folder, permission denied): main() says why.
    if (e instanceof OutputWriteError) throw e;
    throw new UsageError((e as Error).message);
  }
  // Written once the key is: a key that could not be written leaves its ledger as it was.
  const oldLedger = ledgerBeside(v.out);
  if (oldLedger !== null) io.err(oldLedgerNote(oldLedger, v.out));
  if (v.json) {
    const sealed = { game: game.value, ...(turn ? { turn: turn.value } : {}) };
    const ledger = oldLedger !== null ? { oldLedger } : {};
    io.out(JSON.stringify({ ...sealed, commitment: file.commitment, keyFile: v.out, ...ledger }));
    return EXIT.ok;
  }
  io.err(
    `wrote the key of game "${game.value}"${turn ? `, turn ${turn.value},` : ''} to ${v.out}: keep it secret until the turn is adjudicated.\n` +
      `Post this commitment, with the game's name "${game.value}", to the players before orders are due:`,
  );
  io.out(file.commitment);
  return EXIT.ok;
}

/** The ledger beside a key file just made: another key's, since a new key starts none. */
function ledgerBeside(keyPath: string): string | null {
  const ledger = ledgerPath(keyPath);
  return existsSync(ledger) ? ledger : null;
}

/**
 * The battles the key in `keyPath` sealed, by the ledger beside it (null when none: no key
 * file, no ledger, or a ledger of another key; a count of null when the ledger cannot be
 * read). A key that sealed battles is the one thing that can verify them: `--force` never
 * destroys it.
 */
function battlesSealedBy(keyPath: string): { count: number | null; ledger: string } | null {
  const ledger = ledgerBeside(keyPath);
  const key = existsSync(keyPath) ? readKeyFile(keyPath) : null;
  if (ledger === null || key === null || !key.ok) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readTextFile(ledger));
  } catch {
    return { count: null, ledger };
  }
  if (!isRecord(parsed) || parsed.commitment !== key.value.commitment) return null;
  const count = Array.isArray(parsed.battles) ? parsed.battles.length : 0;
  return count > 0 ? { count, ledger } : null;
}

/** The commitment a ledger names, or undefined when it names none that can be read. */
function ledgerCommitment(path: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readTextFile(path));
    const c = isRecord(parsed) ? parsed.commitment : undefined;
    return typeof c === 'string' ? c : undefined;
  } catch {
    return undefined;
  }
}

function oldLedgerNote(ledger: string, keyPath: string): string {
  const commitment = ledgerCommitment(ledger);
  const whose = commitment ? `another key (commitment ${commitment})` : 'another key';
  return (
    `praetor seal: note: ${ledger} lists the battles sealed with ${whose}, not with the new ` +
    `key in ${keyPath}: "praetor adjudicate --key ${keyPath}" refuses it until it is moved ` +
    'aside. It was left as it was.'
  );
}
