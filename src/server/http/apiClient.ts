import { createHttpClient } from '../../api/http.ts';
import { serviceBaseUrls } from '../../api/config.ts';
import type { Locale } from '../../i18n/locale.ts';

const baseUrls = serviceBaseUrls(process.env);

/** The storefront server's client of the five services, for anonymous public calls in `locale`. */
export function serverApi(locale: Locale) {
  return createHttpClient({ baseUrls, locale });
}
