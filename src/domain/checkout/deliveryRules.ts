import { FALLBACK_DELIVERY_METHODS } from '../../api/deliveryFallback.ts';
import { CARRIERS } from '../../api/schemas/delivery.ts';
import { deliveryPriceFor, isFreeDeliveryMethod } from './freeDelivery.ts';
import type {
  Branch,
  BranchDeliverySlug,
  DeliveryMethod,
  DeliveryMethodSlug,
  DeliveryType,
  Shop,
  ShopConfigs,
} from '../../api/schemas/delivery.ts';

/**
 * Which deliveries a shopper may choose for a city and a basket (storefront spec §4 "Delivery
 * types", §5 "Delivery and payment", §9 fallback methods). The delivery service says what it
 * offers in a city; these rules take out what the shop does not allow there (the couriers of §5),
 * what cannot take the basket (a pickup point's weight limit) and what nobody can complete (pickup
 * with no pickup point). The order service applies the same rules to the order it receives.
 *
 * The contract's values (`CARRIERS`, `BASKET_HOME_CITY_ID` of src/api) are mirrored here: business
 * rules import only types from src/api; a unit test keeps the copies equal.
 */

/** Spec §9 "default city reference placeholder 9812": the settlement id of Kyiv, the shop's home city. */
export const HOME_CITY_ID = 9812;

/** Carrier ids of the delivery contract (pickup uses 0, spec §4). */
export const CARRIER = CARRIERS;

/** Spec §4 delivery types by name. */
export const DELIVERY_TYPE = { branch: 1, address: 2, pickup: 3 } as const satisfies Record<string, DeliveryType>;

/** Spec §4: every delivery method slug with the delivery type it belongs to. */
export const METHOD_DELIVERY_TYPE: Readonly<Record<DeliveryMethodSlug, DeliveryType>> = {
  'im-courier': 2,
  'meest-courier': 2,
  'pick-and-collect': 3,
  'np-warehouse': 1,
  'np-courier': 2,
  'justin-warehouse': 1,
  'ipost-courier': 2,
  'u-warehouse': 1,
  'np-postbox': 1,
};

/** Spec §4: the delivery method slugs, in the spec's order. */
export const DELIVERY_METHOD_SLUGS: readonly DeliveryMethodSlug[] = [
  'im-courier',
  'meest-courier',
  'pick-and-collect',
  'np-warehouse',
  'np-courier',
  'justin-warehouse',
  'ipost-courier',
  'u-warehouse',
  'np-postbox',
];

/** The slug when `value` is one of the spec's delivery method slugs, else null. */
export function deliveryMethodSlugOf(value: unknown): DeliveryMethodSlug | null {
  return DELIVERY_METHOD_SLUGS.find((slug) => slug === value) ?? null;
}

/** A method of branch delivery (type 1): its branches are searched by carrier (np-warehouse, np-postbox, …). */
export function isBranchSlug(slug: DeliveryMethodSlug): slug is BranchDeliverySlug {
  return METHOD_DELIVERY_TYPE[slug] === DELIVERY_TYPE.branch;
}

/** Spec §5: the shop's own courier works only in the home city. */
const HOME_CITY_ONLY: readonly DeliveryMethodSlug[] = ['im-courier'];
/** Spec §5: these carriers' couriers are offered only outside the home city (the shop's courier serves it). */
const OUTSIDE_HOME_CITY_ONLY: readonly DeliveryMethodSlug[] = ['np-courier', 'meest-courier'];

/** True for Kyiv, the home city. */
export function isHomeCity(cityId: number): boolean {
  return cityId === HOME_CITY_ID;
}

/** Spec §5: im-courier only in Kyiv; np-courier and meest-courier only outside it; any other method anywhere it is offered. */
export function isMethodAllowedInCity(slug: DeliveryMethodSlug, cityId: number): boolean {
  if (HOME_CITY_ONLY.includes(slug)) return isHomeCity(cityId);
  if (OUTSIDE_HOME_CITY_ONLY.includes(slug)) return !isHomeCity(cityId);
  return true;
}

export { FALLBACK_DELIVERY_METHODS };

// Free delivery's rules live apart (freeDelivery.ts, no zod), for the basket drawer.

/** The spec §9 fallback methods the city may have (spec §5): the shop's courier in Kyiv, the carriers' elsewhere. */
export function fallbackDeliveryMethods(cityId: number): DeliveryMethod[] {
  return FALLBACK_DELIVERY_METHODS.filter((method) => isMethodAllowedInCity(method.slug, cityId));
}

