import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';
import { deliveryCharge } from '../../domain/checkout/deliveryRules.ts';
import { checkout as ru } from '../../i18n/ru.json';
import { checkout as uk } from '../../i18n/uk.json';
import { sectionText, type SectionText } from '../../i18n/sectionText.ts';

/** The checkout island's strings: the `checkout` section of each language file (src/i18n/sectionText.ts). */
export type CheckoutText = SectionText<typeof ru>;

export function checkoutText(locale: Locale): CheckoutText {
  return sectionText<typeof ru>({ ru, uk }, locale);
}

/** A delivery method's price in words: its amount, «free» (pickup, or free delivery by the rule), or the carrier's tariff. */
export function deliveryPriceText(method: DeliveryMethod, freeDelivery: boolean, t: CheckoutText): string {
  const charge = deliveryCharge(method, freeDelivery);
  if (charge === 'amount') return t('money', { amount: method.price });
  return charge === 'free' ? t('free') : t('deliveryByCarrier');
}
