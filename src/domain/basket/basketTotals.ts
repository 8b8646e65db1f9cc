import { discountPercent, finalPrice } from '../catalog/variants.ts';
import { certificateDiscount, type BasketCertificate } from './basketCertificates.ts';
import { LINE_QUANTITY_LIMIT, isGift, roundMoney, type BasketItem } from './basketItem.ts';

/**
 * What the basket adds up to (storefront spec §3 "Basket", derived). Gifts are free and never
 * bought, so they take no part in the count or the money; they do weigh, so they count in the
 * weight. A line the check flagged with an error code will not be ordered, so it takes no part at
 * all (it stays on show, with its problem). Money is rounded to kopecks once, at the end.
 */

/** Spec §3 derived totals; money in UAH, weight in kilograms. */
export interface BasketTotals {
  /** Units to be bought (gifts are not bought). */
  count: number;
  /** Σ recommended unit price × count (the selling price where a line has no recommended one). */
  recommendedPrice: number;
  /** Σ selling unit price × count. */
  sellingPrice: number;
  /** Σ of the lines' final prices before certificates. */
  linesPrice: number;
  /** What accepted gift certificates take off, never more than the lines cost. */
  certificateDiscount: number;
  /** What the lines save off the recommended prices, before certificates: recommendedPrice − linesPrice. */
  linesDiscount: number;
  /** What the shopper pays: the lines' final prices less certificates, never below 0. */
  finalPrice: number;
  /** Saved off the recommended prices, certificates included: recommendedPrice − finalPrice. */
  profit: number;
  /** The part of the profit the last check confirmed: its current lines and the certificates. */
  checkedProfit: number;
  /** Σ delivery weight × count, to the gram. */
  weight: number;
}

/**
 * The last check answered for this very count (the shopper has not changed it since), so the
 * checked figures hold. A line with nothing to sell has no checked cost to go by.
 */
export function isCheckCurrent(item: BasketItem): boolean {
  return (
    item.checkedCost !== null &&
    item.checkedQuantity !== null &&
    item.checkedQuantity > 0 &&
    item.checkedQuantity === item.count
  );
}

/**
 * Spec §9 final unit price of a line: the lowest of recommended, selling and checked unit cost
 * (finalPrice of the catalogue). The checked unit cost is the checked cost per checked unit, and
 * only while the check is current; a checked cost of 0 is a real price (a 100 % discount), not a
 * missing one. A gift costs nothing.
 */
export function lineUnitPrice(item: BasketItem): number {
  if (isGift(item)) return 0;
  const checkedUnitCost = isCheckCurrent(item) ? (item.checkedCost ?? 0) / item.count : null;
  if (checkedUnitCost === 0) return 0;
  return finalPrice(item.price.recommendedPrice, item.price.sellingPrices, checkedUnitCost);
}

/** The line's final price: its final unit price × count, to the kopeck (a current check gives back its own cost). */
export function lineFinalPrice(item: BasketItem): number {
  return isGift(item) ? 0 : roundMoney(lineUnitPrice(item) * item.count);
}

/**
 * The line's price as the basket shows it: the final price × count (spec §9), and the crossed-out
 * recommended one only for a real drop below it.
 */
export function lineShownPrice(item: BasketItem): { final: number; old: number | null } {
  const recommended = item.price.recommendedPrice;
  const old = discountPercent(recommended, lineUnitPrice(item)) > 0 ? roundMoney(recommended * item.count) : null;
  return { final: lineFinalPrice(item), old };
}

/** The recommended unit price, or the selling one where the line has none (so a saving is never invented). */
function recommendedUnit(item: BasketItem): number {
  return item.price.recommendedPrice > 0 ? item.price.recommendedPrice : item.price.sellingPrices;
}

