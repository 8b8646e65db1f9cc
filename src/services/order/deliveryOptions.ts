import { isApiError } from '../../api/apiError.ts';
import { getSettlement } from '../../api/delivery.ts';
import type { HttpClient } from '../../api/http.ts';
import { BASKET_HOME_CITY_ID } from '../../api/schemas/basket.ts';
import { CARRIERS } from '../../api/schemas/delivery.ts';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';

/**
 * The basket's delivery methods (`withDeliveryList`), asked of the delivery service for the
 * basket's city (`GET /public/settlement/{id}`). Optional data: when it cannot be read (down, slow,
 * or it does not know the city) the spec §9 fallback methods are answered, so the basket still
 * shows a way to get the goods; spec §5 still holds for them (the shop's courier only in Kyiv,
 * Meest and Nova Poshta couriers only outside it).
 */

/** Optional data may not hold the basket up for long. */
const DELIVERY_TIMEOUT_MS = 2000;

const courier = {
  type: 2,
  iconImageUrl: null,
  iconImageUrlSelected: null,
  changeable: true,
} as const;

/** Spec §9 fallback delivery methods, worded as the delivery service's own (src/services/seed/delivery.ts). */
export const FALLBACK_DELIVERY_METHODS: readonly DeliveryMethod[] = [
  {
    ...courier,
    slug: 'im-courier',
    carrier: CARRIERS.ownCourier,
    price: 69,
    title: 'Курьер магазина',
    titleUkr: 'Кур’єр магазину',
    shortDescription: '1-2 дней',
    shortDescriptionUkr: '1-2 днів',
  },
  {
    ...courier,
    slug: 'meest-courier',
    carrier: CARRIERS.meest,
    price: 35,
    title: 'Курьер Meest',
    titleUkr: 'Кур’єр Meest',
    shortDescription: '2-5 дней',
    shortDescriptionUkr: '2-5 днів',
  },
  {
    ...courier,
    slug: 'np-courier',
    carrier: CARRIERS.novaPoshta,
    price: 89,
    title: 'Курьер Новой Почты',
    titleUkr: 'Кур’єр Нової Пошти',
    shortDescription: '1-2 дня',
    shortDescriptionUkr: '1-2 дні',
  },
];

/** The fallback methods that spec §5 allows in the city. */
export function fallbackDeliveryMethods(cityId: number): DeliveryMethod[] {
  const home = cityId === BASKET_HOME_CITY_ID;
  return FALLBACK_DELIVERY_METHODS.filter((m) => (m.slug === 'im-courier') === home);
}

export function createDeliveryOptions(client: HttpClient): (cityId: number) => Promise<DeliveryMethod[]> {
  return async (cityId) => {
    try {
      const settlement = await getSettlement(client, cityId, { timeoutMs: DELIVERY_TIMEOUT_MS });
      return settlement.deliveryMethods ?? fallbackDeliveryMethods(cityId);
    } catch (error) {
      // An unknown city is the client's mistake, not an outage: answered alike, logged only for outages.
      if (isApiError(error) && error.kind === 'http' && error.status === 404) return fallbackDeliveryMethods(cityId);
      console.warn(
        `[order] delivery methods of settlement ${cityId} unavailable, answering the fallback:`,
        error instanceof Error ? error.message : error,
      );
      return fallbackDeliveryMethods(cityId);
    }
  };
}
