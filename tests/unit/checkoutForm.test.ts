import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Branch, DeliveryMethod, Settlement, Street } from '../../src/api/schemas/delivery.ts';
import {
  checkoutDraftKey,
  initialCheckoutForm,
  parseCheckoutDraft,
  resetCheckout,
  serializeCheckoutDraft,
  withAllowedPayment,
  withBranch,
  withCity,
  withDeliveryMethod,
  withPaymentType,
  withShop,
  withStreet,
  withTypedStreet,
  type CheckoutForm,
} from '../../src/domain/checkout/checkoutForm.ts';
import type { PaymentFacts } from '../../src/domain/checkout/paymentRules.ts';

/** The checkout form: how it starts, changes, resets (spec §4) and survives a reload. */

const BUCHA: Settlement = {
  id: 10005,
  ref: 'e71abb60-4b33-11e4-ab6d-005056801329',
  name: 'Буча',
  nameUkr: 'Буча',
  type: 'город',
  typeUkr: 'місто',
  regionName: 'Киевская',
  regionNameUkr: 'Київська',
  districtName: 'Бучанский',
  districtNameUkr: 'Бучанський',
  latitude: 50.54,
  longitude: 30.21,
  deliveryMethods: [],
};
const KYIV: Settlement = {
  ...BUCHA,
  id: 9812,
  ref: '8d5a980d-391c-11dd-90d9-001a92567626',
  name: 'Киев',
  nameUkr: 'Київ',
  districtName: null,
  districtNameUkr: null,
};
const method = (slug: DeliveryMethod['slug'], type: DeliveryMethod['type'], carrier: number) => ({
  slug,
  type,
  carrier,
});
const NP_WAREHOUSE = method('np-warehouse', 1, 1);
const NP_POSTBOX = method('np-postbox', 1, 1);
const IM_COURIER = method('im-courier', 2, 6);
const NP_COURIER = method('np-courier', 2, 1);
const PICKUP = method('pick-and-collect', 3, 0);
const FACTS: PaymentFacts = { amount: 1500, isBabyBundle: false };
const BRANCH: Branch = {
  id: 1,
  ref: 'branch-17',
  settlementId: BUCHA.id,
  deliverySlug: 'np-warehouse',
  carrier: 1,
  number: 17,
  title: 'Отделение №17',
  titleUkr: 'Відділення №17',
  address: 'ул. Шевченко, 5',
  addressUkr: 'вул. Шевченка, 5',
  latitude: 0,
  longitude: 0,
  maxWeight: 30,
  schedule: '',
  scheduleUkr: '',
};
const STREET: Street = { id: 1, ref: 'street-1', name: 'Шевченко', nameUkr: 'Шевченка', type: 'ул.', typeUkr: 'вул.' };

/** A form with everything filled in: a shopper in Bucha, courier to an address, paying in parts. */
function filledForm(): CheckoutForm {
  let form = withCity(initialCheckoutForm(), BUCHA, 'uk');
  form = withDeliveryMethod(form, NP_COURIER, FACTS);
  form = withStreet(form, STREET, 'uk');
  form = withPaymentType(form, 8);
  return {
    ...form,
    phone: '+380671234567',
    firstName: 'Олена',
    lastName: 'Коваль',
    email: 'olena@example.com',
    building: '5',
    apartment: '12',
    comment: 'Подзвоніть за годину',
    usedBonuses: 40,
    callBack: false,
    otherRecipient: true,
    recipientPhone: '380501112233',
    recipientFirstName: 'Іван',
    recipientLastName: 'Коваль',
    paymentParts: 6,
  };
}

describe('the initial form (spec §3)', () => {
  it('starts empty, with cash, no parts, no bonuses, and the shop calling back', () => {
    expect(initialCheckoutForm()).toEqual({
      city: null,
      cityRef: '',
      phone: '',
      firstName: '',
      lastName: '',
      email: '',
      deliveryType: null,
      deliveryCarrier: null,
      deliveryMethodSlug: null,
      deliveryServiceOffice: '',
      deliveryBranchRef: '',
      paymentType: 1,
      paymentParts: 0,
      region: '',
      district: '',
      street: '',
      streetRef: '',
      streetTypeName: '',
      streetTypeShortName: '',
      building: '',
      apartment: '',
      newOrderRequest: false,
      comment: '',
      usedBonuses: 0,
      shopRef: '',
      callBack: true,
      otherRecipient: false,
      recipientPhone: '',
      recipientFirstName: '',
      recipientLastName: '',
      tryClothes: false,
    });
  });

  it('gives a new object each time (a store may keep it)', () => {
    expect(initialCheckoutForm()).not.toBe(initialCheckoutForm());
  });
});

