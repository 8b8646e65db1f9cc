import {
  BASKET_LINE_LIMIT,
  LINE_QUANTITY_LIMIT,
  giftPromoIdOf,
  isGift,
  isIsoDate,
  isPositiveInt,
  settleFlags,
  variantCount,
  type BasketItem,
} from './basketItem.ts';
import { basketItemKey } from './basketKeys.ts';
import { isSubscriptionInterval } from './subscription.ts';

/**
 * What the shopper may do to the lines (storefront spec §5 "Basket"). Every rule takes the lines
 * and gives new ones back (never mutating), with the flags of every line recomputed.
 *
 * Stock is a variant's: its price line and its subscription lines share it, so the counts of all
 * non-gift lines of a variant together stay within its stock. The spec's "the total count of the
 * same product across its variants must stay within availability" follows: a product's
 * availability is the sum over its variants (spec §3), and each variant's lines stay within its own.
 */

/** Why a line could not be added, with the limit the message names. */
export type AddRefusal =
  | { ok: false; reason: 'invalid' }
  /** `max`: the most this line may hold (its variant's stock less the variant's other lines); `inBasket`: what it holds. */
  | { ok: false; reason: 'stockLimit'; max: number; inBasket: number }
  /** More than the check accepts for one line (LINE_QUANTITY_LIMIT). */
  | { ok: false; reason: 'quantityLimit'; max: number }
  /** A new line beyond BASKET_LINE_LIMIT. */
  | { ok: false; reason: 'basketFull'; max: number };

/** The basket after adding, and the added (or grown) line; or why not. */
export type AddResult = { ok: true; items: BasketItem[]; item: BasketItem } | AddRefusal;

/** A line whose identity is sound: a positive id and count, and what its type needs. */
function isWellFormed(item: BasketItem): boolean {
  if (!isPositiveInt(item.id) || !isPositiveInt(item.count)) return false;
  // Spec §6: a subscription only of a product that allows it, on an interval the shop offers.
  if (item.itemType === 'subscription')
    return item.allowSubscription && isSubscriptionInterval(item.intervalDays) && isIsoDate(item.startDate);
  if (item.itemType === 'gift')
    return item.giftPromoId !== null && giftPromoIdOf(item.giftPromoId) === item.giftPromoId;
  return true;
}

/** The most units a line may hold: its variant's stock less the variant's other lines, within the line limit. */
function lineMaximum(items: readonly BasketItem[], line: Pick<BasketItem, 'id' | 'key' | 'totalAmount'>): number {
  return Math.max(0, Math.min(LINE_QUANTITY_LIMIT, line.totalAmount - variantCount(items, line.id, line.key)));
}

/**
 * Spec §5 adding: the line needs an id and a count; the count, with what the line already holds and
 * the variant's other lines, stays within the variant's stock (the stock the added item brings is
 * the freshest). Adding a key that is there adds to its count. Gifts are exempt from stock; a gift
 * list gives one gift, so choosing a gift replaces another gift of the same list, and choosing the
 * same one again changes nothing.
 */
export function addToBasket(items: readonly BasketItem[], candidate: BasketItem): AddResult {
  if (!isWellFormed(candidate)) return { ok: false, reason: 'invalid' };
  // The key is derived, never trusted: a stale key would split one line in two.
  const item: BasketItem = { ...candidate, key: basketItemKey(candidate), expectedCount: candidate.count };
  const index = items.findIndex((line) => line.key === item.key);
  const existing = index === -1 ? undefined : items[index];
  if (isGift(item)) return addGift(items, item, existing);

  const inBasket = existing?.count ?? 0;
  const count = inBasket + item.count;
  const stockMax = Math.max(0, item.totalAmount - variantCount(items, item.id, item.key));
  if (count > stockMax && stockMax < LINE_QUANTITY_LIMIT)
    return { ok: false, reason: 'stockLimit', max: stockMax, inBasket };
  if (count > LINE_QUANTITY_LIMIT) return { ok: false, reason: 'quantityLimit', max: LINE_QUANTITY_LIMIT };
  if (!existing && items.length >= BASKET_LINE_LIMIT)
    return { ok: false, reason: 'basketFull', max: BASKET_LINE_LIMIT };

  const line: BasketItem = existing
    ? // The newest choice wins for what the shopper just picked (stock seen, the subscription's start).
      { ...existing, totalAmount: item.totalAmount, startDate: item.startDate, count, expectedCount: count }
    : item;
  const next = settleFlags(existing ? items.map((l, i) => (i === index ? line : l)) : [...items, line]);
  return { ok: true, items: next, item: next[existing ? index : next.length - 1] ?? line };
}

