import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';
import { deliveryCharge } from '../checkout/deliveryRules.ts';

/**
 * The delivery methods of the shopper's city as the basket and the product page list them (issue 25):
 * the name and the time in the page's language and how the price reads, by the checkout's own rule
 * (deliveryCharge: an amount, free, or the carrier's tariff paid on receipt). A quote the parcel does
 * not fit (`available: false`, the product page's calculation) is left out; the service's order stays.
 */
export interface DeliveryMethodRow {
  slug: string;
  title: string;
  /** Delivery time in words ('1-2 дня'), '' when the service gives none. */
  time: string;
  charge: 'amount' | 'free' | 'carrier';
  /** UAH; meaningful when `charge` is 'amount'. */
  price: number;
}

type ListedMethod = Pick<
  DeliveryMethod,
  'slug' | 'type' | 'price' | 'title' | 'titleUkr' | 'shortDescription' | 'shortDescriptionUkr'
> & { available?: boolean };

/** `freeDelivery`: the goods reach the free-delivery rule (free methods at 0 read «free», not the tariff). */
export function deliveryMethodRows(
  methods: readonly ListedMethod[],
  locale: Locale,
  freeDelivery: boolean,
): DeliveryMethodRow[] {
  return methods
    .filter((method) => method.available !== false)
    .map((method) => ({
      slug: method.slug,
      title: locale === 'uk' ? method.titleUkr || method.title : method.title,
      time: (locale === 'uk' ? method.shortDescriptionUkr || method.shortDescription : method.shortDescription).trim(),
      charge: deliveryCharge(method, freeDelivery),
      price: method.price,
    }));
}
