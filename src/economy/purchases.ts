import { holds } from './income';
import { isCityItem, ITEM_NAMES, price } from './items';
import { Ledger } from './lines';
import { heldBack, noRepeats, Repeats } from './repeated-orders';
import { PurchaseOrder, TerritoryState } from './state';

/**
 * Purchases, in the order written. New units go to the buyer's home territory; a city goes to a
 * territory the buyer holds. An order the buyer cannot afford or may not place is rejected
 * whole, with the reason, and the next order is taken.
 */

export function playPurchases(
  ledger: Ledger,
  orders: readonly PurchaseOrder[],
  table: string,
  repeats: Repeats = noRepeats(),
) {
  const { inflation } = ledger.state;
  for (const order of orders) {
    const what = describeOrder(order);
    const base = { step: 'purchase' as const, at: order.at, what };
    if (order.error !== null || order.item === null) {
      ledger.refuse({ ...base, player: order.player, reason: order.error ?? '' }, 'error');
      continue;
    }
    // Every row of Purchases the same as the last turn's: the table left from it.
    const repeated = heldBack('purchases', order.at, repeats);
    if (repeated !== null) {
      ledger.refuse({ ...base, player: order.player, reason: repeated }, 'error');
      continue;
    }
    const buyer = ledger.player(order.player);
    if (!buyer) {
      ledger.refuse(
        {
          ...base,
          player: order.player,
          reason: `${order.at}: "${order.player}" is not a player in Players`,
        },
        'error',
      );
      continue;
    }
    const player = buyer.name;
    const reject = (reason: string) => ledger.refuse({ ...base, player, reason }, 'rejected');
    if (buyer.caesarCaptured) {
      reject(`${player} is eliminated (Caesar captured)`);
      continue;
    }
    if (!holds(ledger.state, player, buyer.home)) {
      reject(
        `${player} does not hold the home territory ${buyer.home}: no purchases until it is reclaimed`,
      );
      continue;
    }
    let place: TerritoryState | undefined;
    if (order.territory !== '') {
      place = ledger.territory(order.territory);
      if (!place) {
        ledger.refuse(
          {
            ...base,
            player,
            reason: `${order.territoryAt}: no territory "${order.territory}" in ${table}`,
          },
          'error',
        );
        continue;
      }
    }
    const item = order.item;
    const cost = price(item, inflation) * order.quantity;
    if (!isCityItem(item)) {
      if (place && place.name !== buyer.home) {
        reject(`new units are placed on the home territory ${buyer.home}, not ${place.name}`);
        continue;
      }
    } else {
      const refused = cityPlacement(item, place!, player);
      if (refused) {
        reject(refused);
        continue;
      }
    }
    if (buyer.treasury < cost) {
      reject(
        `it costs ${cost} talents${eachNote(order, inflation)}; ${player} has ${buyer.treasury}`,
      );
      continue;
    }
    const bought = `${what} for ${cost} talents${eachNote(order, inflation)}`;
    const done = isCityItem(item) ? bought : `${bought}, placed on ${buyer.home}`;
    if (isCityItem(item)) place!.city = item === 'city' ? 'city' : 'fortified';
    ledger.change(buyer, -cost, { ...base, what: done, player, reason: '' });
  }
}

/** Why a city may not go where ordered, or undefined when it may. */
function cityPlacement(
  item: 'city' | 'fortified' | 'upgrade',
  place: TerritoryState,
  player: string,
): string | undefined {
  if (place.owner !== player) {
    return `${player} does not hold ${place.name} (${place.owner ? `${place.owner} does` : 'nobody does'}); a city goes on a territory its buyer holds`;
  }
  if (item === 'upgrade') {
    if (place.city === 'none')
      return `${place.name} has no city to upgrade; order a City or a Fortified city`;
    if (place.city === 'fortified') return `${place.name}'s city is fortified already`;
    return undefined;
  }
  if (place.city !== 'none') {
    return (
      `${place.name} has a ${place.city === 'fortified' ? 'fortified city' : 'city'} already` +
      (item === 'fortified' && place.city === 'city' ? '; order an Upgrade to fortify it' : '')
    );
  }
  return undefined;
}

/** `3 Infantry`, `City in Gallia`, `City upgrade in Gallia`. */
function describeOrder(order: PurchaseOrder): string {
  if (order.item === null) return '';
  if (isCityItem(order.item)) return `${ITEM_NAMES[order.item]} in ${order.territory}`;
  return `${order.quantity} ${ITEM_NAMES[order.item]}`;
}

/** ` (3 at 20)` for units, the price each after inflation; nothing for a city. */
function eachNote(order: PurchaseOrder, inflation: 1 | 2 | 3): string {
  return isCityItem(order.item!) ? '' : ` (${order.quantity} at ${price(order.item!, inflation)})`;
}