describe('the checkout reset (spec §4)', () => {
  const reset = resetCheckout({ ...filledForm(), newOrderRequest: true, tryClothes: true });

  it.each<[keyof CheckoutForm, unknown]>([
    ['city', null],
    ['cityRef', ''],
    ['region', ''],
    ['district', ''],
    ['street', ''],
    ['streetRef', ''],
    ['streetTypeName', ''],
    ['streetTypeShortName', ''],
    ['building', ''],
    ['apartment', ''],
    ['deliveryType', null],
    ['deliveryCarrier', null],
    ['deliveryMethodSlug', null],
    ['deliveryServiceOffice', ''],
    ['deliveryBranchRef', ''],
    ['shopRef', ''],
    ['tryClothes', false],
    ['paymentType', 1],
    ['paymentParts', 0],
    ['comment', ''],
    ['usedBonuses', 0],
    ['newOrderRequest', false],
  ])('sets %s to %j', (field, value) => {
    expect(reset[field]).toEqual(value);
  });

  it.each<keyof CheckoutForm>([
    'phone',
    'firstName',
    'lastName',
    'email',
    'callBack',
    'otherRecipient',
    'recipientPhone',
    'recipientFirstName',
    'recipientLastName',
  ])('keeps %s (who the shopper is)', (field) => {
    expect(reset[field]).toEqual(filledForm()[field]);
  });

  it('resets the branch and the shop too', () => {
    const branchForm = withBranch(
      withDeliveryMethod(withCity(initialCheckoutForm(), BUCHA, 'uk'), NP_WAREHOUSE, FACTS),
      BRANCH,
      'uk',
    );
    expect(resetCheckout(branchForm)).toMatchObject({ deliveryServiceOffice: '', deliveryBranchRef: '' });
    const pickupForm = withShop(withDeliveryMethod(withCity(initialCheckoutForm(), KYIV, 'uk'), PICKUP, FACTS), {
      ref: 's1',
    });
    expect(resetCheckout(pickupForm).shopRef).toBe('');
  });
});

describe('choosing a city', () => {
  it.each<['ru' | 'uk', string, string]>([
    ['uk', 'Київська', 'Бучанський'],
    ['ru', 'Киевская', 'Бучанский'],
  ])('sets its ref, oblast and raion in the page’s language (%s)', (locale, region, district) => {
    const form = withCity(initialCheckoutForm(), BUCHA, locale);
    expect(form).toMatchObject({ cityRef: BUCHA.ref, region, district, city: { id: BUCHA.id, name: 'Буча' } });
  });

  it('keeps only the city’s own fields (not its delivery methods or coordinates)', () => {
    expect(Object.keys(withCity(initialCheckoutForm(), BUCHA, 'uk').city ?? {}).sort()).toEqual(
      [
        'districtName',
        'districtNameUkr',
        'id',
        'name',
        'nameUkr',
        'ref',
        'regionName',
        'regionNameUkr',
        'type',
        'typeUkr',
      ].sort(),
    );
  });

  it('a city without a raion has an empty district', () => {
    expect(withCity(initialCheckoutForm(), KYIV, 'uk').district).toBe('');
  });

  it('another city clears the delivery and location chosen for the last one', () => {
    const form = withCity(filledForm(), KYIV, 'uk');
    expect(form).toMatchObject({
      city: { id: KYIV.id },
      deliveryMethodSlug: null,
      deliveryType: null,
      street: '',
      building: '',
      apartment: '',
      firstName: 'Олена',
    });
  });

  it('the same city changes nothing', () => {
    const form = filledForm();
    expect(withCity(form, BUCHA, 'ru')).toBe(form);
  });
});

