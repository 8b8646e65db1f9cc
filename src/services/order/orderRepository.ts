import type { DatabaseSync } from 'node:sqlite';
import type { Locale } from '../../api/schemas/common.ts';
import { deliveryMethodSlugSchema, deliveryTypeSchema } from '../../api/schemas/delivery.ts';
import type { DeliveryMethodSlug, DeliveryType } from '../../api/schemas/delivery.ts';
import { ONLINE_PAYMENT_TYPES, paymentTypeSchema } from '../../api/schemas/order.ts';
import type { Order, OrderLine, OrderStatusChange, PaymentType } from '../../api/schemas/order.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { HeldUnits } from './basketCheck.ts';

/**
 * The order database's orders, stock reservations, payments and certificate purchases
 * (migrations/003_checkout.sql; holds that run out, 006_bounded_holds.sql). Prepared statements only; money in kopecks. Writes are meant to
 * run inside the caller's `inTransaction` (BEGIN IMMEDIATE): an order, its lines, its reservations
 * and its spent certificates are one commit.
 */

export type OrderKind = 'order' | 'one-click';

export interface NewOrderLine {
  variantId: number;
  productId: number;
  title: string;
  titleUkr: string;
  slug: string;
  brand: string | null;
  folderCategory: string;
  category: string | null;
  colorPresentation: string | null;
  sizePresentation: string | null;
  displayArticle: string;
  image: string | null;
  quantity: number;
  /** Kopecks. */
  price: number;
  /** Kopecks. */
  totalPrice: number;
  isGift: boolean;
  giftDiscountRef: string | null;
  /** A subscription line's days between deliveries and first delivery (YYYY-MM-DD); null otherwise. */
  intervalDays: number | null;
  startDate: string | null;
}

export interface NewOrder {
  kind: OrderKind;
  customerId: number | null;
  idempotencyKey: string;
  bodyHash: string;
  locale: Locale;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  paymentType: PaymentType | null;
  paymentParts: number;
  deliveryType: DeliveryType | null;
  deliveryMethodSlug: DeliveryMethodSlug | null;
  deliveryAddress: { ru: string; uk: string };
  /** Kopecks, each. */
  price: number;
  discountAmount: number;
  certificateAmount: number;
  deliveryPrice: number;
  usedBonuses: number;
  totalPrice: number;
  /** The parsed payload, as JSON. */
  payload: string;
  createdAt: string;
  /**
   * Until when an order paid online holds its units unpaid (ISO 8601); null for an order paid on
   * receipt or a one-click order, whose units stay held until the shop handles the order.
   */
  holdUntil: string | null;
  lines: readonly NewOrderLine[];
  /** Promo codes and certificates used, with what each took off (kopecks). */
  codes: readonly { type: 0 | 1; key: string; amount: number }[];
}

/** What payments need to know of an order. */
export interface OrderForPayment {
  id: number;
  hash: string;
  kind: OrderKind;
  /** As reads show it: 5 (canceled) once its hold ran out unpaid. */
  status: number;
  /** Until when it holds its units unpaid; null when it does not expire (paid, or not paid online). */
  holdUntil: string | null;
  paymentType: PaymentType | null;
  paymentParts: number;
  /** Kopecks. */
  totalPrice: number;
  number: string;
}

export interface CertificateOrderRow {
  id: number;
  hash: string;
  nominal: number;
  key: string | null;
  /** Hryvnias left on the certificate; null before payment. */
  balance: number | null;
  validUntil: string | null;
}

export interface NewCertificateOrder {
  hash: string;
  customerId: number | null;
  idempotencyKey: string | null;
  bodyHash: string;
  nominal: number;
  firstName: string;
  phone: string;
  email: string;
  createdAt: string;
}

export interface PaymentRow {
  id: number;
  hash: string;
  orderId: number | null;
  certificateOrderId: number | null;
  paymentType: PaymentType;
  paymentParts: number;
  /** Kopecks. */
  amount: number;
  status: number;
  returnUrl: string;
}

