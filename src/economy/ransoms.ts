import { holds } from './income';
import { Ledger } from './lines';
import { heldBack, noRepeats, Repeats } from './repeated-orders';
import { nameKey, RansomOrder } from './state';

/**
 * Ransoms, in the order written: the payer gives the amount to the captor, and the general
 * goes back to the payer's home territory. The captor is named in the order's `Captor` column.
 */

export function playRansoms(
  ledger: Ledger,
  orders: readonly RansomOrder[],
  repeats: Repeats = noRepeats(),
) {
  const released = new Map<string, string>();
  for (const order of orders) {
    const what = `ransom of ${order.general || '?'}: ${order.amount || '?'} talents to ${order.captor || '?'}`;
    const base = { step: 'ransom' as const, at: order.at, what };
    const error = (reason: string) =>
      ledger.refuse({ ...base, player: order.payer, reason }, 'error');
    if (order.error !== null) {
      error(order.error);
      continue;
    }
    // The same ransom as a row of the last turn's orders: one left from it, not paid twice.
    const repeated = heldBack('ransoms', order.at, repeats);
    if (repeated !== null) {
      error(repeated);
      continue;
    }
    const payer = ledger.player(order.payer);
    const captor = ledger.player(order.captor);
    if (!payer || !captor) {
      const who = !payer ? order.payer : order.captor;
      error(`${order.at}: "${who}" is not a player in Players`);
      continue;
    }
    if (payer === captor) {
      error(`${order.at}: ${payer.name} cannot pay a ransom to themselves`);
      continue;
    }
    const reject = (reason: string) =>
      ledger.refuse({ ...base, player: payer.name, reason }, 'rejected');
    const key = `${nameKey(payer.name)}|${nameKey(order.general)}`;
    if (payer.caesarCaptured) {
      reject(`${payer.name} is eliminated (Caesar captured)`);
    } else if (captor.caesarCaptured) {
      reject(
        `the captor ${captor.name} is eliminated (Caesar captured): the ransom cannot be paid`,
      );
    } else if (!holds(ledger.state, payer.name, payer.home)) {
      reject(
        `${order.general} would return to ${payer.name}'s home territory ${payer.home}, which ${payer.name} does not hold`,
      );
    } else if (released.has(key)) {
      reject(`${order.general} is released already by the ransom at ${released.get(key)}`);
    } else if (payer.treasury < order.amount) {
      reject(`${payer.name} has ${payer.treasury} talents, less than the ${order.amount} asked`);
    } else {
      released.set(key, order.at);
      ledger.change(payer, -order.amount, {
        ...base,
        player: payer.name,
        what: `pays ${order.amount} talents to ${captor.name} for ${order.general}, who returns to ${payer.home}`,
        reason: '',
      });
      ledger.change(captor, order.amount, {
        ...base,
        player: captor.name,
        what: `receives ${order.amount} talents from ${payer.name}, the ransom of ${order.general}`,
        reason: '',
      });
    }
  }
}
