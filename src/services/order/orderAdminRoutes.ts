import type { Hono } from 'hono';
import { ORDER_ADMIN_LIMITS, orderAdminNumberSchema, orderStatusMoveSchema } from '../../api/schemas/orderAdmin.ts';
import type { OrderStatusMoveResult } from '../../api/schemas/orderAdmin.ts';
import { guardAdminRoutes } from '../http/adminRoutes.ts';
import { parseFields } from './orderProblem.ts';
import { answering, localeQuerySchema, readJson } from './orderRouteKit.ts';
import { createStatusWriter, moveOrderStatus } from './orderStatusMoves.ts';
import type { StatusMoveDeps } from './orderStatusMoves.ts';

/**
 * The order service's admin API, guarded like the search service's (src/services/search/adminApi.ts):
 * `Authorization: Bearer <ORDER_ADMIN_TOKEN>`, judged before the body is read; without a configured
 * token every call is refused with 401.
 *
 * - `POST /admin/order/{number}/status?locale=ru|uk` with `{ "status": 0–9, "note"?: "…" }`
 *   (src/api/schemas/orderAdmin.ts): moves the order to that spec §4 status if the rule allows it
 *   (src/services/order/orderStatusMoves.ts); 5 cancels, returning its units, what its certificates paid
 *   and its bonus points. Answers 200 `{ order, changed }`, the order as its shopper reads it with
 *   `statusHistory`; the status it already has is `changed: false` and writes nothing.
 *
 * Errors (the order service's error body): 400 bad number or body, 401 token, 404 no such order,
 * 409 code 4096 a move the rule does not allow (the message names the allowed ones), 413 too large.
 */
export function mountOrderAdminRoutes(app: Hono, deps: StatusMoveDeps, token: string | undefined): void {
  guardAdminRoutes(app, {
    token,
    realm: 'order-admin',
    tokenVariable: 'ORDER_ADMIN_TOKEN',
    requestBytes: ORDER_ADMIN_LIMITS.requestBytes,
  });
  const writer = createStatusWriter(deps.db);

  app.post(
    '/admin/order/:number/status',
    answering(async (c) => {
      const number = parseFields(orderAdminNumberSchema, c.req.param('number'), 'order number');
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const move = parseFields(orderStatusMoveSchema, await readJson(c), 'status move');
      const moved = await moveOrderStatus(deps, writer, number, move, locale);
      const body: OrderStatusMoveResult = moved;
      return c.json(body);
    }),
  );
}
