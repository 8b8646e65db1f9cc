import type { Shopper } from '../../api/schemas/session.ts';
import { formatPhone } from '../format/phone.ts';
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
    phone: fill(form.phone, shopper.phone === '' ? '' : formatPhone(shopper.phone)),
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
