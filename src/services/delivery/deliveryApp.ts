import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Settlement, ShopConfigs } from '../../api/schemas/delivery.ts';
import { createServiceApp, parseOr400, ServiceError } from '../http/serviceApp.ts';
import { createDeliveryRepository } from './deliveryRepository.ts';

const projectQuerySchema = z.object({
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'a project code is 1-32 of a-z, 0-9, -')
    .optional(),
});

/** A settlement id in a path: digits only (a safe integer), so `1e3` or `-1` is a 400, not a lookup. */
const settlementIdSchema = z
  .string()
  .regex(/^\d{1,16}$/, 'a settlement id is a positive integer')
  .transform(Number)
  .pipe(z.number().int().positive());

/**
 * The delivery service. Settlements, branches and pickup points are seeded; of the spec §7 routes
 * `/public/shop/configs` (the product page's availability by city) and `/public/settlement/{id}`
 * (a city with its delivery methods, for the basket check) are served so far, the rest come with
 * the checkout issue.
 */
export function createDeliveryApp(db: DatabaseSync): Hono {
  const app = createServiceApp('delivery');
  const repository = createDeliveryRepository(db);

  app.get('/public/shop/configs', (c) => {
    parseOr400(projectQuerySchema, c.req.query(), 'shop configs query');
    const body: ShopConfigs = repository.shopConfigs();
    return c.json(body);
  });

  // Spec §7 `/public/settlement/{id}`: the city with the delivery methods offered there (spec §5:
  // im-courier only in Kyiv, np-courier and meest-courier only outside it, as seeded).
  app.get('/public/settlement/:id', (c) => {
    parseOr400(projectQuerySchema, c.req.query(), 'settlement query');
    const id = parseOr400(settlementIdSchema, c.req.param('id'), 'settlement id');
    const body: Settlement | null = repository.getSettlement(id);
    if (body === null) throw new ServiceError(404, `No settlement ${id}`);
    return c.json(body);
  });

  return app;
}
