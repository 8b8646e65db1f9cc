import type { Hono } from 'hono';
import { z } from 'zod';
import { STOCK_NOTIFICATION_PATHS, stockNotificationRequestSchema } from '../../api/schemas/stockNotification.ts';
import type { StockNotification, StockNotificationRun } from '../../api/schemas/stockNotification.ts';
import { sameSecret } from '../../api/bearerToken.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { SERVICE_TOKEN_HEADER } from '../../api/schemas/user.ts';
import { OrderProblem, parseFields } from './orderProblem.ts';
import { answering, limit, readJson, SMALL_BYTES } from './orderRouteKit.ts';
import type { StockNotifications } from './stockNotifications.ts';

const runQuerySchema = z.object({ productId: z.coerce.number().int().positive().optional() });

/**
 * `POST /public/stock-notifications` (anyone: a shopper's request, 201, or 200 with the waiting one)
 * and `POST /internal/stock-notifications/run` (the service token: send what is due now). See
 * stockNotifications.ts.
 */
export function mountStockNotificationRoutes(
  app: Hono,
  notifications: StockNotifications,
  serviceToken: string | undefined,
): void {
  app.post(
    STOCK_NOTIFICATION_PATHS.create,
    limit(SMALL_BYTES),
    answering(async (c) => {
      const body = parseFields(stockNotificationRequestSchema, await readJson(c), 'stock notification');
      const answer: StockNotification = await notifications.request(body, clientAddress(c));
      return c.json(answer, 201);
    }),
  );
  app.post(
    STOCK_NOTIFICATION_PATHS.run,
    answering(async (c) => {
      if (!sameSecret(c.req.header(SERVICE_TOKEN_HEADER), serviceToken)) {
        throw new OrderProblem(403, 403, 'The service token is missing or wrong');
      }
      const query = parseFields(runQuerySchema, c.req.query(), 'query');
      const answer: StockNotificationRun = { sent: await notifications.run(query.productId ?? null) };
      return c.json(answer);
    }),
  );
}
