import { z } from 'zod';
import { callEndpoint, type EndpointResult } from './endpointCall.ts';
import type { Locale } from './schemas/common.ts';

/**
 * The storefront's own endpoint for «Купить в один клик» from the browser's basket
 * (src/server/basket/basketOneClick.ts): the lines, a phone, a name and the form's intent; the
 * answer is the placed order's page, or the refusal with its messages by field.
 */
export const BASKET_ONE_CLICK_PATH = '/api/basket/one-click';

const placedSchema = z.object({ hash: z.string().min(1), location: z.string().startsWith('/') });

export interface BasketOneClickBody {
  items: { productId: number; internalId: number; quantity: number }[];
  phone: string;
  firstName: string;
  /** The form's UUID; without it the server keys the order by the shopper's address and time. */
  intent?: string;
}

/** One order per intent on the server (oneClickKey), so a retry of a lost answer orders once. */
export function sendBasketOneClick(
  body: BasketOneClickBody,
  locale: Locale,
): Promise<EndpointResult<z.infer<typeof placedSchema>>> {
  return callEndpoint(BASKET_ONE_CLICK_PATH, placedSchema, { method: 'POST', body, locale, timeoutMs: 20_000 });
}
