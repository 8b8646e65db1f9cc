import { useStore } from '@nanostores/react';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { deliveryMethodRows } from '../../domain/delivery/deliveryMethodRows.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { $deliveryCityNames } from '../../stores/deliveryCity.ts';
import type { BasketText } from './basketText.ts';

interface Props {
  /** The methods the basket check answered for the remembered city (spec §7 `withDeliveryList`). */
  methods: readonly DeliveryMethod[];
  /** The goods reach free delivery: a free method at 0 reads «free», not the carrier's tariff. */
  freeDelivery: boolean;
  locale: Locale;
  t: BasketText;
}

/** Issue 25: how the goods reach the shopper's city, with prices, and a link to choose another city. */
export function BasketDeliveryMethods({ methods, freeDelivery, locale, t }: Props) {
  const city = useStore($deliveryCityNames);
  const rows = deliveryMethodRows(methods, locale, freeDelivery);
  if (rows.length === 0) return null;
  const name = city ? (locale === 'uk' ? city.nameUkr : city.name) : null;
  const back = typeof window === 'undefined' ? '/' : window.location.pathname;
  const picker = routeUrl(routeName('delivery-city', locale), {}, new URLSearchParams({ back }));
  return (
    <section className="basket-delivery" data-basket-delivery={city?.id ?? ''}>
      <p className="basket-delivery-title">
        <strong>{name ? t('deliveryTo', { city: name }) : t('deliveryToDefault')}</strong>{' '}
        <a href={picker}>{t('deliveryChangeCity')}</a>
      </p>
      <ul>
        {rows.map((row) => (
          <li key={row.slug} data-delivery-method={row.slug}>
            <span>
              {row.title}
              {row.time && <small> · {row.time}</small>}
            </span>
            <span>
              {row.charge === 'amount'
                ? t('money', { amount: row.price })
                : row.charge === 'free'
                  ? t('deliveryFree')
                  : t('deliveryByCarrier')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
