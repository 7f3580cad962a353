import { cellAddress, isBlank, readCell } from '../cells';
import { findColumns } from '../columns';
import { sha256, toHex, utf8 } from '../sha256';
import { PURCHASE_COLUMNS, RANSOM_COLUMNS } from './read-orders';
import { EconomyTable } from './state';
import { bodyRows } from './tables';

/**
 * The fingerprint of a turn's orders: what `praetor turn` records in its output, so that playing
 * that output again with the same orders (which would pay the income and buy the purchases a
 * second time) is told from playing it with the next turn's orders.
 *
 * What is hashed is the orders as the rules read them, not the sheets' layout: for `Purchases`
 * then `Ransoms`, each row below the header with a value in a column the rules read,
 * as the cells of the columns the rules read, in a fixed order (Player, Item, Quantity,
 * Territory; Payer, General, Amount, Captor), a column the table lacks being blank. A cell is
 * its value as read (a formula's saved result, rich text joined, a date as YYYY-MM-DD), text
 * trimmed, blank as null, a cell that cannot be read as its shown text marked as unreadable.
 * So the fingerprint does not change when Excel saves the workbook again, nor when columns are
 * moved, a header is written with another alias or case, blank rows are added or removed, or a
 * `Notes` (or any other unread) column is written: only an edit of an order does. A table with
 * no row below its header counts as no table, as does a missing one.
 *
 * The text hashed (SHA-256, lowercase hex) is `praetor turn orders 1\n` followed by the JSON of
 * `{"purchases": rows, "ransoms": rows}`, each row an array of the four cells.
 */

export const ORDERS_FINGERPRINT_VERSION = 'praetor turn orders 1';

export type Canonical = string | number | boolean | null | { unreadable: string };

export interface OrdersFingerprint {
  /** SHA-256 of the canonical orders, 64 lowercase hex digits. */
  hex: string;
  /** True when neither table holds an order: a turn of income alone. */
  empty: boolean;
}

export function ordersFingerprint(
  purchases: EconomyTable | null,
  ransoms: EconomyTable | null,
): OrdersFingerprint {
  const orders = {
    purchases: canonicalRows(purchases, PURCHASE_COLUMNS),
    ransoms: canonicalRows(ransoms, RANSOM_COLUMNS),
  };
  const text = `${ORDERS_FINGERPRINT_VERSION}\n${JSON.stringify(orders)}`;
  return {
    hex: toHex(sha256(utf8(text))),
    empty: orders.purchases.length === 0 && orders.ransoms.length === 0,
  };
}

function canonicalRows<K extends string>(
  table: EconomyTable | null,
  words: Record<K, readonly string[]>,
): Canonical[][] {
  return canonicalOrderRows(table, words).map((r) => r.cells);
}

/** One order row as the fingerprint reads it, with the address of its first read cell. */
export interface CanonicalRow {
  /** The row's first column the rules read (`Player`, `Payer`): the order's own cell. */
  at: string;
  cells: Canonical[];
}

/** The rows of a table that are orders, as the fingerprint reads them (see above). */
export function canonicalOrderRows<K extends string>(
  table: EconomyTable | null,
  words: Record<K, readonly string[]>,
): CanonicalRow[] {
  if (table === null || table.cells.length === 0) return [];
  const cols = findColumns(table.cells[0], words);
  const keys = Object.keys(words) as K[];
  // The order's cell, as the orders are read: its first key's column, else the row's first.
  const first = cols[keys[0]] ?? 0;
  return (
    bodyRows(table)
      .map(({ r, row }) => ({
        at: cellAddress(table.origin, r, first),
        cells: keys.map((key) => (cols[key] === undefined ? null : canonicalCell(row[cols[key]!]))),
      }))
      // A row with text only in columns the rules do not read (a note of its own) is no order.
      .filter(({ cells }) => cells.some((c) => c !== null))
  );
}

function canonicalCell(cell: unknown): Canonical {
  if (isBlank(cell)) return null;
  const read = readCell(cell);
  if (!read.ok) return { unreadable: String(read.shown ?? '') };
  return typeof read.value === 'string' ? read.value.trim() : read.value;
}
