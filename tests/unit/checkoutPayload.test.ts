import { describe, expect, it } from 'vitest';
import type { DeliveryMethod, DeliveryMethodSlug, Settlement, Shop } from '../../src/api/schemas/delivery.ts';
import { orderPayloadSchema, type OrderPayload, type PaymentType } from '../../src/api/schemas/order.ts';
import { enteredCertificate, type BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import {
  initialCheckoutForm,
  withBranch,
  withCity,
  withDeliveryMethod,
  withPaymentType,
  withShop,
  withStreet,
  type CheckoutForm,
} from '../../src/domain/checkout/checkoutForm.ts';
import type { CheckoutBasket, CheckoutContext } from '../../src/domain/checkout/checkoutValidation.ts';
import { DELIVERY_METHOD_SLUGS, METHOD_DELIVERY_TYPE } from '../../src/domain/checkout/deliveryRules.ts';
import {
  COMMENT_PREFIX,
  buildOrderPayload,
  orderCertificates,
  orderComment,
  orderLines,
  tryOnApplies,
  type OrderPayloadResult,
} from '../../src/domain/checkout/orderPayload.ts';
import { PAYMENT_TABLE, PAYMENT_TYPES } from '../../src/domain/checkout/paymentRules.ts';
import { basketItemInput } from './support/basketInput.ts';

/** The order payload per delivery type (spec §3 "Order payload sent"), checked by the contract itself. */

const settlement = (id: number, name: string, nameUkr: string, district: [string, string] | null): Settlement => ({
  id,
  ref: `ref-${id}`,
  name,
  nameUkr,
  type: 'город',
  typeUkr: 'місто',
  regionName: 'Киевская',
  regionNameUkr: 'Київська',
  districtName: district?.[0] ?? null,
  districtNameUkr: district?.[1] ?? null,
  latitude: 0,
  longitude: 0,
});
const KYIV = settlement(9812, 'Киев', 'Київ', null);
const BUCHA = settlement(10005, 'Буча', 'Буча', ['Бучанский', 'Бучанський']);

const CARRIER_OF: Record<DeliveryMethodSlug, number> = {
  'im-courier': 6,
  'meest-courier': 4,
  'pick-and-collect': 0,
  'np-warehouse': 1,
  'np-courier': 1,
  'justin-warehouse': 2,
  'ipost-courier': 5,
  'u-warehouse': 3,
  'np-postbox': 1,
};
const method = (slug: DeliveryMethodSlug): DeliveryMethod => ({
  slug,
  type: METHOD_DELIVERY_TYPE[slug],
  carrier: CARRIER_OF[slug],
  price: 50,
  title: slug,
  titleUkr: slug,
  shortDescription: '',
  shortDescriptionUkr: '',
  iconImageUrl: null,
  iconImageUrlSelected: null,
  changeable: true,
});
const shop: Shop = {
  id: 2,
  ref: 'shop-obolon',
  slug: 'obolon',
  title: 'Оболонь',
  titleUkr: 'Оболонь',
  city: 'Киев',
  cityUkr: 'Київ',
  cityId: KYIV.id,
  address: '',
  addressUkr: '',
  schedule: '',
  scheduleUkr: '',
  phone: '',
  latitude: 0,
  longitude: 0,
  donors: [],
  images: [],
  additionalConfig: { type: 'shop' },
  pickupEnable: true,
  totalMaxWeightAllowed: 0,
  hasWeightLimit: false,
  isChicco: false,
  isMa: false,
};

const input = (over: Partial<BasketItemInput> = {}): BasketItemInput =>
  basketItemInput({
    slug: 'bodi',
    title: 'Боди',
    titleUkr: 'Боді',
    displayArticle: 'A-1',
    totalAmount: 10,
    recommendedPrice: 600,
    sellingPrice: 600,
    ...over,
  });
const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
  newBasketItem(input(over), choice);
const accepted = (type: 0 | 1, key: string, orderDiscount = 0): BasketCertificate => ({
  ...enteredCertificate(type, key),
  title: key,
  errorMessage: null,
  isAvailable: true,
  isChecked: true,
  orderDiscount,
});

/** Two bought lines, a subscription, a gift, an unavailable line, two accepted codes and a refused one. */
const BASKET: CheckoutBasket = {
  items: [
    line({}, { count: 2 }),
    line({ id: 102, productId: 11 }),
    line(
      { id: 103, productId: 12 },
      { count: 3, subscription: { quantity: 3, startDate: '2030-02-01', interval: 30 } },
    ),
    line({ id: 104, productId: 13, totalAmount: 0 }, { count: 1, giftPromoId: 'spring-gift' }),
    { ...line({ id: 105, productId: 14 }), errorCode: 4, isAvailableForOrder: false },
  ],
  certificates: [
    accepted(0, 'KARAPUZ10'),
    accepted(1, 'BBS7K2M9Q4X8T1ZA', 100),
    { ...accepted(0, 'OLDCODE'), errorMessage: 'Срок действия промокода истёк', isChecked: false },
  ],
};

const context = (city: Settlement, over: Partial<CheckoutContext> = {}): CheckoutContext => ({
  locale: 'uk',
  methods: DELIVERY_METHOD_SLUGS.filter((slug) =>
    city.id === KYIV.id ? !['np-courier', 'meest-courier'].includes(slug) : slug !== 'im-courier',
  ).map(method),
  pickupPoints: city.id === KYIV.id ? [shop] : [],
  isBabyBundle: false,
  freeDelivery: false,
  bonusMaxPayment: 500,
  signedIn: true,
  bonusBalance: 1000,
  ...over,
});

const shopper = {
  phone: '+38 (067) 123-45-67',
  firstName: '  Олена ',
  lastName: ' Коваль-Мар’янович ',
  email: ' olena@example.com ',
};

/** A filled form for `slug` in `city`, paying by `paymentType`. */
function formFor(slug: DeliveryMethodSlug, city: Settlement, paymentType: PaymentType = 1): CheckoutForm {
  let form = withCity({ ...initialCheckoutForm(), ...shopper }, city, 'uk');
  form = withDeliveryMethod(form, method(slug), { amount: 1000, isBabyBundle: true });
  if (METHOD_DELIVERY_TYPE[slug] === 1) {
    form = withBranch(
      form,
      {
        ref: 'branch-17',
        deliverySlug: slug,
        number: 17,
        title: 'Відділення №17',
        titleUkr: 'Відділення №17',
        address: 'ул. Шевченко, 5',
        addressUkr: 'вул. Шевченка, 5',
      },
      'uk',
    );
  }
  if (METHOD_DELIVERY_TYPE[slug] === 2) {
    form = withStreet(
      form,
      { ref: 'street-1', name: 'Шевченко', nameUkr: 'Шевченка', type: 'ул.', typeUkr: 'вул.' },
      'uk',
    );
    form = { ...form, building: ' 5А ', apartment: ' 12 ' };
  }
  if (METHOD_DELIVERY_TYPE[slug] === 3) form = withShop(form, shop);
  return withPaymentType(form, paymentType);
}

function payloadOf(result: OrderPayloadResult): OrderPayload {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.payload;
}

const cityOf = (slug: DeliveryMethodSlug): Settlement =>
  slug === 'im-courier' || slug === 'pick-and-collect' ? KYIV : BUCHA;

describe('every delivery method with every payment type it allows satisfies orderPayloadSchema', () => {
  const cases = DELIVERY_METHOD_SLUGS.flatMap((slug) => PAYMENT_TABLE[slug].map((type) => [slug, type] as const));

  it.each(cases)('%s paid by type %i', (slug, type) => {
    const city = cityOf(slug);
    const payload = payloadOf(
      buildOrderPayload(formFor(slug, city, type), BASKET, context(city, { isBabyBundle: true })),
    );
    const parsed = orderPayloadSchema.parse(payload);
    expect(parsed).toMatchObject({ deliveryType: METHOD_DELIVERY_TYPE[slug], paymentType: type });
    expect(parsed.paymentParts).toBe(type === 8 || type === 10 ? 3 : 0);
  });

  it.each(
    DELIVERY_METHOD_SLUGS.flatMap((slug) =>
      PAYMENT_TYPES.filter((t) => !PAYMENT_TABLE[slug].includes(t)).map((t) => [slug, t] as const),
    ),
  )('%s refuses payment type %i on the paymentType field', (slug, type) => {
    const city = cityOf(slug);
    const result = buildOrderPayload(
      { ...formFor(slug, city), paymentType: type },
      BASKET,
      context(city, { isBabyBundle: true }),
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ field: 'paymentType', message: 'Цей спосіб оплати недоступний для обраної доставки' }],
    });
  });
});

