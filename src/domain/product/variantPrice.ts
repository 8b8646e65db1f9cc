import { shownPrice, type ShownPrice } from '../catalog/variants.ts';

/**
 * What the product page shows about the chosen variant's price (storefront spec §3 Variant
 * "price, bonusCount, showPriceForAbonement", §5, §9).
 */

/** Spec §9: the bonus accrual rate (percent of the selling price) when the variant has none. */
export const DEFAULT_BONUS_ACCRUAL_RATE = 1;
/** Spec §9: cashback for own-import goods is shown at 50 % of the price. */
export const OWN_IMPORT_CASHBACK_PERCENT = 50;
/** Spec §3: the own-import flag is the filter slug own-import. */
export const OWN_IMPORT_SLUG = 'own-import';

export interface PriceVariant {
  probablyPriceRecommended: number | null;
  probablyPriceSelling: number | null;
  probablyPriceSubscriptionDiscount: number | null;
  /** Percent of the selling price paid back in bonus points; null = the default rate. */
  bonusAccrualRate: number | null;
}

export interface PriceProduct {
  allowSubscription: boolean;
  filterList: readonly { topic: string; slug: string }[];
}

/**
 * Bonus points a purchase earns: the price paid times the accrual rate, rounded. The rate is a
 * percent (the services send 1, 2, 3, 5; null means the default 1) and a point is worth 1 грн, so
 * this is round(price × rate / 100); docs/decisions.md "The bonus formula" says why the spec's
 * literal "rounded rate times price" is not used.
 */
export function bonusCount(price: number, bonusAccrualRate: number | null): number {
  const rate = bonusAccrualRate ?? DEFAULT_BONUS_ACCRUAL_RATE;
  if (price <= 0 || rate <= 0) return 0;
  return Math.round((price * rate) / 100);
}

/** Spec §3: a product is own import when one of its filters has the slug own-import. */
export function isOwnImport(product: Pick<PriceProduct, 'filterList'>): boolean {
  return product.filterList.some((filter) => filter.slug === OWN_IMPORT_SLUG);
}

/** Spec §9: the cashback shown for own-import goods, 50 % of the selling price, rounded. */
export function ownImportCashback(selling: number): number {
  return selling > 0 ? Math.round((selling * OWN_IMPORT_CASHBACK_PERCENT) / 100) : 0;
}

/**
 * Spec §5: the subscription price is shown only when the item allows subscription and the price
 * is above zero and lower than the price otherwise paid (the final price); otherwise null.
 */
export function subscriptionPrice(
  allowSubscription: boolean,
  price: number,
  subscription: number | null,
): number | null {
  if (!allowSubscription || subscription === null || subscription <= 0 || subscription >= price) return null;
  return subscription;
}

/** What a purchase pays back: ordinary bonus points, or for own-import goods the 50 % cashback instead. */
export type Reward =
  { kind: 'bonus'; amount: number } | { kind: 'cashback'; percent: typeof OWN_IMPORT_CASHBACK_PERCENT; amount: number };

/** What a purchase at `price` pays back: the own-import cashback instead of bonus points (decisions.md). */
function rewardAt(product: PriceProduct, variant: PriceVariant, price: number): Reward | null {
  if (isOwnImport(product)) {
    const amount = ownImportCashback(price);
    return amount > 0 ? { kind: 'cashback', percent: OWN_IMPORT_CASHBACK_PERCENT, amount } : null;
  }
  const amount = bonusCount(price, variant.bonusAccrualRate);
  return amount > 0 ? { kind: 'bonus', amount } : null;
}

export interface VariantPrice extends ShownPrice {
  /** Null when there is nothing to earn (a zero price or rate). */
  reward: Reward | null;
  /**
   * The subscription price when it may be shown (see subscriptionPrice), with what a purchase at
   * that price pays back (spec §3 bonusCountForAbonement), else null.
   */
  subscription: { price: number; reward: Reward | null } | null;
}

/** Everything the price block shows for the chosen variant of a product; the reward is on the final price. */
export function variantPrice(product: PriceProduct, variant: PriceVariant): VariantPrice {
  const selling = variant.probablyPriceSelling ?? 0;
  const recommended = variant.probablyPriceRecommended ?? selling;
  const shown = shownPrice(recommended, selling);
  const subscription = subscriptionPrice(
    product.allowSubscription,
    shown.final,
    variant.probablyPriceSubscriptionDiscount,
  );
  return {
    ...shown,
    reward: rewardAt(product, variant, shown.final),
    subscription:
      subscription === null ? null : { price: subscription, reward: rewardAt(product, variant, subscription) },
  };
}