describe('choosing a delivery method', () => {
  const inBucha = withCity(initialCheckoutForm(), BUCHA, 'uk');

  it.each([
    [NP_WAREHOUSE, 1, 1],
    [NP_COURIER, 2, 1],
    [IM_COURIER, 2, 6],
    [PICKUP, 3, 0],
  ] as const)('%j sets the type %i and carrier %i', (m, type, carrier) => {
    expect(withDeliveryMethod(inBucha, m, FACTS)).toMatchObject({
      deliveryType: type,
      deliveryCarrier: carrier,
      deliveryMethodSlug: m.slug,
    });
  });

  it('pickup’s carrier is always the shop’s (0)', () => {
    expect(withDeliveryMethod(inBucha, { ...PICKUP, carrier: 4 }, FACTS).deliveryCarrier).toBe(0);
  });

  it('another method drops the branch; the same method keeps it', () => {
    const withBranchChosen = withBranch(withDeliveryMethod(inBucha, NP_WAREHOUSE, FACTS), BRANCH, 'uk');
    expect(withDeliveryMethod(withBranchChosen, NP_WAREHOUSE, FACTS).deliveryBranchRef).toBe('branch-17');
    expect(withDeliveryMethod(withBranchChosen, NP_POSTBOX, FACTS)).toMatchObject({
      deliveryBranchRef: '',
      deliveryServiceOffice: '',
    });
  });

  it('leaving pickup drops the shop; the typed street stays for another courier', () => {
    const pickup = withShop(withDeliveryMethod(inBucha, PICKUP, FACTS), { ref: 'shop-5' });
    expect(withDeliveryMethod(pickup, NP_COURIER, FACTS).shopRef).toBe('');
    const courier = { ...withDeliveryMethod(inBucha, NP_COURIER, FACTS), street: 'Шевченка', building: '5' };
    expect(withDeliveryMethod(courier, method('meest-courier', 2, 4), FACTS)).toMatchObject({
      street: 'Шевченка',
      building: '5',
    });
  });

  it('try-on stays only with the shop’s courier', () => {
    const kyiv = {
      ...withDeliveryMethod(withCity(initialCheckoutForm(), KYIV, 'uk'), IM_COURIER, FACTS),
      tryClothes: true,
    };
    expect(withDeliveryMethod(kyiv, IM_COURIER, FACTS).tryClothes).toBe(true);
    expect(withDeliveryMethod(kyiv, NP_WAREHOUSE, FACTS).tryClothes).toBe(false);
  });

  it.each([
    ['card in shop, leaving pickup', 3, NP_WAREHOUSE, 1],
    ['card to courier, leaving the shop’s courier', 5, NP_COURIER, 1],
    ['card online, anywhere', 2, NP_WAREHOUSE, 2],
    ['card to courier, staying with the shop’s courier', 5, IM_COURIER, 5],
    ['card in shop, staying with pickup', 3, PICKUP, 3],
  ] as const)('payment %s: %i → %i', (_label, type, m, expected) => {
    expect(withDeliveryMethod({ ...inBucha, paymentType: type }, m, FACTS).paymentType).toBe(expected);
  });
});

describe('choosing a branch, a street, a shop', () => {
  it.each<['ru' | 'uk', string]>([
    ['uk', 'Нова Пошта №17: вул. Шевченка, 5'],
    ['ru', 'Новая Почта №17: ул. Шевченко, 5'],
  ])('a branch sets its ref and its line (%s)', (locale, line) => {
    expect(withBranch(initialCheckoutForm(), BRANCH, locale)).toMatchObject({
      deliveryBranchRef: 'branch-17',
      deliveryServiceOffice: line,
    });
  });

  it.each<['ru' | 'uk', string, string, string]>([
    ['uk', 'Шевченка', 'вул.', 'вулиця'],
    ['ru', 'Шевченко', 'ул.', 'улица'],
  ])('a street from the list sets its name, ref and both type names (%s)', (locale, street, short, full) => {
    expect(withStreet(initialCheckoutForm(), STREET, locale)).toMatchObject({
      street,
      streetRef: 'street-1',
      streetTypeShortName: short,
      streetTypeName: full,
    });
  });

  it('a typed street has no ref and no type', () => {
    const form = withTypedStreet(withStreet(initialCheckoutForm(), STREET, 'uk'), 'Нова');
    expect(form).toMatchObject({ street: 'Нова', streetRef: '', streetTypeName: '', streetTypeShortName: '' });
  });

  it('a shop sets its ref', () => {
    expect(withShop(initialCheckoutForm(), { ref: 'shop-2' }).shopRef).toBe('shop-2');
  });
});

