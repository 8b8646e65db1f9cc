import { log } from '../../log/log.ts';
import { getOftenUsedSettlements, getShopConfigs } from '../../api/delivery.ts';
import type { CheckoutPageModel } from '../../domain/checkout/checkoutPageModel.ts';
import type { PageRequest } from '../request/pageOutcome.ts';

/** The page waits this long for the delivery service; after that the island asks it itself. */
const DELIVERY_TIMEOUT_MS = 2000;

function optional<T>(what: string, pending: Promise<T>, fallback: T): Promise<T> {
  return pending.catch((error: unknown) => {
    log.error(`[checkout] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  });
}

/** `/checkout`: the often used cities and the shop configs for the island (see CheckoutPageModel). */
export async function loadCheckoutPage(request: PageRequest): Promise<CheckoutPageModel> {
  const opts = { timeoutMs: DELIVERY_TIMEOUT_MS };
  const [often, shops] = await Promise.all([
    optional('often used cities', getOftenUsedSettlements(request.api, undefined, opts), null),
    optional('shop configs', getShopConfigs(request.api, opts), null),
  ]);
  return { oftenUsed: often?.items ?? [], shops };
}
