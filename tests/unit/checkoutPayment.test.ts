import { describe, expect, it } from 'vitest';
import type { DeliveryMethodSlug, DeliveryType } from '../../src/api/schemas/delivery.ts';
import {
  INSTALMENT_LIMITS,
  INSTALMENT_PAYMENT_TYPES as CONTRACT_INSTALMENT_TYPES,
  ONLINE_PAYMENT_TYPES as CONTRACT_ONLINE_TYPES,
  PAYMENT_TYPES_BY_METHOD,
  paymentTypeSchema,
  type PaymentType,
} from '../../src/api/schemas/order.ts';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import { DELIVERY_METHOD_SLUGS, METHOD_DELIVERY_TYPE } from '../../src/domain/checkout/deliveryRules.ts';
import {
  INSTALMENT_BANKS,
  INSTALMENT_PAYMENT_TYPES,
  ONLINE_PAYMENT_TYPES,
  PAYMENT_PARTS,
  PAYMENT_TABLE,
  PAYMENT_TYPES,
  PAY_IN_PARTS_AMOUNT,
  allowedPaymentTypes,
  bankAmount,
  instalmentAmountMessage,
  instalmentPayment,
  isBabyBundleBasket,
  isInstalment,
  isValidPaymentParts,
  orderAmount,
  paymentOptions,
  paymentPartsFor,
  paymentRefusal,
  paymentRefusalMessage,
  paymentTypeLabel,
  paymentTypeOf,
  type PaymentFacts,
} from '../../src/domain/checkout/paymentRules.ts';
import { basketItemInput } from './support/basketInput.ts';

/** Which payment types each delivery allows (the shop's table, spec §4 and §5). */

const facts = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({ amount: 1200, isBabyBundle: false, ...over });
const typeOf = (slug: DeliveryMethodSlug): DeliveryType => METHOD_DELIVERY_TYPE[slug];

const BRANCHES: DeliveryMethodSlug[] = ['np-warehouse', 'np-postbox', 'justin-warehouse', 'u-warehouse'];
const CARRIER_COURIERS: DeliveryMethodSlug[] = ['np-courier', 'meest-courier', 'ipost-courier'];

describe('the payment table (every delivery method × every payment type)', () => {
  /** Expected with an ordinary basket of 1 200 грн; a baby bundle adds 7. */
  const expected: Record<DeliveryMethodSlug, PaymentType[]> = {
    'np-warehouse': [1, 2, 8, 10],
    'np-postbox': [1, 2, 8, 10],
    'justin-warehouse': [1, 2, 8, 10],
    'u-warehouse': [1, 2, 8, 10],
    'im-courier': [1, 2, 5, 8, 10],
    'np-courier': [1, 2, 8, 10],
    'meest-courier': [1, 2, 8, 10],
    'ipost-courier': [1, 2, 8, 10],
    'pick-and-collect': [1, 2, 3, 8, 10],
  };
  const cases = DELIVERY_METHOD_SLUGS.flatMap((slug) =>
    PAYMENT_TYPES.map((type) => [slug, type, expected[slug].includes(type)] as const),
  );

  it.each(cases)('%s with payment type %i: allowed %s', (slug, type, allowed) => {
    expect(paymentRefusal(type, typeOf(slug), slug, facts()) === null).toBe(allowed);
    expect(allowedPaymentTypes(typeOf(slug), slug, facts()).includes(type)).toBe(allowed);
  });

  it.each(DELIVERY_METHOD_SLUGS)('lists the types of %s in the table order, cash first', (slug) => {
    expect(allowedPaymentTypes(typeOf(slug), slug, facts())).toEqual(expected[slug]);
    expect(allowedPaymentTypes(typeOf(slug), slug, facts({ isBabyBundle: true }))).toEqual(
      [...expected[slug], 7].sort((a, b) => a - b),
    );
  });

  it('offers cash on delivery and card online for every delivery', () => {
    for (const slug of DELIVERY_METHOD_SLUGS) expect(PAYMENT_TABLE[slug]).toEqual(expect.arrayContaining([1, 2]));
  });

  it('offers card in shop only for pickup', () => {
    expect(DELIVERY_METHOD_SLUGS.filter((slug) => PAYMENT_TABLE[slug].includes(3))).toEqual(['pick-and-collect']);
  });

  it('offers card to courier only for the shop’s own courier, not a carrier’s', () => {
    expect(DELIVERY_METHOD_SLUGS.filter((slug) => PAYMENT_TABLE[slug].includes(5))).toEqual(['im-courier']);
    for (const slug of [...CARRIER_COURIERS, ...BRANCHES])
      expect(paymentRefusal(5, typeOf(slug), slug, facts())).toBe('delivery');
  });

  it('never offers the other online acquirers 6 and 9', () => {
    for (const slug of DELIVERY_METHOD_SLUGS) {
      expect(paymentRefusal(6, typeOf(slug), slug, facts())).toBe('delivery');
      expect(paymentRefusal(9, typeOf(slug), slug, facts())).toBe('delivery');
    }
  });

  it('allows nothing when the delivery type does not match the method', () => {
    expect(allowedPaymentTypes(3, 'np-warehouse', facts())).toEqual([]);
    expect(paymentOptions(1, 'im-courier', facts())).toEqual([]);
    expect(paymentRefusal(1, 2, 'pick-and-collect', facts())).toBe('delivery');
  });
});

