import { NEW_USER, REGISTERED_USER } from '../domain/analytics/checkoutFunnel.ts';
import { hasCustomerHint } from '../domain/session/customerHint.ts';

/**
 * The funnel's user type (accounts spec §4) as the session's hint tells it. Apart from
 * src/stores/analytics.ts so the pages that only queue signals (the product page's basket) do not
 * carry the funnel's rules.
 */
export function visitorKind(): string {
  return hasCustomerHint(document.cookie) ? REGISTERED_USER : NEW_USER;
}
