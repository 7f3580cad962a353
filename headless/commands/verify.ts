import { parseArgs } from 'node:util';
import { Verification, verifyWorkbook } from '../../src/verify';
import { EXIT, Io, UsageError } from '../io';
import { readKeyArg } from '../keyfile';
import { readForVerify } from '../workbook/verify-read';

export const VERIFY_HELP = `Usage: praetor verify WORKBOOK [--key KEYFILE|HEX] [--json]

Checks an adjudicated workbook: re-resolves every battle from its orders (the Battles and
Legions sheets) with the dice its Results sheet records, and compares every Results row and
every logged shot (the "Log <battle>" sheets), cell by cell. Prints OK, or each mismatch: the
battle, the shot, the cell, what the workbook says and what the dice say.

Battles with a seed or scripted dice need no key. Sealed dice ("praetor adjudicate --key")
need the key the game master revealed: its SHA-256 must be the commitment in Results, and
every die is then derived from it as docs/verify.md explains.

Options:
  --key KEYFILE|HEX   the revealed game key: its key file, or the key as 64 hex digits
  --json              print a JSON report instead of text
  -h, --help          show this help

Exit status: 0 everything matches, 1 mismatches, 2 bad usage or a workbook that cannot be
checked (not readable, no Results sheet, sealed dice and no key).`;

const OPTIONS = {
  key: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function verifyCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('give one adjudicated workbook');
  const [path] = positionals;
  let key;
  if (v.key !== undefined) {
    const read = readKeyArg(v.key);
    if (!read.ok) throw new UsageError(`--key ${read.error}`);
    key = read.value;
  }
  const book = await readForVerify(path);
  const checked = book.ok ? verifyWorkbook(book.value, key) : book;
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
  else io.out(verifyText(path, result));
  return good ? EXIT.ok : EXIT.someFailed;
}

function verifyText(path: string, r: Verification): string {
  const dice = r.seal
    ? `dice sealed: game "${r.seal.game}", turn ${r.seal.turn}, commitment ${r.seal.commitment}`
    : 'dice from seeds or scripted lists';
  const lines = [
    `${path}, sheet ${r.results}: ${r.battles} battle${r.battles === 1 ? '' : 's'}, ` +
      `${r.shots} logged shot${r.shots === 1 ? '' : 's'}; ${dice}`,
    ...r.notes.map((n) => `note: ${n}`),
  ];
  if (r.mismatches.length === 0) {
    lines.push(r.seal ? 'OK: the key matches the commitment, and every cell replays.' : 'OK');
  } else {
    lines.push(...r.mismatches.map((m) => `MISMATCH ${m.message}`));
    const n = r.mismatches.length;
    lines.push(`${n} mismatch${n === 1 ? '' : 'es'}.`);
  }
  return lines.join('\n');
}
