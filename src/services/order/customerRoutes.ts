import type { Hono } from 'hono';
import {
  certificatePurchaseSchema,
  oneClickOrderSchema,
  orderListQuerySchema,
  orderNumberSchema,
  orderPayloadSchema,
} from '../../api/schemas/order.ts';
import type { Order, OrderClaim, OrderList } from '../../api/schemas/order.ts';
import type { CustomerAuthenticator } from './customerAuth.ts';
import { placeOneClickOrder, placeOrder } from './orderPlacement.ts';
import type { OrderDeps } from './orderPlacement.ts';
import { notFound, parseFields } from './orderProblem.ts';
import type { OrderRepository } from './orderRepository.ts';
import {
  answering,
  limit,
  localeQuerySchema,
  optionalKey,
  ORDER_BYTES,
  readJson,
  requiredKey,
  SMALL_BYTES,
} from './orderRouteKit.ts';
import { purchaseCertificate } from './payments.ts';
import type { PaymentDeps } from './payments.ts';

export interface CustomerRouteDeps {
  authenticate: CustomerAuthenticator;
  orderDeps: OrderDeps;
  paymentDeps: PaymentDeps;
  orders: OrderRepository;
}

/**
 * The signed-in shopper's calls (storefront spec §6: "anonymous and authenticated users use
 * different order calls"; §7): new order, one-click order, certificate purchase, order by number
 * and the list, each with `Authorization: Bearer`. They run the anonymous calls' code with the
 * customer as the `Shopper`, so an Idempotency-Key is the same promise here, kept per customer
 * (orderPlacement.ts storedKey). The bearer is judged first: without one, nothing else is read.
 * Another shopper's number is a 404 like a number that does not exist: a 403 would say it exists.
 */
export function mountCustomerRoutes(app: Hono, deps: CustomerRouteDeps): void {
  const { authenticate, orderDeps, paymentDeps, orders } = deps;

  app.post(
    '/public/order',
    limit(ORDER_BYTES),
    answering(async (c) => {
      const shopper = await authenticate(c.req.header('authorization'));
      const key = requiredKey(c);
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const payload = parseFields(orderPayloadSchema, await readJson(c), 'order');
      const placed = await placeOrder(orderDeps, payload, { shopper, idempotencyKey: key, locale });
      const body: Order = placed.order;
      return c.json(body, placed.status);
    }),
  );

  app.post(
    '/public/order/one-click',
    limit(ORDER_BYTES),
    answering(async (c) => {
      const shopper = await authenticate(c.req.header('authorization'));
      const key = requiredKey(c);
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const payload = parseFields(oneClickOrderSchema, await readJson(c), 'one-click order');
      const placed = await placeOneClickOrder(orderDeps, payload, { shopper, idempotencyKey: key, locale });
      const body: Order = placed.order;
      return c.json(body, placed.status);
    }),
  );

  app.post(
    '/public/order/gift-certificate',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const shopper = await authenticate(c.req.header('authorization'));
      const key = optionalKey(c);
      const payload = parseFields(certificatePurchaseSchema, await readJson(c), 'certificate purchase');
      const purchase = purchaseCertificate(paymentDeps, payload, { shopper, idempotencyKey: key });
      return c.json({ hash: purchase.hash }, purchase.status);
    }),
  );

  // Not in the spec's table (it shows only that an anonymous shopper is asked to confirm the
  // phone): the storefront calls it after every sign-in, which proves the phone (docs/decisions.md
  // "Accounts: confirming the phone of an anonymous order").
  app.post(
    '/public/order/claim',
    answering(async (c) => {
      const { customerId, phone } = await authenticate(c.req.header('authorization'));
      const body: OrderClaim = { claimed: orders.claimByPhone(customerId, phone) };
      return c.json(body);
    }),
  );

  app.get(
    '/public/order',
    answering(async (c) => {
      const { customerId } = await authenticate(c.req.header('authorization'));
      const query = c.req.query();
      const { locale } = parseFields(localeQuerySchema, query, 'query');
      const { page, limit: size } = parseFields(orderListQuerySchema, query, 'query');
      const found = orders.customerOrders(customerId, { offset: page * size, limit: size }, locale);
      const body: OrderList = { items: found.items, total: found.total, page, limit: size };
      return c.json(body);
    }),
  );

  app.get(
    '/public/order/:number',
    answering(async (c) => {
      const { customerId } = await authenticate(c.req.header('authorization'));
      const number = orderNumberSchema.safeParse(c.req.param('number'));
      if (!number.success) throw notFound('Order');
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const order = orders.customerOrder(customerId, number.data, locale);
      if (!order) throw notFound('Order');
      const body: Order = order;
      return c.json(body);
    }),
  );
}
