import { useStore } from '@nanostores/react';
import type { Locale } from '../../api/schemas/common.ts';
import { formatShopLine } from '../../domain/checkout/addressFormat.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { allShops } from '../../domain/checkout/deliveryRules.ts';
import { isOnSavedLocation, savedLocationLine } from '../../domain/checkout/savedLocationChoice.ts';
import { $shopConfigs } from '../../stores/checkout/deliveryFacts.ts';
import { $savedLocations, chooseSavedLocation } from '../../stores/checkout/savedLocations.ts';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  form: CheckoutForm;
  locale: Locale;
  t: CheckoutText;
}

/**
 * A signed-in shopper's saved locations as one-tap choices above the city (accounts spec §3; issue
 * 29: they were never offered): a tap puts the checkout on the location's city, method and branch,
 * address or shop. Nothing shows for a guest or a shopper without saved locations.
 */
export function SavedLocations({ form, locale, t }: Props) {
  const locations = useStore($savedLocations);
  const configs = useStore($shopConfigs);
  if (locations.length === 0) return null;
  const shops = configs ? allShops(configs) : [];
  // The endpoint names each location's city and branch in the page's language (savedLocationsFlow.ts).
  return (
    <div className="checkout-field" data-saved-locations>
      <span className="checkout-label" id="checkout-saved-heading">
        {t('savedLocations')}
      </span>
      <ul className="checkout-options" aria-labelledby="checkout-saved-heading">
        {locations.map((location) => {
          const shop = shops.find((s) => s.ref === location.shopRef);
          return (
            <li key={location.id}>
              <button
                type="button"
                aria-pressed={isOnSavedLocation(form, location)}
                onClick={() => void chooseSavedLocation(location)}
              >
                {savedLocationLine(location, locale, shop ? formatShopLine(shop, locale) : null)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
