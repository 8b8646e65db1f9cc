import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import { orderErrorOf } from '../../api/order.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { ORDER_ERROR, type Order } from '../../api/schemas/order.ts';
import {
  validateBasketOneClick,
  type BasketOneClickErrors,
  type BasketOneClickLine,
  type BasketOneClickValues,
} from '../../domain/order/basketOneClick.ts';
import { serviceErrors } from '../../domain/order/oneClickForm.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, refusedWith } from '../endpoints/outcomes.ts';
import { oneClickKey } from '../order/oneClickKey.ts';
import { accountName, placeOneClick } from '../order/placeOneClick.ts';
import { shopperClient } from '../session/shopperClient.ts';

/**
 * «Купить в один клик» from the basket: every goods line in one one-click order (spec §7), with
 * the product page's one-click rules and idempotency (oneClickKey: the form's `intent`, or without
 * a script the shopper's address and a ten-minute window). The no-JavaScript basket page posts
 * its session's lines (`/basket/one-click`); the browser's basket, which lives in the island,
 * sends its lines to `POST /api/basket/one-click` and empties itself once the order exists.
 */

export interface BasketOneClickRequest {
  api: HttpClient;
  locale: Locale;
  /** The signed-in shopper's client; null for an anonymous order. */
  own: HttpClient | null;
  values: BasketOneClickValues;
  lines: readonly BasketOneClickLine[];
  intent: string | undefined;
  clientIp: string | null;
  now: Date;
}

export type BasketOneClickOutcome =
  | { kind: 'placed'; order: Order }
  /** The form's rules or the order service refused: messages by field (409: the stock changed). */
  | { kind: 'refused'; status: 400 | 409; errors: BasketOneClickErrors }
  /** The order service did not answer: nothing was ordered. */
  | { kind: 'failed' };

/** The order service's refusal by this form's fields (`items.N…` is the basket's). */
function refusalErrors(error: unknown, locale: Locale): BasketOneClickOutcome | null {
  const refusal = orderErrorOf(error);
  const byField = refusal ? serviceErrors(refusal.fields, locale) : null;
  if (!refusal || byField === null) return null;
  const errors: BasketOneClickErrors = {};
  if (byField.phone) errors.phone = byField.phone;
  if (byField.firstName) errors.firstName = byField.firstName;
  if (byField.quantity) errors.items = byField.quantity;
  return { kind: 'refused', status: refusal.code === ORDER_ERROR.basketChanged ? 409 : 400, errors };
}

export async function orderBasketInOneClick(request: BasketOneClickRequest): Promise<BasketOneClickOutcome> {
  const { own, locale } = request;
  const checked = validateBasketOneClick(request.values, request.lines, { signedIn: own !== null, locale });
  if (!checked.ok) return { kind: 'refused', status: 400, errors: checked.errors };
  const payload = { ...checked.payload };
  if (own && !payload.firstName) payload.firstName = await accountName(own);
  const key = oneClickKey(payload, { intent: request.intent, clientIp: request.clientIp, now: request.now });
  try {
    return { kind: 'placed', order: await placeOneClick(request.api, own, payload, key) };
  } catch (error) {
    const refused = refusalErrors(error, locale);
    if (refused) return refused;
    if (!isApiError(error)) throw error;
    log.error('[basket one-click] the order could not be placed:', error.message);
    report(error, { failure: 'order' });
    return { kind: 'failed' };
  }
}

/** The order's page with its thank-you, in the page's language. */
export const placedOrderPath = (order: Order, locale: Locale): string =>
  routeUrl(routeName('order-page', locale), { hash: order.hash }, new URLSearchParams({ placed: '1' }));

const id = z.number().int().positive().max(2_147_483_647);
const bodySchema = z.object({
  items: z.array(z.object({ productId: id, internalId: id, quantity: z.number().int().min(1).max(999) })).max(200),
  phone: z.string().max(40),
  firstName: z.string().max(120).default(''),
  intent: z.string().refine(isIdempotencyKey).optional(),
});

/**
 * `POST /api/basket/one-click` `{ items, phone, firstName, intent }` (src/api/basketOneClick.ts):
 * `{ hash, location }` of the placed order, or the refusal with its messages by field.
 */
export const basketOneClickPost = defineEndpoint({
  who: 'anyone',
  body: { schema: bodySchema },
  async handle({ ctx, body }) {
    const own = (await shopperClient(ctx))?.api ?? null;
    const outcome = await orderBasketInOneClick({
      api: ctx.clients.anonymous,
      locale: ctx.locale,
      own,
      values: { phone: body.phone, firstName: body.firstName },
      lines: body.items,
      intent: body.intent,
      clientIp: ctx.clientIp,
      now: new Date(),
    });
    if (outcome.kind === 'placed') {
      return answer({ hash: outcome.order.hash, location: placedOrderPath(outcome.order, ctx.locale) });
    }
    if (outcome.kind === 'failed') return refusedWith(503, ctx.t('oneClick.failed'));
    const fields = Object.entries(outcome.errors).map(([field, message]) => ({ field, message }));
    return refusedWith(outcome.status, ctx.t('oneClick.refused'), fields);
  },
});
