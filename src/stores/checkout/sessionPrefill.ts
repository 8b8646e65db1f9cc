import type { Shopper } from '../../api/schemas/session.ts';
import { FUNNEL_STEP, REGISTERED_USER } from '../../domain/analytics/checkoutFunnel.ts';
import { defaultCityId, prefillContact } from '../../domain/checkout/checkoutPrefill.ts';
import { hasCustomerHint, SESSION_CHANGE_EVENT } from '../../domain/session/customerHint.ts';
import { track } from '../analytics.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { readShopper, shopperIsGuest } from './checkoutShopper.ts';
import { loadSavedLocations, prefillSavedLocation } from './savedLocations.ts';

/**
 * A signed-in shopper's contact and default location fill what is empty (src/domain/checkout/
 * checkoutPrefill.ts; accounts spec §3), and their saved locations are offered (savedLocations.ts): at the start when this browser has a session (the hint),
 * and when the shopper signs in from the checkout (the session's change event; the state is the
 * auth store's own, never the event's detail, which anyone could send).
 */
export async function prefillFromSession(): Promise<void> {
  const fromStore = async () => {
    const { signedInShopper } = await import('./sessionShopper.ts');
    const shopper = signedInShopper();
    if (shopper) {
      prefill(shopper);
      void loadSavedLocations();
      track({ kind: 'checkoutStep', step: FUNNEL_STEP.login, option: REGISTERED_USER });
    }
    await readShopper();
  };
  // A sign-in from the checkout's «Войти»: the modal has loaded the auth store, whose state is parsed.
  window.addEventListener(SESSION_CHANGE_EVENT, () => void fromStore());
  if (!hasCustomerHint(document.cookie)) {
    shopperIsGuest();
    return;
  }
  const { loadSession } = await import('./sessionShopper.ts');
  await loadSession();
  await fromStore();
}

function prefill(shopper: Shopper): void {
  $checkoutForm.set(prefillContact($checkoutForm.get(), shopper));
  const cityId = defaultCityId($checkoutForm.get(), shopper);
  const location = shopper.defaultLocation;
  if (cityId !== null && location) void prefillSavedLocation(location);
}
