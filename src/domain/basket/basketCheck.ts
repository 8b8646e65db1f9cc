import type {
  BasketCheckItem,
  BasketCheckRequest,
  BasketCheckResponse,
  GiftItem,
  GiftList,
} from '../../api/schemas/basket.ts';
import { canonicalPhone, phoneFault } from '../validation/phoneDigits.ts';
import { keptCertificates, normaliseCertificateKey, type BasketCertificate } from './basketCertificates.ts';
import {
  CERTIFICATE_LIMIT,
  basketPrice,
  isGift,
  newBasketItem,
  roundMoney,
  settleFlags,
  type BasketItem,
} from './basketItem.ts';
import { SHOP_PROJECT_CODE, basketItemKey } from './basketKeys.ts';
import { allocateStock } from './basketRules.ts';
import { chosenGifts, itemsToCheck, subscriptionsToCheck } from './basketTotals.ts';
import type { StoredBasket } from './storedBasket.ts';

/**
 * The order service's basket check from the basket's side (storefront spec §4 "Basket flow", §3
 * "Server update fields", §7 `POST /public/basket/check`): the request a basket makes, and the
 * basket the answer makes. The service is the authority on prices, stock and gifts; the basket
 * keeps the shopper's wishes (expected counts, chosen gifts, entered codes).
 */

/** Spec §4, §9: the check runs this long after the last change of the basket (a burst of taps makes one check). */
export const BASKET_CHECK_DEBOUNCE_MS = 1000;

/** What the request needs besides the basket. */
export interface BasketCheckOptions {
  /** The shopper's phone, sent only when it is a whole valid one (a half-typed phone identifies no one). */
  phone?: string | null | undefined;
  /** Ask for the delivery methods too (the checkout does; the basket drawer does not). */
  withDeliveryList?: boolean | undefined;
  /** Delivery city (settlement id) for the delivery methods; the service's default city when absent. */
  cityId?: number | null | undefined;
}

/**
 * Spec §7 request body: project `bbs`, the items to check (bought at their price), the
 * subscription lines, the chosen gifts, the codes as (type, key) normalised, bonus 0 (bonus
 * spending comes with accounts), and the options.
 */
export function basketCheckRequest(
  items: readonly BasketItem[],
  certificates: readonly Pick<BasketCertificate, 'type' | 'key'>[],
  options: BasketCheckOptions = {},
): BasketCheckRequest {
  const phone = options.phone && phoneFault(options.phone) === null ? canonicalPhone(options.phone) : null;
  const cityId = options.cityId;
  return {
    project: SHOP_PROJECT_CODE,
    items: itemsToCheck(items),
    subscriptionItems: subscriptionsToCheck(items),
    ...(phone === null ? {} : { phone }),
    bonus: 0,
    certificates: certificates
      .slice(0, CERTIFICATE_LIMIT)
      .map((c) => ({ type: c.type, key: normaliseCertificateKey(c.type, c.key) })),
    chosenGifts: chosenGifts(items),
    withDeliveryList: options.withDeliveryList ?? false,
    ...(typeof cityId === 'number' && Number.isInteger(cityId) && cityId > 0 ? { cityId } : {}),
  };
}

/** Spec §3: an entry of the not-available or not-enough list (the title in both languages, the key to point at the line). */
export interface BasketProblem {
  key: string;
  title: string;
  titleUkr: string;
  slug: string;
}

/** The lines after a check, with the spec §5 lists the view reports. */
export interface BasketCheckOutcome {
  items: BasketItem[];
  notAvailable: BasketProblem[];
  notEnough: BasketProblem[];
  /** The basket took a gift given as is: check again so the service gives it (and prices it 0). */
  recheck: boolean;
}

/** A gift answer: a line the service adds for a gift list. */
function isGiftAnswer(answer: BasketCheckItem): boolean {
  return answer.giftDiscountRef !== null || answer.checked.isGift;
}

/** Rounds a checked cost down to whole hryvnias, as the service does, without binary noise (0.29 × 100 is 29). */
function costDown(value: number): number {
  return Math.floor(Number(value.toPrecision(12)));
}

/**
 * Which line an answer speaks of: its variant and, for a subscription, its interval (spec §3 item
 * key without the type: a variant has one line bought at its price and one per interval).
 */
function answerKey(internalId: number, intervalDays: number | null | undefined): string {
  return `${internalId}_${intervalDays ?? ''}`;
}

const lineAnswerKey = (line: BasketItem): string =>
  answerKey(line.id, line.itemType === 'subscription' ? line.intervalDays : null);

/**
 * The answer's catalogue fields on a line: stock, prices (kept when the service has none),
 * warehouses, title. A subscription line's selling price is its subscription price, as answered.
 */
