import { describe, expect, it } from 'vitest';
import { BASKET_HOME_CITY_ID } from '../../src/api/schemas/basket.ts';
import {
  CARRIERS,
  deliveryMethodSchema,
  deliveryMethodSlugSchema,
  type Branch,
  type DeliveryMethod,
  type DeliveryMethodSlug,
  type Shop,
  type ShopConfigs,
} from '../../src/api/schemas/delivery.ts';
import {
  CARRIER,
  DELIVERY_METHOD_SLUGS,
  FALLBACK_DELIVERY_METHODS,
  HOME_CITY_ID,
  METHOD_DELIVERY_TYPE,
  availableDeliveryMethods,
  branchesForWeight,
  brandShops,
  deliveryCharge,
  deliveryMethodSlugOf,
  fallbackDeliveryMethods,
  fitsWeightLimit,
  isHomeCity,
  isMethodAllowedInCity,
  pickupPoints,
} from '../../src/domain/checkout/deliveryRules.ts';
import { fallbackDeliveryMethods as orderServiceFallback } from '../../src/services/order/deliveryOptions.ts';

/** Which deliveries a shopper may choose for a city and a basket (spec §4, §5, §9). */

const KYIV = 9812;
const BUCHA = 10005;

const method = (slug: DeliveryMethodSlug, over: Partial<DeliveryMethod> = {}): DeliveryMethod => ({
  slug,
  type: METHOD_DELIVERY_TYPE[slug],
  carrier: 1,
  price: 50,
  title: slug,
  titleUkr: slug,
  shortDescription: '1-2 дня',
  shortDescriptionUkr: '1-2 дні',
  iconImageUrl: null,
  iconImageUrlSelected: null,
  changeable: true,
  ...over,
});
const ALL_METHODS = DELIVERY_METHOD_SLUGS.map((slug) => method(slug));

const shop = (id: number, over: Partial<Shop> = {}): Shop => ({
  id,
  ref: `shop-${id}`,
  slug: `shop-${id}`,
  title: `Магазин ${id}`,
  titleUkr: `Магазин ${id}`,
  city: 'Киев',
  cityUkr: 'Київ',
  cityId: KYIV,
  address: 'ул. Крещатик, 1',
  addressUkr: 'вул. Хрещатик, 1',
  schedule: '',
  scheduleUkr: '',
  phone: '380441234567',
  latitude: 50.45,
  longitude: 30.52,
  donors: [],
  images: [],
  additionalConfig: { type: 'shop' },
  pickupEnable: true,
  totalMaxWeightAllowed: 0,
  hasWeightLimit: false,
  isChicco: false,
  isMa: false,
  ...over,
});
const configs = (warehouseList: Shop[], partnerShopList: Shop[] = []): ShopConfigs => ({
  warehouseList,
  partnerShopList,
});
const KYIV_SHOPS = configs([shop(2), shop(1, { additionalConfig: { type: 'warehouse' }, pickupEnable: false })]);
const BUCHA_SHOPS = configs([shop(5, { cityId: BUCHA })]);

const branch = (id: number, maxWeight: number | null): Branch => ({
  id,
  ref: `branch-${id}`,
  settlementId: BUCHA,
  deliverySlug: 'np-warehouse',
  carrier: 1,
  number: id,
  title: `Відділення №${id}`,
  titleUkr: `Відділення №${id}`,
  address: 'ул. Шевченко, 5',
  addressUkr: 'вул. Шевченка, 5',
  latitude: 0,
  longitude: 0,
  maxWeight,
  schedule: '',
  scheduleUkr: '',
});

const slugs = (methods: readonly DeliveryMethod[]) => methods.map((m) => m.slug);

describe('the contract’s values mirrored in the domain', () => {
  it('Kyiv is the home city of the basket check (spec §9 9812)', () => {
    expect(HOME_CITY_ID).toBe(BASKET_HOME_CITY_ID);
  });

  it('carrier ids are the contract’s', () => {
    expect(CARRIER).toEqual(CARRIERS);
  });

  it('delivery method slugs are the spec’s, each with its delivery type', () => {
    expect(DELIVERY_METHOD_SLUGS).toEqual(deliveryMethodSlugSchema.options);
    expect(METHOD_DELIVERY_TYPE).toEqual({
      'im-courier': 2,
      'meest-courier': 2,
      'pick-and-collect': 3,
      'np-warehouse': 1,
      'np-courier': 2,
      'justin-warehouse': 1,
      'ipost-courier': 2,
      'u-warehouse': 1,
      'np-postbox': 1,
    });
  });

  it('the fallback methods are valid delivery methods, and the order service picks them per city alike', () => {
    for (const city of [KYIV, BUCHA]) expect(fallbackDeliveryMethods(city)).toEqual(orderServiceFallback(city));
    for (const m of FALLBACK_DELIVERY_METHODS) expect(deliveryMethodSchema.parse(m)).toEqual(m);
  });

  it.each([...DELIVERY_METHOD_SLUGS])('reads the slug %s', (slug) => expect(deliveryMethodSlugOf(slug)).toBe(slug));
  it.each(['', 'NP-WAREHOUSE', 'np_courier', null, 3])('refuses %s as a slug', (v) =>
    expect(deliveryMethodSlugOf(v)).toBeNull(),
  );
});

