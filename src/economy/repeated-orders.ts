import { sha256, toHex, utf8 } from '../sha256';
import { Canonical, canonicalOrderRows } from './orders-fingerprint';
import { PURCHASE_COLUMNS, RANSOM_COLUMNS } from './read-orders';
import { EconomyTable } from './state';

/**
 * Rows of `Purchases` and `Ransoms` that repeat a row the previous turn played. The turn's
 * fingerprint (`ordersFingerprint`) tells a workbook whose orders are all the last turn's; once
 * a single order is edited it no longer does, and every row left from the last turn would be
 * played again without a word (a ransom paid twice, units bought twice). So the output records
 * each order row it played too, and the next turn names every row that is the same as one of
 * them, whatever the others.
 *
 * A row is identified by its table and its cells as the fingerprint reads them (the columns the
 * rules read, in a fixed order, each as read), not by where it stands: a row left from the last
 * turn is found after rows above it were deleted or inserted. Each row recorded answers for one
 * row of the new turn: the one at the same cell first, else the first one left in the order
 * written. Its key is the first 16 hex digits of the SHA-256 of `praetor turn row 1`, a line
 * break and the JSON of `[table, cells]`.
 *
 * The record is kept in the workbook as an array constant of strings, one per row,
 * `{"R <key> Ransoms!A2","P <key> Purchases!A2",...}` (R for Ransoms, P for Purchases, in lower
 * case for a row that was not done, rejected or an error; then the row's key and the cell of
 * its order), or `""` when no row was played. A ransom is held back, and a row warned of, only
 * when it was done: a rejected order given again is a new try; but a Purchases table left whole
 * is held back whole, and orders all the last turn's are the turn played. It is held under 8,000
 * characters (Excel's limit for a formula is 8,192): the rows past that, some 200 on, are not
 * recorded, and so not checked; Ransoms come first, as a ransom repeated is held back.
 */

export const ORDER_ROW_VERSION = 'praetor turn row 1';

/** The most characters of a record: Excel takes formulas of up to 8,192. */
export const MAX_RECORD = 8000;

export type OrderTableKind = 'purchases' | 'ransoms';

export interface PlayedRow {
  kind: OrderTableKind;
  /** The cell of the order (its `Player` or `Payer` cell). */
  at: string;
  key: string;
  /** The order was done (paid, bought): not rejected, nor an error. */
  done: boolean;
}

/** A row that repeats one the previous turn played. */
export interface RepeatedRow {
  /** The cell of the previous turn's row it repeats. */
  previous: string;
  /** That row was done: a row rejected last turn, given again, is played as new. */
  done: boolean;
  /** Its values, as read: `Player Ann, Item Infantry, Quantity 3`. */
  what: string;
}

export interface Repeats {
  /** By the cell of the order (`Purchases!A3`). */
  purchases: Map<string, RepeatedRow>;
  ransoms: Map<string, RepeatedRow>;
  /**
   * Every row of `Purchases` repeats one, and no row of the previous turn's is missing: the
   * table is the last turn's, left as it was (a few rows, in another order, all the same), and
   * one of them at least was done then.
   */
  purchasesUnchanged: boolean;
  /**
   * Every row of both tables repeats one, and none of the previous turn's is missing, one at
   * least done then: the orders are all the last turn's, in whatever order, and the turn is
   * refused as one played.
   */
  ordersUnchanged: boolean;
  /** `--again`: play the rows repeated, with a warning, rather than hold them back. */
  again: boolean;
}

export const noRepeats = (): Repeats => ({
  purchases: new Map(),
  ransoms: new Map(),
  purchasesUnchanged: false,
  ordersUnchanged: false,
  again: false,
});

const LABELS: Record<OrderTableKind, string[]> = {
  purchases: ['Player', 'Item', 'Quantity', 'Territory'],
  ransoms: ['Payer', 'General', 'Amount', 'Captor'],
};

const LETTER: Record<OrderTableKind, string> = { purchases: 'P', ransoms: 'R' };

interface CurrentRow extends Omit<PlayedRow, 'done'> {
  what: string;
}

function rowsOf(
  kind: OrderTableKind,
  table: EconomyTable | null,
  words: Record<string, readonly string[]>,
): CurrentRow[] {
  return canonicalOrderRows(table, words).map(({ at, cells }) => ({
    kind,
    at,
    key: rowKey(kind, cells),
    what: describe(kind, cells),
  }));
}

function rowKey(kind: OrderTableKind, cells: Canonical[]): string {
  const text = `${ORDER_ROW_VERSION}\n${JSON.stringify([kind, cells])}`;
  return toHex(sha256(utf8(text))).slice(0, 16);
}

function describe(kind: OrderTableKind, cells: Canonical[]): string {
  return cells
    .map((c, i) =>
      c === null ? '' : `${LABELS[kind][i]} ${typeof c === 'object' ? c.unreadable : String(c)}`,
    )
    .filter((s) => s !== '')
    .join(', ');
}

/** The order rows of a turn, Ransoms then Purchases, as the record keeps them. */
export function orderRows(
  purchases: EconomyTable | null,
  ransoms: EconomyTable | null,
): CurrentRow[] {
  return [
    ...rowsOf('ransoms', ransoms, RANSOM_COLUMNS),
    ...rowsOf('purchases', purchases, PURCHASE_COLUMNS),
  ];
}

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The record of the rows played, as the formula of a defined name (see above). */
export function rowsRecord(rows: readonly PlayedRow[]): string {
  const items: string[] = [];
  let length = 2;
  for (const r of rows) {
    const letter = r.done ? LETTER[r.kind] : LETTER[r.kind].toLowerCase();
    const item = quoted(`${letter} ${r.key} ${r.at}`);
    if (length + item.length + 1 > MAX_RECORD) break;
    items.push(item);
    length += item.length + 1;
  }
  return items.length === 0 ? '""' : `{${items.join(',')}}`;
}

