import type { Order } from '../../api/schemas/order.ts';
import { isOrderHash } from '../order/orderHash.ts';
import { orderPayOffer } from '../order/paymentOutcome.ts';
import { isFields, parseJson } from '../storage/lenientJson.ts';

/**
 * The order this tab placed last (issue 29): an online payment goes to the bank right after the
 * order is placed, and a shopper who comes back to the checkout from the bank (the back button, a
 * declined card) is offered that order to pay instead of an empty form. Kept beside the draft in
 * sessionStorage (the hash reads a personal order, and only this tab needs it).
 */
export interface PlacedOrder {
  hash: string;
  /** The number the shopper knows it by (spec: 1000000 + id). */
  number: string;
}

export function placedOrderOf(order: Pick<Order, 'hash' | 'number'>): PlacedOrder {
  return { hash: order.hash, number: String(order.number) };
}

/** The stored order, or null for anything else (storage is never trusted). */
export function parsePlacedOrder(raw: string | null | undefined): PlacedOrder | null {
  const value = parseJson(raw);
  if (!isFields(value)) return null;
  const { hash, number } = value;
  return isOrderHash(hash) && typeof number === 'string' && /^\d{1,12}$/.test(number) ? { hash, number } : null;
}

/** The order waits for an online payment the shopper can make now: the bank's page is where she goes. */
export function awaitsOnlinePayment(order: Parameters<typeof orderPayOffer>[0]): boolean {
  return orderPayOffer(order) !== null;
}
