import type { Locale } from '../../api/schemas/common.ts';
import { checkout as ru } from '../../i18n/ru.json';
import { checkout as uk } from '../../i18n/uk.json';
import { sectionText, type SectionText } from '../../i18n/sectionText.ts';

/** The checkout island's strings: the `checkout` section of each language file (src/i18n/sectionText.ts). */
export type CheckoutText = SectionText<typeof ru>;

export function checkoutText(locale: Locale): CheckoutText {
  return sectionText<typeof ru>({ ru, uk }, locale);
}
