import { z } from 'zod';
import { optionalEmailSchema, personNameSchema, phoneSchema, REQUIRED_MESSAGE } from './person.ts';
import { certificateRequestSchema, chosenGiftSchema } from './basket.ts';
import { deliveryMethodSlugSchema, deliveryTypeSchema } from './delivery.ts';
import type { DeliveryMethodSlug } from './delivery.ts';

/**
 * Orders and payments of the order service (storefront spec §3 "Order payload sent", "Order (as
 * read)", "Gift certificate", §4 "Payment types", "Order status", §5 "Delivery and payment", §7
 * "Order service"). The payload carries wishes (variants, quantities, codes, gifts, delivery,
 * payment); the service prices, checks and reserves everything itself. Shapes the spec does not
 * show are defined here, once, for both sides.
 *
 * Messages: the spec's texts where it has them (phone, pay in parts, certificate nominal, the
 * companion spec's required and e-mail texts), verbatim and in the language the spec gives them;
 * the rest in Russian, the site's default. Rules the service judges with data (stock, delivery,
 * amounts) answer in the request's `locale`.
 */

/** Spec §4 payment types: 1 cash; 2, 6, 9 card online; 3 card in shop; 5 card to courier; 7 card baby package; 8, 10 instalments. */
export const paymentTypeSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(5),
  z.literal(6),
  z.literal(7),
  z.literal(8),
  z.literal(9),
  z.literal(10),
]);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** Payment types paid online through the bank's page (card online, baby package, instalments). */
export const ONLINE_PAYMENT_TYPES: readonly PaymentType[] = [2, 6, 7, 8, 9, 10];
/** Spec §5: payment parts are sent only for the instalment types. */
export const INSTALMENT_PAYMENT_TYPES: readonly PaymentType[] = [8, 10];
/** Spec §4: the second instalment bank (type 10) may leave a payment waiting in its mobile app. */
export const APP_INSTALMENT_PAYMENT_TYPE = 10;

/**
 * The payment types each delivery method allows (spec §4 "Payment types" with §5 "Delivery and
 * payment"; the spec does not list them, so the shop decides, and the checkout's table,
 * src/domain/checkout/paymentRules.ts `PAYMENT_TABLE`, is the same less 6 and 9):
 * - 1 cash: every delivery (cash on delivery at a branch or parcel locker, to the courier, at the till);
 * - 2, 6, 9 card online: every delivery (the checkout offers 2 only: one acquirer; 6 and 9 are
 *   other acquirers' codes, still accepted);
 * - 3 card in the shop: pickup only (the shop's terminal);
 * - 5 card to the courier: the shop's own courier (im-courier) only: it carries a terminal, a
 *   carrier's courier takes cash;
 * - 7 the «Пакунок малюка» card: every delivery, but only when every bought line is a product of
 *   the baby-bundle catalogue (pakunok-malyuka; gifts are free and do not count), as the search
 *   service's catalogue says;
 * - 8, 10 instalments: every delivery, within INSTALMENT_LIMITS.
 * The online types (ONLINE_PAYMENT_TYPES) also need something to pay: `goods amount` > 0.
 *
 * The amount the instalment limits and "something to pay" apply to is the goods' amount to pay:
 * the lines after discounts less certificates and bonuses (the order's price − certificateAmount −
 * usedBonuses), without delivery, as the checkout computes it. The bank is asked for the order's
 * totalPrice (delivery included).
 */
export const PAYMENT_TYPES_BY_METHOD: Readonly<Record<DeliveryMethodSlug, readonly PaymentType[]>> = {
  'np-warehouse': [1, 2, 6, 7, 8, 9, 10],
  'np-postbox': [1, 2, 6, 7, 8, 9, 10],
  'justin-warehouse': [1, 2, 6, 7, 8, 9, 10],
  'u-warehouse': [1, 2, 6, 7, 8, 9, 10],
  'im-courier': [1, 2, 5, 6, 7, 8, 9, 10],
  'np-courier': [1, 2, 6, 7, 8, 9, 10],
  'meest-courier': [1, 2, 6, 7, 8, 9, 10],
  'ipost-courier': [1, 2, 6, 7, 8, 9, 10],
  'pick-and-collect': [1, 2, 3, 6, 7, 8, 9, 10],
};

