import type { DatabaseSync } from 'node:sqlite';
import type { Context, Hono } from 'hono';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { basketCheckRequestSchema } from '../../api/schemas/basket.ts';
import type { BasketCheckResponse } from '../../api/schemas/basket.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import {
  certificatePurchaseSchema,
  newPaymentRequestSchema,
  oneClickOrderSchema,
  ORDER_ERROR,
  orderPayloadSchema,
} from '../../api/schemas/order.ts';
import type { CertificateOrder, NewPayment, Order, PaymentCheckout } from '../../api/schemas/order.ts';
import { readJsonBody } from '../http/adminRoutes.ts';
import { createServiceApp, parseOr400 } from '../http/serviceApp.ts';
import { checkBasket } from './basketCheck.ts';
import { createBasketRepository } from './basketRepository.ts';
import { createBonusClaimRepository } from './bonusClaims.ts';
import { createBonusPayments } from './bonusPayments.ts';
import { createBundleReader, createCatalogueReader } from './catalogueReader.ts';
import { createCustomerAuthenticator } from './customerAuth.ts';
import { mountCustomerRoutes } from './customerRoutes.ts';
import { createDeliveryDirectory } from './deliveryDirectory.ts';
import { createDeliveryOptions } from './deliveryOptions.ts';
import { placeOneClickOrder, placeOrder } from './orderPlacement.ts';
import type { OrderDeps, Shopper } from './orderPlacement.ts';
import { notFound, OrderProblem, parseFields, RETRY_AFTER_SECONDS } from './orderProblem.ts';
import {
  answering,
  BASKET_CHECK_BYTES,
  hashParam,
  limit,
  localeQuerySchema,
  optionalKey,
  ORDER_BYTES,
  personal,
  readJson,
  requiredKey,
  SMALL_BYTES,
} from './orderRouteKit.ts';
import { createOrderRepository } from './orderRepository.ts';
import { createPayment, paymentCheckout, purchaseCertificate, readCertificateOrder } from './payments.ts';
import type { PaymentDeps } from './payments.ts';
import { mountSandboxBank } from './sandbox/bankRoutes.ts';

export interface OrderAppOptions {
  /**
   * Client of the services the order service asks: search (the catalogue: prices, stock), delivery
   * (a city's methods, branches, pickup points) and user (who a signed-in call's bearer is, and
   * the bonus payments of orders),
   * through their contracts. Built by
   * src/services/index.ts: in process when they run here, at their `*_API_URL` otherwise.
   */
  upstream: HttpClient;
  /** The clock for codes' and promotions' dates and orders' times (tests move it); the system clock by default. */
  now?: (() => Date) | undefined;
  /**
   * Serve the sandbox bank (`/sandbox/*`, sandbox/bankRoutes.ts) and send payments to it. Only
   * for the embedded shop: src/services/index.ts turns it on while no real order service is
   * configured. Off (the default): `/sandbox/*` is a 404 and `POST /public/payment/new/{hash}`
   * answers 503 with code 5031 (no bank configured).
   */
  sandboxBank?: boolean | undefined;
  /**
   * The storefront's origin, for the sandbox bank's way back when the order service runs on its own
   * origin (`npm run services`): payments' return paths are the shop's, so the bank must send the
   * shopper there rather than to a path of its own origin. Unset when mounted in the storefront.
   */
  shopUrl?: string | undefined;
  /**
   * The token the user service takes for its internal calls (the bonus payments of orders,
   * `USER_SERVICE_TOKEN`); unset, an order paid with points is refused with a 503.
   */
  userServiceToken?: string | undefined;
}

/** The date in Kyiv (YYYY-MM-DD): a code "valid until 31 May" is valid all of that Ukrainian day. */
const kyivDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Where a shopper's browser finds the sandbox bank's page of a payment. Mounted in the storefront
 * (src/services/index.ts routes `/svc/order/…` here and says so in X-Forwarded-Prefix), it is a
 * path of the shop's own origin; served on its own port, the order service's own origin.
 */
function bankPageUrl(c: Context): (paymentHash: string) => string {
  const prefix = c.req.header('x-forwarded-prefix');
  const base = prefix !== undefined && /^(?:\/[a-z0-9-]+)+$/.test(prefix) ? prefix : new URL(c.req.url).origin;
  return (paymentHash) => `${base}/sandbox/bank/${encodeURIComponent(paymentHash)}`;
}

/**
 * The order service (storefront spec §7 "Order service"): the basket check, anonymous orders and
 * one-click orders, orders read by hash, payments and gift certificate purchases, and while no real
 * bank is configured the sandbox bank. The signed-in routes (`/public/order…`, customerRoutes.ts)
 * call the same functions with the customer as the `Shopper`.
 */
