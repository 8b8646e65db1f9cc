import { DEFAULT_BONUS_ACCRUAL_RATE } from '../product/variantPrice.ts';
import { isGift, type BasketItem } from './basketItem.ts';
import { isCheckCurrent, lineFinalPrice } from './basketTotals.ts';

/**
 * The bonus points an order earns (storefront spec §3 basket item `checkedBonusAmount`, check
 * response `bonusAmount`; §9 "fallback bonus is the final total times bonusAccrualRate, rounded").
 * The order service's check is the authority; until it has answered for the basket as it is now,
 * each line earns by the spec's fallback.
 */

/** The lines an order buys: not gifts, not refused by the check, with units to buy. */
function boughtLines(items: readonly BasketItem[]): BasketItem[] {
  return items.filter((item) => !isGift(item) && item.errorCode === 0 && item.count > 0);
}

/**
 * Spec §9 fallback of one line: its final total (spec §9 final price × count) times its variant's
 * rate, rounded. The rate is a percent (docs/decisions.md "The bonus formula"); null is the default
 * 1 (accounts spec §5), the rate the product page and the check count with, so the figure does not
 * jump when the check answers.
 */
export function fallbackLineBonus(item: BasketItem): number {
  if (isGift(item)) return 0;
  const rate = item.bonusAccrualRate ?? DEFAULT_BONUS_ACCRUAL_RATE;
  const total = lineFinalPrice(item);
  if (!(rate > 0) || !(total > 0)) return 0;
  return Math.round((total * rate) / 100);
}

/** What one line earns: the check's figure while it is current for the line, else the fallback. */
export function lineBonus(item: BasketItem): number {
  if (isGift(item)) return 0;
  if (isCheckCurrent(item) && item.checkedBonusAmount !== null) return Math.max(0, item.checkedBonusAmount);
  return fallbackLineBonus(item);
}

/**
 * What the order earns. The check's `bonusAmount` (`checkedBonusAmount` = the answer's total) when
 * the last answer is current for every bought line (the shopper changed nothing since); otherwise
 * the sum of the lines, each by lineBonus. 0 for a basket with nothing to buy.
 */
export function orderBonus(items: readonly BasketItem[], checkedBonusAmount: number | null): number {
  const lines = boughtLines(items);
  if (lines.length === 0) return 0;
  if (checkedBonusAmount !== null && lines.every(isCheckCurrent)) return Math.max(0, checkedBonusAmount);
  return lines.reduce((sum, item) => sum + lineBonus(item), 0);
}
