import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod, DeliveryMethodSlug, Settlement } from '../../api/schemas/delivery.ts';
import { formatAmount } from '../../i18n/amount.ts';
import { localized } from '../../i18n/localized.ts';
import { DELIVERY_METHOD_SLUGS, availableDeliveryMethods, isMethodAllowedInCity } from '../checkout/deliveryRules.ts';
import { FREE_DELIVERY, isFreeDeliveryMethod } from '../checkout/freeDelivery.ts';

/**
 * What the shop promises about delivery (issue 29, "free delivery promised, then charged"), made
 * from the rules the checkout applies instead of typed into the CMS: the free-delivery threshold
 * (FREE_DELIVERY) and the methods the delivery service offers in the cities shoppers pick most,
 * filtered by the same spec §5 rules (availableDeliveryMethods, isMethodAllowedInCity).
 */

/** The CMS placeholder for the threshold: `{{freeDeliveryFrom}}` becomes «1 500». */
export const FREE_DELIVERY_PLACEHOLDER = '{{freeDeliveryFrom}}';

/** Text with the free-delivery threshold filled in (CMS pages, slides). */
export function fillDeliveryPromises(text: string): string {
  return text.split(FREE_DELIVERY_PLACEHOLDER).join(formatAmount(FREE_DELIVERY.threshold));
}

/** Where a method is offered (spec §5 couriers by city). */
export type MethodReach = 'homeCity' | 'outsideHomeCity' | 'whereOffered';

/** One row of the delivery page's table. */
export interface DeliveryPromiseRow {
  slug: DeliveryMethodSlug;
  title: string;
  /** The lowest price the service asks for it among the cities read (UAH). */
  price: number;
  /** Free from FREE_DELIVERY.threshold. */
  freeFromThreshold: boolean;
  term: string;
  reach: MethodReach;
}

/** Spec §5 reach of a method, asked of the same rule the checkout uses. */
function reachOf(slug: DeliveryMethodSlug, homeCityId: number, elsewhereId: number): MethodReach {
  const home = isMethodAllowedInCity(slug, homeCityId);
  const elsewhere = isMethodAllowedInCity(slug, elsewhereId);
  if (home && !elsewhere) return 'homeCity';
  if (!home && elsewhere) return 'outsideHomeCity';
  return 'whereOffered';
}

/**
 * The delivery page's methods: every method some of `cities` offers that the checkout would let a
 * shopper choose there (pickup is left in: whether a shop takes the parcel depends on the basket),
 * in the spec's slug order, at the lowest price asked, each with its reach. Empty when no city
 * could be read (the page then shows the CMS text alone).
 */
export function deliveryPromiseRows(
  cities: readonly Settlement[],
  homeCityId: number,
  locale: Locale,
): DeliveryPromiseRow[] {
  const best = new Map<DeliveryMethodSlug, DeliveryMethod>();
  let elsewhereId = homeCityId;
  for (const city of cities) {
    if (city.id !== homeCityId) elsewhereId = city.id;
    const offered = availableDeliveryMethods({
      cityId: city.id,
      methods: city.deliveryMethods ?? [],
      shops: null,
      weight: 0,
    });
    const pickup = (city.deliveryMethods ?? []).filter((m) => m.slug === 'pick-and-collect' && m.type === 3);
    for (const method of [...offered, ...pickup]) {
      const known = best.get(method.slug);
      if (!known || method.price < known.price) best.set(method.slug, method);
    }
  }
  return DELIVERY_METHOD_SLUGS.flatMap((slug) => {
    const method = best.get(slug);
    if (!method) return [];
    return [
      {
        slug,
        title: localized(locale, method.title, method.titleUkr),
        price: method.price,
        freeFromThreshold: isFreeDeliveryMethod(slug),
        term: localized(locale, method.shortDescription, method.shortDescriptionUkr),
        reach: reachOf(slug, homeCityId, elsewhereId === homeCityId ? homeCityId + 1 : elsewhereId),
      },
    ];
  });
}
