import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import { BASKET_HOME_CITY_ID } from '../../api/schemas/basket.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod, DeliveryMethodSlug, Settlement } from '../../api/schemas/delivery.ts';
import type { orderPayloadSchema } from '../../api/schemas/order.ts';
import type { z } from 'zod';
import type { DeliveryDirectory } from './deliveryDirectory.ts';
import { fallbackDeliveryMethods } from './deliveryOptions.ts';
import { orderMessages } from './orderMessages.ts';
import { invalidFields, unavailable } from './orderProblem.ts';
import type { FieldProblem } from './orderProblem.ts';

/**
 * Spec §5 "Delivery and payment" for an order's destination, judged with the delivery service's
 * data: the method is offered in the city (im-courier only in Kyiv, np-/meest-courier only outside
 * it) with the payload's carrier, the branch is the city's for that method, the pickup point takes
 * orders; and what the delivery costs and weighs at most. Refusals are 400s naming the field; a
 * delivery service that cannot answer is a 503, except for a courier: its price and the §5 rule
 * are known without it (the spec §9 fallback methods), as the basket check answers them.
 */

export type OrderPayloadBody = z.output<typeof orderPayloadSchema>;

/** A payload whose branch or address delivery names its settlement by id (withCityId). */
export type PlacedPayload = OrderPayloadBody extends infer T
  ? T extends { cityRef: string }
    ? T & { cityId: number }
    : T
  : never;

/**
 * The payload with its settlement's id (docs/decisions.md "The services take the spec's
 * payloads"): the spec's order names the city by `city` and `cityRef` only, so without our
 * `cityId` the settlement is found by its ref in the delivery service. An unknown ref is refused on
 * `cityRef`; a delivery service that cannot answer is a 503 (the courier's §5 rule needs the city).
 */
export async function withCityId(
  directory: DeliveryDirectory,
  payload: OrderPayloadBody,
  locale: Locale,
): Promise<PlacedPayload> {
  if (payload.deliveryType === 3) return payload;
  const { cityId } = payload;
  if (cityId !== undefined) return { ...payload, cityId };
  const settlement = await directory.settlementByRef(payload.city, payload.cityRef).catch(outage);
  if (!settlement) throw invalidFields([{ field: 'cityRef', message: orderMessages(locale).cityUnknown }]);
  return { ...payload, cityId: settlement.id };
}

export interface Destination {
  methodSlug: DeliveryMethodSlug;
  /** Kopecks. */
  price: number;
  /** The delivery as one line, in both languages. */
  address: { ru: string; uk: string };
  /** Kilograms the destination takes at most; null = no limit. */
  maxWeight: number | null;
}

/** Spec §5: the shop's courier only in the home city, these carriers' couriers only outside it. */
const HOME_CITY_ONLY: readonly DeliveryMethodSlug[] = ['im-courier'];
const OUTSIDE_HOME_CITY_ONLY: readonly DeliveryMethodSlug[] = ['np-courier', 'meest-courier'];

export function isMethodAllowedInCity(slug: DeliveryMethodSlug, cityId: number): boolean {
  const home = cityId === BASKET_HOME_CITY_ID;
  if (HOME_CITY_ONLY.includes(slug)) return home;
  if (OUTSIDE_HOME_CITY_ONLY.includes(slug)) return !home;
  return true;
}

const kopecks = (hryvnias: number): number => Math.round(hryvnias * 100);

function outage(error: unknown): never {
  if (isApiError(error)) {
    log.error('[order] the delivery service cannot be read:', error.message);
    throw unavailable('The delivery service');
  }
  throw error;
}

/** Region, district and settlement as an address starts (spec §9 'обл.', 'р-н'). */
function place(settlement: Settlement | null, payload: { region: string; district: string; city: string }) {
  const part = (region: string, district: string | null, city: string): string =>
    [region ? `${region} обл.` : '', district ? `${district} р-н` : '', city].filter((p) => p !== '').join(', ');
  if (!settlement) {
    const text = part(payload.region, payload.district, payload.city);
    return { ru: text, uk: text };
  }
  // Kyiv belongs to no oblast (a city of special status): carriers still file it under one.
  const special = settlement.id === BASKET_HOME_CITY_ID;
  return {
    ru: part(special ? '' : settlement.regionName, settlement.districtName, settlement.name),
    uk: part(special ? '' : settlement.regionNameUkr, settlement.districtNameUkr, settlement.nameUkr),
  };
}