describe('the table is the order service’s table (src/api/schemas/order.ts) less 6 and 9', () => {
  it.each(DELIVERY_METHOD_SLUGS)('%s', (slug) => {
    expect(PAYMENT_TABLE[slug]).toEqual(PAYMENT_TYPES_BY_METHOD[slug].filter((type) => type !== 6 && type !== 9));
  });

  it('shares the contract’s online and instalment types, pay-in-parts limits and payment type codes', () => {
    expect(ONLINE_PAYMENT_TYPES).toEqual(CONTRACT_ONLINE_TYPES);
    expect(INSTALMENT_PAYMENT_TYPES).toEqual(CONTRACT_INSTALMENT_TYPES);
    expect(PAY_IN_PARTS_AMOUNT).toEqual({ min: INSTALMENT_LIMITS.minAmount, max: INSTALMENT_LIMITS.maxAmount });
    expect(PAYMENT_PARTS).toEqual({ min: INSTALMENT_LIMITS.minParts, max: INSTALMENT_LIMITS.maxParts });
    expect(PAYMENT_TYPES).toEqual(paymentTypeSchema.options.map((o) => o.value));
    expect(instalmentAmountMessage(0)).toBe(INSTALMENT_LIMITS.minAmountMessage);
    expect(instalmentAmountMessage(1e6)).toBe(INSTALMENT_LIMITS.maxAmountMessage);
  });
});

describe('the baby-package card (7) pays only for a baby-bundle basket', () => {
  it.each(DELIVERY_METHOD_SLUGS)('for %s: refused for an ordinary basket, allowed for a baby bundle', (slug) => {
    expect(paymentRefusal(7, typeOf(slug), slug, facts())).toBe('babyBundle');
    expect(paymentRefusal(7, typeOf(slug), slug, facts({ isBabyBundle: true }))).toBeNull();
  });

  it('is not even listed as an option for an ordinary basket', () => {
    expect(paymentOptions(1, 'np-warehouse', facts()).map((o) => o.type)).not.toContain(7);
    expect(paymentOptions(1, 'np-warehouse', facts({ isBabyBundle: true })).map((o) => o.type)).toContain(7);
  });
});

