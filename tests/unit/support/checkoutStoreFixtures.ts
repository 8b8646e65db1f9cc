import type { BasketCheckResponse } from '../../../src/api/schemas/basket.ts';
import type {
  Branch,
  DeliveryMethod,
  DeliveryMethodSlug,
  Settlement,
  Shop,
  ShopConfigs,
  Street,
} from '../../../src/api/schemas/delivery.ts';
import type { Order } from '../../../src/api/schemas/order.ts';
import { newBasketItem, settleFlags, type BasketItemInput } from '../../../src/domain/basket/basketItem.ts';
import { METHOD_DELIVERY_TYPE } from '../../../src/domain/checkout/deliveryRules.ts';
import { basketItemInput } from './basketInput.ts';
import { order } from './orderFixtures.ts';

/**
 * Data of the checkout stores' tests (src/stores/checkout): two cities, their delivery methods, a
 * shop, a branch, a street, the basket's lines and the check's answer, the order the service makes.
 */

export function settlement(over: Partial<Settlement> = {}): Settlement {
  return {
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
    ...over,
  };
}

export const KYIV = settlement();
export const LVIV = settlement({
  id: 4512,
  ref: 'lviv-ref',
  name: 'Львов',
  nameUkr: 'Львів',
  regionName: 'Львовская',
  regionNameUkr: 'Львівська',
});

export function method(slug: DeliveryMethodSlug, price = 50): DeliveryMethod {
  return {
    slug,
    type: METHOD_DELIVERY_TYPE[slug],
    carrier: slug === 'pick-and-collect' ? 0 : 1,
    price,
    title: slug,
    titleUkr: slug,
    shortDescription: '',
    shortDescriptionUkr: '',
    iconImageUrl: null,
    iconImageUrlSelected: null,
    changeable: true,
  };
}

/** What the delivery service offers in Kyiv: a Nova Poshta branch, the shop's courier, pickup. */
export const KYIV_METHODS: DeliveryMethod[] = [
  method('np-warehouse'),
  method('im-courier'),
  method('pick-and-collect', 0),
];

export function shop(over: Partial<Shop> = {}): Shop {
  return {
    id: 2,
    ref: 'shop-2',
    slug: 'shop-2',
    title: 'Магазин на Крещатике',
    titleUkr: 'Магазин на Хрещатику',
    city: 'Киев',
    cityUkr: 'Київ',
    cityId: KYIV.id,
    address: 'Крещатик, 1',
    addressUkr: 'Хрещатик, 1',
    schedule: '',
    scheduleUkr: '',
    phone: '',
    latitude: 0,
    longitude: 0,
    donors: [],
    images: [],
    additionalConfig: { type: 'shop' },
    pickupEnable: true,
    totalMaxWeightAllowed: 30,
    hasWeightLimit: true,
    isChicco: false,
    isMa: false,
    ...over,
  };
}

export const SHOPS: ShopConfigs = { warehouseList: [shop()], partnerShopList: [] };

export function branch(number: number, over: Partial<Branch> = {}): Branch {
  return {
    id: number,
    ref: `np-${number}`,
    settlementId: KYIV.id,
    deliverySlug: 'np-warehouse',
    carrier: 1,
    number,
    title: `Отделение №${number}`,
    titleUkr: `Відділення №${number}`,
    address: 'ул. Крещатик, 1',
    addressUkr: 'вул. Хрещатик, 1',
    latitude: 0,
    longitude: 0,
    maxWeight: null,
    schedule: 'Пн–Вс 08:00–20:00',
    scheduleUkr: 'Пн–Нд 08:00–20:00',
    ...over,
  };
}

export function street(over: Partial<Street> = {}): Street {
  return { id: 1, ref: 'street-1', name: 'Крещатик', nameUkr: 'Хрещатик', type: 'ул.', typeUkr: 'вул.', ...over };
}

/** Lines as the basket holds them after its rules (flags settled). */
export function lines(...inputs: { input?: Partial<BasketItemInput>; count?: number }[]) {
  return settleFlags(
    inputs.map(({ input = {}, count = 1 }) => newBasketItem(basketItemInput({ totalAmount: 50, ...input }), { count })),
  );
}

/** The basket check's answer beyond the lines: only what the checkout reads of it. */
export function checkAnswer(over: Partial<BasketCheckResponse> = {}): BasketCheckResponse {
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

/** The order the service answers a placed order with. */
export function placedOrder(over: Partial<Order> = {}): Order {
  return order({ hash: 'placed-hash', ...over });
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
