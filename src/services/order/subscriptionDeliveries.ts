import type { DatabaseSync } from 'node:sqlite';
import { localeSchema } from '../../api/schemas/common.ts';
import { deliveryMethodSlugSchema, deliveryTypeSchema } from '../../api/schemas/delivery.ts';
import { paymentTypeSchema } from '../../api/schemas/order.ts';
import { inTransaction } from '../db/database.ts';
import { num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { newHash } from './orderPlacement.ts';
import type { NewOrder, NewOrderLine, OrderRepository } from './orderRepository.ts';

/**
 * Repeat deliveries of subscriptions (docs/decisions.md "Order statuses move"): a subscription line
 * of an order a shopper placed is its first delivery; every `interval_days` after its start
 * another delivery is due, and this job makes it an order of its own (`repeat_of` names the
 * first), REPEAT_LEAD_DAYS before its day so the carrier has the parcel in time. Run by the order
 * service now and then (src/services/index.ts schedules it); everything is judged against the
 * service's clock, so a test moves the clock and runs it.
 *
 * - The repeat order copies the first order's shopper, delivery, payment type and delivery price,
 *   and the line's units at the price the shopper subscribed at; no promo code, certificate or
 *   points (they were the first order's). It holds its units like any order; it is new (status 0)
 *   and paid as the first was agreed, by the shop's call — it has no payment hold.
 * - Lines of one first order due the same day make one order.
 * - A delivery whose day passed while the job did not run is not made up: the next one not before
 *   today is made instead.
 * - A canceled first order stops its subscriptions.
 * - One BEGIN IMMEDIATE transaction; the repeat order's Idempotency-Key is
 *   `subscription:<first order id>:<day>` (unique), so processes sharing the database never make
 *   a delivery twice.
 */

/** Days before a delivery's day its order is made (the carriers' usual 1–3 days). */
export const REPEAT_LEAD_DAYS = 3;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `days`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

interface DueLine {
  orderId: number;
  line: number;
  nextDate: string;
  intervalDays: number;
}

export interface SubscriptionDeliveryDeps {
  db: DatabaseSync;
  orders: OrderRepository;
  now: () => Date;
  /** Today in Kyiv (YYYY-MM-DD). */
  today: () => string;
}

export function createSubscriptionDeliveries(deps: SubscriptionDeliveryDeps): { run(): number } {
  const { db } = deps;
  const schedule = db.prepare(
    `INSERT INTO subscription_schedule (order_id, line, next_date)
     SELECT i.order_id, i.line, date(i.start_date, '+' || i.interval_days || ' days')
     FROM order_item i JOIN customer_order o ON o.id = i.order_id
     WHERE i.interval_days IS NOT NULL AND o.repeat_of IS NULL AND o.status <> 5
       AND NOT EXISTS (SELECT 1 FROM subscription_schedule s WHERE s.order_id = i.order_id AND s.line = i.line)`,
  );
  const due = db.prepare(
    `SELECT s.order_id, s.line, s.next_date, i.interval_days
     FROM subscription_schedule s
       JOIN order_item i ON i.order_id = s.order_id AND i.line = s.line
       JOIN customer_order o ON o.id = s.order_id
     WHERE s.next_date <= ? AND o.status <> 5 AND i.status NOT IN (2, 5)
     ORDER BY s.order_id, s.line`,
  );
  const firstOrder = db.prepare('SELECT * FROM customer_order WHERE id = ?');
  const lineRow = db.prepare('SELECT * FROM order_item WHERE order_id = ? AND line = ?');
  const moveOn = db.prepare('UPDATE subscription_schedule SET next_date = ? WHERE order_id = ? AND line = ?');
  const markRepeat = db.prepare('UPDATE customer_order SET repeat_of = ? WHERE hash = ?');

  const newLine = (r: Row): NewOrderLine => ({
    variantId: num(r, 'variant_id'),
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
    price: num(r, 'price'),
    totalPrice: num(r, 'total_price'),
    isGift: false,
    giftDiscountRef: null,
    intervalDays: null,
    startDate: null,
  });

  const repeatOrder = (first: Row, lines: NewOrderLine[], day: string, createdAt: string): NewOrder => {
    const price = lines.reduce((sum, l) => sum + l.totalPrice, 0);
    const deliveryPrice = num(first, 'delivery_price');
    const paymentType = numOrNull(first, 'payment_type');
    const deliveryType = numOrNull(first, 'delivery_type');
    const slug = strOrNull(first, 'delivery_method_slug');
    return {
      kind: 'order',
      customerId: numOrNull(first, 'customer_id'),
      idempotencyKey: `subscription:${num(first, 'id')}:${day}`,
      bodyHash: 'subscription',
      locale: localeSchema.parse(str(first, 'locale')),
      firstName: str(first, 'first_name'),
      lastName: str(first, 'last_name'),
      phone: str(first, 'phone'),
      email: str(first, 'email'),
      paymentType: paymentType === null ? null : paymentTypeSchema.parse(paymentType),
      paymentParts: num(first, 'payment_parts'),
      deliveryType: deliveryType === null ? null : deliveryTypeSchema.parse(deliveryType),
      deliveryMethodSlug: slug === null ? null : deliveryMethodSlugSchema.parse(slug),
      deliveryAddress: { ru: str(first, 'delivery_address'), uk: str(first, 'delivery_address_ukr') },
      price,
      discountAmount: 0,
      certificateAmount: 0,
      deliveryPrice,
      usedBonuses: 0,
      totalPrice: price + deliveryPrice,
      payload: JSON.stringify({ repeatOf: str(first, 'number'), deliveryDate: day }),
      createdAt,
      holdUntil: null,
      lines,
      codes: [],
    };
  };

  return {
    /** Makes the repeat orders due now; how many. */
    run: () =>
      inTransaction(db, () => {
        // A run-out hold cancels its order (and so its subscriptions) before anything is judged.
        deps.orders.cancelExpiredHolds();
        schedule.run();
        const today = deps.today();
        const rows: DueLine[] = due.all(addDays(today, REPEAT_LEAD_DAYS)).map((r) => ({
          orderId: num(r, 'order_id'),
          line: num(r, 'line'),
          nextDate: str(r, 'next_date'),
          intervalDays: num(r, 'interval_days'),
        }));
        // Lines of one first order due the same day travel together.
        const groups = new Map<string, { orderId: number; day: string; lines: DueLine[] }>();
        for (const row of rows) {
          let day = row.nextDate;
          while (day < today) day = addDays(day, row.intervalDays);
          const key = `${row.orderId}:${day}`;
          const group = groups.get(key) ?? { orderId: row.orderId, day, lines: [] };
          group.lines.push(row);
          groups.set(key, group);
        }
        const createdAt = deps.now().toISOString();
        for (const group of groups.values()) {
          const first = firstOrder.get(group.orderId);
          if (first === undefined) continue;
          const lines = group.lines.flatMap((l) => {
            const r = lineRow.get(l.orderId, l.line);
            return r === undefined ? [] : [newLine(r)];
          });
          const hash = newHash();
          deps.orders.insertOrder(repeatOrder(first, lines, group.day, createdAt), hash);
          markRepeat.run(group.orderId, hash);
          for (const l of group.lines) moveOn.run(addDays(group.day, l.intervalDays), l.orderId, l.line);
        }
        return groups.size;
      }),
  };
}