describe('couriers by city (spec §5)', () => {
  const inKyiv: Record<DeliveryMethodSlug, boolean> = {
    'im-courier': true,
    'meest-courier': false,
    'np-courier': false,
    'pick-and-collect': true,
    'np-warehouse': true,
    'justin-warehouse': true,
    'ipost-courier': true,
    'u-warehouse': true,
    'np-postbox': true,
  };
  it.each(DELIVERY_METHOD_SLUGS.map((slug) => [slug, inKyiv[slug], !(slug === 'im-courier')] as const))(
    '%s: in Kyiv %s, outside Kyiv %s',
    (slug, kyiv, outside) => {
      expect(isMethodAllowedInCity(slug, KYIV)).toBe(kyiv);
      expect(isMethodAllowedInCity(slug, BUCHA)).toBe(outside);
    },
  );

  it('knows the home city', () => {
    expect(isHomeCity(KYIV)).toBe(true);
    expect(isHomeCity(BUCHA)).toBe(false);
  });
});

describe('spec §9 fallback methods when the delivery service gave none', () => {
  it('Kyiv gets the shop’s courier, 69 грн, 1-2 дня', () => {
    expect(fallbackDeliveryMethods(KYIV)).toEqual([
      expect.objectContaining({ slug: 'im-courier', type: 2, price: 69, shortDescription: '1-2 дня' }),
    ]);
  });

  it('elsewhere gets Meest (35 грн, 2-5 дней) and Nova Poshta (89 грн, 1-2 дня) couriers', () => {
    expect(fallbackDeliveryMethods(BUCHA)).toEqual([
      expect.objectContaining({ slug: 'meest-courier', price: 35, shortDescription: '2-5 дней' }),
      expect.objectContaining({ slug: 'np-courier', price: 89, shortDescription: '1-2 дня' }),
    ]);
  });

  it.each([
    ['no list', undefined],
    ['null', null],
    ['an empty list', []],
  ])('%s from the service gives the fallback for the city', (_label, methods) => {
    expect(slugs(availableDeliveryMethods({ cityId: KYIV, methods, shops: KYIV_SHOPS, weight: 1 }))).toEqual([
      'im-courier',
    ]);
    expect(slugs(availableDeliveryMethods({ cityId: BUCHA, methods, shops: BUCHA_SHOPS, weight: 1 }))).toEqual([
      'meest-courier',
      'np-courier',
    ]);
  });
});

describe('availableDeliveryMethods', () => {
  it('in Kyiv: every method the service offers except the carriers’ couriers', () => {
    expect(
      slugs(availableDeliveryMethods({ cityId: KYIV, methods: ALL_METHODS, shops: KYIV_SHOPS, weight: 2 })),
    ).toEqual([
      'im-courier',
      'pick-and-collect',
      'np-warehouse',
      'justin-warehouse',
      'ipost-courier',
      'u-warehouse',
      'np-postbox',
    ]);
  });

  it('outside Kyiv: every method the service offers except the shop’s courier', () => {
    expect(
      slugs(availableDeliveryMethods({ cityId: BUCHA, methods: ALL_METHODS, shops: BUCHA_SHOPS, weight: 2 })),
    ).toEqual([
      'meest-courier',
      'pick-and-collect',
      'np-warehouse',
      'np-courier',
      'justin-warehouse',
      'ipost-courier',
      'u-warehouse',
      'np-postbox',
    ]);
  });

  it('offers branch methods only where the service offers them (never from the fallback)', () => {
    const offered = [method('np-warehouse'), method('np-courier')];
    expect(slugs(availableDeliveryMethods({ cityId: BUCHA, methods: offered, shops: null, weight: 1 }))).toEqual([
      'np-warehouse',
      'np-courier',
    ]);
    expect(
      availableDeliveryMethods({ cityId: BUCHA, methods: [], shops: null, weight: 1 }).some((m) => m.type === 1),
    ).toBe(false);
  });

  it.each<[string, ShopConfigs | null, number, boolean]>([
    ['a pickup point in the city', KYIV_SHOPS, 5, true],
    ['no shop configs', null, 5, false],
    ['pickup points only in another city', BUCHA_SHOPS, 5, false],
    ['a shop without pickup', configs([shop(2, { pickupEnable: false })]), 5, false],
    ['a pickup point whose limit the basket exceeds', configs([shop(2, { totalMaxWeightAllowed: 10 })]), 10.5, false],
    ['a pickup point whose limit the basket meets', configs([shop(2, { totalMaxWeightAllowed: 10 })]), 10, true],
    ['a partner shop with pickup', configs([], [shop(8, { additionalConfig: { type: 'partner' } })]), 5, true],
  ])('pickup with %s: offered %s', (_label, shops, weight, offered) => {
    const result = availableDeliveryMethods({ cityId: KYIV, methods: ALL_METHODS, shops, weight });
    expect(slugs(result).includes('pick-and-collect')).toBe(offered);
  });

  it('keeps each slug once and the service’s order', () => {
    const offered = [method('np-postbox'), method('np-warehouse', { price: 1 }), method('np-warehouse', { price: 2 })];
    const result = availableDeliveryMethods({ cityId: BUCHA, methods: offered, shops: null, weight: 1 });
    expect(result.map((m) => [m.slug, m.price])).toEqual([
      ['np-postbox', 50],
      ['np-warehouse', 1],
    ]);
  });

  it('leaves out a method whose type does not match its slug, and keeps a correct one of the same slug', () => {
    const offered = [method('np-warehouse', { type: 2 }), method('np-warehouse', { price: 7 })];
    const result = availableDeliveryMethods({ cityId: BUCHA, methods: offered, shops: null, weight: 1 });
    expect(result.map((m) => [m.slug, m.type, m.price])).toEqual([['np-warehouse', 1, 7]]);
  });

  it('answers an empty list when nothing the service offers is allowed (no fallback then)', () => {
    expect(
      availableDeliveryMethods({ cityId: BUCHA, methods: [method('im-courier')], shops: null, weight: 1 }),
    ).toEqual([]);
  });
});

