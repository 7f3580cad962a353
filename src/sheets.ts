import { BattleResult, resolveBattle } from './battle';
import { validateBattle } from './battle-spec';
import { cellText, widestRow } from './cells';
import { formatCounts } from './forces';
import { logTable, summaryLines } from './log';
import { Result } from './result';
import { findRuleset } from './rulesets';
import { keyCommitment, lookAlikeProblem, Seal, SealRecord } from './sealed';
import { Submission, SubmissionEntry } from './submission';

/**
 * The cells Praetor writes back: the `Results` sheet and one `Log <battle>` sheet per battle.
 * Pure, so that the taskpane and the headless referee write the same values.
 */

export type CellValue = string | number | boolean;

export interface Adjudicated {
  id: string;
  where: string;
  outcome: Result<BattleResult>;
  /** The turn's seal, when the dice were sealed (also on a battle with an error). */
  seal?: SealRecord;
}

/**
 * Resolves every battle of a submission; a bad battle gets its error, the others go on. With a
 * `seal`, every battle's dice come from the sealed stream of its game, turn and id, and a
 * battle that gives its own `Dice` or `Seed` is an error naming that cell: nothing a player or
 * the referee writes can choose the dice of a sealed turn.
 */
export function adjudicateSubmission(submission: Submission, seal?: Seal): Adjudicated[] {
  const record = seal && { game: seal.game, turn: seal.turn, commitment: keyCommitment(seal.key) };
  return submission.entries.map((entry) => {
    const a = adjudicateEntry(entry, seal);
    return record ? { ...a, seal: record } : a;
  });
}

function adjudicateEntry(entry: SubmissionEntry, seal?: Seal): Adjudicated {
  const { id, where } = entry;
  const fail = (error: string): Adjudicated => ({ id, where, outcome: { ok: false, error } });
  if (entry.spec === null) return fail(entry.error!);
  let spec = entry.spec;
  if (seal) {
    const own = entry.diceAt ?? entry.seedAt;
    if (own !== undefined) {
      return fail(
        `${own}: battle "${id}" gives its own ${entry.diceAt ? 'Dice' : 'Seed'}, but this turn's ` +
          `dice are sealed: every battle's dice come from the game key. Clear the cell.`,
      );
    }
    const lookAlike = lookAlikeProblem(id);
    if (lookAlike) {
      return fail(
        `${where}: battle id "${id}" ${lookAlike}: in a sealed turn a battle's id picks its ` +
          `dice, so retype it`,
      );
    }
    spec = { ...spec, seed: undefined, dice: undefined, sealed: seal };
  }
  const battle = validateBattle(spec, id);
  if (!battle.ok) return { id, where, outcome: battle };
  const outcome = resolveBattle(battle.value);
  // A battle that resolves badly has run out of its scripted dice: point at them.
  if (!outcome.ok && entry.diceAt !== undefined) return fail(`${entry.diceAt}: ${outcome.error}`);
  return { id, where, outcome };
}

/** The `Results` columns of every workbook, sealed or not. */
export const RESULTS_HEADER = [
  'Battle',
  'Winner',
  'Outcome',
  'Rounds',
  'Attacker survivors',
  'Defender survivors',
  'Leaders captured',
  'Dice used',
  'Seed',
  'Error',
];

/**
 * The columns after those when the dice are sealed: the turn's seal, never the key. They come
 * last, so that anything reading the first ten columns reads a sealed Results sheet too.
 */
export const SEAL_HEADER = ['Game', 'Turn', 'Commitment'];

/** A sheet is a Results sheet when its header row starts with RESULTS_HEADER. */
export const isResultsHeader = (cells: readonly unknown[]): boolean =>
  RESULTS_HEADER.every((v, i) => cellText(cells[i]) === v);

/** A Results column's index by its header (the sealed columns included). */
export const resultsColumn = (header: string): number =>
  [...RESULTS_HEADER, ...SEAL_HEADER].indexOf(header);

const codesOf = (result: BattleResult) => findRuleset(result.ruleset.id)!.units.map((u) => u.code);

export function resultsRow(a: Adjudicated): CellValue[] {
  const seal = a.seal ? [a.seal.game, a.seal.turn, a.seal.commitment] : [];
  if (!a.outcome.ok) return [a.id, '', 'error', '', '', '', '', '', '', a.outcome.error, ...seal];
  const r = a.outcome.value;
  const codes = codesOf(r);
  const seed =
    'seed' in r.dice
      ? r.dice.seed
      : 'scripted' in r.dice
        ? `scripted: ${r.dice.scripted.join(',')}`
        : 'sealed';
  return [
    r.id,
    r.winner ?? '',
    r.outcome,
    r.rounds,
    formatCounts(r.attacker, codes),
    formatCounts(r.defender, codes),
    r.captured.join(', '),
    r.diceUsed,
    seed,
    '',
    ...seal,
  ];
}

