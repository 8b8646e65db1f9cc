import { describe, expect, it } from 'vitest';
import {
  basketCheckRequestSchema,
  basketCheckResponseSchema,
  type BasketCheckItem,
  type BasketCheckResponse,
  type CertificateAnswer,
  type GiftList,
} from '../../src/api/schemas/basket.ts';
import { enteredCertificate } from '../../src/domain/basket/basketCertificates.ts';
import {
  BASKET_CHECK_DEBOUNCE_MS,
  applyBasketCheck,
  basketCheckRequest,
  basketProblems,
  checkedBasket,
  giftLine,
} from '../../src/domain/basket/basketCheck.ts';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import { emptyBasket } from '../../src/domain/basket/storedBasket.ts';
import { basketItemInput } from './support/basketInput.ts';

/** The basket check from the basket's side (storefront spec §3 "Basket check response", §4 "Basket flow", §5, §7). */

const input = basketItemInput;
const SUB = { quantity: 1, startDate: '2025-03-01', interval: 30 };
const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
  newBasketItem(input(over), choice);
/** A line whose wish and count differ (an earlier shortage). */
const wishing = (item: BasketItem, expectedCount: number): BasketItem => ({ ...item, expectedCount });

const answer = (
  over: Partial<BasketCheckItem> = {},
  checked: Partial<BasketCheckItem['checked']> = {},
): BasketCheckItem => ({
  internalId: 101,
  productId: 10,
  title: 'Боди «Зайка»',
  titleUkr: 'Боді «Зайчик»',
  quantity: 1,
  availableQuantity: 5,
  recommendedPrice: 420,
  sellingPrice: 310,
  errorCode: 0,
  warehouseList: [{ id: 3, quantity: 5 }],
  giftDiscountRef: null,
  ...over,
  checked: {
    quantity: 1,
    price: 310,
    cost: 310,
    isGift: false,
    discounts: [],
    discountAmount: 0,
    bonuses: 3,
    bonusAmount: 3,
    ...checked,
  },
});
const response = (over: Partial<BasketCheckResponse> = {}): BasketCheckResponse => ({
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
});
/** A gift list offering the given gifts; with one gift it is not selectable (the service gives it as is). */
const giftList = (id: string, ...gifts: number[]): GiftList => ({
  id,
  name: 'Подарок к коляске',
  nameUkr: 'Подарунок до візочка',
  toNomenclature: 101,
  isSelectable: gifts.length > 1,
  nomenclatureList: gifts.map((nomenclatureId) => ({
    nomenclatureId,
    productId: 70,
    slug: 'pogremushka',
    title: 'Погремушка',
    titleUkr: 'Брязкальце',
    brand: 'Canpol',
    category: 'Игрушки',
    folderCategory: 'Игрушки',
    images: ['/img/70.jpg'],
    sellingPrice: 150,
  })),
});
const giftAnswer = (
  id: number,
  ref: string,
  over: Partial<BasketCheckItem> = {},
  checked: Partial<BasketCheckItem['checked']> = {},
) =>
  answer(
    { internalId: id, productId: 70, title: 'Погремушка', titleUkr: 'Брязкальце', giftDiscountRef: ref, ...over },
    { price: 0, cost: 0, isGift: true, bonuses: 0, bonusAmount: 0, ...checked },
  );
const certAnswer = (over: Partial<CertificateAnswer>): CertificateAnswer => ({
  type: 1,
  key: 'CERT',
  title: '',
  discountAmount: 0,
  errorMessage: null,
  isAvailable: true,
  isChecked: true,
  ...over,
});

