import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { ShopConfigs } from '../../api/schemas/delivery.ts';
import { createServiceApp, parseOr400 } from '../http/serviceApp.ts';
import { createDeliveryRepository } from './deliveryRepository.ts';

const shopConfigsQuerySchema = z.object({
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'a project code is 1-32 of a-z, 0-9, -')
    .optional(),
});

/**
 * The delivery service. Settlements, branches and pickup points are seeded; of the spec §7 routes
 * only `/public/shop/configs` (the product page's availability by city) is served so far, the rest
 * come with the checkout issue.
 */
export function createDeliveryApp(db: DatabaseSync): Hono {
  const app = createServiceApp('delivery');
  const repository = createDeliveryRepository(db);

  app.get('/public/shop/configs', (c) => {
    parseOr400(shopConfigsQuerySchema, c.req.query(), 'shop configs query');
    const body: ShopConfigs = repository.shopConfigs();
    return c.json(body);
  });

  return app;
}
