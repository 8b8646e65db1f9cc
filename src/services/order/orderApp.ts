import { log } from '../../log/log.ts';
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
import { paymentTypeChangeSchema } from '../../api/schemas/paymentTypeChange.ts';
import type { CertificateOrder, NewPayment, Order, PaymentCheckout } from '../../api/schemas/order.ts';
import { readJsonBody } from '../http/adminRoutes.ts';
import { createServiceApp, parseOr400 } from '../http/serviceApp.ts';
import { checkBasket } from './basketCheck.ts';
import { createBasketRepository } from './basketRepository.ts';
import { createBonusClaimRepository } from './bonusClaims.ts';
import { createBonusPayments } from './bonusPayments.ts';
import { createBundleReader, createCatalogueReader, createVariantProductReader } from './catalogueReader.ts';
import { createCustomerAuthenticator } from './customerAuth.ts';
import { mountCustomerRoutes } from './customerRoutes.ts';
import { createDeliveryDirectory } from './deliveryDirectory.ts';
import { createDeliveryOptions } from './deliveryOptions.ts';
import { mountGatewayCallback } from './gatewayRoutes.ts';
import { ORDER_HOLD_DEFAULTS } from './holdLimits.ts';
import type { OrderHolds } from './holdLimits.ts';
import { mountOrderAdminRoutes } from './orderAdminRoutes.ts';
import { placeOneClickOrder, placeOrder, settleOwedGiveBacks } from './orderPlacement.ts';
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
import { openAtGateway } from './paymentGateway.ts';
import { gatewayLinks, sandboxPageUrl } from './paymentLinks.ts';
import { createPayment, paymentCheckout, purchaseCertificate, readCertificateOrder } from './payments.ts';
import type { OpenPayment, PaymentDeps } from './payments.ts';
import { changePaymentType } from './paymentTypeChange.ts';
import { mountOrderPhoneCode } from './orderPhoneCode.ts';
import { mountSandboxBank } from './sandbox/bankRoutes.ts';
import { mountStockNotificationRoutes } from './stockNotificationRoutes.ts';
import { createStockNotifications } from './stockNotifications.ts';
import { createSubscriptionDeliveries } from './subscriptionDeliveries.ts';
import type { PaymentGatewayConfig } from '../outside/outsideWorld.ts';

// src/services/index.ts reads the bounds from the environment where it builds this app.
export { orderHoldsFromEnv } from './holdLimits.ts';

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
   * The real payment gateway (src/services/outside/outsideWorld.ts; the contract in
   * paymentGateway.ts): payments are opened there and its signed callbacks
   * (`POST /public/payment/callback`) settle them; the sandbox bank is then not mounted. Needs
   * `shopUrl`. Null or unset: the sandbox bank, if on, else no bank.
   */
  paymentGateway?: PaymentGatewayConfig | null | undefined;
  /**
   * The shop's public origin (SITE_URL; STOREFRONT_URL when the order service runs on its own
   * origin, `npm run services`): payments' return paths are the shop's, so a bank on another origin
   * must send the shopper there; the gateway's return and callback addresses are made from it.
   * Unset: the sandbox bank's way back is a path of the origin it is mounted on.
   */
  shopUrl?: string | undefined;
  /** Bounds of what one shopper can hold (holdLimits.ts); ORDER_HOLD_DEFAULTS for any left out. */
  holds?: Partial<OrderHolds> | undefined;
  /**
   * The token the user service takes for its internal calls (the bonus payments of orders,
   * `USER_SERVICE_TOKEN`); unset, an order paid with points is refused with a 503.
   */
  userServiceToken?: string | undefined;
  /**
   * The admin API's bearer token (`ORDER_ADMIN_TOKEN`, orderAdminRoutes.ts: order statuses). Unset
   * or empty: every admin call is refused with 401.
   */
  adminToken?: string | undefined;
  /**
   * Runs the service's scheduled job (repeat deliveries of subscriptions, owed bonus give-backs)
   * now and then: src/services/index.ts hands in a timer, a test a hand that runs it when the test's
   * clock says so. Unset: nothing is scheduled.
   */
  schedule?: ((job: () => Promise<void>) => void) | undefined;
}

