import type { DeliveryPromiseRow } from '../content/deliveryPromises.ts';
import { deliveryPriceFor, freeDeliveryVerdict } from '../checkout/freeDelivery.ts';
import { absoluteUrl } from './jsonLd.ts';

/**
 * The shop's delivery and return terms as schema.org sees them on a product's `Offer`
 * (`shippingDetails`, `hasMerchantReturnPolicy`): Google's merchant listings ask for both.
 */

/** Where the shop delivers: Ukraine only (spec: the delivery service's settlements). */
const COUNTRY = 'UA';
/** Orders leave the warehouse the same or the next working day. */
const HANDLING_DAYS = { min: 0, max: 1 } as const;

/** Working days in a delivery term as the service words it («1-2 дня», «3-5 днів»; «в день заказа» is 0). */
export function termDays(term: string): { min: number; max: number } {
  const [first, second] = (term.match(/\d+/g) ?? []).map(Number);
  if (first === undefined) return { min: 0, max: 0 };
  return { min: first, max: second ?? first };
}

const dayRange = (days: { min: number; max: number }): object => ({
  '@type': 'QuantitativeValue',
  minValue: days.min,
  maxValue: days.max,
  unitCode: 'DAY',
});

/**
 * One `OfferShippingDetails` per method shoppers anywhere in Ukraine can choose (pickup is not
 * shipping; a courier of the home city only is not Ukraine-wide), each at the price the checkout
 * would charge for this one item: free-delivery methods cost 0 once the item alone reaches the
 * threshold (FREE_DELIVERY, the order service's own rule).
 */
export function shippingDetailsLd(rows: readonly DeliveryPromiseRow[], itemPrice: number): object[] {
  const verdict = freeDeliveryVerdict({ lines: itemPrice, offTheOrder: [] });
  return rows
    .filter((row) => row.slug !== 'pick-and-collect' && row.reach !== 'homeCity')
    .map((row) => ({
      '@type': 'OfferShippingDetails',
      shippingLabel: row.title,
      shippingRate: {
        '@type': 'MonetaryAmount',
        value: deliveryPriceFor(row.slug, row.price, verdict),
        currency: 'UAH',
      },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: COUNTRY },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: dayRange(HANDLING_DAYS),
        transitTime: dayRange(termDays(row.term)),
      },
    }));
}

/** Days to return goods of proper quality (the shop's «Обмен и возврат» page; the consumer law's 14). */
const RETURN_DAYS = 14;

/**
 * The shop's return terms (info page `exchange-and-return`): 14 days, in any shop or by Nova
 * Poshta, the shopper paying the postage (docs: the return page says nothing of who pays; the law
 * puts it on the buyer for goods of proper quality).
 */
export function returnPolicyLd(origin: string, policyPath: string): object {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: COUNTRY,
    returnPolicyCountry: COUNTRY,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_DAYS,
    returnMethod: ['https://schema.org/ReturnInStore', 'https://schema.org/ReturnByMail'],
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    merchantReturnLink: absoluteUrl(origin, policyPath),
  };
}