/**
 * The rows a record holds; null when the formula is not a record (another tool's name, or one
 * edited by hand): then no row is taken as played.
 */
export function recordedRows(formula: string | undefined): PlayedRow[] | null {
  if (formula === undefined) return null;
  const text = formula.trim();
  if (text === '""') return [];
  const m = /^\{(.*)\}$/s.exec(text);
  if (!m) return null;
  const rows: PlayedRow[] = [];
  // Strings separated by commas (columns) or semicolons (rows): both are an array constant.
  const item = /\s*"((?:[^"]|"")*)"\s*([,;]|$)/y;
  let at = 0;
  while (at < m[1].length) {
    item.lastIndex = at;
    const found = item.exec(m[1]);
    if (!found) return null;
    const row = /^([PRpr]) ([0-9a-f]{16}) (.+)$/s.exec(found[1].replace(/""/g, '"'));
    if (!row) return null;
    const kind = row[1].toUpperCase() === 'P' ? 'purchases' : 'ransoms';
    rows.push({ kind, key: row[2], at: row[3], done: row[1] === row[1].toUpperCase() });
    at = item.lastIndex;
    if (found[2] === '') break;
  }
  return rows.length === 0 ? null : rows;
}

/** The rows of this turn that repeat rows of the previous one (see above). */
export function repeatsOf(
  current: readonly CurrentRow[],
  previous: readonly PlayedRow[],
  again: boolean,
): Repeats {
  const repeats = { ...noRepeats(), again };
  let whole = current.length > 0;
  let anyDone = false;
  for (const kind of ['purchases', 'ransoms'] as const) {
    const mine = current.filter((r) => r.kind === kind);
    const left = previous.filter((r) => r.kind === kind);
    const found = repeats[kind];
    const take = (row: CurrentRow, i: number) => {
      found.set(row.at, { previous: left[i].at, done: left[i].done, what: row.what });
      left.splice(i, 1);
    };
    // A row done last turn answers first (a paid ransom before its rejected twin), then the
    // rest; each time the row at the same cell first, else the first in the order written.
    const passes: ((p: PlayedRow, row: CurrentRow) => boolean)[] = [
      (p, row) => p.done && p.at === row.at,
      (p) => p.done,
      (p, row) => p.at === row.at,
      () => true,
    ];
    for (const pass of passes) {
      for (const row of mine) {
        if (found.has(row.at)) continue;
        const i = left.findIndex((p) => p.key === row.key && pass(p, row));
        if (i >= 0) take(row, i);
      }
    }
    const unchanged = found.size === mine.length && left.length === 0;
    // A table of rows all rejected last turn (a standing order that waits) is tried again.
    const done = [...found.values()].some((r) => r.done);
    if (kind === 'purchases') repeats.purchasesUnchanged = mine.length > 0 && unchanged && done;
    whole &&= unchanged;
    anyDone ||= done;
  }
  repeats.ordersUnchanged = whole && anyDone;
  return repeats;
}

/**
 * `repeats the ransom at Ransoms!A2 in the orders of the turn that wrote this workbook (...)`:
 * those orders, whatever became of the row (paid, rejected, or held back as a repeat itself).
 */
function repeating(kind: OrderTableKind, r: RepeatedRow): string {
  const what = kind === 'ransoms' ? 'ransom' : 'purchase';
  return `repeats the ${what} at ${r.previous} in the orders of the turn that wrote this workbook (${r.what})`;
}

/**
 * Why a repeated row is not played, or null when it is: a ransom repeated is held back (paying
 * the same general's ransom twice running is all but never meant), and so is a purchase when
 * the whole of `Purchases` is the last turn's; `--again` plays them.
 */
export function heldBack(kind: OrderTableKind, at: string, repeats: Repeats): string | null {
  const r = repeats[kind].get(at);
  if (r === undefined || repeats.again) return null;
  if (kind === 'ransoms') {
    if (!r.done) return null;
    return (
      `${at}: ${repeating(kind, r)}: not paid again. Clear the row if it is last turn's, ` +
      'or add --again (and --force, to replace this output) to pay it once more'
    );
  }
  if (!repeats.purchasesUnchanged) return null;
  return (
    `${at}: ${repeating(kind, r)}, as every row of Purchases repeats one: the table is last ` +
    "turn's, and nothing in it is bought again. Clear Purchases or write this turn's orders, " +
    'or add --again (and --force, to replace this output) to buy them once more'
  );
}

/**
 * A warning for each repeated row done again this turn (`doneNow`: the cells of the orders
 * done), of a row done last turn; a row held back is an error instead.
 */
export function repeatWarnings(
  purchases: readonly { at: string }[],
  ransoms: readonly { at: string }[],
  repeats: Repeats,
  doneNow: ReadonlySet<string>,
): string[] {
  const warn = (kind: OrderTableKind, orders: readonly { at: string }[]) =>
    orders.flatMap(({ at }) => {
      const r = repeats[kind].get(at);
      if (r === undefined || !r.done || !doneNow.has(at)) return [];
      const again = kind === 'ransoms' ? 'paid again' : 'played again';
      const why = repeats.again
        ? '(--again)'
        : ", as a purchase may be repeated; clear the row if it is last turn's";
      return [`${at}: ${repeating(kind, r)}: ${again}${repeats.again ? ' ' : ''}${why}`];
    });
  return [...warn('purchases', purchases), ...warn('ransoms', ransoms)];
}