describe('the check request (spec §7: project, items, phone, bonus 0, certificates)', () => {
  it('waits 1 second after the last change (spec §9)', () => {
    expect(BASKET_CHECK_DEBOUNCE_MS).toBe(1000);
  });

  it('asks about an empty basket with the project code and a 0 bonus', () => {
    expect(basketCheckRequest([], [])).toEqual({
      project: 'bbs',
      items: [],
      subscriptionItems: [],
      bonus: 0,
      certificates: [],
      chosenGifts: [],
      withDeliveryList: false,
    });
  });

  it('asks for the expected count, not the count a shortage left', () => {
    const item = wishing({ ...line(), count: 1 }, 4);
    expect(basketCheckRequest([item], []).items).toEqual([{ internalId: 101, productId: 10, quantity: 4 }]);
  });

  it('sends the lines bought at their price as items and each subscription line apart, with its interval', () => {
    const items = [
      line({}, { count: 2 }),
      line({}, { count: 1, subscription: SUB }),
      line({}, { count: 1, subscription: { ...SUB, quantity: 3, interval: 60 } }),
      line({ id: 202, productId: 20 }),
    ];
    const body = basketCheckRequest(items, []);
    expect(body.items).toEqual([
      { internalId: 101, productId: 10, quantity: 2 },
      { internalId: 202, productId: 20, quantity: 1 },
    ]);
    expect(body.subscriptionItems).toEqual([
      { internalId: 101, productId: 10, quantity: 1, intervalDays: 30 },
      { internalId: 101, productId: 10, quantity: 3, intervalDays: 60 },
    ]);
    expect(basketCheckRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends gifts as chosen gifts (internalId and giftDiscountRef), never as items', () => {
    const items = [line(), line({ id: 7 }, { count: 1, giftPromoId: 'spring' })];
    const body = basketCheckRequest(items, []);
    expect(body.items).toEqual([{ internalId: 101, productId: 10, quantity: 1 }]);
    expect(body.chosenGifts).toEqual([{ internalId: 7, giftDiscountRef: 'spring' }]);
  });

  it.each<[string, string | null | undefined, string | undefined]>([
    ['a whole phone, as digits', '+38 (067) 123-45-67', '380671234567'],
    ['no half-typed phone', '067 123', undefined],
    ['no phone for an anonymous basket', null, undefined],
    ['no empty phone', '', undefined],
  ])('sends %s', (_name, phone, expected) => {
    expect(basketCheckRequest([], [], { phone }).phone).toBe(expected);
  });

  it('sends the codes as (type, key), normalised as the service does', () => {
    const body = basketCheckRequest(
      [],
      [
        { type: 0, key: ' spring10 ' },
        { type: 1, key: ' Ab-12 ' },
      ],
    );
    expect(body.certificates).toEqual([
      { type: 0, key: 'SPRING10' },
      { type: 1, key: 'Ab-12' },
    ]);
  });

  it.each([
    [
      { withDeliveryList: true, cityId: 9812 },
      { withDeliveryList: true, cityId: 9812 },
    ],
    [{ withDeliveryList: true, cityId: null }, { withDeliveryList: true }],
    [{ cityId: -1 }, { withDeliveryList: false }],
  ])('asks for delivery methods as told: %o', (options, expected) => {
    const body = basketCheckRequest([], [], options);
    expect({ withDeliveryList: body.withDeliveryList, ...(body.cityId ? { cityId: body.cityId } : {}) }).toEqual(
      expected,
    );
  });

  it('is a body the contract accepts', () => {
    const items = [
      line({}, { count: 2 }),
      line({}, { count: 1, subscription: SUB }),
      line({ id: 7 }, { count: 1, giftPromoId: 'g' }),
    ];
    const body = basketCheckRequest(items, [enteredCertificate(0, 'abc')], {
      phone: '380671234567',
      withDeliveryList: true,
    });
    expect(basketCheckRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('after a check (spec §4, §3 "Server update fields")', () => {
  it('lays the answer on the line: stock, prices, warehouses, title, checked figures, discount', () => {
    const { items } = applyBasketCheck(
      [line()],
      response({ basketItems: [answer({}, { price: 280, cost: 280, discountAmount: 30, bonusAmount: 2 })] }),
    );
    expect(items[0]).toMatchObject({
      totalAmount: 5,
      price: { recommendedPrice: 420, sellingPrices: 310, profit: 110 },
      warehouses: [{ id: 3, quantity: 5 }],
      title: 'Боди «Зайка»',
      titleUkr: 'Боді «Зайчик»',
      checkedPrice: 280,
      checkedCost: 280,
      checkedQuantity: 1,
      checkedBonusAmount: 2,
      checkedCount: 1,
      discount: 30,
      errorCode: 0,
      isAvailableForOrder: true,
    });
  });

  it.each([
    ['enough stock: the expected count', 3, 5, 3],
    ['less stock: the stock', 3, 2, 2],
    ['no stock: nothing', 3, 0, 0],
    ['stock back: the wish again', 4, 9, 4],
  ])('sets the count to the lesser of the expected count and the stock (%s)', (_name, expected, stock, count) => {
    const item = wishing({ ...line(), count: 1 }, expected);
    const { items } = applyBasketCheck(
      [item],
      response({
        basketItems: [
          answer({ quantity: expected, availableQuantity: stock }, { quantity: Math.min(expected, stock) }),
        ],
      }),
    );
    expect(items[0]).toMatchObject({ count, expectedCount: expected, totalAmount: stock });
  });

  it('keeps a line the service marks with an error code, flagged and reported as not available', () => {
    const outcome = applyBasketCheck(
      [line()],
      response({ basketItems: [answer({ errorCode: 2, availableQuantity: 0 }, { quantity: 0 })] }),
    );
    expect(outcome.items[0]).toMatchObject({
      key: '101_price',
      errorCode: 2,
      isAvailableForOrder: false,
      isAbleToAddToBasket: false,
    });
    expect(outcome.notAvailable).toEqual([
      { key: '101_price', title: 'Боди «Зайка»', titleUkr: 'Боді «Зайчик»', slug: 'bodi-zaika' },
    ]);
  });

  it('keeps the prices it had when the service has none for the line', () => {
    const { items } = applyBasketCheck(
      [line()],
      response({ basketItems: [answer({ recommendedPrice: null, sellingPrice: null, errorCode: 3 })] }),
    );
    expect(items[0]?.price).toEqual({ recommendedPrice: 400, sellingPrices: 300, profit: 100 });
  });

  it('leaves a line the answer does not mention as it was', () => {
    const other = line({ id: 202 });
    const { items } = applyBasketCheck([line(), other], response({ basketItems: [answer()] }));
    expect(items[1]).toEqual(other);
  });

  it("lays each answer on its own line: a variant's price line and its subscription by the interval", () => {
    const items = [line({}, { count: 2 }), line({}, { count: 2, subscription: { ...SUB, quantity: 2 } })];
    const outcome = applyBasketCheck(
      items,
      response({
        basketItems: [
          answer({ quantity: 2, availableQuantity: 3 }, { quantity: 2, price: 310, cost: 620, bonusAmount: 6 }),
          answer(
            { quantity: 2, availableQuantity: 3, intervalDays: 30, subscriptionPrice: 279 },
            { quantity: 1, price: 279, cost: 279, bonusAmount: 3 },
          ),
        ],
      }),
    );
    expect(
      outcome.items.map((i) => [i.key, i.count, i.checkedQuantity, i.checkedCost, i.checkedBonusAmount, i.price]),
    ).toEqual([
      ['101_price', 2, 2, 620, 6, { recommendedPrice: 420, sellingPrices: 310, profit: 110 }],
      // The variant's 3 units go to its lines in basket order; the subscription's price is its own.
      ['101_subscription_30', 1, 1, 279, 3, { recommendedPrice: 420, sellingPrices: 279, profit: 141 }],
    ]);
    expect(outcome.notEnough.map((p) => p.key)).toEqual(['101_subscription_30']);
  });

  it('keeps a subscription line unchecked when only its variant’s price line was answered', () => {
    const items = [line({}, { count: 1 }), line({}, { count: 1, subscription: SUB })];
    const outcome = applyBasketCheck(items, response({ basketItems: [answer()] }));
    expect(outcome.items.map((i) => [i.key, i.checkedCost])).toEqual([
      ['101_price', 310],
      ['101_subscription_30', null],
    ]);
  });

  it('flags a subscription the product no longer allows (error 6): not available for order', () => {
    const items = [line({}, { count: 1, subscription: SUB })];
    const outcome = applyBasketCheck(
      items,
      response({ basketItems: [answer({ intervalDays: 30, errorCode: 6 }, { quantity: 0, cost: 0 })] }),
    );
    expect(outcome.items[0]).toMatchObject({ errorCode: 6, isAvailableForOrder: false });
    expect(outcome.notAvailable.map((p) => p.key)).toEqual(['101_subscription_30']);
  });

  it('changes nothing in an empty basket', () => {
    expect(applyBasketCheck([], response())).toEqual({ items: [], notAvailable: [], notEnough: [], recheck: false });
  });

  it('takes an answer as the contract parses it', () => {
    const parsed = basketCheckResponseSchema.parse(response({ basketItems: [answer()] }));
    expect(applyBasketCheck([line()], parsed).items[0]).toMatchObject({ checkedCost: 310 });
  });

  describe('gift lines come from the gift answers (giftDiscountRef)', () => {
    it('makes a gift line from the gift list when the service adds a gift', () => {
      const { items } = applyBasketCheck(
        [line()],
        response({
          basketItems: [answer(), giftAnswer(70, 'stroller-gift')],
          giftLists: [giftList('stroller-gift', 70)],
        }),
      );
      expect(items[1]).toMatchObject({
        key: '70_gift_stroller-gift',
        itemType: 'gift',
        productId: 70,
        slug: 'pogremushka',
        currentImage: '/img/70.jpg',
        brand: 'Canpol',
        count: 1,
        giftPromoId: 'stroller-gift',
        checkedCost: 0,
        isAvailableForOrder: true,
      });
    });

    it('keeps the basket’s own gift line for a chosen gift', () => {
      const chosen = { ...line({ id: 70, slug: 'own-slug', totalAmount: 0 }, { count: 1, giftPromoId: 'g' }) };
      const { items } = applyBasketCheck(
        [line(), chosen],
        response({ basketItems: [answer(), giftAnswer(70, 'g')], giftLists: [giftList('g', 70, 71)] }),
      );
      expect(items.map((i) => [i.key, i.slug])).toEqual([
        ['101_price', 'bodi-zaika'],
        ['70_gift_g', 'own-slug'],
      ]);
    });

    it('drops a gift line the answer no longer has', () => {
      const chosen = line({ id: 70 }, { count: 1, giftPromoId: 'g' });
      const { items } = applyBasketCheck([line(), chosen], response({ basketItems: [answer()] }));
      expect(items.map((i) => i.key)).toEqual(['101_price']);
    });

    it('drops a gift whose list is no longer offered (its qualifying product left)', () => {
      const chosen = line({ id: 70 }, { count: 1, giftPromoId: 'g' });
      const outcome = applyBasketCheck(
        [chosen],
        response({ basketItems: [giftAnswer(70, 'g', { errorCode: 5 }, { quantity: 0 })] }),
      );
      expect(outcome.items).toEqual([]);
    });

    it('leaves out a gift neither the basket nor its gift list describes', () => {
      const { items } = applyBasketCheck(
        [line()],
        response({ basketItems: [answer(), giftAnswer(72, 'g')], giftLists: [giftList('g', 70, 71)] }),
      );
      expect(items.map((i) => i.key)).toEqual(['101_price']);
    });

    it('keeps a refused gift of a list still offered, flagged, and never reports a gift as not available', () => {
      const chosen = line({ id: 70 }, { count: 1, giftPromoId: 'g' });
      const outcome = applyBasketCheck(
        [line(), chosen],
        response({
          basketItems: [answer(), giftAnswer(70, 'g', { errorCode: 5, availableQuantity: 0 }, { quantity: 0 })],
          giftLists: [giftList('g', 71, 72)],
        }),
      );
      expect(outcome.items[1]).toMatchObject({ key: '70_gift_g', errorCode: 5, count: 0, isAvailableForOrder: false });
      expect(outcome).toMatchObject({ notAvailable: [], notEnough: [], recheck: false });
    });

    it('takes the only gift of a list that is not selectable, and asks for another check', () => {
      const outcome = applyBasketCheck([line()], response({ basketItems: [answer()], giftLists: [giftList('g', 70)] }));
      expect(outcome.items.map((i) => [i.key, i.count, i.checkedQuantity])).toEqual([
        ['101_price', 1, 1],
        ['70_gift_g', 1, null],
      ]);
      expect(outcome.recheck).toBe(true);
    });

    it('replaces another gift of a list that now gives its only gift as is', () => {
      const stale = line({ id: 71 }, { count: 1, giftPromoId: 'g' });
      const outcome = applyBasketCheck(
        [line(), stale],
        response({
          basketItems: [answer(), giftAnswer(71, 'g', { errorCode: 5 }, { quantity: 0 })],
          giftLists: [giftList('g', 70)],
        }),
      );
      expect(outcome.items.map((i) => i.key)).toEqual(['101_price', '70_gift_g']);
    });

    it('does not check again once the service gives the gift', () => {
      const given = line({ id: 70 }, { count: 1, giftPromoId: 'g' });
      const outcome = applyBasketCheck(
        [line(), given],
        response({ basketItems: [answer(), giftAnswer(70, 'g')], giftLists: [giftList('g', 70)] }),
      );
      expect(outcome.items[1]).toMatchObject({ key: '70_gift_g', checkedQuantity: 1 });
      expect(outcome.recheck).toBe(false);
    });

    it('makes a gift line the shopper chose from a list', () => {
      const [gift] = giftList('g', 70).nomenclatureList;
      if (!gift) throw new Error('no gift');
      expect(giftLine(gift, 'g')).toMatchObject({ key: '70_gift_g', itemType: 'gift', count: 1, slug: 'pogremushka' });
    });
  });
});

describe('not available and not enough (spec §5)', () => {
  const checked = (over: Partial<BasketItem>): BasketItem => ({ ...line(), isAvailableForOrder: true, ...over });
  it.each<[string, Partial<BasketItem>, 'notAvailable' | 'notEnough' | null]>([
    ['a line with all it asked for', { count: 2, expectedCount: 2 }, null],
    ['a line given less than asked while available', { count: 2, expectedCount: 3, totalAmount: 2 }, 'notEnough'],
    [
      'a line that cannot be ordered',
      { count: 0, expectedCount: 3, totalAmount: 0, isAvailableForOrder: false },
      'notAvailable',
    ],
    ['an unavailable line with enough stock', { errorCode: 2, isAvailableForOrder: false }, 'notAvailable'],
    ['a gift', { itemType: 'gift', count: 0, expectedCount: 1, isAvailableForOrder: false }, null],
  ])('%s', (_name, over, list) => {
    const { notAvailable, notEnough } = basketProblems([checked(over)]);
    expect({ notAvailable: notAvailable.length, notEnough: notEnough.length }).toEqual({
      notAvailable: list === 'notAvailable' ? 1 : 0,
      notEnough: list === 'notEnough' ? 1 : 0,
    });
  });
});

describe('the whole basket after a check', () => {
  it('lays the answer on lines and codes and stamps the time', () => {
    const basket = {
      ...emptyBasket(),
      items: [line()],
      certificates: [enteredCertificate(1, 'good'), enteredCertificate(0, 'bad')],
    };
    const result = checkedBasket(
      basket,
      response({
        basketItems: [answer()],
        certificateList: [
          certAnswer({ key: 'good', discountAmount: 100 }),
          certAnswer({ type: 0, key: 'BAD', errorMessage: 'Промокод не найден', isChecked: false, isAvailable: false }),
        ],
      }),
      1_700_000_000_000,
    );
    expect(result.basket.lastUpdatedTime).toBe(1_700_000_000_000);
    expect(result.basket.items[0]).toMatchObject({ checkedCost: 310 });
    expect(result.basket.certificates.map((c) => c.key)).toEqual(['good']);
    expect(result.refusedCertificates.map((c) => [c.key, c.errorMessage])).toEqual([['BAD', 'Промокод не найден']]);
    expect(result).toMatchObject({ notAvailable: [], notEnough: [], recheck: false });
  });
});
