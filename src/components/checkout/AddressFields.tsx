import { useStore } from '@nanostores/react';
import type { Locale } from '../../api/schemas/common.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import type { FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { BUILDING_MAX_LENGTH } from '../../domain/checkout/checkoutValidation.ts';
import { localized } from '../../i18n/localized.ts';
import { updateField } from '../../stores/checkout/checkoutForm.ts';
import { $streetOptions, chooseStreet, typeStreet } from '../../stores/checkout/deliveryChoice.ts';
import { FieldMessage, errorOf, fieldId, TextField } from './CheckoutField.tsx';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  form: CheckoutForm;
  errors: readonly FieldError[];
  locale: Locale;
  t: CheckoutText;
}

/**
 * A courier's address: the street (typed, with the city's streets offered from 2 characters), the
 * building and the apartment; try-on at the door with the shop's own courier only (spec §9 'Примірка').
 */
export function AddressFields({ form, errors, locale, t }: Props) {
  const streets = useStore($streetOptions);
  const id = fieldId('street');
  const streetError = errorOf(errors, 'street');
  return (
    <div className="checkout-address">
      <div className={streetError ? 'checkout-field checkout-field-error' : 'checkout-field'}>
        <label htmlFor={id}>{t('street')}</label>
        <input
          id={id}
          type="text"
          autoComplete="address-line1"
          placeholder={t('streetPlaceholder')}
          value={form.streetTypeShortName ? `${form.streetTypeShortName} ${form.street}` : form.street}
          aria-invalid={streetError !== null}
          aria-describedby={streetError ? `${id}-error` : undefined}
          onChange={(event) => typeStreet(event.currentTarget.value)}
        />
        <FieldMessage id={id} error={streetError} />
        {streets.items.length > 0 && (
          <ul className="checkout-options" aria-label={t('street')}>
            {streets.items.map((street) => (
              <li key={street.ref}>
                <button type="button" onClick={() => chooseStreet(street)}>
                  {localized(locale, street.type, street.typeUkr)} {localized(locale, street.name, street.nameUkr)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="checkout-grid checkout-grid-small">
        <TextField
          field="building"
          label={t('building')}
          maxLength={BUILDING_MAX_LENGTH}
          value={form.building}
          error={errorOf(errors, 'building')}
          onChange={(value) => updateField('building', value)}
        />
        <TextField
          field="apartment"
          label={t('apartment')}
          maxLength={BUILDING_MAX_LENGTH}
          value={form.apartment}
          error={errorOf(errors, 'apartment')}
          onChange={(value) => updateField('apartment', value)}
        />
      </div>
      {form.deliveryMethodSlug === 'im-courier' && (
        <label className="checkout-check">
          <input
            type="checkbox"
            checked={form.tryClothes}
            onChange={(event) => updateField('tryClothes', event.currentTarget.checked)}
          />
          {t('tryClothes')}
        </label>
      )}
    </div>
  );
}
