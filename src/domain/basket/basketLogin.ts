import { CERTIFICATE_LIMIT } from './basketItem.ts';
import { mergeBaskets } from './basketRules.ts';
import type { StoredBasket } from './storedBasket.ts';

/**
 * Storefront spec §4: "On login the anonymous basket is merged into the user basket, the anonymous
 * copy is removed and a check follows." The lines merge by the basket's own rule (mergeBaskets: the
 * same line adds its quantities, capped at the line limit and the stock last seen; the customer's
 * lines first, then the anonymous ones up to the basket's limit; one gift per list); codes entered
 * as anonymous join the customer's (each once, up to the limit). The result has never been checked.
 */
export function mergeAnonymousBasket(customer: StoredBasket, anonymous: StoredBasket): StoredBasket {
  const certificates = [...customer.certificates];
  for (const code of anonymous.certificates) {
    if (certificates.length >= CERTIFICATE_LIMIT) break;
    if (!certificates.some((c) => c.type === code.type && c.key === code.key)) certificates.push(code);
  }
  return { items: mergeBaskets(customer.items, anonymous.items), certificates, lastUpdatedTime: null };
}
