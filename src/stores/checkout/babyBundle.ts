import { log } from '../../log/log.ts';
import { atom } from 'nanostores';
import { pageLocale } from '../net.ts';
import { checkoutClients } from './serviceClients.ts';

/** Which of the basket's products the baby-bundle catalogue holds (payment type 7 needs all of them there). */
export const $bundleProductIds = atom<ReadonlySet<number>>(new Set());

/** Reads the bundle for the basket's products; none on failure (the payment type is then not offered). */
export async function refreshBundle(productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) {
    $bundleProductIds.set(new Set());
    return;
  }
  try {
    const { browserApi, babyBundleIdsAmong } = await checkoutClients();
    $bundleProductIds.set(await babyBundleIdsAmong(browserApi(pageLocale()), productIds));
  } catch (error) {
    log.warn('[checkout] the baby bundle could not be read:', error instanceof Error ? error.message : error);
    $bundleProductIds.set(new Set());
  }
}
