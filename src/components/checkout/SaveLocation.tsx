import { useStore } from '@nanostores/react';
import { $locationOffer, $saveLocationWanted } from '../../stores/checkout/savedLocations.ts';
import type { CheckoutText } from './checkoutText.ts';

/**
 * «Save this address» for a signed-in shopper whose delivery place is complete and not saved yet
 * (src/domain/checkout/locationToSave.ts); it is saved once the order exists. Says when it will
 * become the default location (accounts spec §4 rule).
 */
export function SaveLocation({ t }: { t: CheckoutText }) {
  const offer = useStore($locationOffer);
  const wanted = useStore($saveLocationWanted);
  if (offer === null) return null;
  return (
    <div className="checkout-save-location" data-save-location>
      <label className="checkout-check">
        <input
          type="checkbox"
          checked={wanted}
          aria-describedby={offer.becomesDefault ? 'checkout-save-location-note' : undefined}
          onChange={(event) => $saveLocationWanted.set(event.currentTarget.checked)}
        />
        {t('saveLocation')}
      </label>
      {offer.becomesDefault && (
        <p className="checkout-hint" id="checkout-save-location-note">
          {t('saveLocationDefault')}
        </p>
      )}
    </div>
  );
}