/** Spec §3 derived totals of the lines and the basket's certificates. */
export function basketTotals(
  items: readonly BasketItem[],
  certificates: readonly BasketCertificate[] = [],
): BasketTotals {
  let count = 0;
  let recommended = 0;
  let selling = 0;
  let lines = 0;
  let checkedLines = 0;
  let weight = 0;
  for (const item of items) {
    if (item.errorCode !== 0) continue;
    weight += item.deliveryWeight * item.count;
    if (isGift(item)) continue;
    count += item.count;
    recommended += recommendedUnit(item) * item.count;
    selling += item.price.sellingPrices * item.count;
    lines += lineFinalPrice(item);
    if (isCheckCurrent(item)) checkedLines += Math.max(0, recommendedUnit(item) * item.count - (item.checkedCost ?? 0));
  }
  const linesPrice = roundMoney(lines);
  const applied = Math.min(certificateDiscount(certificates), linesPrice);
  const final = roundMoney(Math.max(0, linesPrice - applied));
  const recommendedPrice = roundMoney(recommended);
  return {
    count,
    recommendedPrice,
    sellingPrice: roundMoney(selling),
    linesPrice,
    certificateDiscount: applied,
    linesDiscount: roundMoney(Math.max(0, recommendedPrice - linesPrice)),
    finalPrice: final,
    profit: roundMoney(Math.max(0, recommendedPrice - final)),
    checkedProfit: roundMoney(checkedLines + applied),
    weight: Math.round(weight * 1000) / 1000,
  };
}

/** Lines that are bought (price and subscription lines). */
export function itemsWithoutGifts(items: readonly BasketItem[]): BasketItem[] {
  return items.filter((item) => !isGift(item));
}

/** Gift lines. */
export function giftItems(items: readonly BasketItem[]): BasketItem[] {
  return items.filter(isGift);
}

/** Subscription lines (the order's subscriptionItems). */
export function subscriptionItems(items: readonly BasketItem[]): BasketItem[] {
  return items.filter((item) => item.itemType === 'subscription');
}

/** One line of the check request: a variant, its product (where the service looks it up) and the units wished. */
export interface ItemToCheck {
  internalId: number;
  productId: number;
  quantity: number;
}

/**
 * Spec §3 "a list of items to check (internalId, quantity)": the lines bought at their price, one
 * entry per variant. The quantity is the expected count (the wish), not the count limited by the
 * last stock seen, so a variant back in stock is granted again. Subscription lines go as
 * subscriptionsToCheck (the service shares a variant's stock between its lines), gifts as chosenGifts.
 */
export function itemsToCheck(items: readonly BasketItem[]): ItemToCheck[] {
  const wished = new Map<number, ItemToCheck>();
  for (const item of items) {
    if (item.itemType !== 'price' || item.expectedCount < 1) continue;
    const seen = wished.get(item.id);
    if (seen) seen.quantity = Math.min(LINE_QUANTITY_LIMIT, seen.quantity + item.expectedCount);
    else
      wished.set(item.id, {
        internalId: item.id,
        productId: item.productId,
        quantity: Math.min(LINE_QUANTITY_LIMIT, item.expectedCount),
      });
  }
  return [...wished.values()];
}

/** A subscription line to check: the variant, its product, the units of one delivery (the wish) and the interval. */
export interface SubscriptionToCheck extends ItemToCheck {
  intervalDays: number;
}

/** Spec §3 "subscription items" as the check takes them: one entry per subscription line (its key). */
export function subscriptionsToCheck(items: readonly BasketItem[]): SubscriptionToCheck[] {
  return subscriptionItems(items).flatMap((item) =>
    item.intervalDays === null || item.expectedCount < 1
      ? []
      : [
          {
            internalId: item.id,
            productId: item.productId,
            quantity: Math.min(LINE_QUANTITY_LIMIT, item.expectedCount),
            intervalDays: item.intervalDays,
          },
        ],
  );
}

/** A gift the shopper chose: the variant and its gift list (the contract's chosenGifts). */
export interface ChosenGift {
  internalId: number;
  giftDiscountRef: string;
}

/** The gift lines as the check's (and the order's) chosen gifts, each once. */
export function chosenGifts(items: readonly BasketItem[]): ChosenGift[] {
  const gifts: ChosenGift[] = [];
  for (const item of items) {
    if (!isGift(item) || item.giftPromoId === null) continue;
    const ref = item.giftPromoId;
    if (!gifts.some((g) => g.internalId === item.id && g.giftDiscountRef === ref)) {
      gifts.push({ internalId: item.id, giftDiscountRef: ref });
    }
  }
  return gifts;
}
