import { existsSync } from 'node:fs';
import { addAll } from '../../src/problem-list';
import { checkGame, parseTurn } from '../../src/sealed';
import { PostedSeal, Replayed, Verification, VerifyKey, verifyWithReplay } from '../../src/verify';
import { clashMessage, copyMessage, sealedIdClashes } from '../../src/verify-clashes';
import { turnSummary } from '../../src/verify-turn';
import { adjudicatedFiles, NO_ADJUDICATED_WORKBOOK } from '../adjudicated-inputs';
import { isLockFile, LOCK_FILE, openInExcelWarning } from '../excel-lock';
import { isDir } from '../fs-errors';
import { EXIT, Io, UsageError } from '../io';
import { readKeyArg } from '../keyfile';
import { readForVerify } from '../workbook/verify-read';
import { parseOptionsOnce } from '../flags';

export const VERIFY_HELP = `Usage: praetor verify INPUT... [--key KEYFILE|HEX] [--commitment HEX]
                       [--game NAME] [--turn N] [--json]

Checks an adjudicated workbook: re-resolves every battle from its orders (the Battles and
Legions sheets) with the dice its Results sheet records, and compares every Results row and
every logged shot (the "Log <battle>" sheets), cell by cell. Prints OK, or each mismatch: the
battle, the shot, the cell, what the workbook says and what the dice say. A workbook open in
Excel (its lock file ~$NAME.xlsx beside it) is checked as saved, with a warning; the lock file
named itself is no workbook.

Battles with a seed or scripted dice need no key. Sealed dice ("praetor adjudicate --key")
need the key the game master revealed: its SHA-256 must be the commitment in Results, and
every die is then derived from it as docs/verify.md explains. Give the commitment, game and
turn the game master posted before orders were due, and verify checks Results record those.
A key given for a workbook whose dice are not sealed is a mismatch.

Give several workbooks, or a folder, to check a whole turn: a folder gives its adjudicated
workbooks (NAME.praetor.xlsx or .xlsm) and its sub-folders', sorted by path. Each is checked
as above, and one that cannot be checked is named while the others go on. Then, in a sealed
turn, every battle fought (one with an error rolled no dice) must have an id no other workbook
has: the id picks the dice, so two battles with one id rolled the same dice. Copies of one
workbook are noted and count once. A last line counts the workbooks (and folders named that
hold none).

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
  praetor verify sealed/ --key rome.key.json --game Rome --turn 4

Exit status: 0 everything matches, 1 mismatches (or, of several workbooks, a battle id in two,
some that cannot be checked, or a folder with none), 2 bad usage or a workbook that cannot be
checked (not readable, no Results sheet, sealed dice and no key; of several, none can be).`;

const OPTIONS = {
  key: { type: 'string' },
  commitment: { type: 'string' },
  game: { type: 'string' },
  turn: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function verifyCommand(argv: string[], io: Io): Promise<number> {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS, true);
  if (positionals.length === 0) {
    throw new UsageError('give one adjudicated workbook, or several, or a folder of them');
  }
  let key;
  if (v.key !== undefined) {
    const read = readKeyArg(v.key);
    if (!read.ok) throw new UsageError(`--key ${read.error}`);
    key = read.value;
  }
  const posted = readPosted(v);
  const json = v.json === true;
  // One file named alone is checked as it always was: one that cannot be checked is bad usage.
  if (positionals.length === 1 && isDir(positionals[0]) !== true) {
    return verifyOne(positionals[0], key, posted, json, io);
  }
  return verifyTurn(positionals, key, posted, json, io);
}

async function verifyOne(
  path: string,
  key: VerifyKey | undefined,
  posted: PostedSeal,
  json: boolean,
  io: Io,
): Promise<number> {
  const checked = await checkFile(path, key, posted);
  if (!checked.ok) {
    // Exit 2 as for bad usage, but the file is at fault: no pointer to the help.
    if (json) io.out(JSON.stringify(jsonOf(checked), null, 2));
    io.err(`praetor verify: ${checked.error}`);
    if (!json) for (const w of checked.warnings) io.err(`warning: ${w}`);
    return EXIT.usage;
  }
  const good = checked.value.mismatches.length === 0;
  if (json) io.out(JSON.stringify(jsonOf(checked), null, 2));
  else io.out(verifyText(path, checked.value, posted, checked.warnings));
  return good ? EXIT.ok : EXIT.someFailed;
}

/**
 * Several workbooks, or a folder's: each checked as one is, a workbook that cannot be checked
 * named among them; then, in each sealed turn, the battle ids two workbooks share.
 */
