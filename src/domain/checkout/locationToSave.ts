import type { LocationBody } from '../../api/schemas/account.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import type { CheckoutForm } from './checkoutForm.ts';
import { DELIVERY_TYPE } from './deliveryRules.ts';
import { isOnSavedLocation } from './savedLocationChoice.ts';

/**
 * «Save this address»: the checkout's delivery place as an account's saved location (accounts spec
 * §3 Saved location, §4 and storefront spec §4 "a new location becomes the default only if the user
 * has no default, or the current default has no delivery method slug and is in the same city").
 */

/**
 * The place the form is on, as the shop's location body (the server reads names and refs from the
 * delivery service): the city, the method and what it needs — a branch, a street and building, or
 * a shop. Null while the place is not complete.
 */
export function locationToSave(form: CheckoutForm): LocationBody | null {
  const { city, deliveryMethodSlug: slug } = form;
  if (city === null || slug === null) return null;
  const base = {
    cityId: city.id,
    deliveryMethodSlug: slug,
    branchRef: '',
    street: '',
    building: '',
    apartment: '',
    shopRef: '',
  };
  if (form.deliveryType === DELIVERY_TYPE.branch) {
    return form.deliveryBranchRef === '' ? null : { ...base, branchRef: form.deliveryBranchRef };
  }
  if (form.deliveryType === DELIVERY_TYPE.address) {
    const street = form.street.trim();
    const building = form.building.trim();
    if (street === '' || building === '') return null;
    return { ...base, street, building, apartment: form.apartment.trim() };
  }
  if (form.deliveryType === DELIVERY_TYPE.pickup)
    return form.shopRef === '' ? null : { ...base, shopRef: form.shopRef };
  return null;
}

/**
 * Spec §4's default rule for a location about to be added: no default yet, or the default has no
 * delivery method and is in the same city (by the settlement's ref, as the user service judges it).
 */
export function becomesDefault(saved: readonly SavedLocation[], cityRef: string): boolean {
  const current = saved.find((location) => location.isDefault);
  if (!current) return true;
  return current.deliveryMethodSlug === null && current.cityRef === cityRef;
}

/** What the checkout offers to save: the body and whether it will become the default; null for nothing to offer. */
export interface LocationOffer {
  body: LocationBody;
  becomesDefault: boolean;
}

/**
 * The offer for a signed-in shopper whose place is complete and not one of the saved ones already
 * (the same city, method and branch, shop or street and building); null otherwise.
 */
export function locationOffer(
  form: CheckoutForm,
  saved: readonly SavedLocation[],
  signedIn: boolean,
): LocationOffer | null {
  if (!signedIn) return null;
  const body = locationToSave(form);
  if (body === null || saved.some((location) => isOnSavedLocation(form, location))) return null;
  return { body, becomesDefault: becomesDefault(saved, form.cityRef) };
}
