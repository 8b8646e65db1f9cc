import type { BasketItemError, CertificateType } from '../../api/schemas/basket.ts';
import type { BasketCertificate } from './basketCertificates.ts';
import { normaliseCertificateKey } from './basketCertificates.ts';
import type { BasketProblem } from './basketCheck.ts';
import {
  BASKET_LINE_LIMIT,
  CERTIFICATE_KEY_LENGTH,
  CERTIFICATE_LIMIT,
  LINE_QUANTITY_LIMIT,
  basketPrice,
  giftPromoIdOf,
  isIsoDate,
  isPositiveInt,
  settleFlags,
  withFlags,
  type BasketItem,
  type BasketItemType,
  type BasketPrice,
  type BasketWarehouse,
} from './basketItem.ts';
import { basketItemKey } from './basketKeys.ts';
import { isFields, parseJson } from '../storage/lenientJson.ts';

/**
 * The basket as the browser keeps it (localStorage `bbs_basket_<customer>`, its subscription lines
 * under the spec's `bbs_basket_subscription_<customer>`, spec §9) and reads it back. What is read is never trusted: another tab, an older version of the shop or a curious
 * shopper may have written anything, and a corrupted storage must never break the page. A line is
 * kept when what makes it a line is sound (type, ids, slug, title, count, price, and what its type
 * needs); anything else it carries falls back to a default that the next check refreshes. A line
 * that is not sound is dropped, alone.
 */

/** Version of the stored shape, written with it so a later shape can read an older one. */
export const STORED_BASKET_VERSION = 1;

/** What is kept of a basket between visits (the rest comes with the next check). */
export interface StoredBasket {
  items: BasketItem[];
  certificates: BasketCertificate[];
  /** When the last check answered (epoch ms); null before any. */
  lastUpdatedTime: number | null;
}

/** A basket with nothing in it. */
export function emptyBasket(): StoredBasket {
  return { items: [], certificates: [], lastUpdatedTime: null };
}

/** The JSON kept in storage. */
export function serializeBasket(basket: StoredBasket): string {
  return JSON.stringify({ version: STORED_BASKET_VERSION, ...basket });
}

/**
 * The basket in its two stored parts (spec §9 names `basket_subscription`): the lines bought at
 * their price, gifts and codes, then the subscription lines alone, which only a signed-in customer
 * has (spec §6), so an anonymous basket keeps no second key (null: nothing to keep there).
 */
export function serializeBasketParts(basket: StoredBasket): [string, string | null] {
  const subscriptions = basket.items.filter((item) => item.itemType === 'subscription');
  const rest =
    subscriptions.length === 0 ? basket : { ...basket, items: basket.items.filter((i) => !subscriptions.includes(i)) };
  return [
    serializeBasket(rest),
    subscriptions.length === 0 ? null : JSON.stringify({ version: STORED_BASKET_VERSION, items: subscriptions }),
  ];
}

/**
 * The basket from its two stored parts (serializeBasketParts): the first part's lines and codes,
 * then the second part's subscription lines (anything else found there is dropped), within the
 * line limit, a key held twice keeping its first line. Never throws.
 */