describe('choosing a payment type', () => {
  it.each([
    ['an instalment type starts at 3 payments', 1, 0, 8, 3],
    ['an instalment type keeps a valid number of payments', 10, 6, 8, 6],
    ['an instalment type replaces an invalid number', 8, 24, 10, 3],
    ['another type has no payments', 8, 6, 2, 0],
    ['cash has no payments', 10, 4, 1, 0],
  ] as const)('%s', (_label, from, parts, to, expected) => {
    const form = withPaymentType({ ...initialCheckoutForm(), paymentType: from, paymentParts: parts }, to);
    expect(form).toMatchObject({ paymentType: to, paymentParts: expected });
  });

  it('withAllowedPayment falls back to cash when the basket no longer allows the type', () => {
    const form = withPaymentType(
      withDeliveryMethod(withCity(initialCheckoutForm(), BUCHA, 'uk'), NP_WAREHOUSE, FACTS),
      8,
    );
    expect(withAllowedPayment(form, FACTS)).toBe(form);
    expect(withAllowedPayment(form, { ...FACTS, amount: 200 })).toMatchObject({ paymentType: 1, paymentParts: 0 });
  });

  it('withAllowedPayment leaves a form without a delivery alone', () => {
    const form = { ...initialCheckoutForm(), paymentType: 3 as const };
    expect(withAllowedPayment(form, FACTS)).toBe(form);
  });
});

