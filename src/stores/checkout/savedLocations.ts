import { log } from '../../log/log.ts';
import { atom, computed } from 'nanostores';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { savedDeliveryMethod, withSavedAddress } from '../../domain/checkout/checkoutPrefill.ts';
import { DELIVERY_TYPE, isBranchSlug } from '../../domain/checkout/deliveryRules.ts';
import { locationOffer, type LocationOffer } from '../../domain/checkout/locationToSave.ts';
import { pageLocale } from '../net.ts';
import { $checkoutContext } from './checkoutContext.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { $checkoutShopper } from './checkoutShopper.ts';
import { chooseBranch, chooseCity, chooseDeliveryMethod, chooseShop } from './deliveryChoice.ts';
import { cityMethodsKnown } from './deliveryFacts.ts';
import { checkoutClients } from './serviceClients.ts';

/**
 * A signed-in shopper's saved locations (accounts spec §3) at the checkout: the default one fills
 * an empty checkout (sessionPrefill.ts, accounts spec §4), and every one is offered as a choice
 * (issue 29): a tap puts the checkout on its city, method and branch, address or shop.
 */

export const $savedLocations = atom<SavedLocation[]>([]);

/** Reads the shopper's locations (signed in only); none are offered when they cannot be read. */
export async function loadSavedLocations(): Promise<void> {
  try {
    const { readSavedLocations } = await checkoutClients();
    const result = await readSavedLocations(pageLocale());
    $savedLocations.set(result.ok ? result.value.locations : []);
  } catch (error) {
    log.warn('[checkout] the saved locations could not be read:', error instanceof Error ? error.message : error);
  }
}

/** Chooses the settlement of `cityId` unless the checkout is on it; false when it cannot be read. */
async function chooseCityById(cityId: number, onlyIfNone: boolean): Promise<boolean> {
  if ($checkoutForm.get().city?.id === cityId) return true;
  try {
    const { browserApi, getSettlement } = await checkoutClients();
    const settlement = await getSettlement(browserApi(pageLocale()), cityId);
    // A default location waits for the shopper: a city she chose meanwhile stays.
    if (onlyIfNone && $checkoutForm.get().city !== null) return false;
    chooseCity(settlement);
    return true;
  } catch (error) {
    log.warn('[checkout] the saved city could not be read:', error instanceof Error ? error.message : error);
    return false;
  }
}

/** Starts on the browser's remembered delivery city (issue 25) while the shopper has chosen none. */
export function startOnRememberedCity(cityId: number): void {
  void chooseCityById(cityId, true);
}

/**
 * The location's method, then its branch, address or shop (accounts spec §3). `chosen`: the
 * shopper tapped it, so it replaces what the form had; otherwise (the default location at the
 * start) each part is filled only while the shopper has chosen nothing else. A branch is read back
 * from the delivery service by its ref, so the order carries the service's own line for it, and a
 * closed branch is not chosen.
 */
async function applySavedDelivery(location: SavedLocation, chosen: boolean): Promise<void> {
  if ($checkoutForm.get().city?.id !== location.cityId) return;
  await cityMethodsKnown();
  const offered = $checkoutContext.get().methods.map((m) => m.slug);
  const slug = chosen
    ? location.deliveryMethodSlug !== null && offered.includes(location.deliveryMethodSlug)
      ? location.deliveryMethodSlug
      : null
    : savedDeliveryMethod($checkoutForm.get(), location, offered);
  if (slug === null) return;
  chooseDeliveryMethod(slug);
  const form = $checkoutForm.get();
  if (form.deliveryType === DELIVERY_TYPE.address) {
    const blank = chosen ? { ...form, street: '', streetRef: '', building: '', apartment: '' } : form;
    $checkoutForm.set(withSavedAddress(blank, location));
  }
  if (
    form.deliveryType === DELIVERY_TYPE.pickup &&
    $checkoutContext.get().pickupPoints.some((s) => s.ref === location.shopRef)
  ) {
    chooseShop(location.shopRef);
  }
  if (!isBranchSlug(slug) || location.branchRef === '') return;
  if (!chosen && form.deliveryBranchRef !== '') return;
  try {
    const { browserApi, findBranch } = await checkoutClients();
    const branch = await findBranch(browserApi(pageLocale()), location.cityId, slug, location.branchRef);
    const now = $checkoutForm.get();
    if (branch && now.deliveryMethodSlug === slug && (chosen || now.deliveryBranchRef === '')) chooseBranch(branch);
  } catch (error) {
    log.warn('[checkout] the saved branch could not be read:', error instanceof Error ? error.message : error);
  }
}

/** The default location at the start, where the shopper has chosen nothing yet (accounts spec §4). */
export async function prefillSavedLocation(location: SavedLocation): Promise<void> {
  if (await chooseCityById(location.cityId, true)) await applySavedDelivery(location, false);
}

/** A saved location the shopper tapped: the checkout goes onto it. */
export async function chooseSavedLocation(location: SavedLocation): Promise<void> {
  if (await chooseCityById(location.cityId, false)) await applySavedDelivery(location, true);
}

/** The shopper ticked «save this address» (off until they do: saving is their choice). */
export const $saveLocationWanted = atom(false);

/** The place the checkout may save to the account now (a signed-in shopper, a complete place not saved yet). */
export const $locationOffer = computed([$checkoutForm, $savedLocations, $checkoutShopper], (form, saved, shopper) =>
  locationOffer(form, saved, shopper.signedIn),
);

/** Long enough for the delivery and user services; the order's page should not wait longer. */
const SAVE_TIMEOUT_MS = 4000;

/** The place to save once the order exists, taken before the checkout resets it; null when none is wanted. */
export function locationToKeep(): LocationOffer | null {
  return $saveLocationWanted.get() ? $locationOffer.get() : null;
}

/**
 * Saves the place to the account (after the order exists, so a refused order saves nothing). A
 * failure only logs: the order is placed and the shopper can add the place in the account.
 */
export async function keepLocation(offer: LocationOffer): Promise<void> {
  try {
    const { saveCheckoutLocation } = await checkoutClients();
    const result = await saveCheckoutLocation(offer.body, pageLocale(), SAVE_TIMEOUT_MS);
    if (!result.ok) log.warn('[checkout] the address was not saved:', result.status, result.refusal.message);
  } catch (error) {
    log.warn('[checkout] the address was not saved:', error instanceof Error ? error.message : error);
  }
}