describe('instalments (8, 10): every delivery, for 300 … 100 000 грн', () => {
  it.each<[number, string | null]>([
    [0, 'nothingToPay'],
    [1, 'instalmentMin'],
    [299.99, 'instalmentMin'],
    [300, null],
    [5000, null],
    [100_000, null],
    [100_000.01, 'instalmentMax'],
    [250_000, 'instalmentMax'],
  ])('an amount of %d грн: %s', (amount, refusal) => {
    for (const slug of DELIVERY_METHOD_SLUGS) {
      for (const type of [8, 10] as const)
        expect(paymentRefusal(type, typeOf(slug), slug, facts({ amount }))).toBe(refusal);
    }
  });

  it.each<[number, string | null]>([
    [299, 'Мінімальна сума для оплати частинами'],
    [Number.NaN, 'Мінімальна сума для оплати частинами'],
    [300, null],
    [100_000, null],
    [100_001, 'Максимальна сума для оплати частинами'],
  ])('the amount %d gives the spec message %s', (amount, message) => {
    expect(instalmentAmountMessage(amount)).toBe(message);
  });

  it('keeps an instalment option visible with its refusal, so the island can say why', () => {
    expect(paymentOptions(3, 'pick-and-collect', facts({ amount: 120 }))).toEqual([
      { type: 1, refusal: null },
      { type: 2, refusal: null },
      { type: 3, refusal: null },
      { type: 8, refusal: 'instalmentMin' },
      { type: 10, refusal: 'instalmentMin' },
    ]);
  });

  it.each<[PaymentType, number, number]>([
    [8, 4, 4],
    [10, 10, 10],
    [1, 4, 0],
    [2, 4, 0],
    [3, 6, 0],
    [5, 3, 0],
    [7, 3, 0],
  ])('sends payment parts only for instalments: type %i with %i parts sends %i', (type, parts, sent) => {
    expect(paymentPartsFor(type, parts)).toBe(sent);
  });

  it.each<[number, boolean]>([
    [2, false],
    [3, true],
    [6, true],
    [10, true],
    [11, false],
    [4.5, false],
    [0, false],
  ])('%d payments is a valid plan: %s', (parts, valid) => {
    expect(isValidPaymentParts(parts)).toBe(valid);
  });

  it('knows which types are instalments', () => {
    expect(PAYMENT_TYPES.filter(isInstalment)).toEqual([8, 10]);
  });
});

describe('nothing left to pay (certificates and bonuses cover the goods)', () => {
  it.each(DELIVERY_METHOD_SLUGS)('%s: only the types paid on receipt remain', (slug) => {
    const allowed = allowedPaymentTypes(typeOf(slug), slug, facts({ amount: 0, isBabyBundle: true }));
    expect(allowed).toEqual(PAYMENT_TABLE[slug].filter((type) => ![2, 7, 8, 10].includes(type)));
  });
});

describe('refusal messages', () => {
  it.each<[Parameters<typeof paymentRefusalMessage>[0], string, string]>([
    ['instalmentMin', 'Минимальная сумма для оплаты частями', 'Мінімальна сума для оплати частинами'],
    ['instalmentMax', 'Максимальная сумма для оплаты частями', 'Максимальна сума для оплати частинами'],
    [
      'delivery',
      'Этот способ оплаты недоступен для выбранной доставки',
      'Цей спосіб оплати недоступний для обраної доставки',
    ],
    [
      'babyBundle',
      'Картой «Пакунок малюка» можно оплатить только товары из каталога «Пакунок малюка»',
      'Карткою «Пакунок малюка» можна сплатити лише товари з каталогу «Пакунок малюка»',
    ],
    [
      'nothingToPay',
      'Заказ полностью оплачен сертификатами или бонусами',
      'Замовлення повністю сплачено сертифікатами або бонусами',
    ],
  ])('%s: ru «%s», uk «%s»', (refusal, ru, uk) => {
    expect(paymentRefusalMessage(refusal, 'ru')).toBe(ru);
    expect(paymentRefusalMessage(refusal, 'uk')).toBe(uk);
  });
});

describe('labels of every payment type', () => {
  it.each<[PaymentType, string, string]>([
    [1, 'Наличными при получении', 'Готівкою при отриманні'],
    [2, 'Картой онлайн', 'Карткою онлайн'],
    [3, 'Картой в магазине', 'Карткою в магазині'],
    [5, 'Картой курьеру', 'Карткою кур’єру'],
    [6, 'Картой онлайн', 'Карткою онлайн'],
    [7, 'Картой «Пакунок малюка»', 'Карткою «Пакунок малюка»'],
    [8, 'Оплата частями ПриватБанк', 'Оплата частинами ПриватБанк'],
    [9, 'Картой онлайн', 'Карткою онлайн'],
    [10, 'Покупка частями monobank', 'Покупка частинами monobank'],
  ])('type %i reads «%s» / «%s»', (type, ru, uk) => {
    expect(paymentTypeLabel(type, 'ru')).toBe(ru);
    expect(paymentTypeLabel(type, 'uk')).toBe(uk);
  });

  it('names the second bank’s app in one constant', () => {
    expect(INSTALMENT_BANKS[10].app).toBe('monobank');
  });
});

