import type { BasketItemError } from '../../api/schemas/basket.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { localized, localizedOrNull } from '../../i18n/localized.ts';
import { finalPrice } from '../catalog/variants.ts';
import { deliveryWeight } from '../delivery/weight.ts';
import { subscriptionPrice } from '../product/variantPrice.ts';
import { basketItemKey, type LineIdentity } from './basketKeys.ts';

/**
 * The basket line as the shop keeps it in the browser (storefront spec §3 "Basket item"). A plain
 * JSON-safe object: it is persisted in localStorage and read back by storedBasket.ts.
 */

/**
 * Limits of the order service's basket check (`BASKET_LIMITS` of src/api/schemas/basket.ts, which
 * the domain may import only as types; a unit test keeps the two equal). The basket never grows
 * past what the service would refuse to check.
 */
export const BASKET_LINE_LIMIT = 100;
/** Most units of one variant a check (and so a line) may ask for. */
export const LINE_QUANTITY_LIMIT = 999;
/** Most promo codes and certificates one basket may carry. */
export const CERTIFICATE_LIMIT = 10;
/** Longest promo-code or certificate key the service accepts. */
export const CERTIFICATE_KEY_LENGTH = 64;
/** Longest gift list id (`giftDiscountRef`) the service accepts. */
export const GIFT_PROMO_ID_LENGTH = 64;

/** Spec §3: bought once at its price, a repeat-delivery subscription, or a gift of a promotion. */
export type BasketItemType = LineIdentity['itemType'];

/**
 * Spec §3 basket item price, per unit, in UAH; `profit` is what the selling price saves off the
 * recommended one. A subscription line's selling price is what one unit costs on subscription (the
 * subscription price when lower, subscriptionUnitPrice), so every total reads it like any other line.
 */
export interface BasketPrice {
  recommendedPrice: number;
  /** The spec's name (plural) for the unit selling price. */
  sellingPrices: number;
  profit: number;
}

/** Stock of the variant in one warehouse (a shop id of the delivery service). */
export interface BasketWarehouse {
  id: number;
  quantity: number;
}

/** Spec §3 "Basket item": what the shop keeps locally for a line, and what the last check said of it. */
export interface BasketItem {
  itemType: BasketItemType;
  /** The variant (nomenclature) id, the check's `internalId`. */
  id: number;
  /** basketItemKey of the line: the one identity of a line in the basket. */
  key: string;
  productId: number;
  slug: string;
  title: string;
  titleUkr: string;
  /** Brand title. */
  brand: string | null;
  /** Image link of the chosen colour. */
  currentImage: string | null;
  /** Colour swatch (a colour or a gradient). */
  cssBackground: string | null;
  /** The colour's slug (the product page's `?color=`). */
  colorPresentationValue: string | null;
  /** The colour's name; `…TitleUkr` in Ukrainian (the basket is shown on both sites). */
  colorPresentationTitle: string | null;
  colorPresentationTitleUkr: string | null;
  /** The size's slug (the product page's `?size=`). */
  sizePresentationValue: string | null;
  sizePresentationTitle: string | null;
  sizePresentationTitleUkr: string | null;
  displayArticle: string;
  /** Category titles, as analytics events name them. */
  folderCategory: string | null;
  category: string | null;
  /** How many colours the product has (the line says "other colours" when above 1). */
  colorsCount: number;
  shortDescription: string | null;
  price: BasketPrice;
  /** Stock of the variant: from the catalogue when added, then the check's availableQuantity. */
  totalAmount: number;
  /** Units that will be ordered: the expected count limited to stock. */
  count: number;
  /** Units the shopper asked for; what the check is asked about, so a wish survives a shortage. */
  expectedCount: number;
  warehouses: BasketWarehouse[];
  /** Kilograms per unit: max(weight, capacity / 4000) (spec §9). */
  deliveryWeight: number;
  allowSubscription: boolean;
  /** Percent of the price paid back in bonus points; null = the default rate. */
  bonusAccrualRate: number | null;
  /** Subscription lines only: days between deliveries and the first delivery (YYYY-MM-DD). */
  intervalDays: number | null;
  startDate: string | null;
  /** Gift lines only: the gift list (`giftDiscountRef`) the gift comes from. */
  giftPromoId: string | null;
  /** Unit price after line discounts, as checked; null until a check answered for the line. */
  checkedPrice: number | null;
  /** checkedQuantity × checkedPrice, rounded down by the service. */
  checkedCost: number | null;
  /** Units the service will sell (limited to stock). */
  checkedQuantity: number | null;
  checkedBonusAmount: number | null;
  /** Units the check was asked about (the expected count then). */
  checkedCount: number | null;
  /** Line discounts (promo codes, promotions) the check gave, in UAH. */
  discount: number;
  errorCode: BasketItemError;
  /** The line can be ordered now (no error, in stock, a count above 0). */
  isAvailableForOrder: boolean;
  /** One more unit may be added (spec §5 stock rule); always false for gifts. */
  isAbleToAddToBasket: boolean;
}