describe('the common fields (spec §3)', () => {
  const payload = payloadOf(buildOrderPayload(formFor('np-warehouse', BUCHA), BASKET, context(BUCHA)));

  it('trims the names and the e-mail and sends the phone’s digits', () => {
    expect(payload).toMatchObject({
      firstName: 'Олена',
      lastName: 'Коваль-Мар’янович',
      email: 'olena@example.com',
      phone: '380671234567',
    });
  });

  it('sends the bought lines as items, subscriptions as subscriptionItems and gifts as chosenGiftItems', () => {
    expect(payload.items).toEqual([
      { internalId: 101, productId: 10, quantity: 2 },
      { internalId: 102, productId: 11, quantity: 1 },
    ]);
    expect(payload.subscriptionItems).toEqual([
      { internalId: 103, productId: 12, quantity: 3, isActive: true, intervalDays: 30, startDate: '2030-02-01' },
    ]);
    expect(payload.chosenGiftItems).toEqual([{ internalId: 104, giftDiscountRef: 'spring-gift' }]);
  });

  it('sends the codes the check accepted, not the refused one; a certificate with what it was shown paying', () => {
    // The amount lets the order service refuse (409) a certificate spent meanwhile, never take part of it.
    expect(payload.certificates).toEqual([
      { type: 0, key: 'KARAPUZ10' },
      { type: 1, key: 'BBS7K2M9Q4X8T1ZA', amount: 100 },
    ]);
  });

  it.each<[boolean, 0 | 1]>([
    [true, 1],
    [false, 0],
  ])('callBack %s is sent as %i', (callBack, sent) => {
    const form = { ...formFor('np-warehouse', BUCHA), callBack };
    expect(payloadOf(buildOrderPayload(form, BASKET, context(BUCHA))).callBack).toBe(sent);
  });

  it('sends the bonuses spent', () => {
    const form = { ...formFor('np-warehouse', BUCHA), usedBonuses: 120 };
    expect(payloadOf(buildOrderPayload(form, BASKET, context(BUCHA))).usedBonuses).toBe(120);
  });

  it('sends the recipient only when someone else receives the order', () => {
    const recipient = {
      recipientPhone: '+380 50 111 22 33',
      recipientFirstName: ' Іван ',
      recipientLastName: ' Коваль ',
    };
    const other = payloadOf(
      buildOrderPayload(
        { ...formFor('np-warehouse', BUCHA), ...recipient, otherRecipient: true },
        BASKET,
        context(BUCHA),
      ),
    );
    expect(other).toMatchObject({
      otherRecipient: true,
      recipientPhone: '380501112233',
      recipientFirstName: 'Іван',
      recipientLastName: 'Коваль',
    });
    const self = payloadOf(
      buildOrderPayload(
        { ...formFor('np-warehouse', BUCHA), ...recipient, otherRecipient: false },
        BASKET,
        context(BUCHA),
      ),
    );
    expect(self).toMatchObject({
      otherRecipient: false,
      recipientPhone: '',
      recipientFirstName: '',
      recipientLastName: '',
    });
  });

  it('sends payment parts only for instalments', () => {
    const form = { ...formFor('np-warehouse', BUCHA, 2), paymentParts: 6 };
    expect(payloadOf(buildOrderPayload(form, BASKET, context(BUCHA))).paymentParts).toBe(0);
    const instalments = { ...formFor('np-warehouse', BUCHA, 10), paymentParts: 6 };
    expect(payloadOf(buildOrderPayload(instalments, BASKET, context(BUCHA))).paymentParts).toBe(6);
  });
});

