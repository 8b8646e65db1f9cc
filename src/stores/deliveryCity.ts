import { log } from '../log/log.ts';
import { atom } from 'nanostores';
import { deliveryCityCookie, deliveryCityInCookies } from '../domain/delivery/deliveryCity.ts';
import { pageLocale } from './net.ts';

/**
 * The remembered delivery city in this browser (src/domain/delivery/deliveryCity.ts): set by the
 * checkout's city choice, by sign-in (the default location) and by the city picker; read by the
 * basket check and the product page's delivery block. A change is announced so the basket checks again.
 */
export const DELIVERY_CITY_EVENT = 'bbs:delivery-city';

/** The remembered settlement id, or null. */
export function rememberedDeliveryCity(): number | null {
  if (typeof document === 'undefined') return null;
  return deliveryCityInCookies(document.cookie);
}

/** Remembers a city (nothing when it is already the one, or not a settlement id). */
export function rememberDeliveryCity(cityId: number): void {
  if (typeof document === 'undefined' || rememberedDeliveryCity() === cityId) return;
  const cookie = deliveryCityCookie(cityId);
  if (cookie === null) return;
  document.cookie = cookie;
  window.dispatchEvent(new CustomEvent(DELIVERY_CITY_EVENT));
}

/** The remembered city's names (both languages), read once per city for the basket's heading; null until read. */
export const $deliveryCityNames = atom<{ id: number; name: string; nameUkr: string } | null>(null);

let asked: number | null = null;

/** Reads the remembered city's names (the delivery service's settlement); a failure leaves the heading without a name. */
export function loadDeliveryCityNames(cityId: number | null): void {
  if (cityId === null) {
    asked = null;
    $deliveryCityNames.set(null);
    return;
  }
  if (asked === cityId) return;
  asked = cityId;
  void Promise.all([import('../api/delivery.ts'), import('../api/browserClient.ts')])
    .then(([{ getSettlement }, { browserApi }]) => getSettlement(browserApi(pageLocale()), cityId))
    .then((settlement) => {
      if (asked === cityId) $deliveryCityNames.set({ id: cityId, name: settlement.name, nameUkr: settlement.nameUkr });
    })
    .catch((error: unknown) => {
      if (asked === cityId) asked = null;
      log.error('[basket] the delivery city could not be read:', error instanceof Error ? error.message : error);
    });
}