/**
 * Catalogue data the product page (or a gift list) hands over to make a line: the line's own fields
 * less those the basket fills in, with raw prices and measures.
 */
export type BasketItemInput = Pick<
  BasketItem,
  | 'id'
  | 'productId'
  | 'slug'
  | 'title'
  | 'titleUkr'
  | 'brand'
  | 'currentImage'
  | 'cssBackground'
  | 'colorPresentationValue'
  | 'colorPresentationTitle'
  | 'colorPresentationTitleUkr'
  | 'sizePresentationValue'
  | 'sizePresentationTitle'
  | 'sizePresentationTitleUkr'
  | 'displayArticle'
  | 'folderCategory'
  | 'category'
  | 'colorsCount'
  | 'shortDescription'
  | 'totalAmount'
  | 'warehouses'
  | 'allowSubscription'
  | 'bonusAccrualRate'
> & {
  recommendedPrice: number;
  sellingPrice: number;
  /** The variant's subscription price (spec §3 probablyPriceSubscriptionDiscount); null when it has none. */
  subscriptionPrice: number | null;
  /** Kilograms and cubic centimetres; the line keeps the delivery weight of the two. */
  weight: number | null;
  capacity: number | null;
};

/** Spec §3 "Subscription options": all three are needed for a subscription. */
export interface SubscriptionOptions {
  quantity?: number | null | undefined;
  /** First delivery, YYYY-MM-DD. */
  startDate?: string | null | undefined;
  /** Days between deliveries. */
  interval?: number | null | undefined;
}

/** How the shopper wants a variant: a count, and optionally subscription options or a gift list. */
export interface LineChoice {
  count: number;
  subscription?: SubscriptionOptions | null | undefined;
  giftPromoId?: string | null | undefined;
}

/** What kind of line a choice makes, with its count. */
export type LineKind =
  | { itemType: 'price'; count: number }
  | { itemType: 'subscription'; count: number; intervalDays: number; startDate: string }
  | { itemType: 'gift'; count: number; giftPromoId: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A whole number above zero. */
export function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A trimmed gift list id the service would accept, or null. */
export function giftPromoIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id !== '' && id.length <= GIFT_PROMO_ID_LENGTH ? id : null;
}

/**
 * Spec §4: a line is a gift only if a promo id is given, a subscription only if quantity, start
 * date and interval are all present (the subscription's quantity is then the count); otherwise it
 * is bought at its price. A gift is never a subscription, so a promo id wins.
 */
export function lineKind(choice: LineChoice): LineKind {
  const giftPromoId = giftPromoIdOf(choice.giftPromoId);
  if (giftPromoId !== null) return { itemType: 'gift', count: choice.count, giftPromoId };
  const { quantity, startDate, interval } = choice.subscription ?? {};
  if (isPositiveInt(quantity) && isIsoDate(startDate) && isPositiveInt(interval)) {
    return { itemType: 'subscription', count: quantity, intervalDays: interval, startDate };
  }
  return { itemType: 'price', count: choice.count };
}

/** Rounds an amount to whole kopecks without binary noise (1.005 → 1.01). */
export function roundMoney(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15))) / 100;
}

