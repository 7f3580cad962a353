import { cellText, isBlank } from '../cells';
import { err, ok, Result } from '../result';
import { isCityItem, ITEM_CHOICES, parseItem } from './items';
import { EconomyTable, PurchaseOrder, RansomOrder } from './state';
import { bodyRows, missingColumns, openTable, ReadTable, rowAccess } from './tables';
import { wholeNumber } from './values';

/** The most of one item a purchase may buy: more is surely a typo. */
const MAX_QUANTITY = 999;

/**
 * The `Purchases` and `Ransoms` tables read into orders, in the order written. A table that
 * cannot be read at all (a missing column) is a problem that stops the turn; a row that cannot
 * be read is an order with an error, and the other orders go on.
 */

export const PURCHASE_COLUMNS = {
  player: ['player', 'buyer'],
  item: ['item', 'unit', 'purchase'],
  quantity: ['quantity', 'qty', 'number', 'count'],
  territory: ['territory', 'place', 'where'],
} as const;

export const RANSOM_COLUMNS = {
  payer: ['payer', 'paid by', 'player'],
  general: ['general', 'leader', 'captive'],
  amount: ['amount', 'ransom', 'talents'],
  captor: ['captor', 'paid to', 'held by'],
} as const;

export interface Orders<T> {
  orders: T[];
  warnings: string[];
}

/**
 * A sheet with nothing on it (the game master cleared the last turn's orders, header and all)
 * holds no orders, as no sheet does. A header with a column missing is still a problem.
 */
const isEmpty = (table: EconomyTable): boolean => table.cells.every((row) => row.every(isBlank));

export function readPurchases(table: EconomyTable | null): Result<Orders<PurchaseOrder>, string[]> {
  if (table === null || isEmpty(table)) return ok({ orders: [], warnings: [] });
  const t = openTable(table, 'Purchases', PURCHASE_COLUMNS, 'Player, Item, Quantity, Territory');
  const absent = missingColumns(t, [
    ['player', 'Player'],
    ['item', 'Item'],
  ]);
  if (absent.length > 0) return err(absent);
  const orders = bodyRows(table).map(({ r, row }) => readPurchase(t, r, row));
  return ok({ orders, warnings: t.warnings });
}

function readPurchase(
  t: ReadTable<keyof typeof PURCHASE_COLUMNS>,
  r: number,
  row: readonly unknown[],
): PurchaseOrder {
  const a = rowAccess(t, r, row);
  const order: PurchaseOrder = {
    at: a.address('player'),
    player: cellText(a.cell('player')),
    item: null,
    quantity: 1,
    territory: cellText(a.cell('territory')),
    territoryAt: a.address(t.cols.territory === undefined ? 'player' : 'territory'),
    error: null,
  };
  const fail = (error: string): PurchaseOrder => ({ ...order, error });
  if (order.player === '') {
    return fail(`${a.address('player')}: the order names no player (the Player column is blank)`);
  }
  const itemText = cellText(a.cell('item'));
  const item = parseItem(itemText);
  if (!item) {
    return fail(
      `${a.address('item')}: ` +
        (itemText === '' ? 'the order names no item' : `unknown item "${itemText}"`) +
        ` (one of: ${ITEM_CHOICES})`,
    );
  }
  const quantity = wholeNumber(a.cell('quantity'), 'the quantity', 1, 1, MAX_QUANTITY);
  if (!quantity.ok) return fail(`${a.address('quantity')}: ${quantity.error}`);
  if (isCityItem(item)) {
    if (quantity.value !== 1) {
      return fail(
        `${a.address('quantity')}: a territory takes one city; order each city on its own row`,
      );
    }
    if (t.cols.territory === undefined) {
      return fail(`${order.at}: a city needs a territory, and ${t.name} has no "Territory" column`);
    }
    if (order.territory === '') {
      return fail(
        `${a.address('territory')}: the order does not say which territory the city is for`,
      );
    }
  }
  return { ...order, item, quantity: quantity.value };
}

export function readRansoms(table: EconomyTable | null): Result<Orders<RansomOrder>, string[]> {
  if (table === null || isEmpty(table)) return ok({ orders: [], warnings: [] });
  const t = openTable(table, 'Ransoms', RANSOM_COLUMNS, 'Payer, General, Amount, Captor');
  const absent = missingColumns(t, [
    ['payer', 'Payer'],
    ['general', 'General'],
    ['amount', 'Amount'],
    ['captor', 'Captor'],
  ]);
  if (absent.length > 0) return err(absent);
  const orders = bodyRows(table).map(({ r, row }): RansomOrder => {
    const a = rowAccess(t, r, row);
    const order: RansomOrder = {
      at: a.address('payer'),
      payer: cellText(a.cell('payer')),
      general: cellText(a.cell('general')),
      amount: 0,
      captor: cellText(a.cell('captor')),
      error: null,
    };
    const fail = (error: string): RansomOrder => ({ ...order, error });
    if (order.payer === '') return fail(`${order.at}: the ransom names no payer`);
    if (order.general === '') return fail(`${a.address('general')}: the ransom names no general`);
    if (order.captor === '') return fail(`${a.address('captor')}: the ransom names no captor`);
    const amount = wholeNumber(a.cell('amount'), 'the amount of talents', 1);
    if (!amount.ok) return fail(`${a.address('amount')}: ${amount.error}`);
    return { ...order, amount: amount.value };
  });
  return ok({ orders, warnings: t.warnings });
}