export interface NewPaymentRow {
  hash: string;
  orderId: number | null;
  certificateOrderId: number | null;
  paymentType: PaymentType;
  paymentParts: number;
  amount: number;
  status: number;
  returnUrl: string;
  now: string;
}

export interface OrderRepository {
  /** Units the orders hold: not those of canceled orders, nor of orders whose hold ran out unpaid. */
  heldUnits: HeldUnits;
  /**
   * How many open unpaid orders `phone` has: new (status 0, 1, 7: the shop has not taken them into
   * work), no approved payment, hold not run out. Cash and one-click orders count until the shop
   * handles them, online ones until paid or canceled.
   */
  openOrders(phone: string): number;
  /**
   * Records the cancellation of every order whose hold ran out unpaid: status 5, its reservations
   * released. Reads already show them so; this makes it so. Call in a transaction; how many.
   */
  cancelExpiredHolds(): number;
  /**
   * An approved payment ends its order's hold (paid orders keep their units); false when the order
   * is canceled (its hold ran out first), which the payment does not undo.
   */
  markPaid(orderId: number): boolean;
  /** The order placed with this Idempotency-Key: its hash and the hash of the body it was placed with. */
  orderByKey(key: string): { hash: string; bodyHash: string } | null;
  /**
   * Writes the order under `hash` with its lines, codes and stock reservations, with the id a bonus
   * payment took for it (bonusClaims.ts), else the next one. Call in a transaction.
   */
  insertOrder(order: NewOrder, hash: string, orderId?: number): void;
  /**
   * Takes `amount` hryvnias (kopecks) off a certificate's balance; false when the balance is short
   * (never inside a transaction that priced the order, which read the same balance).
   */
  spendCertificate(key: string, amountKopecks: number): boolean;
  /** The order as the shopper reads it, by its hash; addresses in `locale`. */
  readOrder(hash: string, locale: Locale): Order | null;
  /** A signed-in shopper's order by its number; null when there is none or it is another's. */
  customerOrder(customerId: number, number: string, locale: Locale): Order | null;
  /** A page of a signed-in shopper's orders, newest first (createdAt, then id, descending), and how many they have. */
  customerOrders(
    customerId: number,
    page: { offset: number; limit: number },
    locale: Locale,
  ): { items: Order[]; total: number };
  /**
   * Makes the orders placed without an account with `phone` the customer's (their phone is
   * confirmed by SMS: accounts spec §6 "an anonymous user who left a phone at checkout is asked to
   * confirm it"); how many became theirs. Orders of another account are never touched.
   */
  claimByPhone(customerId: number, phone: string): number;
  orderForPayment(hash: string): OrderForPayment | null;
  /**
   * Another payment type for an unpaid new order (paymentTypeChange.ts), with its parts and hold
   * (null: paid on receipt, it holds until the shop handles it). Call in a transaction.
   */
  setPaymentType(orderId: number, paymentType: PaymentType, paymentParts: number, holdUntil: string | null): void;
  /** An order's hash and number by its id (a payment's order). */
  orderById(id: number): { hash: string; number: string } | null;

  certificateOrderByKey(key: string): { hash: string; bodyHash: string } | null;
  insertCertificateOrder(order: NewCertificateOrder): void;
  certificateOrder(hash: string): CertificateOrderRow | null;
  certificateOrderById(id: number): CertificateOrderRow | null;
  /** Issues the certificate of a paid purchase (balance = nominal). */
  issueCertificate(certificateOrderId: number, key: string, nominal: number, validUntil: string): void;
  certificateKeyExists(key: string): boolean;

  insertPayment(payment: NewPaymentRow): void;
  payment(hash: string): PaymentRow | null;
  /** The status of the latest payment of an order or certificate purchase; null when there is none. */
  latestPaymentStatus(target: PaymentTarget): number | null;
  /** True when any payment of it was approved. */
  isPaid(target: PaymentTarget): boolean;
  /** Marks its pending payments (0–2) with `status`: a newer payment replaces them. */
  closePendingPayments(target: PaymentTarget, status: number, now: string): void;
  setPaymentStatus(paymentId: number, status: number, now: string): void;
}