/**
 * Spec §5: a weight limit applies only if its maximum is above 0 (0, a negative or a missing
 * maximum is no limit). Weights in kilograms; the basket's is its delivery weight (basketTotals).
 */
export function fitsWeightLimit(maxWeight: number | null, weight: number): boolean {
  return maxWeight === null || !(maxWeight > 0) || weight <= maxWeight;
}

/** Every shop of the configs once (own list first), in the configs' order. */
export function allShops(configs: ShopConfigs): Shop[] {
  const seen = new Set<number>();
  const shops: Shop[] = [];
  for (const shop of [...configs.warehouseList, ...configs.partnerShopList]) {
    if (seen.has(shop.id)) continue;
    seen.add(shop.id);
    shops.push(shop);
  }
  return shops;
}

/**
 * Spec §5: the brand's shop list (the shop's own stores, as the shops page and a brand page list
 * them) leaves out shops whose config type is warehouse; partner shops have a list of their own.
 */
export function brandShops(configs: ShopConfigs): Shop[] {
  return configs.warehouseList.filter((shop) => shop.additionalConfig.type !== 'warehouse');
}

/**
 * Spec §5: where the basket can be picked up in a city: the shops and warehouses (own and
 * partner) with pickupEnable whose weight limit, if any, takes the basket's delivery weight.
 * The config type does not matter here: a warehouse that opens a pickup desk is a pickup point.
 */
export function pickupPoints(configs: ShopConfigs, cityId: number, weight: number): Shop[] {
  return allShops(configs).filter(
    (shop) => shop.pickupEnable && shop.cityId === cityId && fitsWeightLimit(shop.totalMaxWeightAllowed, weight),
  );
}

/** A carrier's branches (or parcel lockers) that take the basket's weight (a branch's maxWeight, null = none). */
export function branchesForWeight(branches: readonly Branch[], weight: number): Branch[] {
  return branches.filter((branch) => fitsWeightLimit(branch.maxWeight, weight));
}

/** What the delivery choice of a city depends on. */
export interface DeliveryChoiceInput {
  /** The settlement id of the chosen city. */
  cityId: number;
  /** The methods the delivery service (or the basket check) offers there; null or empty when it gave none. */
  methods: readonly DeliveryMethod[] | null | undefined;
  /** The shop configs (null when they could not be read: then no pickup point is known). */
  shops: ShopConfigs | null;
  /** The basket's delivery weight in kilograms. */
  weight: number;
  /** The basket is free of delivery by the rule (basketFreeDelivery): its free-delivery methods cost 0. */
  freeDelivery?: boolean;
}

/**
 * The delivery methods the shopper may choose, in the service's order: the service's methods (or
 * the spec §9 fallback when it gave none) that spec §5 allows in the city, each slug once, each
 * with the delivery type its slug belongs to (a method the service mislabels is left out, not
 * guessed), and pickup only when a pickup point of the city takes the basket, each at its price for
 * the goods (the free-delivery verdict). Branch methods are never invented: they come only from the service, which offers them where it has branches.
 */
export function availableDeliveryMethods(input: DeliveryChoiceInput): DeliveryMethod[] {
  const { cityId, methods, shops, weight } = input;
  const given = methods && methods.length > 0 ? methods : fallbackDeliveryMethods(cityId);
  const hasPickupPoint = shops !== null && pickupPoints(shops, cityId, weight).length > 0;
  const chosen: DeliveryMethod[] = [];
  for (const method of given) {
    if (chosen.some((m) => m.slug === method.slug)) continue;
    if (METHOD_DELIVERY_TYPE[method.slug] !== method.type) continue;
    if (!isMethodAllowedInCity(method.slug, cityId)) continue;
    if (method.type === DELIVERY_TYPE.pickup && !hasPickupPoint) continue;
    const price = deliveryPriceFor(method.slug, method.price, { free: input.freeDelivery ?? false });
    chosen.push(price === method.price ? method : { ...method, price });
  }
  return chosen;
}

/**
 * How a chosen or offered method's price reads: an amount; free (pickup at 0, or a free-delivery
 * method while the basket is free of delivery by the rule); or, at 0 otherwise, the carrier's own
 * tariff, paid on receipt.
 */
export function deliveryCharge(
  method: Pick<DeliveryMethod, 'slug' | 'type' | 'price'>,
  freeDelivery: boolean,
): 'amount' | 'free' | 'carrier' {
  if (method.price > 0) return 'amount';
  if (method.type === DELIVERY_TYPE.pickup || (freeDelivery && isFreeDeliveryMethod(method.slug))) return 'free';
  return 'carrier';
}