/** The baby package card (spec §4 type 7) pays only for the baby-bundle catalogue's goods. */
export const BABY_PACKAGE_PAYMENT_TYPE = 7;

/**
 * Spec §5/§9 pay in parts: the goods' amount to pay within 300 … 100 000 UAH (the spec's messages),
 * in 3 … 10 payments (as the shop's payment page promises; the checkout offers the same).
 */
export const INSTALMENT_LIMITS = {
  minAmount: 300,
  maxAmount: 100_000,
  minParts: 3,
  maxParts: 10,
  minAmountMessage: 'Мінімальна сума для оплати частинами',
  maxAmountMessage: 'Максимальна сума для оплати частинами',
} as const;

/**
 * Spec §4 payment status codes 0–9. The spec names the statuses new, created, processing,
 * approved, declined, expired, reversed, undefined, error without numbers; in that order they are
 * 0–8 here, which fits its groups (0–2 pending, 3 success, 4–7 failed, 8 error), and 9 is "buyer is
 * not a client of the instalment bank". An order paid online that has no payment yet reads 0.
 */
export const PAYMENT_STATUS = {
  new: 0,
  created: 1,
  processing: 2,
  approved: 3,
  declined: 4,
  expired: 5,
  reversed: 6,
  undefined: 7,
  error: 8,
  notBankClient: 9,
} as const;
export const paymentStatusSchema = z.number().int().min(0).max(9);

/** Spec §4 order status codes 0–9 (labels and style classes in src/domain/checkout). */
export const orderStatusSchema = z.number().int().min(0).max(9);
/** Spec §4 product line statuses 0–5: new, reserved, canceled, delivery waiting, transferred, refused. */
export const lineStatusSchema = z.number().int().min(0).max(5);

export { REQUIRED_MESSAGE };
const REQUIRED = REQUIRED_MESSAGE;
const name = personNameSchema;

/** Spec §5 phone rule: 380 and 12 digits. */
export const orderPhoneSchema = phoneSchema;

const emailSchema = optionalEmailSchema;

/**
 * Spec §5 "City name: letters or digits separated by hyphen, comma or space", with apostrophes
 * inside words: Кам’янське, Кам’янець-Подільський are real settlements of the delivery service.
 */
const cityNameSchema = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .max(100)
  .regex(
    /^[\p{L}\d'’ʼ.]+(?:[-, ]+[\p{L}\d'’ʼ.]+)*$/u,
    'Название населённого пункта может содержать только буквы, цифры, дефис, запятую и пробел',
  );

const internalIdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * Spec §3 `items (internalId, quantity)`; `productId` is optional, as in the basket check
 * (basketCheckItemRequestSchema): the service looks the variant's product up when it is absent.
 */
export const orderItemRequestSchema = z.object({
  internalId: internalIdSchema,
  productId: internalIdSchema.optional(),
  quantity: z.number().int().min(1).max(999),
});

/**
 * What a subscription may be (storefront spec §3 "Subscription options: quantity, startDate,
 * interval"; the spec gives no values, so the shop decides; docs/decisions.md "Accounts:
 * subscriptions"): a delivery every 14, 30, 60 or 90 days, the first one from today (Kyiv) to
 * `maxStartDays` days ahead. The storefront offers from tomorrow (src/domain/basket/subscription.ts
 * mirrors these; a unit test keeps them equal); the order service refuses anything else, field by
 * field, in the request's language.
 */
export const SUBSCRIPTION_TERMS = {
  intervals: [14, 30, 60, 90],
  maxStartDays: 90,
} as const;

/**
 * A subscription line of an order (spec §3 `subscriptionItems`). The schema takes any interval of
 * a year and any calendar date, so that the service answers a term it does not offer with a
 * message on the very field (`subscriptionItems.0.intervalDays`), not with a schema error.
 * `isActive`: a new subscription starts active (false is refused).
 */
export const subscriptionItemSchema = z.object({
  internalId: internalIdSchema,
  productId: internalIdSchema.optional(),
  quantity: z.number().int().min(1).max(999),
  isActive: z.boolean(),
  intervalDays: z.number().int().positive().max(365),
  startDate: z.iso.date(),
});

