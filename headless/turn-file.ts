import { basename, dirname, extname, join } from 'node:path';
import { TurnLine } from '../src/economy/lines';
import { OrdersFingerprint, ordersFingerprint } from '../src/economy/orders-fingerprint';
import {
  OrderTableKind,
  Repeats,
  noRepeats,
  orderRows,
  recordedRows,
  repeatsOf,
  rowsRecord,
} from '../src/economy/repeated-orders';
import { gameSheetRows, turnReportRows } from '../src/economy/report';
import { EconomyTables } from '../src/economy/state';
import { playTurn, TurnOutcome } from '../src/economy/turn';
import { freeSheetName } from '../src/sheet-names';
import { modeOf, OutputExistsError, OutputWriteError, writeFileAtomic } from './atomic-write';
import { CellWrite } from './workbook/cell-patch';
import { readFailure } from './workbook/exceljs-parts';
import { PackageLimits } from './workbook/guard';
import { findTable, loadWorkbook, readPackageFile } from './workbook/read';
import { sheetIndex } from './workbook/exceljs-load';
import { SheetContent } from './workbook/sheet-xml';
import { writeCellsToPackage } from './workbook/sheet-parts';
import { gameContent, turnReportContent } from './workbook/turn-layouts';
import { addSheetsToPackage, isStrictPackage, readWorkbookName } from './workbook/write';
import { strictRefusal } from './workbook/package-parts';

/**
 * One workbook's turn, start to end: check the package, read the books and the orders, play
 * the turn with the pure core, then write a new workbook: the original package with the changed
 * cells of `Players`, `Territories` and `Game` rewritten in place and a `Turn report` sheet
 * added. Never throws: a bad file is a report.
 *
 * The output records the fingerprint of the orders it played (see `ordersFingerprint`) as a
 * hidden workbook-level defined name, `_Praetor_TurnOrders`, whose formula is the string
 * constant `"<64 hex digits>"`. A workbook that holds the fingerprint of its own orders is a
 * turn's output played again with the same orders: it is refused, unless `again`.
 *
 * It records each order row it played too (see `repeated-orders.ts`), as a second hidden name,
 * `_Praetor_TurnRows`, an array constant of strings: a row of the next turn that is the same as
 * one of them is named (a warning when it is played, an error when it is held back), so that a
 * row left from the last turn is not played again without a word once another row is edited.
 */

/** The defined name that holds the fingerprint of the orders a turn's output was played with. */
export const TURN_ORDERS_NAME = '_Praetor_TurnOrders';
/** The defined name that holds the order rows a turn's output was played with, one by one. */
export const TURN_ROWS_NAME = '_Praetor_TurnRows';

/** What a refusal asks the user to do again on a workbook saved anew. */
const TURN_COMMAND = 'run the turn on';

const ordersFormula = (f: OrdersFingerprint) => `"${f.hex}"`;

/** The fingerprint a `_Praetor_TurnOrders` formula holds, or null when it holds none. */
export function fingerprintOf(formula: string | undefined): string | null {
  const m = /^"([0-9a-f]{64})"$/.exec(formula ?? '');
  return m ? m[1] : null;
}

/** Why a turn's output with its orders unchanged is not played again. */
export function playedBefore(f: OrdersFingerprint): string {
  return f.empty
    ? 'this workbook was written by a turn with no orders, and it still has none: playing it ' +
        "would pay the income again. Write the new turn's orders in Purchases or Ransoms, or " +
        'add --again if this turn has none either'
    : 'these orders were played by the turn that wrote this workbook (its Purchases and ' +
        "Ransoms are still that turn's): clear Purchases and Ransoms, or write the new turn's " +
        'orders, before the next turn; or add --again to play them once more';
}

export const PLAYED_AGAIN =
  'these orders were played before, by the turn that wrote this workbook: they are played again (--again)';