/** A row for an error or warning that belongs to no one battle (a column, a stray legion). */
export function noteRow(kind: 'error' | 'warning', message: string): CellValue[] {
  return ['', '', kind, '', '', '', '', '', '', message];
}

/**
 * The `Results` sheet: the header, one row per battle in the workbook's order, then a row for
 * each problem and warning of the submission (give them to have them listed).
 */
export function resultsSheet(
  all: readonly Adjudicated[],
  problems: readonly string[] = [],
  warnings: readonly string[] = [],
): CellValue[][] {
  const sealed = all.some((a) => a.seal !== undefined);
  return [
    sealed ? [...RESULTS_HEADER, ...SEAL_HEADER] : RESULTS_HEADER,
    ...all.map(resultsRow),
    ...problems.map((p) => noteRow('error', p)),
    ...warnings.map((w) => noteRow('warning', w)),
  ];
}

/** Widths (characters) of the `Results` columns, the sealed ones last: take as many as needed. */
export const RESULTS_WIDTHS = [14, 10, 11, 8, 22, 22, 22, 10, 30, 40, 16, 6, 33];
/**
 * The Results columns whose text wraps within their width (the seed, which a derived seed makes
 * hundreds of characters long, the error, the 64 hex digits of the commitment), so that a printed
 * page, fitted to the sheet's width, stays readable.
 */
export const RESULTS_WRAPPED: readonly number[] = [8, 9, 12];

/**
 * The columns of `body` (the rows below a header) that hold numbers and nothing else but blanks:
 * centered, so that a number is not read with the text beside it (`4 CAV#2`, `3 1 CAT 1 CAV`).
 */
export function numberColumns(body: readonly (readonly unknown[])[]): number[] {
  const width = widestRow(body);
  const columns: number[] = [];
  for (let c = 0; c < width; c++) {
    const values = body.map((row) => row[c]).filter((v) => v !== '' && v !== undefined);
    if (values.length > 0 && values.every((v) => typeof v === 'number')) columns.push(c);
  }
  return columns;
}

/** `Results`, or `Results (2)`, ... when the workbook already has a sheet of that name. */
export const resultsSheetName = (taken: ReadonlySet<string>): string =>
  freeSheetName('Results', taken);

/** A log sheet: the summary lines on top, a blank row, then the header and one row per shot. */
export interface LogSheet {
  name: string;
  /** Rows of the summary block (one cell each). */
  summary: string[];
  header: string[];
  widths: number[];
  rows: CellValue[][];
  /** What the printed pages' header shows: the battle, the ruleset, the dice. */
  page: { battle: string; ruleset: string; dice: string };
}

/** The row (0-based) of a log sheet's table header: below the summary and a blank row. */
export const logHeaderRow = (log: LogSheet): number => log.summary.length + 1;

/** Excel's height of a row of one line of its default font (Calibri 11), in points. */
export const LINE_HEIGHT = 15;
/** The most lines a row is made tall for (Excel's rows stop at 409 points). */
export const MAX_LINES = 27;
/** A log's title (its first summary line), in both writers: bold, in a larger font. */
export const TITLE_FONT_SIZE = 13;
/** The height of a line of the title's font (Excel's row height for 13-point Calibri). */
export const TITLE_LINE_HEIGHT = 17.25;
/** The tallest row Excel allows, in points. */
export const MAX_ROW_HEIGHT = 409;

/**
 * The height both writers give a row of `lines` wrapped lines of `lineHeight` points each
 * (`TITLE_LINE_HEIGHT` for a log's title), in points: at most Excel's tallest row.
 */
export const rowHeight = (lines: number, lineHeight = LINE_HEIGHT): number =>
  Math.min(MAX_ROW_HEIGHT, lines * lineHeight);

/**
 * The lines `text` takes wrapped at `width` characters, broken between words, and within a
 * word longer than a line. Counted in characters: a generous measure of proportional text.
 */