/**
 * A promo code or gift certificate of an order: (type, key) as the basket check takes them, and
 * for a certificate `amount`, the hryvnias the check showed it paying (its `discountAmount`). With
 * `amount` the order is refused (409/4091, named on `certificates.N.key`) when less than that is
 * left on the certificate by the time the order is placed (another order spent from it meanwhile),
 * never applied in part without a word. Without it (clients before this field) the order takes what
 * is left. Ignored for promo codes, which nothing uses up.
 */
export const orderCertificateSchema = certificateRequestSchema.extend({
  // The nominal's maximum (CERTIFICATE_NOMINAL): no certificate pays more.
  amount: z.number().nonnegative().max(100_000).optional(),
});
export type OrderCertificate = z.infer<typeof orderCertificateSchema>;

/** What every order payload carries (spec §3), whatever the delivery. */
const orderCommonSchema = z.object({
  firstName: name,
  lastName: name,
  phone: orderPhoneSchema,
  email: emailSchema,
  paymentType: paymentTypeSchema,
  /** Spec §5: sent only for the instalment types (INSTALMENT_LIMITS: 3 … 10 payments); 0 otherwise. */
  paymentParts: z
    .number()
    .int()
    .min(0)
    .max(
      INSTALMENT_LIMITS.maxParts,
      `Количество платежей: от ${INSTALMENT_LIMITS.minParts} до ${INSTALMENT_LIMITS.maxParts}`,
    )
    .default(0),
  /** Spec §3: 0 or 1 (default 1: the shop calls back). */
  callBack: z.union([z.literal(0), z.literal(1)]).default(1),
  /** At least one line for an anonymous order (the service says so per field). */
  items: z.array(orderItemRequestSchema).max(100),
  /** Subscriptions need a signed-in shopper (spec §6): an anonymous order with any is refused. */
  subscriptionItems: z.array(subscriptionItemSchema).max(100).default([]),
  chosenGiftItems: z.array(chosenGiftSchema).max(100).default([]),
  certificates: z.array(orderCertificateSchema).max(10).default([]),
  /** Kept as sent: the spec §9 prefixes («Примірка», «Пакунок малюка», «Картой курьеру») are the storefront's. */
  comment: z.string().max(1000).default(''),
  /**
   * Bonus points to spend, whole hryvnias (signed-in members; docs/decisions.md "Accounts: paying
   * with bonuses"); an anonymous order must send 0. The message is the checkout's own (Russian, as
   * the contract's other messages).
   */
  usedBonuses: z
    .number()
    .int('Бонусы списываются целым числом')
    .nonnegative('Бонусы списываются целым числом')
    .max(10_000_000, 'Бонусы списываются целым числом')
    .default(0),
  otherRecipient: z.boolean().default(false),
  /** Required (phone rule) when `otherRecipient`; ignored otherwise. */
  recipientPhone: z.string().max(20).default(''),
  recipientFirstName: z.string().trim().max(60).default(''),
  recipientLastName: z.string().trim().max(60).default(''),
});

const ref = z.string().trim().min(1, REQUIRED).max(64);
/** The delivery service's settlement id (its contract finds settlements by id, `GET /public/settlement/{id}`). */
const settlementIdSchema = z.number().int().positive().max(2_147_483_647);

/** Spec §3 branch delivery (type 1): a carrier's branch or parcel locker. */
export const branchOrderSchema = orderCommonSchema.extend({
  deliveryType: z.literal(1),
  deliveryCarrier: z.number().int().min(0).max(7),
  deliveryMethodSlug: deliveryMethodSlugSchema,
  region: z.string().max(100),
  district: z.string().max(100).default(''),
  city: cityNameSchema,
  /** The settlement's `ref`; it must be the ref of `cityId`. */
  cityRef: ref,
  /** Ours, optional (the spec sends `city` and `cityRef`): without it the service finds the settlement by its ref. */
  cityId: settlementIdSchema.optional(),
  /** The branch as shown to the shopper (kept as sent); the service reads the branch by its ref. */
  deliveryBranch: z.string().min(1, REQUIRED).max(200),
  deliveryBranchRef: ref,
});