function withAnswer(line: BasketItem, answer: BasketCheckItem): BasketItem {
  const priced = answer.recommendedPrice !== null && answer.sellingPrice !== null;
  const selling =
    line.itemType === 'subscription' ? (answer.subscriptionPrice ?? answer.sellingPrice) : answer.sellingPrice;
  return {
    ...line,
    title: answer.title || line.title,
    titleUkr: answer.titleUkr || line.titleUkr,
    productId: answer.productId ?? line.productId,
    totalAmount: answer.availableQuantity,
    price: priced ? basketPrice(answer.recommendedPrice ?? 0, selling ?? 0) : line.price,
    warehouses: answer.warehouseList.map((w) => ({ id: w.id, quantity: w.quantity })),
    errorCode: answer.errorCode,
  };
}

/**
 * The bought lines with the answers laid on, each line by its variant and kind (answerKey). Lines
 * that share one answer (the request sums their wishes) take the checked quantity in basket order,
 * each its own cost (rounded down), bonus and discount in proportion; a line alone takes the
 * checked figures as they are.
 */
function checkedBoughtLines(lines: readonly BasketItem[], answers: ReadonlyMap<string, BasketCheckItem>): BasketItem[] {
  const linesPerAnswer = new Map<string, number>();
  for (const line of lines) linesPerAnswer.set(lineAnswerKey(line), (linesPerAnswer.get(lineAnswerKey(line)) ?? 0) + 1);
  const checkedLeft = new Map<string, number>();
  return lines.map((line) => {
    const id = lineAnswerKey(line);
    const answer = answers.get(id);
    if (!answer) return line; // the service did not speak of it: nothing to update
    const { checked } = answer;
    const updated = withAnswer(line, answer);
    if (linesPerAnswer.get(id) === 1) {
      return {
        ...updated,
        checkedPrice: checked.price,
        checkedCost: checked.cost,
        checkedQuantity: checked.quantity,
        checkedBonusAmount: checked.bonusAmount,
        checkedCount: answer.quantity,
        discount: checked.discountAmount,
      };
    }
    const left = checkedLeft.get(id) ?? checked.quantity;
    const quantity = Math.max(0, Math.min(line.expectedCount, left));
    checkedLeft.set(id, left - quantity);
    const share = checked.quantity > 0 ? quantity / checked.quantity : 0;
    return {
      ...updated,
      checkedPrice: checked.price,
      checkedCost: costDown(checked.price * quantity),
      checkedQuantity: quantity,
      checkedBonusAmount: Math.round(checked.bonusAmount * share),
      checkedCount: line.expectedCount,
      discount: roundMoney(checked.discountAmount * share),
    };
  });
}

/** A gift line made from a gift list's item (the shopper's choice, or a gift given as is), unchecked. */
export function giftLine(gift: GiftItem, giftPromoId: string): BasketItem {
  return newBasketItem(
    {
      id: gift.nomenclatureId,
      productId: gift.productId,
      slug: gift.slug,
      title: gift.title,
      titleUkr: gift.titleUkr,
      brand: gift.brand,
      currentImage: gift.images[0] ?? null,
      cssBackground: null,
      colorPresentationValue: null,
      colorPresentationTitle: null,
      colorPresentationTitleUkr: null,
      sizePresentationValue: null,
      sizePresentationTitle: null,
      sizePresentationTitleUkr: null,
      displayArticle: '',
      folderCategory: gift.folderCategory,
      category: gift.category,
      colorsCount: 1,
      shortDescription: null,
      totalAmount: 0,
      warehouses: [],
      allowSubscription: false,
      bonusAccrualRate: null,
      recommendedPrice: gift.sellingPrice,
      sellingPrice: gift.sellingPrice,
      subscriptionPrice: null,
      // The gift list does not say what a gift weighs; it is light next to what earns it.
      weight: null,
      capacity: null,
    },
    { count: 1, giftPromoId },
  );
}

/**
 * Gift lines after a check (spec §3 giftLists, giftDiscountRef). A gift answer becomes a line, taken
 * from the basket's own gift line or else from its list's item; one refused (error 5) stays,
 * flagged, while its list is still offered; a gift whose list is no longer offered (its qualifying
 * product left) is gone, as is one neither the basket nor a list describes. A list that is not
 * selectable gives its only gift as is: the basket takes it (unchecked until the next check) in
 * place of any other gift of that list.
 */