describe('paymentTypeOf: reads a payment type code', () => {
  it.each([1, 2, 3, 5, 6, 7, 8, 9, 10])('accepts %i', (code) => expect(paymentTypeOf(code)).toBe(code));
  it.each([0, 4, 11, '1', null, undefined, 1.5])('refuses %s', (code) => expect(paymentTypeOf(code)).toBeNull());
});

describe('orderAmount: the goods’ amount to pay', () => {
  it.each<[number, number, number]>([
    [1200, 0, 1200],
    [1200, 200, 1000],
    [1200, 1500, 0],
    [1200, -50, 1200],
    [Number.NaN, 10, 0],
    [999.99, 0.5, 999.49],
  ])('%d грн less %d bonuses is %d грн', (price, bonuses, amount) => {
    expect(orderAmount(price, bonuses)).toBe(amount);
  });
});

describe('isBabyBundleBasket: every bought line is from the baby-bundle catalogue', () => {
  const input = (over: Partial<BasketItemInput> = {}): BasketItemInput =>
    basketItemInput({
      slug: 'pelenky',
      title: 'Пеленки',
      titleUkr: 'Пелюшки',
      displayArticle: 'P-1',
      allowSubscription: false,
      recommendedPrice: 300,
      weight: 0.3,
      ...over,
    });
  const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
    newBasketItem(input(over), choice);
  const bundle = new Set([10, 11]);

  it.each<[string, BasketItem[], boolean]>([
    ['every line from the catalogue', [line(), line({ id: 102, productId: 11 })], true],
    ['one line from elsewhere', [line(), line({ id: 103, productId: 99 })], false],
    [
      'a gift from elsewhere (free, so it does not count)',
      [line(), line({ id: 104, productId: 99 }, { count: 1, giftPromoId: 'g' })],
      true,
    ],
    [
      'an unavailable line from elsewhere (not ordered)',
      [line(), { ...line({ id: 105, productId: 99 }), errorCode: 4 }],
      true,
    ],
    ['an empty basket', [], false],
    ['only a gift', [line({}, { count: 1, giftPromoId: 'g' })], false],
  ])('%s: %s', (_label, items, expected) => {
    expect(isBabyBundleBasket(items, bundle)).toBe(expected);
  });
});

describe('what the bank is sent, and the instalment preview (issue 29)', () => {
  it('is the goods to pay and the delivery the shop charges', () => {
    expect(bankAmount(1377, 59)).toBe(1436);
    expect(bankAmount(orderAmount(1377, 100), 59)).toBe(1336);
    // A carrier's own tariff (0) is paid on receipt, not to the bank.
    expect(bankAmount(1377, 0)).toBe(1377);
    expect(bankAmount(0, 59)).toBe(59);
  });

  it('divides that amount, rounded up to whole hryvnias', () => {
    expect(instalmentPayment(bankAmount(1000, 59), 4)).toBe(265);
    expect(instalmentPayment(1000, 4)).toBe(250);
    expect(instalmentPayment(1000, 3)).toBe(334);
    // Fewer parts than a plan may have: no preview.
    expect(instalmentPayment(1000, 2)).toBe(0);
    expect(instalmentPayment(0, 3)).toBe(0);
  });

  it('never asks less than the bank does, for any plan', () => {
    expect(bankAmount(4066, 59)).toBe(4125);
    expect(bankAmount(-5, 59)).toBe(59);
    expect(instalmentPayment(bankAmount(4066, 59), 4)).toBe(1032);
    expect(instalmentPayment(4125, 4) * 4).toBeGreaterThanOrEqual(4125);
  });
});