describe('what each delivery type adds', () => {
  it('a branch: carrier, method, oblast, raion, city, its ref and id, the branch line and ref', () => {
    const payload = payloadOf(buildOrderPayload(formFor('np-warehouse', BUCHA), BASKET, context(BUCHA)));
    expect(payload).toMatchObject({
      deliveryType: 1,
      deliveryCarrier: 1,
      deliveryMethodSlug: 'np-warehouse',
      region: 'Київська',
      district: 'Бучанський',
      city: 'Буча',
      cityRef: 'ref-10005',
      cityId: 10005,
      deliveryBranch: 'Нова Пошта №17: вул. Шевченка, 5',
      deliveryBranchRef: 'branch-17',
    });
    expect(payload).not.toHaveProperty('street');
    expect(payload).not.toHaveProperty('deliveryShop');
  });

  it('an address: carrier, method, oblast, raion, city, street with its type and ref, building and apartment', () => {
    const payload = payloadOf(buildOrderPayload(formFor('np-courier', BUCHA), BASKET, context(BUCHA)));
    expect(payload).toEqual(
      expect.objectContaining({
        deliveryType: 2,
        deliveryCarrier: 1,
        deliveryMethodSlug: 'np-courier',
        region: 'Київська',
        district: 'Бучанський',
        city: 'Буча',
        cityRef: 'ref-10005',
        cityId: 10005,
        street: 'Шевченка',
        streetTypeName: 'вулиця',
        streetRef: 'street-1',
        building: '5А',
        apartment: '12',
        tryClothes: false,
      }),
    );
    expect(payload).not.toHaveProperty('deliveryBranchRef');
  });

  it('a pickup: the shop', () => {
    const payload = payloadOf(buildOrderPayload(formFor('pick-and-collect', KYIV), BASKET, context(KYIV)));
    expect(payload).toMatchObject({ deliveryType: 3, deliveryShop: 'shop-obolon' });
    for (const field of ['deliveryCarrier', 'city', 'cityRef', 'street', 'deliveryBranchRef']) {
      expect(payload).not.toHaveProperty(field);
    }
  });

  it('names the place in the page’s language, from the chosen city', () => {
    const form = formFor('np-warehouse', BUCHA);
    const payload = payloadOf(buildOrderPayload(form, BASKET, context(BUCHA, { locale: 'ru' })));
    expect(payload).toMatchObject({ region: 'Киевская', district: 'Бучанский', city: 'Буча' });
  });

  it('Kyiv has no raion', () => {
    const payload = payloadOf(buildOrderPayload(formFor('im-courier', KYIV), BASKET, context(KYIV)));
    expect(payload).toMatchObject({ city: 'Київ', district: '', deliveryCarrier: 6 });
  });

  it('cuts an overlong branch line to what the contract takes', () => {
    const form = { ...formFor('np-warehouse', BUCHA), deliveryServiceOffice: 'я'.repeat(300) };
    const payload = payloadOf(buildOrderPayload(form, BASKET, context(BUCHA)));
    expect(orderPayloadSchema.parse(payload)).toMatchObject({ deliveryBranch: 'я'.repeat(200) });
  });
});