async function verifyTurn(
  paths: readonly string[],
  key: VerifyKey | undefined,
  posted: PostedSeal,
  json: boolean,
  io: Io,
): Promise<number> {
  const checked: CheckedFile[] = [];
  // A folder named that holds no adjudicated workbook is no workbook: named apart.
  const emptyFolders: string[] = [];
  for (const { input, error } of adjudicatedFiles(paths)) {
    if (error === NO_ADJUDICATED_WORKBOOK) emptyFolders.push(input);
    else if (error !== undefined)
      checked.push({ ok: false, file: input, error: `${input}: ${error}`, warnings: [] });
    else checked.push(await checkFile(input, key, posted));
  }
  const { clashes, copies } = sealedIdClashes(
    checked.flatMap((c) =>
      c.ok && c.value.seal ? [{ file: c.file, seal: c.value.seal, ...c.replayed }] : [],
    ),
  );
  const failed = checked.filter((c) => !c.ok).length;
  const mismatched = checked.filter((c) => c.ok && c.value.mismatches.length > 0).length;
  const good =
    failed === 0 && mismatched === 0 && clashes.length === 0 && emptyFolders.length === 0;
  const folderLines = emptyFolders.map((f) => `${f}: ${NO_ADJUDICATED_WORKBOOK}`);
  if (json) {
    const workbooks = checked.map(jsonOf);
    io.out(JSON.stringify({ workbooks, emptyFolders, clashes, copies, ok: good }, null, 2));
    for (const c of checked) if (!c.ok) io.err(`praetor verify: ${c.error}`);
    for (const line of folderLines) io.err(`praetor verify: ${line}`);
  } else {
    const blocks = [
      ...folderLines,
      ...checked.map((c) =>
        c.ok
          ? verifyText(c.file, c.value, posted, c.warnings)
          : [cannotCheck(c.file, c.error), ...c.warnings.map((w) => `warning: ${w}`)].join('\n'),
      ),
    ];
    const clashLines = [
      ...copies.map((c) => `note: ${copyMessage(c)}`),
      ...clashes.map((c) => `MISMATCH ${clashMessage(c)}`),
    ];
    const counts = {
      workbooks: checked.length,
      failed,
      mismatched,
      clashes: clashes.length,
      emptyFolders: emptyFolders.length,
    };
    io.out([...blocks, [...clashLines, turnSummary(counts)].join('\n')].join('\n\n'));
  }
  // Nothing checked at all: as for one workbook that cannot be checked.
  if (failed === checked.length) return EXIT.usage;
  return good ? EXIT.ok : EXIT.someFailed;
}

/** A workbook checked, or why it could not be; `warnings` are the run's (a workbook open in Excel). */
type CheckedFile = { file: string; warnings: string[] } & (
  { ok: true; value: Verification; replayed: Replayed } | { ok: false; error: string }
);

async function checkFile(
  path: string,
  key: VerifyKey | undefined,
  posted: PostedSeal,
): Promise<CheckedFile> {
  // As adjudicate has it: a lock file that is not there is no such file, as the reader says.
  if (isLockFile(path) && existsSync(path)) {
    return { ok: false, file: path, error: `${path}: ${LOCK_FILE}`, warnings: [] };
  }
  const open = openInExcelWarning(path);
  const warnings = open === null ? [] : [open];
  // The reader's errors name the file already.
  const book = await readForVerify(path);
  if (!book.ok) return { ok: false, file: path, error: book.error, warnings };
  const checked = verifyWithReplay(book.value, key, posted);
  if (!checked.ok) return { ok: false, file: path, error: `${path}: ${checked.error}`, warnings };
  const { verification, replayed } = checked.value;
  return { ok: true, file: path, value: verification, replayed, warnings };
}

/** A workbook's JSON report, as `praetor verify WORKBOOK --json` prints it. */
function jsonOf(c: CheckedFile): object {
  const warned = c.warnings.length > 0 ? { warnings: c.warnings } : {};
  if (!c.ok) return { file: c.file, ok: false, error: c.error, ...warned };
  return { file: c.file, ok: c.value.mismatches.length === 0, ...c.value, ...warned };
}

/** A workbook of several that cannot be checked: one line, naming it first. */
function cannotCheck(path: string, error: string): string {
  const why = error.startsWith(`${path}: `) ? error.slice(path.length + 2) : error;
  return `${path}: could not be checked: ${why}`;
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

function verifyText(
  path: string,
  r: Verification,
  posted: PostedSeal,
  warnings: readonly string[],
): string {
  const dice = r.seal
    ? `dice sealed: game "${r.seal.game}", turn ${r.seal.turn}, commitment ${r.seal.commitment}`
    : 'dice from seeds or scripted lists';
  // A wrong key stops the replay before any battle is read: no count to give.
  const replayed = r.mismatches.some((m) => m.wrongKey)
    ? 'nothing replayed (no die can be drawn from a key that does not match)'
    : `${r.battles} battle${r.battles === 1 ? '' : 's'}` +
      (r.failed > 0
        ? ` (${r.failed} not fought: ${r.failed === 1 ? 'its' : 'their'} error replayed)`
        : '') +
      `, ${r.shots} shot${r.shots === 1 ? '' : 's'} replayed`;
  const lines = [
    `${path}, sheet ${r.results}: ${replayed}; ${dice}`,
    ...warnings.map((w) => `warning: ${w}`),
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
    addAll(
      lines,
      r.mismatches.map((m) => `MISMATCH ${m.message}`),
    );
    const n = r.mismatches.length;
    lines.push(`${n} mismatch${n === 1 ? '' : 'es'}.`);
  }
  return lines.join('\n');
}
