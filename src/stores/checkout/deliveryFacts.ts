import { log } from '../../log/log.ts';
import { atom } from 'nanostores';
import type { DeliveryMethod, ShopConfigs } from '../../api/schemas/delivery.ts';
import { pageLocale } from '../net.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { checkoutClients } from './serviceClients.ts';

/** The delivery service's methods in the chosen city; null while unknown. */
export const $cityMethods = atom<readonly DeliveryMethod[] | null>(null);
/** The shop configs, read by the page's server; null when they could not be read (no pickup point is known). */
export const $shopConfigs = atom<ShopConfigs | null>(null);

/** Reads the chosen city's methods when the choice did not bring them (a restored draft, a default city). */
export async function loadCityMethods(cityId: number): Promise<void> {
  $cityMethods.set(null);
  try {
    const { browserApi, getSettlement } = await checkoutClients();
    const settlement = await getSettlement(browserApi(pageLocale()), cityId);
    if ($checkoutForm.get().city?.id === cityId) $cityMethods.set(settlement.deliveryMethods ?? []);
  } catch (error) {
    log.warn(
      '[checkout] the city’s delivery methods could not be read:',
      error instanceof Error ? error.message : error,
    );
    // Spec §9: the fallback methods stand in when the service gives none.
    if ($checkoutForm.get().city?.id === cityId) $cityMethods.set([]);
  }
}

/** Resolves once the chosen city's methods are known (they may still be on their way). */
export function cityMethodsKnown(): Promise<void> {
  if ($cityMethods.get() !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = $cityMethods.listen((methods) => {
      if (methods === null) return;
      stop();
      resolve();
    });
  });
}