export function parseStoredBasketParts(raws: readonly (string | null)[]): StoredBasket {
  const basket = parseStoredBasket(raws[0]);
  const extra = parseStoredBasket(raws[1]).items.filter((item) => item.itemType === 'subscription');
  if (extra.length === 0) return basket;
  const items = [...basket.items];
  for (const item of extra) {
    if (items.length >= BASKET_LINE_LIMIT) break;
    if (!items.some((i) => i.key === item.key)) items.push(item);
  }
  return { ...basket, items: settleFlags(items) };
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= LINE_QUANTITY_LIMIT;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const amount = (v: unknown): number => (isFiniteNumber(v) && v > 0 ? v : 0);
const amountOrNull = (v: unknown): number | null => (isFiniteNumber(v) && v >= 0 ? v : null);
const ITEM_TYPES: readonly BasketItemType[] = ['price', 'subscription', 'gift'];
const ERROR_CODES: readonly BasketItemError[] = [0, 1, 2, 3, 4, 5, 6];

function itemType(v: unknown): BasketItemType | null {
  return ITEM_TYPES.find((t) => t === v) ?? null;
}

function errorCode(v: unknown): BasketItemError {
  return ERROR_CODES.find((c) => c === v) ?? 0;
}

function price(v: unknown): BasketPrice | null {
  if (!isFields(v)) return null;
  const { recommendedPrice, sellingPrices } = v;
  if (!isFiniteNumber(recommendedPrice) || !isFiniteNumber(sellingPrices)) return null;
  if (recommendedPrice < 0 || sellingPrices < 0) return null;
  return basketPrice(recommendedPrice, sellingPrices);
}

function warehouses(v: unknown): BasketWarehouse[] {
  if (!Array.isArray(v)) return [];
  const list: BasketWarehouse[] = [];
  for (const w of v) {
    if (!isFields(w)) continue;
    const { id, quantity } = w;
    if (
      isFiniteNumber(id) &&
      Number.isInteger(id) &&
      isFiniteNumber(quantity) &&
      Number.isInteger(quantity) &&
      quantity >= 0
    ) {
      list.push({ id, quantity });
    }
  }
  return list;
}

/** A stored line (flags set for itself alone; the basket settles them together), or null when it is not sound. */
export function parseStoredItem(value: unknown): BasketItem | null {
  if (!isFields(value)) return null;
  const type = itemType(value['itemType']);
  const { id, productId, slug, title, count } = value;
  const linePrice = price(value['price']);
  if (type === null || !isPositiveInt(id) || !isPositiveInt(productId) || !isCount(count) || linePrice === null) {
    return null;
  }
  if (typeof slug !== 'string' || slug === '' || typeof title !== 'string') return null;
  const intervalDays = type === 'subscription' ? value['intervalDays'] : null;
  const startDate = type === 'subscription' ? value['startDate'] : null;
  const giftPromoId = type === 'gift' ? giftPromoIdOf(value['giftPromoId']) : null;
  if (type === 'subscription' && !(isPositiveInt(intervalDays) && isIsoDate(startDate))) return null;
  if (type === 'gift' && giftPromoId === null) return null;
  const interval = isPositiveInt(intervalDays) ? intervalDays : null;
  const expected = value['expectedCount'];
  const expectedCount =
    isPositiveInt(expected) && expected <= LINE_QUANTITY_LIMIT ? Math.max(expected, count) : Math.max(1, count);
  const item: BasketItem = {
    itemType: type,
    id,
    // Derived, never read: a key that disagrees with the line would split it in two.
    key: basketItemKey({ id, itemType: type, intervalDays: interval, giftPromoId }),
    productId,
    slug,
    title,
    titleUkr: text(value['titleUkr']) ?? title,
    brand: text(value['brand']),
    currentImage: text(value['currentImage']),
    cssBackground: text(value['cssBackground']),
    colorPresentationValue: text(value['colorPresentationValue']),
    colorPresentationTitle: text(value['colorPresentationTitle']),
    colorPresentationTitleUkr: text(value['colorPresentationTitleUkr']),
    sizePresentationValue: text(value['sizePresentationValue']),
    sizePresentationTitle: text(value['sizePresentationTitle']),
    sizePresentationTitleUkr: text(value['sizePresentationTitleUkr']),
    displayArticle: text(value['displayArticle']) ?? '',
    folderCategory: text(value['folderCategory']),
    category: text(value['category']),
    colorsCount: isCount(value['colorsCount']) ? value['colorsCount'] : 1,
    shortDescription: text(value['shortDescription']),
    price: linePrice,
    // Until a check says otherwise, what the line holds is taken as there.
    totalAmount:
      isFiniteNumber(value['totalAmount']) && value['totalAmount'] >= 0 ? Math.trunc(value['totalAmount']) : count,
    count,
    expectedCount,
    warehouses: warehouses(value['warehouses']),
    deliveryWeight: amount(value['deliveryWeight']),
    allowSubscription: value['allowSubscription'] === true,
    bonusAccrualRate: amountOrNull(value['bonusAccrualRate']),
    intervalDays: interval,
    startDate: isIsoDate(startDate) ? startDate : null,
    giftPromoId,
    checkedPrice: amountOrNull(value['checkedPrice']),
    checkedCost: amountOrNull(value['checkedCost']),
    checkedQuantity: isCount(value['checkedQuantity']) ? value['checkedQuantity'] : null,
    checkedBonusAmount: amountOrNull(value['checkedBonusAmount']),
    checkedCount: isCount(value['checkedCount']) ? value['checkedCount'] : null,
    discount: amount(value['discount']),
    errorCode: errorCode(value['errorCode']),
    isAvailableForOrder: false,
    isAbleToAddToBasket: false,
  };
  return withFlags(item, 0);
}

function certificateType(v: unknown): CertificateType | null {
  return v === 0 || v === 1 ? v : null;
}

/** A stored code, or null when it is not sound. */
export function parseStoredCertificate(value: unknown): BasketCertificate | null {
  if (!isFields(value)) return null;
  const type = certificateType(value['type']);
  const rawKey = value['key'];
  if (type === null || typeof rawKey !== 'string') return null;
  const key = normaliseCertificateKey(type, rawKey);
  if (key === '' || key.length > CERTIFICATE_KEY_LENGTH) return null;
  return {
    type,
    key,
    title: text(value['title']) ?? '',
    discountAmount: amount(value['discountAmount']),
    errorMessage: text(value['errorMessage']),
    isAvailable: value['isAvailable'] === true,
    isChecked: value['isChecked'] === true,
    orderDiscount: amount(value['orderDiscount']),
  };
}

/**
 * The stored basket from what storage holds (the JSON string, or null when there is none). Never
 * throws: unreadable JSON is an empty basket, unsound lines and codes are dropped, a key held twice
 * keeps its first line, and the limits of the check hold.
 */
export function parseStoredBasket(raw: string | null | undefined): StoredBasket {
  const value = parseJson(raw);
  if (!isFields(value)) return emptyBasket();
  const items: BasketItem[] = [];
  for (const entry of Array.isArray(value['items']) ? value['items'] : []) {
    if (items.length >= BASKET_LINE_LIMIT) break;
    const item = parseStoredItem(entry);
    if (item && !items.some((i) => i.key === item.key)) items.push(item);
  }
  const certificates: BasketCertificate[] = [];
  for (const entry of Array.isArray(value['certificates']) ? value['certificates'] : []) {
    if (certificates.length >= CERTIFICATE_LIMIT) break;
    const c = parseStoredCertificate(entry);
    if (c && !certificates.some((k) => k.type === c.type && k.key === c.key)) certificates.push(c);
  }
  const time = value['lastUpdatedTime'];
  return {
    items: settleFlags(items),
    certificates,
    lastUpdatedTime: isFiniteNumber(time) && time >= 0 ? time : null,
  };
}

/** Spec §4: the not-available and not-enough lists, as kept in session storage. */
export interface StoredBasketProblems {
  notAvailable: BasketProblem[];
  notEnough: BasketProblem[];
}

/** The JSON of the two lists for session storage. */
export function serializeProblems(problems: StoredBasketProblems): string {
  return JSON.stringify({ notAvailable: problems.notAvailable, notEnough: problems.notEnough });
}

function problems(v: unknown): BasketProblem[] {
  if (!Array.isArray(v)) return [];
  const list: BasketProblem[] = [];
  for (const p of v) {
    if (!isFields(p)) continue;
    const { key, title, titleUkr, slug } = p;
    if (typeof key === 'string' && typeof title === 'string' && typeof slug === 'string') {
      list.push({ key, title, titleUkr: typeof titleUkr === 'string' ? titleUkr : title, slug });
    }
  }
  return list;
}

/** The two lists from session storage; anything unreadable is no problem to report. */
export function parseStoredProblems(raw: string | null | undefined): StoredBasketProblems {
  const value = parseJson(raw);
  if (!isFields(value)) return { notAvailable: [], notEnough: [] };
  return { notAvailable: problems(value['notAvailable']), notEnough: problems(value['notEnough']) };
}