export function wrappedLines(text: string, width: number): number {
  const room = Math.max(1, Math.floor(width));
  // Most cells fit a line: no need to take them apart.
  if (text.length <= room && !text.includes('\n')) return 1;
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let used = 0;
    lines++;
    for (const word of paragraph.split(' ')) {
      let rest = word.length;
      const gap = used > 0 ? 1 : 0;
      if (used + gap + rest <= room) {
        used += gap + rest;
        continue;
      }
      if (used > 0) lines++;
      while (rest > room) {
        lines++;
        rest -= room;
      }
      used = rest;
    }
  }
  return lines;
}

/** The lines a row is made tall for, for `text` wrapped at `width`: at most `MAX_LINES`. */
export const rowLines = (text: string, width: number): number =>
  Math.min(MAX_LINES, wrappedLines(text, width));

/** Excel's width of a column that has none set, in characters (8.43, as counted here). */
export const DEFAULT_WIDTH = 8;

/**
 * How a log's summary lines sit above its table: each spans the table's `columns` (merged from
 * column A when there are two or more), wraps at their `width` together (in characters, the sum
 * of the column widths) and is top-aligned; `lines` is how many lines each takes (1 when it
 * fits), the height both writers give its row.
 */
export function logSummaryLayout(log: LogSheet): {
  columns: number;
  width: number;
  lines: number[];
} {
  const columns = Math.max(1, log.header.length);
  let width = 0;
  for (let c = 0; c < columns; c++) width += log.widths[c] ?? DEFAULT_WIDTH;
  return { columns, width, lines: log.summary.map((line) => rowLines(line, width)) };
}

export function logSheet(
  result: BattleResult,
  takenNames: ReadonlySet<string> = new Set(),
): LogSheet {
  const ruleset = findRuleset(result.ruleset.id)!;
  const table = logTable(ruleset, result.events);
  return {
    name: logSheetName(result.id, takenNames),
    summary: summaryLines(result, ruleset),
    header: table.headers,
    widths: table.widths,
    rows: table.rows,
    page: {
      battle: `Battle ${result.id}`,
      ruleset: `${ruleset.id} ${ruleset.version}`,
      dice:
        'seed' in result.dice
          ? `seed ${result.dice.seed}`
          : 'scripted' in result.dice
            ? `scripted dice (${result.dice.scripted.length})`
            : `sealed dice, turn ${result.dice.sealed.turn}`,
    },
  };
}

/**
 * `Log <battle>`, made a legal, unused sheet name: Excel forbids `: \ / ? * [ ]`, a leading or
 * trailing apostrophe and more than 31 characters, and compares names case-insensitively.
 */
export function logSheetName(battleId: string, taken: ReadonlySet<string>): string {
  // An id of apostrophes alone would leave `Log`, which is no log sheet's name.
  return freeSheetName(`Log ${/^[\s']*$/.test(battleId) ? '_' : battleId}`, taken);
}

/**
 * A sheet name as Excel compares it, in any case: by its capitals, so that `ς` and `σ` (both
 * `Σ`), `ı` and `i`, `ſ` and `s` are one letter, as they are to Excel and LibreOffice.
 */
export const sheetNameKey = (name: string): string => name.toUpperCase().toLowerCase();

/** The first `n` UTF-16 units of `s` (Excel's measure of a name), never half a character. */
const cut = (s: string, n: number) => s.slice(0, n).replace(/[\ud800-\udbff]$/, '');

/** Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE/F). */
export const NOT_XML_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** What a sheet name cannot hold: Excel's forbidden characters, and what XML cannot hold. */
const SHEET_NAME_BAD = new RegExp(`[:\\\\/?*[\\]\\t\\n\\r]|${NOT_XML_CHARS.source}`, 'g');

/** `name` made a legal sheet name not in `taken` (any case), with ` (2)`, ` (3)`... if need be. */
export function freeSheetName(name: string, taken: ReadonlySet<string>): string {
  const clean =
    name
      .replace(SHEET_NAME_BAD, '_')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  const keys = new Set([...taken].map(sheetNameKey));
  const fits = (n: string) => !keys.has(sheetNameKey(n)) && sheetNameKey(n) !== 'history';
  const base = cut(clean, 31).replace(/'+$/, '');
  if (fits(base)) return base;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const candidate = cut(clean, 31 - suffix.length) + suffix;
    if (fits(candidate)) return candidate;
  }
}

/** Text Excel would read as a formula when typed: it starts with `=`, `+`, `-` or `@`. */
export const looksLikeFormula = (value: CellValue): boolean =>
  typeof value === 'string' && /^[=+\-@]/.test(value);

/** Text that Excel would read as a formula (`=`, `+`, `-`, `@`) is written with a leading `'`. */
export function safeText(value: CellValue): CellValue {
  return looksLikeFormula(value) ? `'${value}` : value;
}