function checkMethod(
  methods: readonly DeliveryMethod[],
  payload: { deliveryMethodSlug: DeliveryMethodSlug; deliveryCarrier: number; cityId: number },
  type: 1 | 2,
  locale: Locale,
): DeliveryMethod {
  const t = orderMessages(locale);
  const method = methods.find((m) => m.slug === payload.deliveryMethodSlug && m.type === type);
  if (!method || !isMethodAllowedInCity(method.slug, payload.cityId)) {
    throw invalidFields([{ field: 'deliveryMethodSlug', message: t.deliveryUnavailable }]);
  }
  if (method.carrier !== payload.deliveryCarrier) {
    throw invalidFields([{ field: 'deliveryCarrier', message: t.carrierMismatch }]);
  }
  return method;
}

/** The city's problems: unknown, or its ref is not the one the shopper chose. */
function cityProblems(settlement: Settlement | null, cityRef: string, locale: Locale): FieldProblem[] {
  const t = orderMessages(locale);
  if (settlement === null) return [{ field: 'cityId', message: t.cityUnknown }];
  return settlement.ref === cityRef ? [] : [{ field: 'cityRef', message: t.cityRefMismatch }];
}

/** Resolves and checks the order's destination; throws a 400 naming the field, or a 503. */
export async function resolveDestination(
  directory: DeliveryDirectory,
  payload: PlacedPayload,
  locale: Locale,
): Promise<Destination> {
  const t = orderMessages(locale);
  switch (payload.deliveryType) {
    case 2: {
      let settlement: Settlement | null;
      let known = true;
      try {
        settlement = await directory.settlement(payload.cityId);
      } catch (error) {
        if (!isApiError(error)) throw error;
        // A courier can still be judged and priced: spec §9 fallback methods (logged: an outage).
        log.warn('[order] delivery service unavailable, pricing the courier by the fallback:', error.message);
        settlement = null;
        known = false;
      }
      if (known) {
        const problems = cityProblems(settlement, payload.cityRef, locale);
        if (problems.length > 0) throw invalidFields(problems);
      }
      const methods = settlement?.deliveryMethods ?? fallbackDeliveryMethods(payload.cityId);
      const method = checkMethod(methods, payload, 2, locale);
      if (payload.tryClothes && method.slug !== 'im-courier') {
        throw invalidFields([{ field: 'tryClothes', message: t.tryClothesCourierOnly }]);
      }
      const at = place(settlement, payload);
      const street = [payload.streetTypeName, payload.street].filter((p) => p !== '').join(' ');
      const rest = `${street}, ${payload.building}${payload.apartment ? `, квартира ${payload.apartment}` : ''}`;
      return {
        methodSlug: method.slug,
        price: kopecks(method.price),
        address: { ru: `${at.ru}, ${rest}`, uk: `${at.uk}, ${rest}` },
        maxWeight: null,
      };
    }
    case 1: {
      // A branch cannot be judged without the delivery service: an outage is a 503.
      const [settlement, branch] = await Promise.all([
        directory.settlement(payload.cityId),
        directory.branch(payload.cityId, payload.deliveryMethodSlug, payload.deliveryBranchRef),
      ]).catch(outage);
      const problems = cityProblems(settlement, payload.cityRef, locale);
      if (problems.length > 0 || settlement === null) throw invalidFields(problems);
      const method = checkMethod(settlement.deliveryMethods ?? [], payload, 1, locale);
      if (!branch) throw invalidFields([{ field: 'deliveryBranchRef', message: t.branchUnknown }]);
      const at = place(settlement, payload);
      return {
        methodSlug: method.slug,
        price: kopecks(method.price),
        address: {
          ru: `${at.ru}, ${method.title}, ${branch.title}, ${branch.address}`,
          uk: `${at.uk}, ${method.titleUkr}, ${branch.titleUkr}, ${branch.addressUkr}`,
        },
        maxWeight: branch.maxWeight !== null && branch.maxWeight > 0 ? branch.maxWeight : null,
      };
    }
    case 3: {
      const shops = await directory.shops().catch(outage);
      const shop = shops.find((s) => s.ref === payload.deliveryShop && s.pickupEnable);
      if (!shop) throw invalidFields([{ field: 'deliveryShop', message: t.shopUnavailable }]);
      // Pickup's price is the pick-and-collect method's of the shop's city (0 in the demo shop);
      // without the delivery service's word it is free, as picking up in one's own shop is.
      const settlement = await directory.settlement(shop.cityId).catch(() => null);
      const method = settlement?.deliveryMethods?.find((m) => m.slug === 'pick-and-collect');
      return {
        methodSlug: 'pick-and-collect',
        price: kopecks(method?.price ?? 0),
        address: {
          ru: `${shop.title}, ${shop.city}, ${shop.address}`,
          uk: `${shop.titleUkr}, ${shop.cityUkr}, ${shop.addressUkr}`,
        },
        // Spec §5: a pickup point's weight limit applies only when its maximum is above 0.
        maxWeight: shop.totalMaxWeightAllowed > 0 ? shop.totalMaxWeightAllowed : null,
      };
    }
  }
}
