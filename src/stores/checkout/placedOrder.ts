import { log } from '../../log/log.ts';
import { atom } from 'nanostores';
import type { Order } from '../../api/schemas/order.ts';
import { checkoutDraftKey } from '../../domain/checkout/checkoutForm.ts';
import {
  awaitsOnlinePayment,
  parsePlacedOrder,
  placedOrderOf,
  type PlacedOrder,
} from '../../domain/checkout/placedOrder.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { pageLocale } from '../net.ts';
import { checkoutClients } from './serviceClients.ts';

/**
 * Where the shopper goes once the order exists, and the unpaid order she left (issue 29): an order
 * to pay online goes straight to the bank through the order page's own pay form (`POST
 * /order/{hash}/pay`, 303 to the bank, which sends her back to the order page), any other to its
 * order page. The order is remembered for this tab, so coming back to the checkout offers it.
 */

/** Beside the draft and its intent; sign-out clears it with them (src/stores/sessionEffects.ts). */
const PLACED_KEY = `${checkoutDraftKey()}_placed`;

function read(): PlacedOrder | null {
  try {
    return parsePlacedOrder(sessionStorage.getItem(PLACED_KEY));
  } catch {
    return null;
  }
}

function write(order: PlacedOrder | null): void {
  try {
    if (order === null) sessionStorage.removeItem(PLACED_KEY);
    else sessionStorage.setItem(PLACED_KEY, JSON.stringify(order));
  } catch {
    // Storage refused: the checkout cannot offer the order later; its page still can.
  }
}

/** An order of this tab that still waits for its online payment; null when there is none. */
export const $unpaidOrder = atom<PlacedOrder | null>(null);

/**
 * Leaves the checkout for the placed order: to the bank when it is paid online (a real form post,
 * as the order page's button makes it, so the way is the one tested without JavaScript), else to
 * the order page with its thank-you.
 */
export function leaveForOrder(order: Order): void {
  write(placedOrderOf(order));
  const locale = pageLocale();
  if (awaitsOnlinePayment(order)) {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = routeUrl(routeName('order-pay', locale), { hash: order.hash });
    form.hidden = true;
    document.body.append(form);
    form.submit();
    return;
  }
  window.location.assign(
    routeUrl(routeName('order-page', locale), { hash: order.hash }, new URLSearchParams({ placed: '1' })),
  );
}

/** The order this tab placed, read afresh: offered while it waits for payment, forgotten once it does not. */
export async function findUnpaidOrder(): Promise<void> {
  const placed = read();
  if (placed === null) return;
  try {
    const { browserApi, getAnonymousOrder } = await checkoutClients();
    const order = await getAnonymousOrder(browserApi(pageLocale()), placed.hash);
    if (awaitsOnlinePayment(order)) $unpaidOrder.set(placed);
    else {
      write(null);
      $unpaidOrder.set(null);
    }
  } catch (error) {
    // Not found (another shop's data), or offline: nothing is offered now.
    log.warn('[checkout] the last order could not be read:', error instanceof Error ? error.message : error);
  }
}
