import type { DeliveryMethodSlug } from '../../api/schemas/delivery.ts';
import type { Shopper } from '../../api/schemas/session.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { phoneFieldText } from './phoneField.ts';
import type { CheckoutForm } from './checkoutForm.ts';

/**
 * A signed-in shopper's checkout starts filled (issue 11; accounts spec §4 "the delivery city is set
 * from the default location"): the contact from the profile and the default location's city. Only
 * what is still empty is filled, so nothing the shopper typed (or the draft kept over a reload) is
 * ever overwritten.
 */
export function prefillContact(form: CheckoutForm, shopper: Shopper): CheckoutForm {
  const fill = (current: string, value: string) => (current.trim() === '' ? value : current);
  const next = {
    ...form,
    // As the phone field's mask shows it (the shopper may edit it there).
    phone: fill(form.phone, shopper.phone === '' ? '' : phoneFieldText(shopper.phone)),
    firstName: fill(form.firstName, shopper.firstName),
    lastName: fill(form.lastName, shopper.lastName),
    email: fill(form.email, shopper.email),
  };
  const same = (['phone', 'firstName', 'lastName', 'email'] as const).every((key) => next[key] === form[key]);
  return same ? form : next;
}

/** The settlement to choose for the shopper, or null: only while no city is chosen. */
export function defaultCityId(form: CheckoutForm, shopper: Shopper): number | null {
  return form.city === null && shopper.defaultLocation ? shopper.defaultLocation.cityId : null;
}

/**
 * What the default location says to choose once its city is the checkout's (accounts spec §3: a
 * saved location keeps its method, and its branch, address or shop): the method's slug, and what
 * goes with it. Null unless the checkout is on that city with no method chosen yet (a shopper who
 * has chosen keeps their choice) and the city offers that method for this basket today.
 */
export function savedDeliveryMethod(
  form: CheckoutForm,
  location: SavedLocation,
  offered: readonly DeliveryMethodSlug[],
): DeliveryMethodSlug | null {
  const slug = location.deliveryMethodSlug;
  if (slug === null || form.city?.id !== location.cityId || form.deliveryMethodSlug !== null) return null;
  return offered.includes(slug) ? slug : null;
}

/**
 * The saved address on a courier delivery, while the shopper has typed none of it. The saved street
 * is the text the shopper wrote in the account (no ref), so it goes in as typed.
 */
export function withSavedAddress(form: CheckoutForm, location: SavedLocation): CheckoutForm {
  if (location.street === '' || [form.street, form.building, form.apartment].some((value) => value.trim() !== '')) {
    return form;
  }
  return {
    ...form,
    street: location.street,
    streetRef: location.streetRef,
    streetTypeName: location.streetTypeName,
    streetTypeShortName: '',
    building: location.building,
    apartment: location.apartment,
  };
}
