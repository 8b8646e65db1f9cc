import type { Locale } from '../../api/schemas/common.ts';
/**
 * Structured data of the main page (schema.org, JSON-LD): the shop as an `Organization`, and the
 * site as a `WebSite` whose `SearchAction` tells search engines how to open our search results
 * (the sitelinks search box). URLs come in site-relative and leave absolute.
 */

const CONTEXT = 'https://schema.org';

/** The placeholder schema.org's SearchAction substitutes with the visitor's query. */
export const SEARCH_TERM = 'search_term_string';

export interface SiteLdInput {
  /** Origin of the site, e.g. `https://karapuz.ua`. */
  origin: string;
  /** `ru` or `uk`: schema.org `inLanguage` of the WebSite. */
  locale: Locale;
  /** The shop's name. */
  name: string;
  /** Site-relative URL of the main page in this locale (`/`, `/ua/`). */
  homePath: string;
  /** Site-relative URL of the search results page in this locale, without a query (`/search-result`). */
  searchPath: string;
  /** The shop's phone in international digits (`380800300100`); null: no contact point. */
  phone: string | null;
  /** Site-relative URL of the shop's raster logo. */
  logo: string;
  /** The shop's pages elsewhere (the footer's social links). */
  sameAs: readonly string[];
}

function absolute(origin: string, url: string): string {
  return new URL(url, origin).href;
}

/** The shop's `Organization`: one `@id` for both languages, as it is one shop. */
export function organizationJsonLd(input: SiteLdInput): object {
  const home = absolute(input.origin, '/');
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: input.name,
    url: home,
    logo: absolute(input.origin, input.logo),
    ...(input.sameAs.length > 0 ? { sameAs: [...input.sameAs] } : {}),
    ...(input.phone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            telephone: `+${input.phone.replace(/\D/g, '')}`,
            contactType: 'customer service',
            areaServed: 'UA',
            availableLanguage: ['ru', 'uk'],
          },
        }
      : {}),
  };
}

/**
 * The `WebSite` of one language, published by the Organization, with a `SearchAction` whose
 * template is the search results URL with `q` (the placeholder is left unencoded, as schema.org
 * requires).
 */
export function webSiteJsonLd(input: SiteLdInput): object {
  const home = absolute(input.origin, input.homePath);
  const search = new URL(input.searchPath, input.origin);
  search.search = '';
  search.hash = '';
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name: input.name,
    url: home,
    inLanguage: input.locale,
    publisher: { '@id': `${absolute(input.origin, '/')}#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${search.href}?q={${SEARCH_TERM}}` },
      'query-input': `required name=${SEARCH_TERM}`,
    },
  };
}

/** Both, in the order the main page prints them. */
export function siteJsonLd(input: SiteLdInput): object[] {
  return [organizationJsonLd(input), webSiteJsonLd(input)];
}