/** The date in Kyiv (YYYY-MM-DD): a code "valid until 31 May" is valid all of that Ukrainian day. */
const kyivDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * How a request's payment is opened: at the gateway when one is configured, else at the sandbox
 * bank when it runs; null when there is no bank.
 */
function paymentOpener(options: OrderAppOptions): ((c: Context) => OpenPayment) | null {
  const gateway = options.paymentGateway ?? null;
  if (gateway !== null) {
    const shopUrl = options.shopUrl;
    // The gateway is another site: without the shop's public origin it could be given no way back.
    if (shopUrl === undefined) {
      throw new Error('a payment gateway needs the shop’s public origin (SITE_URL) for its return and callback URLs');
    }
    return (c) => openAtGateway(gateway, gatewayLinks(c, shopUrl));
  }
  if (!options.sandboxBank) return null;
  return (c) => {
    const pageUrl = sandboxPageUrl(c);
    return (payment) => Promise.resolve(pageUrl(payment.paymentHash));
  };
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
  const holds: OrderHolds = { ...ORDER_HOLD_DEFAULTS, ...options.holds };
  const openPayment = paymentOpener(options);
  const orders = createOrderRepository(db, now);
  const repository = createBasketRepository(db);
  const readCatalogue = createCatalogueReader(options.upstream);
  const basketDeps = {
    repository,
    readCatalogue,
    variantProducts: createVariantProductReader(options.upstream),
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
    holds,
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
      log.error('[order] basket check: the catalogue cannot be read:', error.message);
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

  mountOrderPhoneCode(app, { orders, upstream: options.upstream, serviceToken: options.userServiceToken });

  // Ours (docs/decisions.md "Orders: choosing another payment type"): the order's hash changes its payment type.
  app.post(
    '/public/anon/order/:hash/payment-type',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const hash = hashParam(c, 'Order');
      const { locale } = parseFields(localeQuerySchema, c.req.query(), 'query');
      const change = parseFields(paymentTypeChangeSchema, await readJson(c), 'payment type');
      const deps = { db, orders, bundle: orderDeps.bundle, now, holds };
      const body: Order = await changePaymentType(deps, hash, change, locale);
      return c.json(body);
    }),
  );

  app.post(
    '/public/payment/new/:hash',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const hash = hashParam(c, 'Order');
      const { returnUrl } = parseFields(newPaymentRequestSchema, await readJson(c), 'payment');
      if (openPayment === null) {
        throw new OrderProblem(
          503,
          ORDER_ERROR.noBank,
          'No bank is configured for this order service: online payment is not available',
        );
      }
      const body: NewPayment = await createPayment(paymentDeps, hash, returnUrl, openPayment(c));
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

  // One bank at a time: with a gateway, `/sandbox/*` is a 404 whatever `sandboxBank` says.
  if (options.paymentGateway) mountGatewayCallback(app, paymentDeps, options.paymentGateway.secret);
  else if (options.sandboxBank) mountSandboxBank(app, paymentDeps, options.shopUrl);
  // Issue 29: «Повідомити про наявність», sent through the user service when stock is back.
  const stockNotifications = createStockNotifications({
    db,
    now,
    readCatalogue,
    upstream: options.upstream,
    serviceToken: options.userServiceToken,
    shopUrl: options.shopUrl,
  });
  mountStockNotificationRoutes(app, stockNotifications, options.userServiceToken);
  // Issue 25: orders move through the spec's statuses; subscriptions' repeat deliveries are made.
  mountOrderAdminRoutes(app, orderDeps, options.adminToken);
  const deliveries = createSubscriptionDeliveries({ db, orders, now, today });
  options.schedule?.(async () => {
    try {
      const made = deliveries.run();
      if (made > 0) log.info(`[order] ${made} repeat deliver${made === 1 ? 'y' : 'ies'} of subscriptions ordered`);
    } catch (error) {
      log.error('[order] repeat deliveries of subscriptions:', error instanceof Error ? error.message : error);
    }
    await settleOwedGiveBacks(orderDeps);
  });

  return app;
}