/** Why `--again` changed nothing: the orders are new to the workbook, played as any. */
export const NOT_PLAYED_BEFORE =
  '--again: the workbook does not record these orders as played before; they were played once';
export const TURN_REPORT_WARNING = `the workbook already has a sheet "Turn report": is it a turn's output? Its orders may have been played before`;

export interface TurnJob {
  input: string;
  output: string;
  force: boolean;
  /** Play orders that the workbook records as played already (its own turn's). */
  again?: boolean;
  limits?: PackageLimits;
}

export interface PlayerReport {
  player: string;
  treasuryBefore: number;
  income: number;
  treasuryAfter: number;
}

export interface TurnFileReport {
  input: string;
  /** The workbook written, or null when none was. */
  output: string | null;
  inflation: { before: number; after: number } | null;
  players: PlayerReport[];
  lines: TurnLine[];
  /** Lines that changed the books, orders rejected by the rules, orders that were errors. */
  done: number;
  rejected: number;
  /** Orders that could not be read, plus problems that stopped the turn. */
  errors: number;
  /** Why the turn could not be played: unreadable books or order tables. */
  problems: string[];
  warnings: string[];
  /** About the command line rather than the workbook (an `--again` that changed nothing). */
  notes: string[];
  /** Why the file could not be read or written at all. */
  error: string | null;
}

/** NAME.xlsx gives NAME.turn.xlsx (NAME.xlsm gives NAME.turn.xlsm), beside it or in `outDir`. */
export function turnOutputPath(input: string, outDir?: string): string {
  const ext = extname(input).toLowerCase() === '.xlsm' ? '.xlsm' : '.xlsx';
  return join(outDir ?? dirname(input), `${basename(input, extname(input))}.turn${ext}`);
}

const emptyReport = (input: string): TurnFileReport => ({
  input,
  output: null,
  inflation: null,
  players: [],
  lines: [],
  done: 0,
  rejected: 0,
  errors: 0,
  problems: [],
  warnings: [],
  notes: [],
  error: null,
});

export const failedTurn = (input: string, error: string): TurnFileReport => ({
  ...emptyReport(input),
  errors: 1,
  error,
});

export async function turnFile(job: TurnJob): Promise<TurnFileReport> {
  try {
    return await play(job);
  } catch (e) {
    if (e instanceof OutputExistsError || e instanceof OutputWriteError) {
      return failedTurn(job.input, e.message);
    }
    return failedTurn(job.input, `the turn cannot be played: ${(e as Error).message}`);
  }
}