describe('the draft kept across a reload', () => {
  it.each<[string | number | null | undefined, string]>([
    [undefined, 'bbs_checkout_draft_anon'],
    [null, 'bbs_checkout_draft_anon'],
    ['  ', 'bbs_checkout_draft_anon'],
    [1042, 'bbs_checkout_draft_1042'],
    ['a/b', 'bbs_checkout_draft_a%2Fb'],
  ])('the key for customer %j is %s', (id, key) => {
    expect(checkoutDraftKey(id)).toBe(key);
  });

  it('reads back what it wrote', () => {
    const form = filledForm();
    expect(parseCheckoutDraft(serializeCheckoutDraft(form))).toEqual(form);
  });

  it.each([
    [
      'a branch delivery',
      withBranch(withDeliveryMethod(withCity(initialCheckoutForm(), BUCHA, 'uk'), NP_WAREHOUSE, FACTS), BRANCH, 'uk'),
    ],
    [
      'a pickup',
      withShop(withDeliveryMethod(withCity(initialCheckoutForm(), KYIV, 'ru'), PICKUP, FACTS), { ref: 'shop-2' }),
    ],
    [
      'a try-on in Kyiv',
      { ...withDeliveryMethod(withCity(initialCheckoutForm(), KYIV, 'uk'), IM_COURIER, FACTS), tryClothes: true },
    ],
    ['the initial form', initialCheckoutForm()],
  ])('reads back %s', (_label, form) => {
    expect(parseCheckoutDraft(serializeCheckoutDraft(form))).toEqual(form);
  });

  it('never restores an order request in flight', () => {
    const json = JSON.stringify({ ...filledForm(), newOrderRequest: true });
    expect(parseCheckoutDraft(json).newOrderRequest).toBe(false);
    expect(serializeCheckoutDraft({ ...filledForm(), newOrderRequest: true })).not.toContain('newOrderRequest');
  });

  it.each<[string, string | null | undefined]>([
    ['nothing stored', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['broken JSON', '{"phone": "380'],
    ['a number', '42'],
    ['an array', '[1,2,3]'],
    ['null', 'null'],
    ['a string', '"form"'],
  ])('%s gives the initial form', (_label, raw) => {
    expect(parseCheckoutDraft(raw)).toEqual(initialCheckoutForm());
  });

  const stored = (over: Record<string, unknown>) =>
    JSON.stringify({ ...JSON.parse(serializeCheckoutDraft(filledForm())), ...over });

  it.each<[string, Record<string, unknown>, Partial<CheckoutForm>]>([
    [
      'texts of the wrong type fall back to empty',
      { phone: 380671234567, firstName: null, email: ['a'] },
      { phone: '', firstName: '', email: '' },
    ],
    [
      'an unknown payment type is cash, without parts',
      { paymentType: 4, paymentParts: 6 },
      { paymentType: 1, paymentParts: 0 },
    ],
    ['a non-instalment type drops its parts', { paymentType: 2, paymentParts: 6 }, { paymentType: 2, paymentParts: 0 }],
    [
      'an instalment with invalid parts starts at 3',
      { paymentType: 10, paymentParts: 'six' },
      { paymentType: 10, paymentParts: 3 },
    ],
    ['negative or fractional bonuses are 0', { usedBonuses: -5 }, { usedBonuses: 0 }],
    ['fractional bonuses are 0', { usedBonuses: 2.5 }, { usedBonuses: 0 }],
    ['a call-back that is not a boolean is the default (true)', { callBack: 'no' }, { callBack: true }],
    ['otherRecipient that is not a boolean is false', { otherRecipient: 1 }, { otherRecipient: false }],
    [
      'an unknown slug drops the delivery',
      { deliveryMethodSlug: 'drone' },
      { deliveryMethodSlug: null, deliveryType: null, deliveryCarrier: null },
    ],
    [
      'the delivery type comes from the slug, not the stored type',
      { deliveryType: 3 },
      { deliveryType: 2, deliveryMethodSlug: 'np-courier' },
    ],
    [
      'a carrier out of range drops the delivery',
      { deliveryCarrier: 12 },
      { deliveryMethodSlug: null, deliveryType: null, deliveryCarrier: null },
    ],
    ['a city ref is the city’s own', { cityRef: 'forged' }, { cityRef: BUCHA.ref }],
    [
      'branch fields are dropped for an address delivery',
      { deliveryBranchRef: 'b', deliveryServiceOffice: 'x' },
      { deliveryBranchRef: '', deliveryServiceOffice: '' },
    ],
    ['a shop is dropped for an address delivery', { shopRef: 'shop-1' }, { shopRef: '' }],
    ['try-on is dropped for a carrier’s courier', { tryClothes: true }, { tryClothes: false }],
    ['an overlong comment is cut to 1000 characters', { comment: 'я'.repeat(5000) }, { comment: 'я'.repeat(1000) }],
    ['an overlong ref is dropped', { streetRef: 'x'.repeat(65) }, { streetRef: '' }],
  ])('%s', (_label, over, expected) => {
    expect(parseCheckoutDraft(stored(over))).toMatchObject(expected);
  });

  it.each<[string, unknown]>([
    ['no city', null],
    ['a city without an id', { ...BUCHA, id: undefined }],
    ['a city with a fractional id', { ...BUCHA, id: 1.5 }],
    ['a city without a ref', { ...BUCHA, ref: '' }],
    ['a city without a name', { ...BUCHA, name: '  ' }],
    ['a city that is a string', 'Буча'],
  ])('%s keeps no location or delivery, but keeps the shopper', (_label, city) => {
    const form = parseCheckoutDraft(stored({ city }));
    expect(form).toMatchObject({
      city: null,
      cityRef: '',
      region: '',
      street: '',
      building: '',
      deliveryMethodSlug: null,
      deliveryType: null,
      firstName: 'Олена',
      phone: '+380671234567',
    });
  });

  it('a city with missing optional names falls back to the Russian name and empty texts', () => {
    const form = parseCheckoutDraft(stored({ city: { id: 7, ref: 'r', name: 'Ирпень' } }));
    expect(form.city).toEqual({
      id: 7,
      ref: 'r',
      name: 'Ирпень',
      nameUkr: 'Ирпень',
      type: '',
      typeUkr: '',
      regionName: '',
      regionNameUkr: '',
      districtName: null,
      districtNameUkr: null,
    });
  });

  it('never throws and always gives a well-formed form, whatever is stored', () => {
    const keys = Object.keys(initialCheckoutForm());
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.dictionary(fc.constantFrom(...keys), fc.jsonValue()).map((v) => JSON.stringify(v)),
        ),
        (raw) => {
          const form = parseCheckoutDraft(raw);
          expect(Object.keys(form).sort()).toEqual([...keys].sort());
          expect([1, 2, 3, 5, 6, 7, 8, 9, 10]).toContain(form.paymentType);
          expect(form.newOrderRequest).toBe(false);
          expect(Number.isSafeInteger(form.usedBonuses) && form.usedBonuses >= 0).toBe(true);
          if (form.city === null) expect(form.deliveryMethodSlug).toBeNull();
          expect(parseCheckoutDraft(serializeCheckoutDraft(form))).toEqual(form);
        },
      ),
      { numRuns: 500 },
    );
  });
});
