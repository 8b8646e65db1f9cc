import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { Settlement } from '../../api/schemas/delivery.ts';
import { settlementTypeShort } from '../../domain/checkout/addressFormat.ts';
import type { CheckoutCity } from '../../domain/checkout/checkoutForm.ts';
import { localized } from '../../i18n/localized.ts';
import { $cityOptions, chooseCity, searchCities } from '../../stores/checkout/deliveryChoice.ts';
import { FieldMessage, fieldId } from './CheckoutField.tsx';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  city: CheckoutCity | null;
  error: string | null;
  locale: Locale;
  t: CheckoutText;
}

/** "м. Буча, Київська обл." — the settlement as the picker and the chosen line show it. */
function cityLine(city: CheckoutCity, locale: Locale, t: CheckoutText): string {
  return t('cityOf', {
    type: settlementTypeShort(localized(locale, city.type, city.typeUkr), locale),
    name: localized(locale, city.name, city.nameUkr),
    region: localized(locale, city.regionName, city.regionNameUkr),
  });
}

/**
 * The city: the often used cities first (read with the page), then, from 2 characters, the
 * delivery service's matches as the shopper types. Choosing one closes the list; "change" opens it
 * again. A chosen city always shows as chosen, by its name in the page's language, however it came
 * (a pick, the draft after a reload or a language switch, the default location after a sign-in),
 * so the field never stands empty above a branch of that city.
 */
export function CityPicker({ city, error, locale, t }: Props) {
  const options = useStore($cityOptions);
  const [changing, setChanging] = useState(false);
  const id = fieldId('city');
  const listId = `${id}-list`;
  const pick = (settlement: Settlement) => {
    chooseCity(settlement);
    setChanging(false);
  };

  if (city !== null && !changing) {
    return (
      <div className="checkout-field checkout-chosen" data-chosen-city>
        <span className="checkout-label">{t('city')}</span>
        <p>
          <strong>{cityLine(city, locale, t)}</strong>{' '}
          <button
            type="button"
            className="checkout-link"
            id={id}
            onClick={() => {
              setChanging(true);
              searchCities('');
            }}
          >
            {t('changeCity')}
          </button>
        </p>
      </div>
    );
  }

  const short = options.query.trim().length < 2;
  return (
    <div className={error ? 'checkout-field checkout-field-error' : 'checkout-field'}>
      <label htmlFor={id}>{t('city')}</label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={t('cityPlaceholder')}
        value={options.query}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => searchCities(event.currentTarget.value)}
      />
      <FieldMessage id={id} error={error} />
      <p className="checkout-hint" role="status">
        {short ? t('oftenUsed') : options.status === 'loading' ? t('searching') : ''}
        {options.status === 'ready' && options.items.length === 0 ? t('nothingFound') : ''}
        {options.status === 'error' ? t('loadFailed') : ''}
      </p>
      <ul className="checkout-options checkout-cities" id={listId} aria-label={t('city')}>
        {options.items.map((settlement) => (
          <li key={settlement.id}>
            <button type="button" onClick={() => pick(settlement)}>
              {cityLine(settlement, locale, t)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
