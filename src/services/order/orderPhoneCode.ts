import { log } from '../../log/log.ts';
import { clientAddress } from '../http/clientAddress.ts';
import type { Hono } from 'hono';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import type { CodeSent } from '../../api/schemas/user.ts';
import { requestOrderPhoneCode, userErrorOf } from '../../api/user.ts';
import { notFound, OrderProblem, parseFields, RETRY_AFTER_SECONDS } from './orderProblem.ts';
import type { OrderRepository } from './orderRepository.ts';
import { answering, hashParam, limit, localeQuerySchema, SMALL_BYTES } from './orderRouteKit.ts';

/**
 * `POST /public/anon/order/{hash}/phone-code` (ours; docs/decisions.md "Accounts: confirming the
 * phone of an order, inline"): the code that confirms the phone of an order placed without an
 * account, asked of the user service (`/internal/register/order-phone`, with the service token)
 * with the order's phone, name, surname and e-mail. The order's hash is what reads it, so it is what
 * asks; the phone is the order's, never the caller's. An order that is an account's already is a
 * 409 (nothing to confirm). The user service's refusals (its limits 1102, 1201-1203) are answered
 * as it gave them, with its status; a user service that cannot be reached is a 503.
 */

/** The order service's error code for "the order's phone is confirmed already". */
export const PHONE_CONFIRMED_CODE = 4096;

const USER_TIMEOUT_MS = 5000;

export function mountOrderPhoneCode(
  app: Hono,
  deps: { orders: OrderRepository; upstream: HttpClient; serviceToken: string | undefined },
): void {
  app.post(
    '/public/anon/order/:hash/phone-code',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const hash = hashParam(c, 'Order');
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const order = deps.orders.readOrder(hash, locale);
      if (!order) throw notFound('Order');
      if (order.hasAccount) {
        throw new OrderProblem(409, PHONE_CONFIRMED_CODE, 'The order is an account’s: its phone is confirmed');
      }
      if (deps.serviceToken === undefined) {
        throw new OrderProblem(503, 503, 'No user service token is configured: codes cannot be asked for');
      }
      try {
        const sent: CodeSent = await requestOrderPhoneCode(
          deps.upstream,
          {
            phone: order.phone,
            firstName: order.firstName,
            lastName: order.lastName,
            email: order.email,
            language: locale,
            clientIp: clientAddress(c),
          },
          deps.serviceToken,
          { timeoutMs: USER_TIMEOUT_MS },
        );
        return c.json(sent);
      } catch (error) {
        if (!isApiError(error)) throw error;
        const refusal = userErrorOf(error);
        if (refusal !== null && error.kind === 'http' && error.status < 500 && error.status !== 403) {
          return c.json(refusal, error.status === 429 ? 429 : 400);
        }
        log.error('[order] the code for an order’s phone could not be asked for:', error.message);
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new OrderProblem(503, 503, 'The user service cannot send the code now');
      }
    }),
  );
}