describe('comment prefixes (spec §9)', () => {
  const kyivCourier = (over: Partial<CheckoutForm> = {}, type: PaymentType = 1) => ({
    ...formFor('im-courier', KYIV, type),
    ...over,
  });

  it.each<[string, CheckoutForm, string]>([
    ['no prefix and no comment', kyivCourier(), ''],
    ['the comment alone', kyivCourier({ comment: ' Подзвоніть за годину ' }), 'Подзвоніть за годину'],
    ['try-on with the shop’s courier', kyivCourier({ tryClothes: true }), 'Примірка'],
    ['try-on with a comment', kyivCourier({ tryClothes: true, comment: 'Подзвоніть' }), 'Примірка. Подзвоніть'],
    ['card to courier', kyivCourier({}, 5), 'Картой курьеру'],
    [
      'try-on and card to courier',
      kyivCourier({ tryClothes: true, comment: 'Код 12' }, 5),
      'Примірка. Картой курьеру. Код 12',
    ],
    ['the baby-package card', { ...formFor('np-warehouse', BUCHA, 7), comment: 'Дякую' }, 'Пакунок малюка. Дякую'],
    ['try-on with a carrier’s courier (no prefix)', { ...formFor('np-courier', BUCHA), tryClothes: true }, ''],
    ['try-on asked for a branch (no prefix)', { ...formFor('np-warehouse', BUCHA), tryClothes: true }, ''],
  ])('%s: «%s»', (_label, form, comment) => {
    expect(orderComment(form)).toBe(comment);
    const city = form.city?.id === KYIV.id ? KYIV : BUCHA;
    const payload = payloadOf(buildOrderPayload(form, BASKET, context(city, { isBabyBundle: true })));
    expect(orderPayloadSchema.parse(payload).comment).toBe(comment);
  });

  it('the prefixes are the spec’s words', () => {
    expect(COMMENT_PREFIX).toEqual({
      tryOn: 'Примірка',
      babyPackage: 'Пакунок малюка',
      cardToCourier: 'Картой курьеру',
    });
  });

  it('sends tryClothes only with the shop’s courier', () => {
    const kyiv = payloadOf(buildOrderPayload(kyivCourier({ tryClothes: true }), BASKET, context(KYIV)));
    expect(kyiv).toMatchObject({ tryClothes: true });
    expect(tryOnApplies({ tryClothes: true, deliveryType: 2, deliveryMethodSlug: 'np-courier' })).toBe(false);
    expect(tryOnApplies({ tryClothes: false, deliveryType: 2, deliveryMethodSlug: 'im-courier' })).toBe(false);
  });

  it('the longest comment with its prefixes still fits the contract', () => {
    const form = kyivCourier({ tryClothes: true, comment: 'я'.repeat(900) }, 5);
    const payload = payloadOf(buildOrderPayload(form, BASKET, context(KYIV)));
    expect(orderPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe('a form that is not ready gives its messages, not a payload', () => {
  it('an empty form', () => {
    const result = buildOrderPayload(initialCheckoutForm(), BASKET, context(BUCHA));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field)).toEqual(['phone', 'firstName', 'lastName', 'city']);
  });

  it('a basket with nothing to order', () => {
    const result = buildOrderPayload(formFor('np-warehouse', BUCHA), { items: [], certificates: [] }, context(BUCHA));
    expect(result).toEqual({
      ok: false,
      errors: [{ field: 'items', message: 'У кошику немає товарів, які можна замовити' }],
    });
  });
});

describe('the parts of the payload on their own', () => {
  it('orderLines leaves out what cannot be ordered and a refused gift', () => {
    const refusedGift = {
      ...line({ id: 106, productId: 15 }, { count: 1, giftPromoId: 'other' }),
      errorCode: 5 as const,
    };
    const lines = orderLines([...BASKET.items, refusedGift]);
    expect(lines.items.map((i) => i.internalId)).toEqual([101, 102]);
    expect(lines.chosenGiftItems).toEqual([{ internalId: 104, giftDiscountRef: 'spring-gift' }]);
  });

  it('orderCertificates keeps at most 10 accepted codes', () => {
    const many = Array.from({ length: 12 }, (_, i) => accepted(1, `CERT${i}`));
    expect(orderCertificates(many)).toHaveLength(10);
  });
});
