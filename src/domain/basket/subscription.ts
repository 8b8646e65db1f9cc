import { isIsoDate, isPositiveInt, type BasketItem, type SubscriptionOptions } from './basketItem.ts';

/**
 * Subscription (repeat-delivery) lines: what the shop offers and what a line needs (storefront spec
 * §3 "Subscription options: quantity, startDate, interval", §4, §5, §6; docs/decisions.md
 * "Accounts: subscriptions"). The spec gives no intervals or dates, so the shop decides:
 *
 * - a delivery every 14, 30, 60 or 90 days (a fortnight's nappies or wipes, a month's, two, a
 *   season's), 30 chosen unless the shopper picks another;
 * - the first delivery from tomorrow (the product page's earliest: today's parcels are already on
 *   their way) to 90 days ahead, three days ahead unless the shopper picks another (the carriers'
 *   usual 1–3 days); the order service takes today too (accounts spec §5 "today or later").
 *
 * The order service's own copy is SUBSCRIPTION_TERMS of src/api/schemas/order.ts (the domain may not
 * import the contract's values; a unit test keeps the two equal).
 */

/** Days between deliveries the shop offers, shortest first. */
export const SUBSCRIPTION_INTERVALS: readonly number[] = [14, 30, 60, 90];
/** The interval chosen unless the shopper picks another. */
export const DEFAULT_SUBSCRIPTION_INTERVAL = 30;
/** The latest first delivery, in days after today (Kyiv). */
export const SUBSCRIPTION_START_MAX_DAYS = 90;
/** The first delivery chosen unless the shopper picks another, in days after today. */
export const DEFAULT_SUBSCRIPTION_START_DAYS = 3;

/** The calendar day `days` after a YYYY-MM-DD date (negative: before). */
export function addDays(iso: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** An interval the shop offers. */
export function isSubscriptionInterval(value: unknown): value is number {
  return isPositiveInt(value) && SUBSCRIPTION_INTERVALS.includes(value);
}

/** The first deliveries the product page offers from `today` (YYYY-MM-DD, Kyiv): the picker's min, max and value. */
export function subscriptionStartRange(today: string): { min: string; max: string; value: string } {
  return {
    min: addDays(today, 1),
    max: addDays(today, SUBSCRIPTION_START_MAX_DAYS),
    value: addDays(today, DEFAULT_SUBSCRIPTION_START_DAYS),
  };
}

/** What the product page's subscription fields hold. */
export interface SubscriptionFields {
  /** Units of one delivery: the form's quantity. */
  quantity: number;
  /** The interval select's value (days). */
  interval: string | number;
  /** The date input's value (YYYY-MM-DD, '' when empty). */
  startDate: string;
}

/** The options of a subscription line (spec §3), or which field keeps the choice from making one. */
export type SubscriptionChoice =
  { ok: true; options: Required<SubscriptionOptions> } | { ok: false; field: 'interval' | 'startDate' };

/**
 * The shopper's choice on the product page, judged as the page offers it: an interval of
 * SUBSCRIPTION_INTERVALS and a first delivery within subscriptionStartRange (a date typed by hand
 * outside it is refused, not moved: the shopper said something else).
 */
export function subscriptionChoice(fields: SubscriptionFields, today: string): SubscriptionChoice {
  const interval = Number(fields.interval);
  if (!isSubscriptionInterval(interval)) return { ok: false, field: 'interval' };
  const range = subscriptionStartRange(today);
  const start = fields.startDate;
  if (!isIsoDate(start) || start < range.min || start > range.max) return { ok: false, field: 'startDate' };
  return { ok: true, options: { quantity: fields.quantity, startDate: start, interval } };
}

/**
 * Subscription lines whose first delivery has passed (before `today`, Kyiv) move to the earliest
 * the product page offers (tomorrow): the order service refuses a date in the past, and the date
 * the shopper chose can no longer be kept. The line shows its new date in the basket and at
 * checkout before anything is ordered. The same array comes back when nothing moved.
 */
export function withCurrentStarts(items: BasketItem[], today: () => string): BasketItem[] {
  // Today's date is asked for only when a line has a date to compare (the first ask costs the
  // browser ~25 ms, kyivDate.ts), so a basket without subscriptions pays nothing.
  if (!items.some(hasStart)) return items;
  const date = today();
  if (!items.some((item) => isStale(item, date))) return items;
  const earliest = subscriptionStartRange(date).min;
  return items.map((item) => (isStale(item, date) ? { ...item, startDate: earliest } : item));
}

function hasStart(item: BasketItem): item is BasketItem & { startDate: string } {
  return item.itemType === 'subscription' && item.startDate !== null;
}

function isStale(item: BasketItem, today: string): boolean {
  return hasStart(item) && item.startDate < today;
}

/** A YYYY-MM-DD date as the shop writes dates (spec §9 DD.MM.YYYY); '' for anything else. */
export function subscriptionDateText(iso: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}
