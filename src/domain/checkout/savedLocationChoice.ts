import type { Locale } from '../../api/schemas/common.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { deliveryMethodLabel } from '../order/deliveryMethodLabel.ts';
import type { CheckoutForm } from './checkoutForm.ts';
import { DELIVERY_TYPE } from './deliveryRules.ts';

/**
 * A signed-in shopper's saved locations offered as choices at the checkout (issue 29; accounts
 * spec §3 Saved location): each as one line, and which one the form is on now.
 */

/** «Київ · Нова Пошта: відділення · Відділення №17 (до 30 кг)»: the city, the method, the branch or address. */
export function savedLocationLine(location: SavedLocation, locale: Locale, shopLine: string | null): string {
  const method = location.deliveryMethodSlug ? deliveryMethodLabel(location.deliveryMethodSlug, locale) : '';
  let place = '';
  if (location.type === DELIVERY_TYPE.branch) place = location.branch;
  else if (location.type === DELIVERY_TYPE.address) {
    place = [`${location.streetTypeName} ${location.street}`.trim(), location.building, location.apartment]
      .filter(Boolean)
      .join(', ');
  } else place = shopLine ?? '';
  return [location.city, method, place].filter(Boolean).join(' · ');
}

/** The form is on this location: its city, its method and its branch, shop or street and building. */
export function isOnSavedLocation(form: CheckoutForm, location: SavedLocation): boolean {
  if (form.city?.id !== location.cityId || form.deliveryMethodSlug !== location.deliveryMethodSlug) return false;
  if (location.type === DELIVERY_TYPE.branch) return form.deliveryBranchRef === location.branchRef;
  if (location.type === DELIVERY_TYPE.pickup) return form.shopRef === location.shopRef;
  return form.street.trim() === location.street.trim() && form.building.trim() === location.building.trim();
}