function addGift(items: readonly BasketItem[], gift: BasketItem, existing: BasketItem | undefined): AddResult {
  if (existing) return { ok: true, items: settleFlags(items), item: existing };
  const rest = items.filter((line) => !(isGift(line) && line.giftPromoId === gift.giftPromoId));
  if (rest.length >= BASKET_LINE_LIMIT) return { ok: false, reason: 'basketFull', max: BASKET_LINE_LIMIT };
  const next = settleFlags([...rest, gift]);
  return { ok: true, items: next, item: next[next.length - 1] ?? gift };
}

/** Spec §5: one unit can be removed only while the count is above 1 (and never from a gift, which the promotion sets). */
export function canRemoveOne(item: Pick<BasketItem, 'itemType' | 'count'>): boolean {
  return !isGift(item) && item.count > 1;
}

/** Removes one unit of a line while its count is above 1; otherwise the same lines come back unchanged. */
export function removeOneUnit(items: readonly BasketItem[], key: string): BasketItem[] {
  const line = items.find((item) => item.key === key);
  if (!line || !canRemoveOne(line)) return [...items];
  const count = line.count - 1;
  return settleFlags(items.map((item) => (item.key === key ? { ...item, count, expectedCount: count } : item)));
}

/** Removes a whole line (gift lines that depended on it go with the next check). */
export function removeLine(items: readonly BasketItem[], key: string): BasketItem[] {
  return settleFlags(items.filter((item) => item.key !== key));
}

/** The basket after setting a quantity, the count the line got and its limit; or why the line has none. */
export type SetQuantityResult =
  | { ok: true; items: BasketItem[]; count: number; max: number; clamped: boolean }
  | { ok: false; reason: 'missing' | 'gift' | 'outOfStock' };

/**
 * Sets a line's quantity, clamped to [1, available] where available is the variant's stock less its
 * other lines (and at most LINE_QUANTITY_LIMIT). A fraction is cut to whole units; a value that is
 * not a number counts as 1. `clamped` says the count is not what the shopper typed (the view says why).
 */
export function setQuantity(items: readonly BasketItem[], key: string, quantity: number): SetQuantityResult {
  const line = items.find((item) => item.key === key);
  if (!line) return { ok: false, reason: 'missing' };
  if (isGift(line)) return { ok: false, reason: 'gift' };
  const max = lineMaximum(items, line);
  if (max < 1) return { ok: false, reason: 'outOfStock' };
  const wanted = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
  const count = Math.min(max, Math.max(1, wanted));
  const next = settleFlags(items.map((item) => (item.key === key ? { ...item, count, expectedCount: count } : item)));
  return { ok: true, items: next, count, max, clamped: count !== quantity };
}

/**
 * Spec §4 "count is the lesser of its expected count and its stock", for a whole basket: the lines
 * of one variant share its stock in basket order (the lowest stock any of them saw, the safe side),
 * each getting at most its expected count. Gifts keep their count.
 */
export function allocateStock(items: readonly BasketItem[]): BasketItem[] {
  const stock = new Map<number, number>();
  for (const item of items) {
    if (isGift(item)) continue;
    const seen = stock.get(item.id);
    stock.set(item.id, seen === undefined ? item.totalAmount : Math.min(seen, item.totalAmount));
  }
  return items.map((item) => {
    if (isGift(item)) return item;
    const left = stock.get(item.id) ?? 0;
    const count = Math.max(0, Math.min(item.expectedCount, left, LINE_QUANTITY_LIMIT));
    stock.set(item.id, left - count);
    return count === item.count ? item : { ...item, count };
  });
}

/**
 * Merges basket B into A (sign-in, a basket posted without JavaScript): the same key adds the
 * expected counts, and counts are then capped at availability (allocateStock), so the wish survives
 * for the next check to grant or report as not enough. A's lines come first, then B's new ones up to
 * BASKET_LINE_LIMIT; a gift of a list A already has a gift of is dropped (one gift per list).
 */
export function mergeBaskets(a: readonly BasketItem[], b: readonly BasketItem[]): BasketItem[] {
  const merged = [...a];
  for (const line of b) {
    const index = merged.findIndex((item) => item.key === line.key);
    const existing = index === -1 ? undefined : merged[index];
    if (existing) {
      if (isGift(existing)) continue;
      merged[index] = {
        ...existing,
        expectedCount: Math.min(LINE_QUANTITY_LIMIT, existing.expectedCount + line.expectedCount),
        totalAmount: Math.min(existing.totalAmount, line.totalAmount),
      };
      continue;
    }
    if (isGift(line) && merged.some((item) => isGift(item) && item.giftPromoId === line.giftPromoId)) continue;
    if (merged.length >= BASKET_LINE_LIMIT) continue;
    merged.push(line);
  }
  return settleFlags(allocateStock(merged));
}
