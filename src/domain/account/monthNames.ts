import type { Locale } from '../../api/schemas/common.ts';

/** The months' names for a date picker, January first, in the page's language (standalone form). */
export function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale === 'uk' ? 'uk-UA' : 'ru-RU', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2024, index, 15))));
}
