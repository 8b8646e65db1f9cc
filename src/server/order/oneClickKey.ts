import { createHash } from 'node:crypto';
import type { OneClickOrderPayload } from '../../api/schemas/order.ts';

/**
 * The Idempotency-Key a one-click order is sent with (DESIGN §7: one order per intent, as the
 * checkout's). The product page is cached and the same for everyone, so its HTML cannot carry a
 * key of one shopper: its script makes a random `intent` when the form is shown, and the key is
 * that intent with the order itself, so a retried or doubled post makes one order, and a form the
 * shopper changed (another quantity, another phone) is a new intent, never a 422.
 *
 * Without JavaScript there is no intent. The key is then the order with the shopper's address and
 * a ten-minute window: a doubled post (a second tap, a resent form) lands on the same order, while
 * the same shopper ordering the same thing again later makes a new one. A doubled post that
 * straddles the window's edge makes two orders; the shop's call back sorts that out.
 */

/** How long posts of the same order from one address without JavaScript count as one. */
export const NO_SCRIPT_WINDOW_MS = 10 * 60 * 1000;

/** The order's own text: the fields in one order, so equal orders read alike. */
function orderText(payload: OneClickOrderPayload): string {
  return JSON.stringify([
    payload.phone,
    payload.firstName ?? '',
    payload.items.map((item) => [item.internalId, item.productId ?? null, item.quantity]),
  ]);
}

export function oneClickKey(
  payload: OneClickOrderPayload,
  from: { intent: string | undefined; clientIp: string | null; now: Date },
): string {
  const scope =
    from.intent !== undefined
      ? `intent ${from.intent}`
      : `address ${from.clientIp ?? ''} ${Math.floor(from.now.getTime() / NO_SCRIPT_WINDOW_MS)}`;
  // 43 characters of base64url: within the header's 16–128 (src/api/idempotencyKey.ts).
  return createHash('sha256')
    .update(`one-click\n${scope}\n${orderText(payload)}`)
    .digest('base64url');
}