export type PaymentTarget = { orderId: number } | { certificateOrderId: number };

const hryvnias = (kop: number): number => kop / 100;

/**
 * The next order id: after every order and every id a bonus payment took for its order before
 * writing it (migrations/004_bonus_payments.sql), so the two never meet. Run in a transaction.
 */
export const NEXT_ORDER_ID_SQL = `SELECT max(
    coalesce((SELECT max(id) FROM customer_order), 0),
    coalesce((SELECT max(order_id) FROM bonus_payment), 0)
  ) + 1 AS next`;

/** The order number of an id: seven digits from the first order on, as the shop's accounting numbers its orders. */
export function orderNumberOf(id: number): string {
  return String(1_000_000 + id);
}

function paymentTypeOrNull(row: Row, column: string): PaymentType | null {
  const value = numOrNull(row, column);
  return value === null ? null : paymentTypeSchema.parse(value);
}

function orderKind(value: string): OrderKind {
  if (value === 'order' || value === 'one-click') return value;
  throw new TypeError(`customer_order.kind: unexpected ${value}`);
}

function line(r: Row): OrderLine {
  return {
    internalId: num(r, 'variant_id'),
    productId: num(r, 'product_id'),
    title: str(r, 'title'),
    titleUkr: str(r, 'title_ukr'),
    slug: str(r, 'slug'),
    brand: strOrNull(r, 'brand'),
    folderCategory: str(r, 'folder_category'),
    category: strOrNull(r, 'category'),
    colorPresentation: strOrNull(r, 'color_presentation'),
    sizePresentation: strOrNull(r, 'size_presentation'),
    displayArticle: str(r, 'display_article'),
    image: strOrNull(r, 'image'),
    quantity: num(r, 'quantity'),
    price: hryvnias(num(r, 'price')),
    totalPrice: hryvnias(num(r, 'total_price')),
    isGift: bool(r, 'is_gift'),
    intervalDays: numOrNull(r, 'interval_days'),
    startDate: strOrNull(r, 'start_date'),
    status: num(r, 'status'),
  };
}

/** Spec §4: line statuses 2 canceled and 5 refused are no longer part of the order. */
const ACTIVE_LINE = 'status NOT IN (2, 5)';

/** Spec §4 order statuses 0 new, 1 registered, 7 accounting error: "new order", not yet in the shop's work. */
const NEW_STATUSES: readonly number[] = [0, 1, 7];
/** Spec §4 order status 5: canceled. */
const CANCELED = 5;

/**
 * The SQL of "its hold ran out unpaid" for the order aliased `o`, at `:now`: written exactly as
 * the partial index customer_order_hold_until (migrations/006_bounded_holds.sql) is, so it is used.
 */
const holdRanOut = (o: string): string =>
  `(${o}.hold_until IS NOT NULL AND ${o}.status IN (0, 1, 7) AND ${o}.hold_until <= :now)`;

/** The order's status as reads show it: canceled once its hold ran out while it was new. */
function statusAt(r: Row, now: string): number {
  const status = num(r, 'status');
  const holdUntil = strOrNull(r, 'hold_until');
  return holdUntil !== null && holdUntil <= now && NEW_STATUSES.includes(status) ? CANCELED : status;
}

