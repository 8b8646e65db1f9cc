import type { Shopper } from '../../api/schemas/session.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { FUNNEL_STEP, REGISTERED_USER } from '../../domain/analytics/checkoutFunnel.ts';
import {
  defaultCityId,
  prefillContact,
  savedDeliveryMethod,
  withSavedAddress,
} from '../../domain/checkout/checkoutPrefill.ts';
import { DELIVERY_TYPE, isBranchSlug } from '../../domain/checkout/deliveryRules.ts';
import { hasCustomerHint, SESSION_CHANGE_EVENT } from '../../domain/session/customerHint.ts';
import { track } from '../analytics.ts';
import { pageLocale } from '../net.ts';
import { $checkoutContext } from './checkoutContext.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { readShopper, shopperIsGuest } from './checkoutShopper.ts';
import { chooseBranch, chooseCity, chooseDeliveryMethod, chooseShop } from './deliveryChoice.ts';
import { cityMethodsKnown } from './deliveryFacts.ts';
import { checkoutClients } from './serviceClients.ts';

/**
 * A signed-in shopper's contact and default location fill what is empty (src/domain/checkout/
 * checkoutPrefill.ts; accounts spec §3): at the start when this browser has a session (the hint),
 * and when the shopper signs in from the checkout (the session's change event; the state is the
 * auth store's own, never the event's detail, which anyone could send).
 */
export async function prefillFromSession(): Promise<void> {
  const fromStore = async () => {
    const { signedInShopper } = await import('./sessionShopper.ts');
    const shopper = signedInShopper();
    if (shopper) {
      prefill(shopper);
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
  if (cityId !== null && location) void chooseCityById(cityId).then(() => chooseSavedDelivery(location));
}

async function chooseCityById(cityId: number): Promise<void> {
  try {
    const { browserApi, getSettlement } = await checkoutClients();
    const settlement = await getSettlement(browserApi(pageLocale()), cityId);
    // The shopper may have chosen a city meanwhile: theirs stays.
    if ($checkoutForm.get().city === null) chooseCity(settlement);
  } catch (error) {
    console.warn('[checkout] the default city could not be read:', error instanceof Error ? error.message : error);
  }
}

/**
 * The default location's method, then its branch, address or shop (accounts spec §3), each only
 * while the shopper has not chosen otherwise. A branch is read back from the delivery service by
 * its ref, so the order carries the service's own line for it, and a closed branch is not chosen.
 */
async function chooseSavedDelivery(location: SavedLocation): Promise<void> {
  if ($checkoutForm.get().city?.id !== location.cityId) return;
  await cityMethodsKnown();
  const slug = savedDeliveryMethod(
    $checkoutForm.get(),
    location,
    $checkoutContext.get().methods.map((m) => m.slug),
  );
  if (slug === null) return;
  chooseDeliveryMethod(slug);
  const form = $checkoutForm.get();
  if (form.deliveryType === DELIVERY_TYPE.address) $checkoutForm.set(withSavedAddress(form, location));
  if (
    form.deliveryType === DELIVERY_TYPE.pickup &&
    $checkoutContext.get().pickupPoints.some((s) => s.ref === location.shopRef)
  ) {
    chooseShop(location.shopRef);
  }
  if (!isBranchSlug(slug) || location.branchRef === '') return;
  try {
    const { browserApi, findBranch } = await checkoutClients();
    const branch = await findBranch(browserApi(pageLocale()), location.cityId, slug, location.branchRef);
    const now = $checkoutForm.get();
    if (branch && now.deliveryMethodSlug === slug && now.deliveryBranchRef === '') chooseBranch(branch);
  } catch (error) {
    console.warn('[checkout] the saved branch could not be read:', error instanceof Error ? error.message : error);
  }
}
