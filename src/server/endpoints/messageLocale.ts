import type { Locale } from '../../api/schemas/common.ts';

/**
 * The language an endpoint's messages are in: the page's, which the caller says in `?locale=uk|ru`
 * (src/api/endpointCall.ts sends it; the account pages' forms carry it in their action, as the
 * endpoints have no /ua path), else the path's.
 */
export function messageLocale(url: URL, fallback: Locale): Locale {
  const asked = url.searchParams.get('locale');
  return asked === 'uk' || asked === 'ru' ? asked : fallback;
}
