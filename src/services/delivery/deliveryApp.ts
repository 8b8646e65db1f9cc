import type { DatabaseSync } from 'node:sqlite';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  branchSearchRequestSchema,
  combinedBranchSearchRequestSchema,
  deliveryCalculationRequestSchema,
  deliveryCommonQuerySchema,
  oftenUsedQuerySchema,
  settlementSearchQuerySchema,
  streetSearchQuerySchema,
} from '../../api/schemas/delivery.ts';
import type {
  BranchList,
  CombinedBranchList,
  DeliveryCalculation,
  Settlement,
  SettlementList,
  ShopConfigs,
  StreetList,
} from '../../api/schemas/delivery.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import { readJsonBody } from '../http/adminRoutes.ts';
import { createServiceApp, parseOr400, ServiceError } from '../http/serviceApp.ts';
import { backfillSearchIndex } from './deliveryIndex.ts';
import { createDeliveryRepository } from './deliveryRepository.ts';

/** An id in a path: digits only (a safe integer), so `1e3` or `-1` is a 400, not a lookup. */
const pathIdSchema = z
  .string()
  .regex(/^\d{1,16}$/, 'an id is a positive integer')
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** The bodies here are a few hundred bytes; anything far beyond is not a delivery request. */
const REQUEST_BYTES = 8 * 1024;

const limitBody = bodyLimit({
  maxSize: REQUEST_BYTES,
  onError: (c) => {
    const body: ServiceErrorBody = { code: 413, message: `The body is larger than ${REQUEST_BYTES} bytes` };
    return c.json(body, 413);
  },
});

/**
 * The delivery service (storefront spec §7 "Delivery service"; shapes and paths in
 * src/api/schemas/delivery.ts): settlement search with and without delivery methods, the often-used
 * cities, one settlement, its streets, its carriers' branches (one carrier, or several combined),
 * the price of delivering a parcel there, and the shop's own pickup points. Read-only: the data is
 * seeded (src/services/seed/delivery.ts).
 */
export function createDeliveryApp(db: DatabaseSync): Hono {
  backfillSearchIndex(db);
  const app = createServiceApp('delivery');
  const repository = createDeliveryRepository(db);

  /** The settlement of the path, or a 404 (a 400 for a malformed id). */
  const settlementOf = (c: Context): number => {
    const id = parseOr400(pathIdSchema, c.req.param('id'), 'settlement id');
    if (!repository.hasSettlement(id)) throw new ServiceError(404, `No settlement ${id}`);
    return id;
  };

  app.get('/public/shop/configs', (c) => {
    parseOr400(deliveryCommonQuerySchema, c.req.query(), 'shop configs query');
    const body: ShopConfigs = repository.shopConfigs();
    return c.json(body);
  });

  // The fixed paths under /public/settlement/ come before `{id}`, which would otherwise take them.
  app.get('/public/settlement', (c) => {
    const query = parseOr400(settlementSearchQuerySchema, c.req.query(), 'settlement query');
    const body: SettlementList = repository.searchSettlements({ ...query, withMethods: false });
    return c.json(body);
  });

  app.get('/public/settlement/with-delivery-methods', (c) => {
    const query = parseOr400(settlementSearchQuerySchema, c.req.query(), 'settlement query');
    const body: SettlementList = repository.searchSettlements({ ...query, withMethods: true });
    return c.json(body);
  });

  app.get('/public/settlement/often-used/with-delivery-methods', (c) => {
    const { limit } = parseOr400(oftenUsedQuerySchema, c.req.query(), 'often-used query');
    const items = repository.oftenUsedSettlements(limit);
    const body: SettlementList = { items, total: items.length };
    return c.json(body);
  });

  // Spec §7 `/public/settlement/{id}`: the city with the delivery methods offered there (spec §5:
  // im-courier only in Kyiv, np-courier and meest-courier only outside it, as seeded).
  app.get('/public/settlement/:id', (c) => {
    parseOr400(deliveryCommonQuerySchema, c.req.query(), 'settlement query');
    const id = parseOr400(pathIdSchema, c.req.param('id'), 'settlement id');
    const body: Settlement | null = repository.getSettlement(id);
    if (body === null) throw new ServiceError(404, `No settlement ${id}`);
    return c.json(body);
  });

  app.get('/public/settlement/:id/meest/street', (c) => {
    const query = parseOr400(streetSearchQuerySchema, c.req.query(), 'street query');
    const body: StreetList = repository.searchStreets(settlementOf(c), query);
    return c.json(body);
  });

  app.post('/public/settlement/:id/warehouse', limitBody, async (c) => {
    parseOr400(deliveryCommonQuerySchema, c.req.query(), 'warehouse query');
    const settlementId = settlementOf(c);
    const request = parseOr400(branchSearchRequestSchema, await readJsonBody(c), 'body');
    const { items, total } = repository.searchBranches(settlementId, {
      ...request,
      deliverySlugs: [request.deliverySlug],
      order: request.sort.order,
    });
    const body: BranchList = { items, total };
    return c.json(body);
  });

  app.post('/public/settlement/:id/warehouse/combined', limitBody, async (c) => {
    parseOr400(deliveryCommonQuerySchema, c.req.query(), 'warehouse query');
    const settlementId = settlementOf(c);
    const request = parseOr400(combinedBranchSearchRequestSchema, await readJsonBody(c), 'body');
    const body: CombinedBranchList = repository.searchBranches(settlementId, { ...request, order: request.sort.order });
    return c.json(body);
  });

  // Spec §7 "POST /public/delivery/product/{id}/calculate (project)". The delivery service holds no
  // catalogue: the caller sends the parcel's weight; the product id is echoed so answers can be told apart.
  app.post('/public/delivery/product/:id/calculate', limitBody, async (c) => {
    parseOr400(deliveryCommonQuerySchema, c.req.query(), 'calculation query');
    const productId = parseOr400(pathIdSchema, c.req.param('id'), 'product id');
    const request = parseOr400(deliveryCalculationRequestSchema, await readJsonBody(c), 'body');
    if (!repository.hasSettlement(request.settlementId)) {
      throw new ServiceError(404, `No settlement ${request.settlementId}`);
    }
    const body: DeliveryCalculation = {
      productId,
      settlementId: request.settlementId,
      weight: request.weight,
      methods: repository.quotes(request.settlementId, request.weight, request.deliverySlug),
    };
    return c.json(body);
  });

  return app;
}
