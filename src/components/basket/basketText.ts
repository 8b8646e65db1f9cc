import type { Locale } from '../../api/schemas/common.ts';
import { basket as ru } from '../../i18n/ru.json';
import { basket as uk } from '../../i18n/uk.json';
import { sectionText, type SectionKey, type SectionText } from '../../i18n/sectionText.ts';

/** The basket islands' strings: the `basket` section of each language file (src/i18n/sectionText.ts). */
type Entries = typeof ru;

export type BasketTextKey = SectionKey<Entries>;
export type BasketText = SectionText<Entries>;

/** The basket's translator for a language: `t('goods', { count: 3 })` → "3 товара". */
export function basketText(locale: Locale): BasketText {
  return sectionText<Entries>({ ru, uk }, locale);
}
