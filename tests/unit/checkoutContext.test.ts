import { describe, expect, it } from 'vitest';
import {
  branchDeliverySlugSchema,
  type DeliveryMethod,
  type DeliveryMethodSlug,
  type Settlement,
  type Shop,
  type ShopConfigs,
} from '../../src/api/schemas/delivery.ts';
import type { BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import { newBasketItem, type BasketItemInput } from '../../src/domain/basket/basketItem.ts';
import { basketItemInput } from './support/basketInput.ts';
import { checkoutContext, type CheckoutFacts } from '../../src/domain/checkout/checkoutContext.ts';
import { initialCheckoutForm, withCity } from '../../src/domain/checkout/checkoutForm.ts';
import { DELIVERY_METHOD_SLUGS, METHOD_DELIVERY_TYPE, isBranchSlug } from '../../src/domain/checkout/deliveryRules.ts';

/** The checkout's context for the rules: what may be chosen in the city, for this basket. */

const KYIV: Settlement = {
  id: 9812,
  ref: 'kyiv-ref',
  name: 'Киев',
  nameUkr: 'Київ',
  type: 'город',
  typeUkr: 'місто',
  regionName: 'Киевская',
  regionNameUkr: 'Київська',
  districtName: null,
  districtNameUkr: null,
  latitude: 0,
  longitude: 0,
};

const method = (slug: DeliveryMethodSlug): DeliveryMethod => ({
  slug,
  type: METHOD_DELIVERY_TYPE[slug],
  carrier: slug === 'pick-and-collect' ? 0 : 1,
  price: 50,
  title: slug,
  titleUkr: slug,
  shortDescription: '',
  shortDescriptionUkr: '',
  iconImageUrl: null,
  iconImageUrlSelected: null,
  changeable: true,
});

const shop = (id: number, maxKg: number): Shop => ({
  id,
  ref: `shop-${id}`,
  slug: `shop-${id}`,
  title: 'Магазин',
  titleUkr: 'Магазин',
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
  totalMaxWeightAllowed: maxKg,
  hasWeightLimit: maxKg > 0,
  isChicco: false,
  isMa: false,
});

const item = (over: Partial<BasketItemInput>, count = 1) =>
  newBasketItem(basketItemInput({ totalAmount: 100, recommendedPrice: 500, sellingPrice: 500, weight: 1, ...over }), {
    count,
  });

const facts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
  locale: 'ru',
  cityMethods: [method('np-warehouse'), method('im-courier'), method('np-courier'), method('pick-and-collect')],
  shops: { warehouseList: [shop(2, 30)], partnerShopList: [] } satisfies ShopConfigs,
  bundleProductIds: new Set(),
  signedIn: false,
  bonusMaxPayment: 0,
  bonusBalance: null,
  ...over,
});

const inKyiv = withCity(initialCheckoutForm(), KYIV, 'ru');
const basketOf = (...items: ReturnType<typeof item>[]) => ({ items, certificates: [] });

describe('checkoutContext', () => {
  it('offers nothing before a city is chosen', () => {
    const context = checkoutContext(initialCheckoutForm(), basketOf(item({})), facts());
    expect(context.methods).toEqual([]);
    expect(context.pickupPoints).toEqual([]);
  });

  it('offers nothing while the city’s methods are unknown', () => {
    expect(checkoutContext(inKyiv, basketOf(item({})), facts({ cityMethods: null })).methods).toEqual([]);
  });

  it('keeps the spec §5 methods of Kyiv, pickup included for a light basket', () => {
    const context = checkoutContext(inKyiv, basketOf(item({ weight: 2 })), facts());
    expect(context.methods.map((m) => m.slug)).toEqual(['np-warehouse', 'im-courier', 'pick-and-collect']);
    expect(context.pickupPoints.map((s) => s.id)).toEqual([2]);
  });

  it('drops pickup when no shop takes the basket’s weight', () => {
    const context = checkoutContext(inKyiv, basketOf(item({ weight: 16 }, 2)), facts());
    expect(context.methods.map((m) => m.slug)).not.toContain('pick-and-collect');
    expect(context.pickupPoints).toEqual([]);
  });

  it('knows a baby-bundle basket and the shopper (anonymous, no bonuses)', () => {
    const context = checkoutContext(
      inKyiv,
      basketOf(item({ productId: 10 })),
      facts({ bundleProductIds: new Set([10]) }),
    );
    expect(context.isBabyBundle).toBe(true);
    expect(context.signedIn).toBe(false);
    expect(context.bonusMaxPayment).toBe(0);
    expect(checkoutContext(inKyiv, basketOf(item({ productId: 11 })), facts()).isBabyBundle).toBe(false);
  });

  it('prices Nova Poshta by the free-delivery rule: a fixed-amount promo code lowers the goods, a certificate does not', () => {
    const code = (type: 0 | 1, amount: number): BasketCertificate => ({
      type,
      key: `K${type}`,
      title: '',
      discountAmount: amount,
      errorMessage: null,
      isAvailable: true,
      isChecked: true,
      orderDiscount: amount,
    });
    const npPrice = (certificates: BasketCertificate[]) => {
      const context = checkoutContext(inKyiv, { items: [item({}, 3)], certificates }, facts());
      return [context.freeDelivery, context.methods.find((m) => m.slug === 'np-warehouse')?.price];
    };
    // 3 × 500 грн: exactly the threshold.
    expect(npPrice([])).toEqual([true, 0]);
    expect(npPrice([code(0, 200)])).toEqual([false, 50]);
    expect(npPrice([code(1, 200)])).toEqual([true, 0]);
  });
});

describe('isBranchSlug', () => {
  it('is exactly the contract’s branch carriers (the branch search takes no other)', () => {
    for (const slug of DELIVERY_METHOD_SLUGS) {
      expect(isBranchSlug(slug), slug).toBe(branchDeliverySlugSchema.safeParse(slug).success);
    }
  });
});
