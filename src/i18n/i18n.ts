import i18next, { type TFunction } from 'i18next';
import type { Locale } from './locale.ts';
import ru from './ru.json';
import uk from './uk.json';

export const resources = { ru: { translation: ru }, uk: { translation: uk } } as const;

/**
 * A fresh i18next instance per request: one global instance would mix languages between
 * concurrent server renders (the reason astro-i18next is not used). Resources are bundled, so
 * `init` completes synchronously and costs microseconds.
 */
export function createT(locale: Locale): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t;
}