/** A finite number at or above zero, else 0 (prices and stock never go negative). */
export function nonNegative(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Spec §3 price of a line: recommended and selling unit prices and the saving between them (never negative). */
export function basketPrice(recommended: number, selling: number): BasketPrice {
  const recommendedPrice = nonNegative(recommended);
  const sellingPrices = nonNegative(selling);
  return { recommendedPrice, sellingPrices, profit: roundMoney(Math.max(0, recommendedPrice - sellingPrices)) };
}

/**
 * A subscription line's unit price before the check (spec §5: the subscription price only when the
 * product allows subscription and it is lower than the final price; else the final price). The
 * order service prices the line by the same rule and is the authority.
 */
export function subscriptionUnitPrice(
  allowSubscription: boolean,
  recommended: number,
  selling: number,
  subscription: number | null,
): number {
  const final = finalPrice(nonNegative(recommended), nonNegative(selling));
  return subscriptionPrice(allowSubscription, final, subscription) ?? final;
}

/**
 * A new line from catalogue data and the shopper's choice: unchecked, count = expected count, flags
 * set for itself alone. Fields are copied one by one, so a wider object (a whole variant) passed as
 * input never leaks extra data into localStorage.
 */
export function newBasketItem(input: BasketItemInput, choice: LineChoice): BasketItem {
  const kind = lineKind(choice);
  const identity: LineIdentity = {
    id: input.id,
    itemType: kind.itemType,
    intervalDays: kind.itemType === 'subscription' ? kind.intervalDays : null,
    giftPromoId: kind.itemType === 'gift' ? kind.giftPromoId : null,
  };
  const item: BasketItem = {
    itemType: identity.itemType,
    id: input.id,
    key: basketItemKey(identity),
    productId: input.productId,
    slug: input.slug,
    title: input.title,
    titleUkr: input.titleUkr,
    brand: input.brand,
    currentImage: input.currentImage,
    cssBackground: input.cssBackground,
    colorPresentationValue: input.colorPresentationValue,
    colorPresentationTitle: input.colorPresentationTitle,
    colorPresentationTitleUkr: input.colorPresentationTitleUkr,
    sizePresentationValue: input.sizePresentationValue,
    sizePresentationTitle: input.sizePresentationTitle,
    sizePresentationTitleUkr: input.sizePresentationTitleUkr,
    displayArticle: input.displayArticle,
    folderCategory: input.folderCategory,
    category: input.category,
    colorsCount: input.colorsCount,
    shortDescription: input.shortDescription,
    price: basketPrice(
      input.recommendedPrice,
      kind.itemType === 'subscription'
        ? subscriptionUnitPrice(
            input.allowSubscription,
            input.recommendedPrice,
            input.sellingPrice,
            input.subscriptionPrice,
          )
        : input.sellingPrice,
    ),
    totalAmount: Math.trunc(nonNegative(input.totalAmount)),
    count: kind.count,
    expectedCount: kind.count,
    warehouses: input.warehouses.map((w) => ({ id: w.id, quantity: w.quantity })),
    deliveryWeight: deliveryWeight({ weight: input.weight, capacity: input.capacity }),
    allowSubscription: input.allowSubscription,
    bonusAccrualRate: input.bonusAccrualRate,
    intervalDays: identity.intervalDays,
    startDate: kind.itemType === 'subscription' ? kind.startDate : null,
    giftPromoId: identity.giftPromoId,
    checkedPrice: null,
    checkedCost: null,
    checkedQuantity: null,
    checkedBonusAmount: null,
    checkedCount: null,
    discount: 0,
    errorCode: 0,
    isAvailableForOrder: false,
    isAbleToAddToBasket: false,
  };
  return withFlags(item, 0);
}

/** The line's title, colour and size in the page's language (the basket is shown on both sites). */
export function lineTexts(
  item: Pick<
    BasketItem,
    | 'title'
    | 'titleUkr'
    | 'colorPresentationTitle'
    | 'colorPresentationTitleUkr'
    | 'sizePresentationTitle'
    | 'sizePresentationTitleUkr'
  >,
  locale: Locale,
): { title: string; colour: string | null; size: string | null } {
  return {
    title: localized(locale, item.title, item.titleUkr),
    colour: localizedOrNull(locale, item.colorPresentationTitle, item.colorPresentationTitleUkr),
    size: localizedOrNull(locale, item.sizePresentationTitle, item.sizePresentationTitleUkr),
  };
}

/** Spec §5: gifts are exempt from the stock rules (the promotion decides them). */
export function isGift(item: Pick<BasketItem, 'itemType'>): boolean {
  return item.itemType === 'gift';
}

/**
 * The line with its two flags recomputed; `othersOfVariant` is the count of the other non-gift
 * lines of the same variant, which share its stock.
 */
export function withFlags(item: BasketItem, othersOfVariant: number): BasketItem {
  const isAvailableForOrder = item.errorCode === 0 && item.count > 0 && (isGift(item) || item.totalAmount > 0);
  const isAbleToAddToBasket =
    !isGift(item) &&
    item.errorCode === 0 &&
    item.count < LINE_QUANTITY_LIMIT &&
    othersOfVariant + item.count < item.totalAmount;
  return item.isAvailableForOrder === isAvailableForOrder && item.isAbleToAddToBasket === isAbleToAddToBasket
    ? item
    : { ...item, isAvailableForOrder, isAbleToAddToBasket };
}

/** Units of a variant held by the basket's non-gift lines, optionally leaving one line out. */
export function variantCount(items: readonly BasketItem[], id: number, exceptKey?: string): number {
  let sum = 0;
  for (const item of items) if (item.id === id && !isGift(item) && item.key !== exceptKey) sum += item.count;
  return sum;
}

/** Every line with its flags recomputed against the whole basket (the rules call it after each change). */
export function settleFlags(items: readonly BasketItem[]): BasketItem[] {
  return items.map((item) => withFlags(item, isGift(item) ? 0 : variantCount(items, item.id, item.key)));
}
