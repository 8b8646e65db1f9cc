import { vi } from 'vitest';
import type { BasketCheckResponse, GiftItem, GiftList } from '../../src/api/schemas/basket.ts';
import type { BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import {
  newBasketItem,
  settleFlags,
  type BasketItem,
  type BasketItemInput,
} from '../../src/domain/basket/basketItem.ts';
import { emptyBasket } from '../../src/domain/basket/storedBasket.ts';
import { $basket, $basketCheck, $basketProblems } from '../../src/stores/basket.ts';

/**
 * Shared data of the basket island tests: catalogue data for lines, a check response, and the
 * store set directly (nothing of the store is mocked; its atoms are the test's input).
 */

/** A winter overall, 2 500 recommended, 1 999 selling, 5 in stock, red, size 98. */
export function lineInput(over: Partial<BasketItemInput> = {}): BasketItemInput {
  return {
    id: 101,
    productId: 11,
    slug: 'kombinezon-zimniy',
    title: 'Комбинезон зимний',
    titleUkr: 'Комбінезон зимовий',
    brand: 'Lenne',
    currentImage: '/svc/search/images/101.jpg',
    cssBackground: null,
    colorPresentationValue: 'krasnyi',
    colorPresentationTitle: 'Красный',
    colorPresentationTitleUkr: 'Червоний',
    sizePresentationValue: '98',
    sizePresentationTitle: '98 см',
    sizePresentationTitleUkr: '98 см',
    displayArticle: 'A-101',
    folderCategory: 'Одежда',
    category: 'Комбинезоны',
    colorsCount: 2,
    shortDescription: null,
    totalAmount: 5,
    warehouses: [],
    allowSubscription: false,
    bonusAccrualRate: null,
    recommendedPrice: 2500,
    sellingPrice: 1999,
    subscriptionPrice: null,
    weight: 1,
    capacity: null,
    ...over,
  };
}

/** A stroller at 12 500 with no discount, 2 in stock. */
export const strollerInput = (over: Partial<BasketItemInput> = {}): BasketItemInput =>
  lineInput({
    id: 202,
    productId: 22,
    slug: 'kolyaska',
    title: 'Коляска прогулочная',
    titleUkr: 'Коляска прогулянкова',
    colorPresentationValue: null,
    colorPresentationTitle: null,
    colorPresentationTitleUkr: null,
    sizePresentationValue: null,
    sizePresentationTitle: null,
    sizePresentationTitleUkr: null,
    totalAmount: 2,
    recommendedPrice: 12500,
    sellingPrice: 12500,
    ...over,
  });

export function line(input: BasketItemInput, count: number, over: Partial<BasketItem> = {}): BasketItem {
  return { ...newBasketItem(input, { count }), ...over };
}

/** Puts lines (flags settled, as the store's rules leave them) and codes into the basket store. */
export function setBasket(items: BasketItem[], certificates: BasketCertificate[] = []): void {
  $basket.set({ items: settleFlags(items), certificates, lastUpdatedTime: null });
}

export function checkResponse(over: Partial<BasketCheckResponse> = {}): BasketCheckResponse {
  return {
    basketItems: [],
    cost: 0,
    discountAmount: 0,
    bonusAmount: 0,
    bonusMaxPayment: 0,
    giftLists: [],
    choiceGiftList: [],
    certificateList: [],
    deliveryMethods: [],
    ...over,
  };
}

export function giftItem(id: number, title: string, titleUkr: string): GiftItem {
  return {
    nomenclatureId: id,
    productId: id + 1000,
    slug: `gift-${id}`,
    title,
    titleUkr,
    brand: null,
    category: null,
    folderCategory: 'Игрушки',
    images: [`/svc/search/images/${id}.jpg`],
    sellingPrice: 350,
  };
}

/** A selectable gift list for the overall: a ball or blocks. */
export function springGifts(): GiftList {
  return {
    id: 'spring',
    name: 'Весенний подарок',
    nameUkr: 'Весняний подарунок',
    toNomenclature: 101,
    nomenclatureList: [giftItem(501, 'Мяч', "М'яч"), giftItem(502, 'Кубики', 'Кубики')],
    isSelectable: true,
  };
}

export function code(over: Partial<BasketCertificate> = {}): BasketCertificate {
  return {
    type: 0,
    key: 'SPRING10',
    title: '',
    discountAmount: 0,
    errorMessage: null,
    isAvailable: false,
    isChecked: false,
    orderDiscount: 0,
    ...over,
  };
}

/** An empty basket, no check, no problems, nothing kept in storage. */
export function resetBasket(): void {
  $basket.set(emptyBasket());
  $basketCheck.set({ status: 'idle' });
  $basketProblems.set({ notAvailable: [], notEnough: [] });
  localStorage.clear();
  sessionStorage.clear();
}

/**
 * The network as the tests see it: the session-clear POST answers `clearStatus`; anything else
 * (the basket check) finds the network down, so no test reaches a real port and a check that runs
 * fails the way it does offline. Every call is recorded.
 */
export function stubNetwork(clearStatus = 200) {
  const calls: { url: string; method: string; body: string | null }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    calls.push({ url, method, body: typeof init?.body === 'string' ? init.body : null });
    if (url.endsWith('/api/basket/session/clear')) {
      return Promise.resolve(Response.json({ cleared: clearStatus === 200 }, { status: clearStatus }));
    }
    return Promise.reject(new TypeError('Failed to fetch (the tests have no network)'));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