/** `now`: the service's clock, against which holds run out. */
export function createOrderRepository(db: DatabaseSync, now: () => Date): OrderRepository {
  const nowIso = (): string => now().toISOString();
  // The lists arrive as JSON arrays: one prepared statement whatever their length.
  const heldStatement = db.prepare(
    `SELECT r.variant_id, sum(r.quantity) AS units
     FROM stock_reservation r JOIN customer_order o ON o.id = r.order_id
     WHERE r.released_at IS NULL AND r.variant_id IN (SELECT value FROM json_each(:ids))
       AND o.status <> ${CANCELED} AND NOT ${holdRanOut('o')}
     GROUP BY r.variant_id`,
  );
  const openStatement = db.prepare(
    `SELECT count(*) AS open FROM customer_order o
     WHERE o.phone = :phone AND o.status IN (0, 1, 7) AND NOT ${holdRanOut('o')}
       AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.order_id = o.id AND p.status = 3)`,
  );
  const releaseExpiredStatement = db.prepare(
    `UPDATE stock_reservation SET released_at = :now WHERE released_at IS NULL
       AND order_id IN (SELECT o.id FROM customer_order o WHERE ${holdRanOut('o')})`,
  );
  // A run-out hold's cancellation is a step of the order's history, dated when the hold ran out.
  const historyExpiredStatement = db.prepare(
    `INSERT INTO order_status_change (order_id, status, at, note)
     SELECT o.id, ${CANCELED}, o.hold_until, 'hold ran out' FROM customer_order o WHERE ${holdRanOut('o')}`,
  );
  // …and gives back what its certificates paid (docs/decisions.md "Order statuses move").
  const returnExpiredCertificatesStatement = db.prepare(
    `UPDATE gift_certificate SET balance = min(nominal, round(balance + spent.amount / 100.0, 2))
     FROM (SELECT c.key, sum(c.amount) AS amount FROM order_code c JOIN customer_order o ON o.id = c.order_id
           WHERE c.type = 1 AND c.amount > 0 AND ${holdRanOut('o')} GROUP BY c.key) AS spent
     WHERE gift_certificate.key = spent.key`,
  );
  // …and its points: owed back, given back by the next sweep of owed give-backs.
  const owedExpiredBonusesStatement = db.prepare(
    `UPDATE bonus_payment SET state = 'give-back-due', updated_at = :now WHERE state = 'placed'
       AND order_id IN (SELECT o.id FROM customer_order o WHERE ${holdRanOut('o')})`,
  );
  const historyStatement = db.prepare('SELECT status, at FROM order_status_change WHERE order_id = ? ORDER BY id');
  const cancelExpiredStatement = db.prepare(
    `UPDATE customer_order AS o SET status = ${CANCELED} WHERE ${holdRanOut('o')}`,
  );
  const markPaidStatement = db.prepare(
    `UPDATE customer_order SET hold_until = NULL WHERE id = ? AND status <> ${CANCELED}`,
  );
  const byKeyStatement = db.prepare('SELECT hash, body_hash FROM customer_order WHERE idempotency_key = ?');
  const setPaymentTypeStatement = db.prepare(
    `UPDATE customer_order SET payment_type = :type, payment_parts = :parts, hold_until = :holdUntil,
       payments_before = coalesce((SELECT max(id) FROM payment WHERE order_id = :id), 0)
     WHERE id = :id`,
  );
  // Numbers follow the ids (BEGIN IMMEDIATE makes the max stable until the insert commits).
  const nextIdStatement = db.prepare(NEXT_ORDER_ID_SQL);
  const insertOrderStatement = db.prepare(
    `INSERT INTO customer_order (id, number, hash, kind, customer_id, idempotency_key, body_hash, locale, first_name,
       last_name, phone, email, payment_type, payment_parts, delivery_type, delivery_method_slug, delivery_address,
       delivery_address_ukr, price, discount_amount, certificate_amount, delivery_price, used_bonuses, total_price,
       payload, created_at, hold_until)
     VALUES (:id, :number, :hash, :kind, :customerId, :key, :bodyHash, :locale, :firstName, :lastName, :phone, :email,
       :paymentType, :paymentParts, :deliveryType, :deliverySlug, :address, :addressUkr, :price, :discount,
       :certificates, :delivery, :bonuses, :total, :payload, :createdAt, :holdUntil)`,
  );
  const insertLineStatement = db.prepare(
    `INSERT INTO order_item (order_id, line, variant_id, product_id, title, title_ukr, slug, brand, folder_category,
       category, color_presentation, size_presentation, display_article, image, quantity, price, total_price, is_gift,
       gift_discount_ref, interval_days, start_date)
     VALUES (:orderId, :line, :variantId, :productId, :title, :titleUkr, :slug, :brand, :folder, :category, :color,
       :size, :article, :image, :quantity, :price, :total, :isGift, :giftRef, :intervalDays, :startDate)`,
  );
  const insertCodeStatement = db.prepare('INSERT INTO order_code (order_id, type, key, amount) VALUES (?, ?, ?, ?)');
  const reserveStatement = db.prepare(
    'INSERT INTO stock_reservation (order_id, variant_id, quantity) VALUES (?, ?, ?)',
  );
  const spendStatement = db.prepare(
    `UPDATE gift_certificate SET balance = round(balance - :amount / 100.0, 2)
     WHERE key = :key AND balance * 100 >= :amount - 0.5`,
  );
  const orderStatement = db.prepare('SELECT * FROM customer_order WHERE hash = ?');
  const orderByIdStatement = db.prepare('SELECT hash, number FROM customer_order WHERE id = ?');
  // The index customer_order_by_customer (003_checkout.sql) serves both.
  const customerOrderStatement = db.prepare('SELECT hash FROM customer_order WHERE customer_id = ? AND number = ?');
  const customerPageStatement = db.prepare(
    `SELECT hash FROM customer_order WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const customerCountStatement = db.prepare('SELECT count(*) AS total FROM customer_order WHERE customer_id = ?');
  const claimStatement = db.prepare(
    'UPDATE customer_order SET customer_id = ? WHERE customer_id IS NULL AND phone = ?',
  );
  const linesStatement = db.prepare(`SELECT * FROM order_item WHERE order_id = ? AND ${ACTIVE_LINE} ORDER BY line`);
  // Payments made for an earlier payment type do not count (migrations/008_payment_type_change.sql).
  const latestByOrderStatement = db.prepare(
    `SELECT status FROM payment WHERE order_id = :id
       AND id > (SELECT payments_before FROM customer_order WHERE id = :id)
     ORDER BY id DESC LIMIT 1`,
  );
  const latestByCertificateStatement = db.prepare(
    'SELECT status FROM payment WHERE certificate_order_id = ? ORDER BY id DESC LIMIT 1',
  );
  const paidByOrderStatement = db.prepare('SELECT 1 FROM payment WHERE order_id = ? AND status = 3 LIMIT 1');
  const paidByCertificateStatement = db.prepare(
    'SELECT 1 FROM payment WHERE certificate_order_id = ? AND status = 3 LIMIT 1',
  );
  const closeByOrderStatement = db.prepare(
    'UPDATE payment SET status = ?, updated_at = ? WHERE order_id = ? AND status BETWEEN 0 AND 2',
  );
  const closeByCertificateStatement = db.prepare(
    'UPDATE payment SET status = ?, updated_at = ? WHERE certificate_order_id = ? AND status BETWEEN 0 AND 2',
  );
  const certificateByKeyStatement = db.prepare(
    'SELECT hash, body_hash FROM certificate_order WHERE idempotency_key = ?',
  );
  const insertCertificateOrderStatement = db.prepare(
    `INSERT INTO certificate_order (hash, customer_id, idempotency_key, body_hash, nominal, first_name, phone, email,
       created_at) VALUES (:hash, :customerId, :key, :bodyHash, :nominal, :firstName, :phone, :email, :createdAt)`,
  );
  const certificateColumns = `SELECT o.id, o.hash, o.nominal, o.certificate_key, c.balance, c.valid_until
     FROM certificate_order o LEFT JOIN gift_certificate c ON c.key = o.certificate_key`;
  const certificateOrderStatement = db.prepare(`${certificateColumns} WHERE o.hash = ?`);
  const certificateOrderByIdStatement = db.prepare(`${certificateColumns} WHERE o.id = ?`);
  const insertCertificateStatement = db.prepare(
    'INSERT INTO gift_certificate (key, nominal, balance, valid_until) VALUES (?, ?, ?, ?)',
  );
  const setCertificateKeyStatement = db.prepare(
    'UPDATE certificate_order SET certificate_key = ? WHERE id = ? AND certificate_key IS NULL',
  );
  const certificateExistsStatement = db.prepare('SELECT 1 FROM gift_certificate WHERE key = ?');
  const insertPaymentStatement = db.prepare(
    `INSERT INTO payment (hash, order_id, certificate_order_id, payment_type, payment_parts, amount, status, return_url,
       created_at, updated_at)
     VALUES (:hash, :orderId, :certificateOrderId, :type, :parts, :amount, :status, :returnUrl, :now, :now)`,
  );
  const paymentStatement = db.prepare('SELECT * FROM payment WHERE hash = ?');
  const setPaymentStatusStatement = db.prepare('UPDATE payment SET status = ?, updated_at = ? WHERE id = ?');

  const certificateRow = (r: Row | undefined): CertificateOrderRow | null =>
    r === undefined
      ? null
      : {
          id: num(r, 'id'),
          hash: str(r, 'hash'),
          nominal: num(r, 'nominal'),
          key: strOrNull(r, 'certificate_key'),
          balance: numOrNull(r, 'balance'),
          validUntil: strOrNull(r, 'valid_until'),
        };

  const latestPaymentStatus = (target: PaymentTarget): number | null => {
    const r =
      'orderId' in target
        ? latestByOrderStatement.get({ id: target.orderId })
        : latestByCertificateStatement.get(target.certificateOrderId);
    return r === undefined ? null : num(r, 'status');
  };

  const repeatOfStatement = db.prepare(
    'SELECT f.number FROM customer_order o JOIN customer_order f ON f.id = o.repeat_of WHERE o.id = ?',
  );
  const repeatOfNumber = (id: number): string | null => {
    const first = repeatOfStatement.get(id);
    return first === undefined ? null : str(first, 'number');
  };
  /** Placed (0 at created_at), then each recorded change; a hold that ran out unrecorded yet, as reads show it. */
  const statusHistoryOf = (r: Row, id: number): OrderStatusChange[] => {
    const history: OrderStatusChange[] = [{ status: 0, at: str(r, 'created_at') }];
    for (const change of historyStatement.all(id))
      history.push({ status: num(change, 'status'), at: str(change, 'at') });
    const holdUntil = strOrNull(r, 'hold_until');
    if (holdUntil !== null && statusAt(r, nowIso()) !== num(r, 'status'))
      history.push({ status: CANCELED, at: holdUntil });
    return history;
  };

  const readOrder = (hash: string, locale: Locale): Order | null => {
    const r = orderStatement.get(hash);
    if (r === undefined) return null;
    const id = num(r, 'id');
    const paymentType = paymentTypeOrNull(r, 'payment_type');
    const deliveryType = numOrNull(r, 'delivery_type');
    const slug = strOrNull(r, 'delivery_method_slug');
    const paidOnline = paymentType !== null && ONLINE_PAYMENT_TYPES.includes(paymentType);
    return {
      kind: orderKind(str(r, 'kind')),
      number: str(r, 'number'),
      hash: str(r, 'hash'),
      createdAt: str(r, 'created_at'),
      status: statusAt(r, nowIso()),
      price: hryvnias(num(r, 'price')),
      deliveryPrice: hryvnias(num(r, 'delivery_price')),
      discountAmount: hryvnias(num(r, 'discount_amount')),
      certificateAmount: hryvnias(num(r, 'certificate_amount')),
      usedBonuses: num(r, 'used_bonuses'),
      totalPrice: hryvnias(num(r, 'total_price')),
      paymentType,
      paymentParts: num(r, 'payment_parts'),
      // Spec §4: cash (and the other ways paid on receipt) shows no payment status.
      paymentStatus: paidOnline ? (latestPaymentStatus({ orderId: id }) ?? 0) : null,
      deliveryType: deliveryType === null ? null : deliveryTypeSchema.parse(deliveryType),
      deliveryMethodSlug: slug === null ? null : deliveryMethodSlugSchema.parse(slug),
      deliveryAddress: str(r, locale === 'uk' ? 'delivery_address_ukr' : 'delivery_address'),
      firstName: str(r, 'first_name'),
      lastName: str(r, 'last_name'),
      phone: str(r, 'phone'),
      email: str(r, 'email'),
      activeOrderItems: linesStatement.all(id).map(line),
      hasAccount: numOrNull(r, 'customer_id') !== null,
      statusHistory: statusHistoryOf(r, id),
      repeatOf: repeatOfNumber(id),
    };
  };

  return {
    heldUnits: (variantIds) => {
      const held = new Map<number, number>();
      if (variantIds.length === 0) return held;
      for (const r of heldStatement.all({ ids: JSON.stringify(variantIds), now: nowIso() })) {
        held.set(num(r, 'variant_id'), num(r, 'units'));
      }
      return held;
    },
    openOrders: (phone) => {
      const r = openStatement.get({ phone, now: nowIso() });
      return r === undefined ? 0 : num(r, 'open');
    },
    cancelExpiredHolds: () => {
      const at = nowIso();
      // Everything else first: the orders are found by the condition the last statement ends.
      historyExpiredStatement.run({ now: at });
      returnExpiredCertificatesStatement.run({ now: at });
      owedExpiredBonusesStatement.run({ now: at });
      releaseExpiredStatement.run({ now: at });
      return Number(cancelExpiredStatement.run({ now: at }).changes);
    },
    markPaid: (orderId) => Number(markPaidStatement.run(orderId).changes) === 1,
    orderByKey: (key) => {
      const r = byKeyStatement.get(key);
      return r === undefined ? null : { hash: str(r, 'hash'), bodyHash: str(r, 'body_hash') };
    },
    insertOrder: (order, hash, orderId) => {
      const next = orderId === undefined ? nextIdStatement.get() : undefined;
      const id = orderId ?? (next === undefined ? 1 : num(next, 'next'));
      insertOrderStatement.run({
        id,
        number: orderNumberOf(id),
        hash,
        kind: order.kind,
        customerId: order.customerId,
        key: order.idempotencyKey,
        bodyHash: order.bodyHash,
        locale: order.locale,
        firstName: order.firstName,
        lastName: order.lastName,
        phone: order.phone,
        email: order.email,
        paymentType: order.paymentType,
        paymentParts: order.paymentParts,
        deliveryType: order.deliveryType,
        deliverySlug: order.deliveryMethodSlug,
        address: order.deliveryAddress.ru,
        addressUkr: order.deliveryAddress.uk,
        price: order.price,
        discount: order.discountAmount,
        certificates: order.certificateAmount,
        delivery: order.deliveryPrice,
        bonuses: order.usedBonuses,
        total: order.totalPrice,
        payload: order.payload,
        createdAt: order.createdAt,
        holdUntil: order.holdUntil,
      });
      const reserved = new Map<number, number>();
      order.lines.forEach((l, index) => {
        insertLineStatement.run({
          orderId: id,
          line: index + 1,
          variantId: l.variantId,
          productId: l.productId,
          title: l.title,
          titleUkr: l.titleUkr,
          slug: l.slug,
          brand: l.brand,
          folder: l.folderCategory,
          category: l.category,
          color: l.colorPresentation,
          size: l.sizePresentation,
          article: l.displayArticle,
          image: l.image,
          quantity: l.quantity,
          price: l.price,
          total: l.totalPrice,
          isGift: l.isGift ? 1 : 0,
          giftRef: l.giftDiscountRef,
          intervalDays: l.intervalDays,
          startDate: l.startDate,
        });
        reserved.set(l.variantId, (reserved.get(l.variantId) ?? 0) + l.quantity);
      });
      for (const [variantId, quantity] of reserved) reserveStatement.run(id, variantId, quantity);
      for (const code of order.codes) insertCodeStatement.run(id, code.type, code.key, code.amount);
    },
    spendCertificate: (key, amountKopecks) => spendStatement.run({ key, amount: amountKopecks }).changes === 1,
    readOrder,
    customerOrder: (customerId, number, locale) => {
      const r = customerOrderStatement.get(customerId, number);
      return r === undefined ? null : readOrder(str(r, 'hash'), locale);
    },
    customerOrders: (customerId, { offset, limit }, locale) => {
      const items = customerPageStatement
        .all(customerId, limit, offset)
        .flatMap((r) => readOrder(str(r, 'hash'), locale) ?? []);
      const count = customerCountStatement.get(customerId);
      return { items, total: count === undefined ? 0 : num(count, 'total') };
    },
    claimByPhone: (customerId, phone) => Number(claimStatement.run(customerId, phone).changes),
    orderForPayment: (hash) => {
      const r = orderStatement.get(hash);
      if (r === undefined) return null;
      return {
        id: num(r, 'id'),
        hash: str(r, 'hash'),
        kind: orderKind(str(r, 'kind')),
        status: statusAt(r, nowIso()),
        holdUntil: strOrNull(r, 'hold_until'),
        paymentType: paymentTypeOrNull(r, 'payment_type'),
        paymentParts: num(r, 'payment_parts'),
        totalPrice: num(r, 'total_price'),
        number: str(r, 'number'),
      };
    },
    setPaymentType: (orderId, paymentType, paymentParts, holdUntil) => {
      setPaymentTypeStatement.run({ id: orderId, type: paymentType, parts: paymentParts, holdUntil });
    },
    orderById: (id) => {
      const r = orderByIdStatement.get(id);
      return r === undefined ? null : { hash: str(r, 'hash'), number: str(r, 'number') };
    },
    certificateOrderByKey: (key) => {
      const r = certificateByKeyStatement.get(key);
      return r === undefined ? null : { hash: str(r, 'hash'), bodyHash: str(r, 'body_hash') };
    },
    insertCertificateOrder: (order) => {
      insertCertificateOrderStatement.run({
        hash: order.hash,
        customerId: order.customerId,
        key: order.idempotencyKey,
        bodyHash: order.bodyHash,
        nominal: order.nominal,
        firstName: order.firstName,
        phone: order.phone,
        email: order.email,
        createdAt: order.createdAt,
      });
    },
    certificateOrder: (hash) => certificateRow(certificateOrderStatement.get(hash)),
    certificateOrderById: (id) => certificateRow(certificateOrderByIdStatement.get(id)),
    issueCertificate: (certificateOrderId, key, nominal, validUntil) => {
      insertCertificateStatement.run(key, nominal, nominal, validUntil);
      setCertificateKeyStatement.run(key, certificateOrderId);
    },
    certificateKeyExists: (key) => certificateExistsStatement.get(key) !== undefined,
    insertPayment: (p) => {
      insertPaymentStatement.run({
        hash: p.hash,
        orderId: p.orderId,
        certificateOrderId: p.certificateOrderId,
        type: p.paymentType,
        parts: p.paymentParts,
        amount: p.amount,
        status: p.status,
        returnUrl: p.returnUrl,
        now: p.now,
      });
    },
    payment: (hash) => {
      const r = paymentStatement.get(hash);
      if (r === undefined) return null;
      return {
        id: num(r, 'id'),
        hash: str(r, 'hash'),
        orderId: numOrNull(r, 'order_id'),
        certificateOrderId: numOrNull(r, 'certificate_order_id'),
        paymentType: paymentTypeSchema.parse(num(r, 'payment_type')),
        paymentParts: num(r, 'payment_parts'),
        amount: num(r, 'amount'),
        status: num(r, 'status'),
        returnUrl: str(r, 'return_url'),
      };
    },
    latestPaymentStatus,
    isPaid: (target) =>
      ('orderId' in target
        ? paidByOrderStatement.get(target.orderId)
        : paidByCertificateStatement.get(target.certificateOrderId)) !== undefined,
    closePendingPayments: (target, status, now) => {
      if ('orderId' in target) closeByOrderStatement.run(status, now, target.orderId);
      else closeByCertificateStatement.run(status, now, target.certificateOrderId);
    },
    setPaymentStatus: (paymentId, status, now) => {
      setPaymentStatusStatement.run(status, now, paymentId);
    },
  };
}
