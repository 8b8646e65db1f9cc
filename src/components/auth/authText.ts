import type { Locale } from '../../api/schemas/common.ts';
import { auth as ru } from '../../i18n/ru.json';
import { auth as uk } from '../../i18n/uk.json';
import { sectionText, type SectionText } from '../../i18n/sectionText.ts';

/** The auth modal's strings: the `auth` section of each language file (src/i18n/sectionText.ts). */
type Entries = typeof ru;

export type AuthText = SectionText<Entries>;

/** The auth modal's translator for a language: `t('logIn')` → "Войти". */
export function authText(locale: Locale): AuthText {
  return sectionText<Entries>({ ru, uk }, locale);
}
