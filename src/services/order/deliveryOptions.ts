import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import { getSettlement } from '../../api/delivery.ts';
import type { HttpClient } from '../../api/http.ts';
import { BASKET_HOME_CITY_ID } from '../../api/schemas/basket.ts';
import { FALLBACK_DELIVERY_METHODS } from '../../api/deliveryFallback.ts';
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
      log.warn(
        `[order] delivery methods of settlement ${cityId} unavailable, answering the fallback:`,
        error instanceof Error ? error.message : error,
      );
      return fallbackDeliveryMethods(cityId);
    }
  };
}