async function play(job: TurnJob): Promise<TurnFileReport> {
  const checked = readPackageFile(job.input, job.limits);
  if (!checked.ok) return failedTurn(job.input, checked.error);
  // Refused before the turn is played and shown, not when its cells are written.
  if (isStrictPackage(checked.value)) return failedTurn(job.input, strictRefusal(TURN_COMMAND));

  let workbook;
  try {
    workbook = await loadWorkbook(checked.value);
  } catch (e) {
    return failedTurn(job.input, `not a readable workbook: ${readFailure(e)}`);
  }
  const tables: EconomyTables = {
    players: findTable(workbook, 'Players'),
    territories: findTable(workbook, 'Territories'),
    game: findTable(workbook, 'Game'),
    purchases: findTable(workbook, 'Purchases'),
    ransoms: findTable(workbook, 'Ransoms'),
  };
  const sheetNames = sheetIndex(workbook);
  const fingerprint = ordersFingerprint(tables.purchases, tables.ransoms);
  const recorded = readWorkbookName(checked.value, TURN_ORDERS_NAME);
  const rows = orderRows(tables.purchases, tables.ransoms);
  const previous = recordedRows(readWorkbookName(checked.value, TURN_ROWS_NAME));
  const found = previous === null ? noRepeats() : repeatsOf(rows, previous, job.again === true);
  // The same orders, or the same rows in another order (a table sorted): the turn played.
  const playedAgain = fingerprintOf(recorded) === fingerprint.hex || found.ordersUnchanged;
  if (playedAgain && job.again !== true) return failedTurn(job.input, playedBefore(fingerprint));
  // Orders all played again (--again) are one warning, not one per row.
  const repeats = playedAgain ? noRepeats() : found;
  const played = playTurn(tables, sheetNames, repeats);
  if (!played.ok) {
    return { ...emptyReport(job.input), errors: played.error.length, problems: played.error };
  }
  const outcome = played.value;
  const taken = new Set(sheetNames);
  const reportName = freeSheetName('Turn report', taken);
  const warnings = [...outcome.warnings];
  // A workbook that records no orders but has a Turn report: a turn's output from before the
  // orders were recorded, or one whose names were lost (a tool that keeps no defined names).
  const warning = playedAgain
    ? PLAYED_AGAIN
    : fingerprintOf(recorded) === null && reportName !== 'Turn report'
      ? TURN_REPORT_WARNING
      : null;
  if (warning !== null) {
    warnings.push(warning);
    outcome.lines.push({
      step: 'warning',
      player: '',
      at: '',
      what: warning,
      talents: null,
      treasury: null,
      result: 'none',
      reason: '',
    });
  }
  const report = fileReport(job.input, outcome, warnings);

  const writes = new Map<string, CellWrite[]>();
  for (const u of outcome.updates) {
    const list = writes.get(u.cell.sheet) ?? [];
    list.push({ row: u.cell.row, col: u.cell.col, value: u.value });
    writes.set(u.cell.sheet, list);
  }
  const patched = writeCellsToPackage(checked.value.data, writes);
  if (!patched.ok) return { ...report, errors: report.errors + 1, error: patched.error };

  const name = basename(job.input);
  const sheets: SheetContent[] = [turnReportContent(reportName, turnReportRows(outcome), name)];
  if (outcome.addGameSheet) sheets.push(gameContent(gameSheetRows(outcome), name));
  const written = await addSheetsToPackage(patched.value, sheets, {
    names: [
      { name: TURN_ORDERS_NAME, formula: ordersFormula(fingerprint), hidden: true },
      {
        name: TURN_ROWS_NAME,
        formula: rowsRecord(rows.map(doneIn(outcome, repeats))),
        hidden: true,
      },
    ],
    command: TURN_COMMAND,
  });
  writeFileAtomic(job.output, written, job.force, modeOf(job.input));
  // Rows that repeat one done last turn: what --again changes.
  const repeated = [...repeats.purchases.values(), ...repeats.ransoms.values()].some((r) => r.done);
  const notes = job.again === true && !playedAgain && !repeated ? [NOT_PLAYED_BEFORE] : [];
  return { ...report, output: job.output, notes };
}

/**
 * A row of the orders with whether it was done: by this turn (a line of its cell done), or by
 * an earlier one whose row it repeats, so that a ransom held back stays held back next turn.
 */
const doneIn = (outcome: TurnOutcome, repeats: Repeats) => {
  const done = new Set(outcome.lines.filter((l) => l.result === 'done').map((l) => l.at));
  return <R extends { at: string; kind: OrderTableKind }>(row: R) => ({
    ...row,
    done: done.has(row.at) || repeats[row.kind].get(row.at)?.done === true,
  });
};

function fileReport(input: string, outcome: TurnOutcome, warnings: string[]): TurnFileReport {
  return {
    ...emptyReport(input),
    inflation: outcome.inflation,
    players: outcome.after.players.map((p, i) => ({
      player: p.name,
      treasuryBefore: outcome.before.players[i].treasury,
      income: outcome.incomes[i].talents,
      treasuryAfter: p.treasury,
    })),
    lines: outcome.lines,
    done: outcome.counts.done,
    rejected: outcome.counts.rejected,
    errors: outcome.counts.error,
    warnings,
  };
}
