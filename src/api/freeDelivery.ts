import type { DeliveryMethodSlug } from './schemas/delivery.ts';

/**
 * Free delivery, the shop's promise (the spec names none; docs/decisions.md "Delivery promises come
 * from the rules", "Free delivery is judged on the goods after promo codes"): Nova Poshta branches
 * and parcel lockers cost nothing once the goods come to `threshold` UAH after promo codes.
 * Certificates and bonus points do not lower that amount: they are ways of paying, not a lower price.
 *
 * In the contract, rule included, because both sides apply it and the embedded services may import
 * nothing but src/api: the order service prices an order and the basket check's methods by
 * `freeDeliveryVerdict`; the storefront (src/domain/checkout/freeDelivery.ts) shows and promises it
 * with the same function. No zod here: the basket drawer takes it.
 */
export const FREE_DELIVERY: { threshold: number; methods: readonly DeliveryMethodSlug[] } = {
  threshold: 1500,
  methods: ['np-warehouse', 'np-postbox'],
};

/**
 * Something taken off what the shopper pays for the whole order, by kind: an amount promo code
 * (`promo`: a lower price), a gift certificate (`certificate`) or bonus points (`bonuses`), the last
 * two being money the shopper pays with. A percent promo code is not one of these: it lowers the
 * lines' own prices, so it is already in `lines`.
 */
export interface OrderReduction {
  kind: 'promo' | 'certificate' | 'bonuses';
  /** UAH. */
  amount: number;
}

/** What the free-delivery rule reads of a basket or an order. */
export interface FreeDeliveryBasis {
  /** The bought lines' cost after their own discounts (a percent promo code among them), UAH; gifts cost 0. */
  lines: number;
  /** What is taken off the whole order, each with its kind. */
  offTheOrder: readonly OrderReduction[];
}

/** The rule's verdict on a basket. */
export interface FreeDeliveryVerdict {
  /** The amount judged: the lines less amount promo codes, never below 0, UAH to the kopeck. */
  goods: number;
  /** The goods reach the threshold: the free-delivery methods cost nothing. */
  free: boolean;
  /** What is left to add, whole hryvnias rounded up; 0 once free. */
  remaining: number;
}

/** UAH to whole kopecks; what is not a positive finite amount counts as 0. */
function kopecksOf(amount: number): number {
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0;
}

/**
 * THE free-delivery rule, for every place that judges it (the basket drawer and page, the
 * checkout's methods and summary, the basket check's methods, the order's delivery price): the
 * goods are the lines less what promo codes take off the order; certificates and bonus points are
 * left in (they pay for the goods, the goods cost what they cost). Counted in kopecks, so an amount
 * exactly at the threshold is free whichever side's rounding it came through.
 */
export function freeDeliveryVerdict(basis: FreeDeliveryBasis): FreeDeliveryVerdict {
  let goods = kopecksOf(basis.lines);
  for (const reduction of basis.offTheOrder) {
    if (reduction.kind === 'promo') goods -= kopecksOf(reduction.amount);
  }
  goods = Math.max(0, goods);
  const threshold = FREE_DELIVERY.threshold * 100;
  return {
    goods: goods / 100,
    free: goods >= threshold,
    remaining: Math.ceil(Math.max(0, threshold - goods) / 100),
  };
}

/** A method that becomes free from the threshold. */
export function isFreeDeliveryMethod(slug: DeliveryMethodSlug): boolean {
  return FREE_DELIVERY.methods.includes(slug);
}

/**
 * The price of a method for goods the rule judged (`price` in any unit: UAH on the storefront,
 * kopecks in the order service): 0 for a free-delivery method once the goods are free, else `price`.
 */
export function deliveryPriceFor(
  slug: DeliveryMethodSlug,
  price: number,
  verdict: Pick<FreeDeliveryVerdict, 'free'>,
): number {
  return verdict.free && isFreeDeliveryMethod(slug) ? 0 : price;
}
