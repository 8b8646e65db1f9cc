import { specMessage, type SpecMessageKey } from '../../src/domain/validation/specMessages.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeliveryMethod, DeliveryMethodSlug, Settlement, Shop } from '../../src/api/schemas/delivery.ts';
import type { PaymentType } from '../../src/api/schemas/order.ts';
import { enteredCertificate } from '../../src/domain/basket/basketCertificates.ts';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import {
  initialCheckoutForm,
  withCity,
  withDeliveryMethod,
  withPaymentType,
  type CheckoutForm,
} from '../../src/domain/checkout/checkoutForm.ts';
import {
  COMMENT_MAX_LENGTH,
  checkoutPaymentFacts,
  isCityName,
  isEmail,
  isPersonName,
  validateCheckout,
  type CheckoutBasket,
  type CheckoutContext,
  type CheckoutField,
  type FieldError,
} from '../../src/domain/checkout/checkoutValidation.ts';
import { METHOD_DELIVERY_TYPE } from '../../src/domain/checkout/deliveryRules.ts';
import { basketItemInput } from './support/basketInput.ts';

/** The checkout form checked field by field (accounts spec §5 messages, storefront spec §5). */

const EMAIL = "Поле 'Е-mail' должно быть действительным электронным адресом";

const BUCHA: Settlement = {
  id: 10005,
  ref: 'bucha-ref',
  name: 'Буча',
  nameUkr: 'Буча',
  type: 'город',
  typeUkr: 'місто',
  regionName: 'Киевская',
  regionNameUkr: 'Київська',
  districtName: 'Бучанский',
  districtNameUkr: 'Бучанський',
  latitude: 0,
  longitude: 0,
};
const method = (slug: DeliveryMethodSlug, carrier = 1): DeliveryMethod => ({
  slug,
  type: METHOD_DELIVERY_TYPE[slug],
  carrier,
  price: 50,
  title: slug,
  titleUkr: slug,
  shortDescription: '',
  shortDescriptionUkr: '',
  iconImageUrl: null,
  iconImageUrlSelected: null,
  changeable: true,
});
const SHOP = { ref: 'shop-5' } as const satisfies Partial<Shop>;
const pickupShop: Shop = {
  id: 5,
  ref: SHOP.ref,
  slug: 's',
  title: 'Магазин',
  titleUkr: 'Магазин',
  city: 'Буча',
  cityUkr: 'Буча',
  cityId: BUCHA.id,
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
/** A basket of 1 200 грн. */
const BASKET: CheckoutBasket = { items: [line({}, { count: 2 })], certificates: [] };

const context = (over: Partial<CheckoutContext> = {}): CheckoutContext => ({
  locale: 'ru',
  methods: [method('np-warehouse'), method('np-courier'), method('pick-and-collect', 0)],
  pickupPoints: [pickupShop],
  isBabyBundle: false,
  freeDelivery: false,
  bonusMaxPayment: 100,
  signedIn: true,
  bonusBalance: 1000,
  ...over,
});

/** A valid form for an address delivery by Nova Poshta's courier in Bucha. */
function validForm(over: Partial<CheckoutForm> = {}): CheckoutForm {
  const form = withDeliveryMethod(withCity(initialCheckoutForm(), BUCHA, 'ru'), method('np-courier'), {
    amount: 1200,
    isBabyBundle: false,
  });
  return {
    ...form,
    phone: '+38 (067) 123-45-67',
    firstName: 'Олена',
    lastName: 'Коваль',
    street: 'Шевченко',
    building: '5',
    ...over,
  };
}

const validate = (form: CheckoutForm, ctx: Partial<CheckoutContext> = {}, basket: CheckoutBasket = BASKET) =>
  validateCheckout(form, basket, context(ctx));
const messageOf = (errors: FieldError[], field: CheckoutField) => errors.find((e) => e.field === field)?.message;

describe('a valid form', () => {
  it('has no messages', () => {
    expect(validate(validForm())).toEqual([]);
  });

  it.each<[string, Partial<CheckoutForm>]>([
    [
      'a branch',
      {
        deliveryType: 1,
        deliveryMethodSlug: 'np-warehouse',
        deliveryServiceOffice: 'Нова Пошта №1',
        deliveryBranchRef: 'b1',
      },
    ],
    ['a pickup', { deliveryType: 3, deliveryMethodSlug: 'pick-and-collect', deliveryCarrier: 0, shopRef: SHOP.ref }],
    ['an empty e-mail', { email: '' }],
    ['an e-mail with spaces around', { email: '  olena@example.com ' }],
    ['names with spaces around', { firstName: ' Олена ', lastName: ' Коваль ' }],
    ['bonuses within the maximum', { usedBonuses: 100 }],
    [
      'another recipient, filled in',
      { otherRecipient: true, recipientPhone: '380501112233', recipientFirstName: 'Іван', recipientLastName: 'Коваль' },
    ],
    ['a comment at the limit', { comment: 'я'.repeat(COMMENT_MAX_LENGTH) }],
    ['a phone as Ukrainians write it', { phone: '067 123 45 67' }],
    ['a phone without its trunk zero', { phone: '671234567' }],
  ])('%s is valid too', (_label, over) => {
    expect(validate(validForm(over))).toEqual([]);
  });
});

describe('the spec’s messages, kept as written on both sites', () => {
  it.each<[string, Partial<CheckoutForm>, CheckoutField, SpecMessageKey]>([
    ['a foreign phone', { phone: '+49 170 1234567' }, 'phone', 'phone'],
    ['a short phone', { phone: '38067123456' }, 'phone', 'phoneShort'],
    ['a long phone', { phone: '+380 67 123 45 678' }, 'phone', 'phoneLong'],
    [
      'a foreign recipient phone',
      { otherRecipient: true, recipientPhone: '48501112233', recipientFirstName: 'Іван', recipientLastName: 'Коваль' },
      'recipientPhone',
      'phone',
    ],
  ])('%s: the phone rule’s own message, in the page language', (_label, over, field, key) => {
    for (const locale of ['ru', 'uk'] as const) {
      expect(validate(validForm(over), { locale })).toEqual([{ field, message: specMessage(key, locale) }]);
    }
  });

  it.each<[string, Partial<CheckoutForm>, CheckoutField, SpecMessageKey]>([
    ['an empty phone', { phone: '' }, 'phone', 'required'],
    ['an empty first name', { firstName: '   ' }, 'firstName', 'required'],
    ['an empty last name', { lastName: '' }, 'lastName', 'required'],
    ['a bad e-mail', { email: 'olena@' }, 'email', 'email'],
    ['an e-mail without a domain', { email: 'olena@example' }, 'email', 'email'],
    ['no city', { city: null }, 'city', 'required'],
    ['no delivery method', { deliveryMethodSlug: null, deliveryType: null }, 'deliveryMethodSlug', 'required'],
    ['no street for an address', { street: ' ' }, 'street', 'required'],
    ['no building for an address', { building: '' }, 'building', 'required'],
    [
      'no branch for a branch delivery',
      { deliveryType: 1, deliveryMethodSlug: 'np-warehouse' },
      'deliveryBranchRef',
      'required',
    ],
    [
      'a branch ref without its line',
      { deliveryType: 1, deliveryMethodSlug: 'np-warehouse', deliveryBranchRef: 'b1' },
      'deliveryBranchRef',
      'required',
    ],
    ['no shop for pickup', { deliveryType: 3, deliveryMethodSlug: 'pick-and-collect' }, 'shopRef', 'required'],
    [
      'no recipient phone',
      { otherRecipient: true, recipientFirstName: 'Іван', recipientLastName: 'Коваль' },
      'recipientPhone',
      'required',
    ],
    [
      'no recipient first name',
      { otherRecipient: true, recipientPhone: '380501112233', recipientLastName: 'Коваль' },
      'recipientFirstName',
      'required',
    ],
    [
      'no recipient last name',
      { otherRecipient: true, recipientPhone: '380501112233', recipientFirstName: 'Іван' },
      'recipientLastName',
      'required',
    ],
    ['instalments without parts', { paymentType: 8, paymentParts: 0 }, 'paymentParts', 'required'],
  ])('%s: %s → «%s», in the page’s language', (_label, over, field, key) => {
    for (const locale of ['ru', 'uk'] as const) {
      const errors = validate(validForm(over), { locale });
      expect(errors).toEqual([{ field, message: specMessage(key, locale) }]);
    }
  });

  it.each<[number, string]>([
    [299, 'Минимальная сумма для оплаты частями'],
    [100_001, 'Максимальная сумма для оплаты частями'],
  ])('instalments for a basket of %d грн: «%s» (a Russian page)', (price, message) => {
    const basket: CheckoutBasket = {
      items: [line({ recommendedPrice: price, sellingPrice: price })],
      certificates: [],
    };
    for (const type of [8, 10] as const) {
      const form = withPaymentType(validForm(), type);
      expect(validate(form, {}, basket)).toEqual([{ field: 'paymentType', message }]);
    }
  });

  it('the instalment amount is the goods’ amount less certificates and bonuses', () => {
    const form = withPaymentType(validForm({ usedBonuses: 100 }), 8);
    const certified: CheckoutBasket = {
      items: BASKET.items,
      certificates: [
        { ...enteredCertificate(1, 'BBS7K2M9Q4X8T1ZA'), errorMessage: null, isChecked: true, orderDiscount: 850 },
      ],
    };
    expect(checkoutPaymentFacts(form, certified, context()).amount).toBe(250);
    expect(messageOf(validate(form, {}, certified), 'paymentType')).toBe(specMessage('instalmentMin', 'ru'));
    expect(messageOf(validate(form, { locale: 'uk' }, certified), 'paymentType')).toBe(
      'Мінімальна сума для оплати частинами',
    );
    expect(validate(form)).toEqual([]);
  });
});

describe('our messages, in the page’s language', () => {
  it.each<[string, Partial<CheckoutForm>, Partial<CheckoutContext>, CheckoutField, string, string]>([
    [
      'digits in a name',
      { firstName: 'Олена2' },
      {},
      'firstName',
      'Допустимы только буквы, дефис и апостроф',
      'Допустимі лише літери, дефіс та апостроф',
    ],
    [
      'a name of 61 letters',
      { lastName: 'К'.repeat(61) },
      {},
      'lastName',
      'Не более 60 символов',
      'Не більше 60 символів',
    ],
    [
      'a recipient name with a dot',
      {
        otherRecipient: true,
        recipientPhone: '380501112233',
        recipientFirstName: 'Іван.',
        recipientLastName: 'Коваль',
      },
      {},
      'recipientFirstName',
      'Допустимы только буквы, дефис и апостроф',
      'Допустимі лише літери, дефіс та апостроф',
    ],
    [
      'a method not offered in the city',
      { deliveryType: 2, deliveryMethodSlug: 'im-courier' },
      {},
      'deliveryMethodSlug',
      'Этот способ доставки недоступен в выбранном городе',
      'Цей спосіб доставки недоступний в обраному місті',
    ],
    [
      'a type that does not match the method',
      { deliveryType: 1 },
      {},
      'deliveryMethodSlug',
      'Этот способ доставки недоступен в выбранном городе',
      'Цей спосіб доставки недоступний в обраному місті',
    ],
    [
      'a shop that is no pickup point',
      { deliveryType: 3, deliveryMethodSlug: 'pick-and-collect', shopRef: 'shop-9' },
      {},
      'shopRef',
      'В этом магазине нельзя забрать заказ',
      'У цьому магазині не можна забрати замовлення',
    ],
    [
      'card in shop for a courier',
      { paymentType: 3 },
      {},
      'paymentType',
      'Этот способ оплаты недоступен для выбранной доставки',
      'Цей спосіб оплати недоступний для обраної доставки',
    ],
    [
      'the baby-package card for an ordinary basket',
      { paymentType: 7 },
      {},
      'paymentType',
      'Картой «Пакунок малюка» можно оплатить только товары из каталога «Пакунок малюка»',
      'Карткою «Пакунок малюка» можна сплатити лише товари з каталогу «Пакунок малюка»',
    ],
    [
      'instalments in 12 payments',
      { paymentType: 10, paymentParts: 12 },
      {},
      'paymentParts',
      'Количество платежей: от 3 до 10',
      'Кількість платежів: від 3 до 10',
    ],
    [
      'more bonuses than the basket allows',
      { usedBonuses: 1500 },
      { bonusMaxPayment: 1200, bonusBalance: 5000 },
      'usedBonuses',
      'Бонусами можно оплатить не больше 1 200 грн',
      'Бонусами можна сплатити не більше 1 200 грн',
    ],
    [
      'bonuses for goods that allow none (percent 0)',
      { usedBonuses: 10 },
      { bonusMaxPayment: 0 },
      'usedBonuses',
      'Эти товары нельзя оплатить бонусами',
      'Ці товари не можна сплатити бонусами',
    ],
    [
      'more bonuses than the member has (kopecks of the balance are not spent)',
      { usedBonuses: 60 },
      { bonusMaxPayment: 100, bonusBalance: 59.9 },
      'usedBonuses',
      'Недостаточно бонусов: доступно 59 грн',
      'Недостатньо бонусів: доступно 59 грн',
    ],
    [
      'bonuses of a signed-in shopper who is not a member',
      { usedBonuses: 10 },
      { bonusBalance: null },
      'usedBonuses',
      'Бонусами могут платить только участники бонусной программы',
      'Бонусами можуть платити лише учасники бонусної програми',
    ],
    [
      'fractional bonuses',
      { usedBonuses: 1.5 },
      {},
      'usedBonuses',
      'Бонусы списываются целым числом',
      'Бонуси списуються цілим числом',
    ],
    [
      'bonuses without signing in',
      { usedBonuses: 10 },
      { signedIn: false },
      'usedBonuses',
      'Бонусами могут платить участники бонусной программы после входа в личный кабинет',
      'Бонусами можуть платити учасники бонусної програми після входу в особистий кабінет',
    ],
    [
      'a long comment',
      { comment: 'я'.repeat(COMMENT_MAX_LENGTH + 1) },
      {},
      'comment',
      'Не более 900 символов',
      'Не більше 900 символів',
    ],
    ['a long building', { building: '1'.repeat(21) }, {}, 'building', 'Не более 20 символов', 'Не більше 20 символів'],
    [
      'a long apartment',
      { apartment: '1'.repeat(21) },
      {},
      'apartment',
      'Не более 20 символов',
      'Не більше 20 символів',
    ],
    ['a long street', { street: 'я'.repeat(201) }, {}, 'street', 'Не более 200 символов', 'Не більше 200 символів'],
    [
      'a city whose name breaks the city-name rule',
      { city: { ...BUCHA, name: 'Буча!', nameUkr: 'Буча!' } },
      {},
      'city',
      'Название населённого пункта может содержать только буквы, цифры, дефис, запятую и пробел',
      'Назва населеного пункту може містити лише літери, цифри, дефіс, кому та пробіл',
    ],
  ])('%s', (_label, over, ctx, field, ru, uk) => {
    expect(validate(validForm(over), { ...ctx, locale: 'ru' })).toEqual([{ field, message: ru }]);
    expect(validate(validForm(over), { ...ctx, locale: 'uk' })).toEqual([{ field, message: uk }]);
  });
});

describe('nothing left to pay', () => {
  const basket: CheckoutBasket = { items: [line({ recommendedPrice: 100, sellingPrice: 100 })], certificates: [] };

  it.each<[PaymentType, string, string]>([
    [
      2,
      'Заказ полностью оплачен сертификатами или бонусами',
      'Замовлення повністю сплачено сертифікатами або бонусами',
    ],
    [
      10,
      'Заказ полностью оплачен сертификатами или бонусами',
      'Замовлення повністю сплачено сертифікатами або бонусами',
    ],
  ])('payment type %i is refused when bonuses pay for all the goods', (type, ru, uk) => {
    const form = withPaymentType(validForm({ usedBonuses: 100 }), type);
    expect(validate(form, { bonusMaxPayment: 100 }, basket)).toEqual([{ field: 'paymentType', message: ru }]);
    expect(validate(form, { bonusMaxPayment: 100, locale: 'uk' }, basket)).toEqual([
      { field: 'paymentType', message: uk },
    ]);
  });

  it('cash on delivery stays', () => {
    expect(validate(validForm({ usedBonuses: 100 }), { bonusMaxPayment: 100 }, basket)).toEqual([]);
  });
});

describe('the basket as a whole', () => {
  it.each<[string, BasketItem[], string]>([
    ['an empty basket', [], 'В корзине нет товаров, которые можно заказать'],
    [
      'only unavailable lines',
      [{ ...line(), errorCode: 4, isAvailableForOrder: false }],
      'В корзине нет товаров, которые можно заказать',
    ],
    ['only a gift', [line({}, { count: 1, giftPromoId: 'gift' })], 'В корзине нет товаров, которые можно заказать'],
  ])('%s cannot be ordered', (_label, items, message) => {
    expect(validate(validForm(), {}, { items, certificates: [] })).toContainEqual({ field: 'items', message });
  });

  it('a subscription needs a signed-in shopper', () => {
    const basket: CheckoutBasket = {
      items: [line({}, { count: 2, subscription: { quantity: 2, startDate: '2030-01-01', interval: 30 } })],
      certificates: [],
    };
    expect(validate(validForm(), { signedIn: true }, basket)).toEqual([]);
    expect(validate(validForm(), { signedIn: false, locale: 'uk' }, basket)).toEqual([
      { field: 'items', message: 'Підписка на товари доступна лише після входу в особистий кабінет' },
    ]);
  });
});

describe('one message per field, in the page’s order', () => {
  it('lists every broken field of an empty form once, the basket first', () => {
    const errors = validate(initialCheckoutForm(), {}, { items: [], certificates: [] });
    expect(errors.map((e) => e.field)).toEqual(['items', 'phone', 'firstName', 'lastName', 'city']);
  });

  it('says the method is missing once a city is chosen', () => {
    const form = {
      ...withCity(initialCheckoutForm(), BUCHA, 'ru'),
      phone: '380671234567',
      firstName: 'А',
      lastName: 'Б',
    };
    expect(validate(form)).toEqual([{ field: 'deliveryMethodSlug', message: specMessage('required', 'ru') }]);
  });

  it('does not judge the payment before a delivery is chosen', () => {
    const form = { ...validForm({ deliveryMethodSlug: null, deliveryType: null }), paymentType: 3 as const };
    expect(validate(form).map((e) => e.field)).toEqual(['deliveryMethodSlug']);
  });
});

describe('isPersonName: letters of Russian, Ukrainian or English, hyphen and apostrophe (accounts §5)', () => {
  it.each([
    'Олена',
    'Анна-Мария',
    "Мар'яна",
    'Мар’яна',
    'Марʼяна',
    'Ївга',
    'Ґрета',
    'Єва',
    'Ёжик',
    'O’Neil',
    'Smith-Jones',
    ' Іван ',
  ])('accepts «%s»', (name) => expect(isPersonName(name)).toBe(true));
  it.each(['', '-', 'Анна-', '-Анна', "'Олена", 'Анна Мария', 'Олена2', 'Jürgen', 'Ivan.', 'Анна--Мария', 'Ο Νίκος'])(
    'refuses «%s»',
    (name) => expect(isPersonName(name)).toBe(false),
  );
});

describe('isCityName: letters or digits separated by hyphen, comma or space (spec §5)', () => {
  it.each([
    'Київ',
    'Буча',
    'Кам’янець-Подільський',
    "Кам'янське",
    'Біла Церква',
    'Київ, Оболонь',
    'Село 1',
    ' Ірпінь ',
  ])('accepts «%s»', (name) => expect(isCityName(name)).toBe(true));
  it.each(['', 'Буча!', '-Буча', 'Буча-', 'Біла  Церква', 'Київ;', 'Буча (обл.)'])('refuses «%s»', (name) =>
    expect(isCityName(name)).toBe(false),
  );
});

describe('isEmail agrees with the contract’s z.email()', () => {
  const contract = z.email();
  it.each([
    'olena@example.com',
    'o.koval+shop@mail.com.ua',
    "o'brien@example.ie",
    'a@b.co',
    'olena@',
    'olena@example',
    '@example.com',
    'olena..k@example.com',
    '.olena@example.com',
    'olena.@example.com',
    'олена@приклад.укр',
    'olena@exa_mple.com',
    'olena @example.com',
  ])('%s', (email) => {
    expect(isEmail(email)).toBe(contract.safeParse(email).success);
  });
});

describe('the spec’s messages in the page’s language (one language per page, issue 29)', () => {
  it('quotes the spec on its language’s page and translates it on the other', () => {
    expect(validate(validForm({ phone: '', email: 'x' }), { locale: 'uk' })).toEqual([
      { field: 'phone', message: 'Поле обов’язкове до заповнення' },
      { field: 'email', message: "Поле 'Е-mail' повинно бути дійсною електронною адресою" },
    ]);
    expect(validate(validForm({ phone: '', email: 'x' }), { locale: 'ru' })).toEqual([
      { field: 'phone', message: 'Поле обязательно для заполнения' },
      { field: 'email', message: EMAIL },
    ]);
  });
});
