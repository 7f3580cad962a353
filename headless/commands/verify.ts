import { checkGame, parseTurn } from '../../src/sealed';
import { PostedSeal, Verification, verifyWorkbook } from '../../src/verify';
import { EXIT, Io, UsageError } from '../io';
import { readKeyArg } from '../keyfile';
import { readForVerify } from '../workbook/verify-read';
import { parseOptionsOnce } from '../flags';

export const VERIFY_HELP = `Usage: praetor verify WORKBOOK [--key KEYFILE|HEX] [--commitment HEX]
                      [--game NAME] [--turn N] [--json]

Checks an adjudicated workbook: re-resolves every battle from its orders (the Battles and
Legions sheets) with the dice its Results sheet records, and compares every Results row and
every logged shot (the "Log <battle>" sheets), cell by cell. Prints OK, or each mismatch: the
battle, the shot, the cell, what the workbook says and what the dice say.

Battles with a seed or scripted dice need no key. Sealed dice ("praetor adjudicate --key")
need the key the game master revealed: its SHA-256 must be the commitment in Results, and
every die is then derived from it as docs/verify.md explains. Give the commitment, game and
turn the game master posted before orders were due, and verify checks Results record those.
A key given for a workbook whose dice are not sealed is a mismatch.

Options:
  --key KEYFILE|HEX   the revealed game key: its key file, or the key as 64 hex digits
  --commitment HEX    the commitment posted before orders were due (64 hex digits)
  --game NAME         the game posted with it
  --turn N            the turn being checked
  --json              print a JSON report instead of text
  -h, --help          show this help

Examples:
  praetor verify out/turn-3.praetor.xlsx
  praetor verify sealed/turn-4.praetor.xlsx --key rome.key.json --game Rome --turn 4 --json

Exit status: 0 everything matches, 1 mismatches, 2 bad usage or a workbook that cannot be
checked (not readable, no Results sheet, sealed dice and no key).`;

const OPTIONS = {
  key: { type: 'string' },
  commitment: { type: 'string' },
  game: { type: 'string' },
  turn: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function verifyCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS, true);
  if (positionals.length !== 1) throw new UsageError('give one adjudicated workbook');
  const [path] = positionals;
  let key;
  if (v.key !== undefined) {
    const read = readKeyArg(v.key);
    if (!read.ok) throw new UsageError(`--key ${read.error}`);
    key = read.value;
  }
  const posted = readPosted(v);
  const book = await readForVerify(path);
  const checked = book.ok ? verifyWorkbook(book.value, key, posted) : book;
  if (!checked.ok) {
    // The error names the file already when reading it failed.
    const error = book.ok ? `${path}: ${checked.error}` : checked.error;
    if (!v.json) throw new UsageError(error);
    io.out(JSON.stringify({ file: path, ok: false, error }, null, 2));
    io.err(`praetor verify: ${error}`);
    return EXIT.usage;
  }
  const result = checked.value;
  const good = result.mismatches.length === 0;
  if (v.json) io.out(JSON.stringify({ file: path, ok: good, ...result }, null, 2));
  else io.out(verifyText(path, result, posted));
  return good ? EXIT.ok : EXIT.someFailed;
}

/** `--commitment`, `--game` and `--turn`: the seal the players were told of. */
function readPosted(v: { commitment?: string; game?: string; turn?: string }): PostedSeal {
  const posted: PostedSeal = {};
  if (v.commitment !== undefined) {
    const hex = v.commitment.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hex)) {
      throw new UsageError(`--commitment ${v.commitment}: a commitment is 64 hex digits`);
    }
    posted.commitment = hex;
  }
  if (v.game !== undefined) {
    const game = checkGame(v.game);
    if (!game.ok) throw new UsageError(`--game: ${game.error}`);
    posted.game = game.value;
  }
  if (v.turn !== undefined) {
    const turn = parseTurn(v.turn);
    if (!turn.ok) throw new UsageError(`--turn: ${turn.error}`);
    posted.turn = turn.value;
  }
  return posted;
}

function verifyText(path: string, r: Verification, posted: PostedSeal): string {
  const dice = r.seal
    ? `dice sealed: game "${r.seal.game}", turn ${r.seal.turn}, commitment ${r.seal.commitment}`
    : 'dice from seeds or scripted lists';
  const lines = [
    `${path}, sheet ${r.results}: ${r.battles} battle${r.battles === 1 ? '' : 's'}, ` +
      `${r.shots} logged shot${r.shots === 1 ? '' : 's'}; ${dice}`,
    ...r.notes.map((n) => `note: ${n}`),
  ];
  if (r.mismatches.length === 0) {
    lines.push(r.seal ? `OK: the key matches the commitment, and every cell replays.` : 'OK');
    if (r.seal && posted.commitment === undefined) {
      lines.push(
        `Check that ${r.seal.commitment} is the commitment posted before orders were due ` +
          '(or give it with --commitment).',
      );
    }
  } else {
    lines.push(...r.mismatches.map((m) => `MISMATCH ${m.message}`));
    const n = r.mismatches.length;
    lines.push(`${n} mismatch${n === 1 ? '' : 'es'}.`);
  }
  return lines.join('\n');
}