/** Spec §3 address delivery (type 2): a courier to a street address. */
export const addressOrderSchema = orderCommonSchema.extend({
  deliveryType: z.literal(2),
  deliveryCarrier: z.number().int().min(0).max(7),
  deliveryMethodSlug: deliveryMethodSlugSchema,
  region: z.string().max(100),
  district: z.string().max(100).default(''),
  city: cityNameSchema,
  /** The settlement's `ref`; it must be the ref of `cityId`. */
  cityRef: ref,
  /** Ours, optional (the spec sends `city` and `cityRef`): without it the service finds the settlement by its ref. */
  cityId: settlementIdSchema.optional(),
  street: z.string().trim().min(1, REQUIRED).max(200),
  streetRef: z.string().max(64).default(''),
  streetTypeName: z.string().max(30).default(''),
  building: z.string().trim().min(1, REQUIRED).max(20),
  apartment: z.string().trim().max(20).default(''),
  /** Spec §9 «Примірка»: try clothes on at the door; only with the shop's own courier (im-courier). */
  tryClothes: z.boolean().default(false),
});

/** Spec §3 pickup (type 3): a shop of the chain (carrier 0). */
export const pickupOrderSchema = orderCommonSchema.extend({
  deliveryType: z.literal(3),
  /** The shop's ref (the delivery service's shop configs); it must have pickupEnable. */
  deliveryShop: ref,
});

export const orderPayloadSchema = z.discriminatedUnion('deliveryType', [
  branchOrderSchema,
  addressOrderSchema,
  pickupOrderSchema,
]);
export type OrderPayload = z.input<typeof orderPayloadSchema>;

/** One-click order (spec §7): the phone only; the shop calls back for the rest. */
export const oneClickOrderSchema = z.object({
  phone: orderPhoneSchema,
  items: z.array(orderItemRequestSchema).min(1).max(100),
  firstName: z.string().trim().max(60).default(''),
});
export type OneClickOrderPayload = z.input<typeof oneClickOrderSchema>;

/** Spec §3 "Order (as read)": a line, as the catalogue described it when the order was placed. */
export const orderLineSchema = z.object({
  internalId: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  titleUkr: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  folderCategory: z.string(),
  category: z.string().nullable(),
  colorPresentation: z.string().nullable(),
  sizePresentation: z.string().nullable(),
  displayArticle: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** Unit price after promo-code discounts (0 for a gift). */
  price: z.number().nonnegative(),
  /** quantity × price, rounded down to whole hryvnias (as the basket check's `cost`). */
  totalPrice: z.number().nonnegative(),
  isGift: z.boolean(),
  /**
   * A subscription line (spec §3 `subscriptionItems`): days between deliveries and the first
   * delivery (YYYY-MM-DD); both null for a line bought once or a gift. The line itself is the first
   * delivery, priced at the subscription price.
   */
  intervalDays: z.number().int().positive().nullable().default(null),
  startDate: z.string().nullable().default(null),
  status: lineStatusSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One step of an order's status history: the status and when it was set (ISO 8601). */
export const orderStatusChangeSchema = z.object({ status: orderStatusSchema, at: z.string() });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** Spec §3 "Order (as read)", with what the thank-you and order pages show. */
export const orderSchema = z.object({
  /** A full checkout order, or a one-click order (no delivery and payment until the shop calls back). */
  kind: z.enum(['order', 'one-click']),
  number: z.string(),
  /** Unguessable id of the order for anonymous look-ups and payments (spec: order hash). */
  hash: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  /** Sum of the lines after promo-code discounts, without delivery and certificates. */
  price: z.number().nonnegative(),
  deliveryPrice: z.number().nonnegative(),
  /** Promo-code discounts (on lines and off the order); not the catalogue's markdown, not certificates. */
  discountAmount: z.number().nonnegative(),
  /** What gift certificates pay (never more than `price`). */
  certificateAmount: z.number().nonnegative(),
  /** Bonus points spent (signed-in members; 0 for anonymous orders). */
  usedBonuses: z.number().int().nonnegative(),
  /** What the shopper pays: price + delivery − certificates − bonuses, never below 0. */
  totalPrice: z.number().nonnegative(),
  /** Null for a one-click order. */
  paymentType: paymentTypeSchema.nullable(),
  paymentParts: z.number().int().nonnegative(),
  /**
   * The latest payment's status (PAYMENT_STATUS; 0 before the first payment); null for the types
   * not paid online (spec §4: cash shows no payment status) and for one-click orders.
   */
  paymentStatus: paymentStatusSchema.nullable(),
  /** Null for a one-click order. */
  deliveryType: deliveryTypeSchema.nullable(),
  /** Null for a one-click order; pick-and-collect for pickup. */
  deliveryMethodSlug: deliveryMethodSlugSchema.nullable(),
  /** The delivery as one line in the request's language (branch, address or shop); '' for one-click. */
  deliveryAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  activeOrderItems: z.array(orderLineSchema),
  /**
   * The order is an account's (placed signed in, or claimed after its phone was confirmed): its
   * phone is confirmed. False for an order placed without an account (accounts spec §6: the shopper
   * is asked to confirm the phone). Absent from older services: read as an account's, never asked.
   */
  hasAccount: z.boolean().default(true),
  /**
   * Ours (docs/decisions.md "Order statuses move"): every status the order has had, oldest first,
   * from its placing (status 0 at `createdAt`) to `status`. Absent from older services: empty.
   */
  statusHistory: z.array(orderStatusChangeSchema).default([]),
  /** The order whose subscription this repeat delivery is (its number); null for an order a shopper placed. */
  repeatOf: z.string().nullable().default(null),
});
export type Order = z.infer<typeof orderSchema>;

/** Spec §9 "Order list page size 10". */
export const ORDER_LIST_LIMIT = 10;

/**
 * `GET /public/order?page&limit` (signed in, spec §7): `page` zero-based as the catalogue's and the
 * bonus history's, `limit` 1 … 50 (default 10).
 */
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(ORDER_LIST_LIMIT),
});
/** What a client asks for (the schema coerces the query string's text on the service's side). */
export interface OrderListQuery {
  page?: number;
  limit?: number;
}