export function createOrderApp(db: DatabaseSync, options: OrderAppOptions): Hono {
  const app = createServiceApp('order');
  const now = options.now ?? (() => new Date());
  const today = (): string => kyivDate.format(now());
  const orders = createOrderRepository(db);
  const repository = createBasketRepository(db);
  const readCatalogue = createCatalogueReader(options.upstream);
  const basketDeps = {
    repository,
    readCatalogue,
    heldUnits: orders.heldUnits,
    deliveryMethods: createDeliveryOptions(options.upstream),
    today,
  };
  const orderDeps: OrderDeps = {
    db,
    basket: basketDeps,
    orders,
    directory: createDeliveryDirectory(options.upstream),
    bundle: createBundleReader(options.upstream),
    today,
    now,
    bonusPayments: createBonusPayments(options.upstream, options.userServiceToken),
    bonusClaims: createBonusClaimRepository(db),
  };
  const paymentDeps: PaymentDeps = { db, orders, now, today };
  const anonymous: Shopper = { customerId: null };
  mountCustomerRoutes(app, {
    authenticate: createCustomerAuthenticator(options.upstream),
    orderDeps,
    paymentDeps,
    orders,
  });

  app.post('/public/basket/check', limit(BASKET_CHECK_BYTES), async (c) => {
    const { locale } = parseOr400(localeQuerySchema, c.req.query(), 'query');
    const request = parseOr400(basketCheckRequestSchema, await readJsonBody(c), 'body');
    // Prices and stock are the shopper's own answer: never stored by a shared cache.
    personal(c);
    let body: BasketCheckResponse;
    try {
      body = await checkBasket(basketDeps, request, locale);
    } catch (error) {
      if (!isApiError(error)) throw error;
      // DESIGN §7: an upstream failure is a 503 with Retry-After; a check never answers stale prices.
      console.error('[order] basket check: the catalogue cannot be read:', error.message);
      const answer: ServiceErrorBody = { code: 503, message: 'The catalogue cannot be read now; try again shortly' };
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json(answer, 503);
    }
    return c.json(body);
  });

  // Spec §7 `POST /public/anon/order`: 201 with the new order, 200 with the order its key made.
  app.post(
    '/public/anon/order',
    limit(ORDER_BYTES),
    answering(async (c) => {
      const key = requiredKey(c);
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const payload = parseFields(orderPayloadSchema, await readJson(c), 'order');
      const placed = await placeOrder(orderDeps, payload, { shopper: anonymous, idempotencyKey: key, locale });
      const body: Order = placed.order;
      return c.json(body, placed.status);
    }),
  );

  app.post(
    '/public/anon/order/one-click',
    limit(ORDER_BYTES),
    answering(async (c) => {
      const key = requiredKey(c);
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const payload = parseFields(oneClickOrderSchema, await readJson(c), 'one-click order');
      const placed = await placeOneClickOrder(orderDeps, payload, { shopper: anonymous, idempotencyKey: key, locale });
      const body: Order = placed.order;
      return c.json(body, placed.status);
    }),
  );

  app.post(
    '/public/anon/order/gift-certificate',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const key = optionalKey(c);
      const payload = parseFields(certificatePurchaseSchema, await readJson(c), 'certificate purchase');
      const purchase = purchaseCertificate(paymentDeps, payload, { shopper: anonymous, idempotencyKey: key });
      return c.json({ hash: purchase.hash }, purchase.status);
    }),
  );

  app.get(
    '/public/anon/order/gift-certificate/:hash',
    answering((c) => {
      const body: CertificateOrder = readCertificateOrder(paymentDeps, hashParam(c, 'Certificate purchase'));
      return c.json(body);
    }),
  );

  // Anonymous reads go by the unguessable hash only; the number is for people (spec §7 "order by number").
  app.get(
    '/public/anon/order/:hash',
    answering((c) => {
      const hash = hashParam(c, 'Order');
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const order = orders.readOrder(hash, locale);
      if (!order) throw notFound('Order');
      const body: Order = order;
      return c.json(body);
    }),
  );

  app.post(
    '/public/payment/new/:hash',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const hash = hashParam(c, 'Order');
      const { returnUrl } = parseFields(newPaymentRequestSchema, await readJson(c), 'payment');
      if (!options.sandboxBank) {
        throw new OrderProblem(
          503,
          ORDER_ERROR.noBank,
          'No bank is configured for this order service: online payment is not available',
        );
      }
      const body: NewPayment = createPayment(paymentDeps, hash, returnUrl, bankPageUrl(c));
      return c.json(body, 201);
    }),
  );

  app.get(
    '/public/payment/checkout/:hash',
    answering((c) => {
      const body: PaymentCheckout = paymentCheckout(paymentDeps, hashParam(c, 'Payment'));
      return c.json(body);
    }),
  );

  if (options.sandboxBank) mountSandboxBank(app, paymentDeps, options.shopUrl);

  return app;
}
