import type { Locale } from '../../api/schemas/common.ts';
import { auth as ru } from '../../i18n/auth.ru.json';
import { auth as uk } from '../../i18n/auth.uk.json';
import { sectionText, type SectionText } from '../../i18n/sectionText.ts';

/**
 * The auth modal's strings: the `auth` section, in a language file pair of its own
 * (src/i18n/auth.{ru,uk}.json). Inside ru.json/uk.json it would share their module with the basket's
 * and the checkout's sections, and the bundler would put it in the chunk those pages load at once
 * (+1.7 KB gzip on every basket and checkout page for a modal they may never open); on its own it
 * loads with the modal.
 */
type Entries = typeof ru;

export type AuthText = SectionText<Entries>;

/** The auth modal's translator for a language: `t('logIn')` → "Войти". */
export function authText(locale: Locale): AuthText {
  return sectionText<Entries>({ ru, uk }, locale);
}