/**
 * The signed-in shopper's orders, newest first (createdAt descending): one page of `items` and the
 * `total` of the shopper's orders, with the page and limit the answer is for.
 */
export const orderListSchema = z.object({
  items: z.array(orderSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** `POST /public/order/claim` (ours): how many orders placed without an account became the shopper's. */
export const orderClaimSchema = z.object({ claimed: z.number().int().nonnegative() });
export type OrderClaim = z.infer<typeof orderClaimSchema>;

/** An order number as the service makes them (`1000000 + id`): digits only. */
export const orderNumberSchema = z.string().regex(/^[1-9]\d{6,14}$/);

/**
 * `POST /public/payment/new/{hash}` body: where the bank sends the shopper back, a path of the
 * shop's own site (`/order/<hash>`, `/ua/order/<hash>`): a leading slash, then segments of
 * unreserved characters or percent-escapes; no scheme, host, `//`, backslash, query or fragment,
 * so the bank's redirect can never leave the shop. The bank appends `?payment=<paymentHash>`.
 */
const PATH_SEGMENT = /^(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+$/;

/** True for a path of the shop's own site as `newPaymentRequestSchema` describes it. */
function isShopPath(value: string): boolean {
  if (!value.startsWith('/')) return false;
  const segments = value.slice(1).split('/');
  // One trailing slash is fine, and so is `/` itself; an empty segment anywhere else is `//`.
  if (segments.at(-1) === '') segments.pop();
  return segments.every((segment) => PATH_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export const newPaymentRequestSchema = z.object({
  returnUrl: z
    .string()
    .max(300)
    .refine(isShopPath, 'returnUrl must be a path of the shop (e.g. /order/<hash>), with no host or query'),
});
export type NewPaymentRequest = z.infer<typeof newPaymentRequestSchema>;

/**
 * Spec §7 `POST /public/payment/new/{id}`: the payment and the bank's page. `paymentUrl` is a path
 * of the shop's own origin when the order service is mounted in the storefront (`/svc/order/…`),
 * or an absolute URL of the order service when it runs on its own.
 */
export const newPaymentSchema = z.object({ paymentHash: z.string(), paymentUrl: z.string() });
export type NewPayment = z.infer<typeof newPaymentSchema>;

/** Spec §7 `GET /public/payment/checkout/{id}`: a payment's state, for the page the bank returns to. */
export const paymentCheckoutSchema = z.object({
  paymentHash: z.string(),
  /** What was paid for: an order, or a gift certificate purchase. */
  kind: z.enum(['order', 'certificate']),
  /** The order's (or the certificate purchase's) hash. */
  orderHash: z.string(),
  status: paymentStatusSchema,
  paymentType: paymentTypeSchema,
  paymentParts: z.number().int().nonnegative(),
  amount: z.number().nonnegative(),
});
export type PaymentCheckout = z.infer<typeof paymentCheckoutSchema>;

/** Spec §5/§9: gift certificate nominal 50 … 100 000 UAH. */
export const CERTIFICATE_NOMINAL = { min: 50, max: 100_000 } as const;

/** `POST /public/anon/order/gift-certificate`: a certificate to buy (paid online, card: type 2). */
export const certificatePurchaseSchema = z.object({
  nominal: z
    .number()
    .int('Номинал сертификата — целое число гривен')
    .min(CERTIFICATE_NOMINAL.min, 'Минимальный номинал сертификата 50 грн')
    .max(CERTIFICATE_NOMINAL.max, 'Максимальный номинал сертификата 100 000 грн'),
  phone: orderPhoneSchema,
  email: emailSchema,
  firstName: name,
});
export type CertificatePurchase = z.input<typeof certificatePurchaseSchema>;

/** The purchase's answer (spec §4: the returned hash is kept under `order-hash`). */
export const certificatePurchaseAnswerSchema = z.object({ hash: z.string() });

/** A certificate order as read by its hash: paid or not, and once paid its key for the basket. */
export const certificateOrderSchema = z.object({
  hash: z.string(),
  nominal: z.number().int().positive(),
  paymentStatus: paymentStatusSchema,
  /** The key the basket accepts (type 1, 16 characters), once paid; null before. */
  key: z.string().nullable(),
  /** What is left to spend (the nominal until an order uses it; 0 before payment). */
  balance: z.number().nonnegative(),
  /** Last day it can be spent (YYYY-MM-DD, Kyiv), once paid; null before. */
  validUntil: z.string().nullable(),
});
export type CertificateOrder = z.infer<typeof certificateOrderSchema>;

/**
 * Error codes of the order service (spec §8: "server error codes for orders and payments … are not
 * shown"). The HTTP status, except where one status covers several cases.
 */
export const ORDER_ERROR = {
  /** A bad body, query or header: `fields` names each field with its message. */
  invalid: 400,
  /** A signed-in call (`/public/order…`) without a bearer the user service knows. */
  unauthorized: 401,
  /** No such order, certificate purchase or payment (or a hash nobody could have been given); another shopper's order too. */
  notFound: 404,
  /**
   * The basket changed: a line is not available or not in that quantity, a gift or a code no longer
   * applies, a certificate has less left than the order was shown it paying.
   */
  basketChanged: 4091,
  /** The order (or certificate) is already paid. */
  alreadyPaid: 4092,
  /**
   * The order is not paid online (cash, card in the shop or to the courier, one-click), or no longer:
   * canceled, e.g. when its time to pay ran out (docs/decisions.md "Orders: bounded holds").
   */
  notPaidOnline: 4093,
  /**
   * The phone already has as many open unpaid orders as one phone may (`fields`: `phone`, with the
   * message in the request's language); docs/decisions.md "Orders: bounded holds".
   */
  tooManyOpenOrders: 4094,
  /**
   * The order's payment type can no longer be changed: the shop took it into work (its status is
   * no longer new), so the payment is agreed by the shop's call.
   */
  paymentTypeFixed: 4095,
  /**
   * The admin route's move is not allowed from the order's status (src/services/order/orderStatusMoves.ts):
   * the message names both statuses and the allowed ones.
   */
  statusMoveRefused: 4096,
  /** The Idempotency-Key was used for another body. */
  keyReused: 422,
  /** The catalogue or the delivery service cannot be read now (Retry-After). */
  unavailable: 503,
  /** No bank is configured for this order service (the sandbox is off and no real bank is set). */
  noBank: 5031,
} as const;

/** An error of the order service: the spec's message per field (`items.0.quantity`, `phone` …). */
export const orderErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
});
export type OrderError = z.infer<typeof orderErrorSchema>;
