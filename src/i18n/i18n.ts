import i18next, { type FormatterModule, type TFunction } from 'i18next';
import { formatAmount } from './amount.ts';
import type { Locale } from './locale.ts';
import ru from './ru.json';
import uk from './uk.json';

export const resources = { ru: { translation: ru }, uk: { translation: uk } } as const;

/** Interpolated numbers that are names, not quantities: never grouped ("2026", "slide 1205"). */
const IDENTIFIER_KEYS: ReadonlySet<string> = new Set(['year', 'id']);

/**
 * Spec §9: "Amounts use a space as thousands separator" — every number a shopper reads in a
 * translated text (counts, stock, bonus points, prices) goes through the shop's formatter, so
 * "Найдено 12345 товаров" can never be printed raw. Plural forms still see the raw number.
 */
const groupNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // i18next passes any value through here (strings, undefined for a missing variable …) and
  // expects it back unchanged unless this formatter has something to say about it.
  format: (value: string, _format, _lng, options) => {
    const raw: unknown = value;
    const key = typeof options?.['interpolationkey'] === 'string' ? options['interpolationkey'] : '';
    return typeof raw === 'number' && !IDENTIFIER_KEYS.has(key) ? formatAmount(raw) : value;
  },
};

/**
 * A fresh i18next instance per request: one global instance would mix languages between
 * concurrent server renders (the reason astro-i18next is not used). Resources are bundled, so
 * `init` completes synchronously and costs microseconds.
 */
export function createT(locale: Locale): TFunction {
  const instance = i18next.createInstance().use(groupNumbers);
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
  return instance.t;
}
