import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { isApiError } from '../../api/apiError.ts';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import { createCustomerOrder, orderErrorOf } from '../../api/order.ts';
import { ORDER_ERROR, orderPayloadSchema } from '../../api/schemas/order.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, refusedWith } from '../endpoints/outcomes.ts';

/**
 * `POST /api/account/order`: the signed-in checkout's order (storefront spec §6: signed-in shoppers
 * use `POST /public/order`). The browser never holds a token, so the island cannot call the order
 * service itself: this endpoint takes the same body and `Idempotency-Key`, calls the service with
 * the session's shopper client (their bearer, one refresh on a 401) and answers the order, or the
 * service's own error body with its status, which is the shop's refusal envelope too. So the
 * checkout reads the refusals of both the same way, retries with the same key and makes one order.
 */

/** An order is a basket with a name and an address: the order service takes up to 64 KB too. */
const MAX_BODY_BYTES = 64 * 1024;
/** Seconds before the checkout may try again when a service cannot answer (the order service's own). */
const RETRY_AFTER_SECONDS = 5;

/** `POST /api/account/order?locale` with `Idempotency-Key` and the order payload (src/api/schemas/order.ts). */
export const accountOrderFlow = defineEndpoint({
  who: 'shopper',
  // What the checkout says when the session ended meanwhile: the order can be sent without it.
  signedOutKey: 'orderHistory.signInAgain',
  body: { schema: orderPayloadSchema, maxBytes: MAX_BODY_BYTES },
  async handle({ ctx, shopper, body }) {
    const key = ctx.request.headers.get('Idempotency-Key');
    // A refusal of what was sent says which field is wrong, in the shopper's language; never "authorization".
    if (!isIdempotencyKey(key)) {
      return refusedWith(400, ctx.t('accountErrors.check'), [
        { field: 'Idempotency-Key', message: 'An Idempotency-Key header of 16–128 characters is required' },
      ]);
    }
    try {
      return answer(await createCustomerOrder(shopper.api, body, key));
    } catch (error) {
      // A 401 goes on: the definition signs the shopper out, as the profile page decides.
      if (!isApiError(error) || (error.kind === 'http' && error.status === 401)) throw error;
      const refused = orderErrorOf(error);
      // The service's own refusal (400 fields, 409 basket changed, 422 key reused) goes to the island as is.
      if (refused !== null && error.status >= 400 && error.status < 500) {
        return refusedWith(error.status, refused.message, refused.fields, refused.code);
      }
      log.error('[account] a signed-in order could not be placed:', error.message);
      report(error, { failure: 'order' });
      return refusedWith(503, ctx.t('orderHistory.unavailable'), [], ORDER_ERROR.unavailable, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
  },
});