describe('pickup points and the brand’s shop list (spec §5)', () => {
  const list = configs(
    [
      shop(1, { additionalConfig: { type: 'warehouse' }, pickupEnable: false }),
      shop(2),
      shop(3, { additionalConfig: { type: 'warehouse' }, pickupEnable: true }),
      shop(4, { pickupEnable: false }),
      shop(5, { totalMaxWeightAllowed: 20, hasWeightLimit: true }),
      shop(6, { cityId: BUCHA }),
      shop(7, { totalMaxWeightAllowed: 0, hasWeightLimit: true }),
    ],
    [shop(8, { additionalConfig: { type: 'partner' }, isChicco: true }), shop(2)],
  );
  const ids = (shops: readonly Shop[]) => shops.map((s) => s.id);

  it('the brand list leaves out warehouses (and partners, who have their own list)', () => {
    expect(ids(brandShops(list))).toEqual([2, 4, 5, 6, 7]);
  });

  it('pickup points: pickupEnable, in the city, each once, warehouses with a pickup desk included', () => {
    expect(ids(pickupPoints(list, KYIV, 5))).toEqual([2, 3, 5, 7, 8]);
    expect(ids(pickupPoints(list, BUCHA, 5))).toEqual([6]);
  });

  it.each<[number, number[]]>([
    [0, [2, 3, 5, 7, 8]],
    [20, [2, 3, 5, 7, 8]],
    [20.001, [2, 3, 7, 8]],
    [500, [2, 3, 7, 8]],
  ])(
    'a basket of %d kg: pickup points %j (a maximum of 0 is no limit, whatever hasWeightLimit says)',
    (w, expected) => {
      expect(ids(pickupPoints(list, KYIV, w))).toEqual(expected);
    },
  );

  it.each<[number | null, number, boolean]>([
    [null, 100, true],
    [0, 100, true],
    [-1, 100, true],
    [30, 30, true],
    [30, 30.01, false],
    [20, 0, true],
  ])('a maximum of %s kg takes %d kg: %s', (max, weight, fits) => {
    expect(fitsWeightLimit(max, weight)).toBe(fits);
  });

  it('branches that take the basket’s weight (null is no limit)', () => {
    const branches = [branch(1, 30), branch(2, 20), branch(3, null)];
    expect(branchesForWeight(branches, 25).map((b) => b.id)).toEqual([1, 3]);
    expect(branchesForWeight(branches, 31).map((b) => b.id)).toEqual([3]);
  });
});

describe('free delivery in the checkout’s methods (issue 29; the rule itself: freeDelivery.test.ts)', () => {
  it('the checkout’s methods carry the price the rule’s verdict gives', () => {
    const input = { cityId: BUCHA, methods: ALL_METHODS, shops: null, weight: 1 };
    const priced = (freeDelivery: boolean) =>
      Object.fromEntries(availableDeliveryMethods({ ...input, freeDelivery }).map((m) => [m.slug, m.price]));
    expect(priced(true)).toMatchObject({ 'np-warehouse': 0, 'np-postbox': 0, 'np-courier': 50 });
    expect(priced(false)).toMatchObject({ 'np-warehouse': 50, 'np-postbox': 50 });
    // Without a verdict (older callers): the service's price.
    expect(availableDeliveryMethods(input).find((m) => m.slug === 'np-warehouse')?.price).toBe(50);
  });

  it('a method at 0 reads «free» for pickup and for a free-delivery method while free, else the carrier’s tariff', () => {
    const np = { slug: 'np-warehouse', type: 1, price: 0 } as const;
    expect(deliveryCharge({ ...np, price: 50 }, true)).toBe('amount');
    expect(deliveryCharge(np, true)).toBe('free');
    expect(deliveryCharge(np, false)).toBe('carrier');
    expect(deliveryCharge({ slug: 'np-courier', type: 2, price: 0 }, true)).toBe('carrier');
    expect(deliveryCharge({ slug: 'pick-and-collect', type: 3, price: 0 }, false)).toBe('free');
  });
});