function checkedGiftLines(
  items: readonly BasketItem[],
  response: Pick<BasketCheckResponse, 'basketItems' | 'giftLists'>,
): { gifts: BasketItem[]; givenAsIs: number } {
  let gifts: BasketItem[] = [];
  for (const answer of response.basketItems) {
    const ref = answer.giftDiscountRef;
    if (!isGiftAnswer(answer) || ref === null) continue;
    const list = response.giftLists.find((l) => l.id === ref);
    if (!list) continue;
    const key = basketItemKey({ id: answer.internalId, itemType: 'gift', intervalDays: null, giftPromoId: ref });
    if (gifts.some((g) => g.key === key)) continue;
    const listed = list.nomenclatureList.find((g) => g.nomenclatureId === answer.internalId);
    const base = items.find((item) => item.key === key) ?? (listed ? giftLine(listed, ref) : null);
    if (!base) continue;
    const count = answer.checked.quantity;
    gifts.push({
      ...withAnswer(base, answer),
      count,
      expectedCount: Math.max(1, answer.quantity, count),
      checkedPrice: answer.checked.price,
      checkedCost: answer.checked.cost,
      checkedQuantity: count,
      checkedBonusAmount: answer.checked.bonusAmount,
      checkedCount: answer.quantity,
      discount: answer.checked.discountAmount,
    });
  }
  let givenAsIs = 0;
  for (const list of response.giftLists) {
    const only = list.nomenclatureList[0];
    if (list.isSelectable || !only) continue;
    if (gifts.some((g) => g.giftPromoId === list.id && g.id === only.nomenclatureId)) continue;
    gifts = [...gifts.filter((g) => g.giftPromoId !== list.id), giftLine(only, list.id)];
    givenAsIs += 1;
  }
  return { gifts, givenAsIs };
}

const problem = (item: BasketItem): BasketProblem => ({
  key: item.key,
  title: item.title,
  titleUkr: item.titleUkr,
  slug: item.slug,
});

/**
 * Spec §5: not available when a line cannot be ordered; not enough when it still can, but the stock
 * gives less than the shopper asked for. Gifts are in neither list.
 */
export function basketProblems(items: readonly BasketItem[]): Pick<BasketCheckOutcome, 'notAvailable' | 'notEnough'> {
  const bought = items.filter((item) => !isGift(item));
  return {
    notAvailable: bought.filter((item) => !item.isAvailableForOrder).map(problem),
    notEnough: bought.filter((item) => item.isAvailableForOrder && item.count < item.expectedCount).map(problem),
  };
}

/**
 * Spec §4: a check's answer laid on the basket. Each bought line takes the service's stock
 * (availableQuantity → totalAmount), prices, warehouses, title, checked figures, discount and error
 * code; its count becomes the lesser of its expected count and its stock; a line with an error code
 * stays, flagged (not available for order). Gift lines are rebuilt from the gift answers and the
 * gift lists (checkedGiftLines).
 */
export function applyBasketCheck(
  items: readonly BasketItem[],
  response: Pick<BasketCheckResponse, 'basketItems' | 'giftLists'>,
): BasketCheckOutcome {
  const answers = new Map<string, BasketCheckItem>();
  for (const answer of response.basketItems) {
    const id = answerKey(answer.internalId, answer.intervalDays);
    if (!isGiftAnswer(answer) && !answers.has(id)) answers.set(id, answer);
  }
  const bought = allocateStock(
    checkedBoughtLines(
      items.filter((item) => !isGift(item)),
      answers,
    ),
  );
  const { gifts, givenAsIs } = checkedGiftLines(items, response);
  const next = settleFlags([...bought, ...gifts]);
  return { items: next, ...basketProblems(next), recheck: givenAsIs > 0 };
}

/** The whole basket after a check: lines, kept codes, the time; with the lists, the refused codes and whether to check again. */
export interface CheckedBasket extends Omit<BasketCheckOutcome, 'items'> {
  basket: StoredBasket;
  refusedCertificates: BasketCertificate[];
}

/** Spec §4 and §5 together: the answer laid on the lines and on the codes, stamped with the time of the check. */
export function checkedBasket(basket: StoredBasket, response: BasketCheckResponse, now: number): CheckedBasket {
  const outcome = applyBasketCheck(basket.items, response);
  const codes = keptCertificates(basket.certificates, response.certificateList, response.basketItems);
  return {
    basket: { items: outcome.items, certificates: codes.certificates, lastUpdatedTime: now },
    notAvailable: outcome.notAvailable,
    notEnough: outcome.notEnough,
    recheck: outcome.recheck,
    refusedCertificates: codes.refused,
  };
}

/** A gift list to choose from, with the variant chosen from it (a gift line of the basket) or null. */
export interface GiftChoice {
  list: GiftList;
  chosen: number | null;
}

/**
 * The gift lists to choose from: those the check says still wait for a choice, and the selectable
 * ones a gift was already chosen from (so the choice can change), each with its chosen variant.
 */
export function giftChoices(
  response: Pick<BasketCheckResponse, 'giftLists' | 'choiceGiftList'>,
  items: readonly BasketItem[],
): GiftChoice[] {
  const chosenOf = (list: GiftList) =>
    items.find(
      (item) =>
        isGift(item) && item.giftPromoId === list.id && list.nomenclatureList.some((g) => g.nomenclatureId === item.id),
    )?.id ?? null;
  const lists = [
    ...response.choiceGiftList,
    ...response.giftLists.filter(
      (list) => list.isSelectable && !response.choiceGiftList.some((c) => c.id === list.id) && chosenOf(list) !== null,
    ),
  ];
  return lists.map((list) => ({ list, chosen: chosenOf(list) }));
}
