import { describe, expect, it } from 'vitest';
import { organizationJsonLd, siteJsonLd, webSiteJsonLd } from '../../src/domain/seo/siteJsonLd.ts';

const ru = {
  origin: 'https://shop.ua',
  locale: 'ru' as const,
  name: 'Карапуз',
  homePath: '/',
  searchPath: '/search-result',
  phone: '380800300100',
  logo: '/logo.png',
  sameAs: ['https://www.instagram.com/shop/'],
};
const uk = { ...ru, locale: 'uk' as const, homePath: '/ua/', searchPath: '/ua/search-result' };

describe('structured data of the main page', () => {
  it('describes the shop as an Organization with its raster logo, social pages and customer-service phone', () => {
    expect(organizationJsonLd(ru)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://shop.ua/#organization',
      name: 'Карапуз',
      url: 'https://shop.ua/',
      logo: 'https://shop.ua/logo.png',
      sameAs: ['https://www.instagram.com/shop/'],
      contactPoint: {
        '@type': 'ContactPoint',
        telephone: '+380800300100',
        contactType: 'customer service',
        areaServed: 'UA',
        availableLanguage: ['ru', 'uk'],
      },
    });
  });

  it('is one Organization for both languages, and leaves the contact point out without a phone', () => {
    expect(organizationJsonLd(uk)).toEqual(organizationJsonLd(ru));
    expect(organizationJsonLd({ ...ru, phone: null })).not.toHaveProperty('contactPoint');
  });

  it('describes the Russian site as a WebSite whose SearchAction opens the search results with q', () => {
    expect(webSiteJsonLd(ru)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': 'https://shop.ua/#website',
      name: 'Карапуз',
      url: 'https://shop.ua/',
      inLanguage: 'ru',
      publisher: { '@id': 'https://shop.ua/#organization' },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.ua/search-result?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('gives the Ukrainian site its own URL, language and search results page', () => {
    const site = webSiteJsonLd(uk);
    expect(site).toMatchObject({
      '@id': 'https://shop.ua/ua/#website',
      url: 'https://shop.ua/ua/',
      inLanguage: 'uk',
      publisher: { '@id': 'https://shop.ua/#organization' },
      potentialAction: { target: { urlTemplate: 'https://shop.ua/ua/search-result?q={search_term_string}' } },
    });
  });

  it('keeps the placeholder braces unencoded and drops any query the search path came with', () => {
    const site = webSiteJsonLd({ ...ru, searchPath: '/search-result?q=old#top' });
    expect(JSON.stringify(site)).toContain('"urlTemplate":"https://shop.ua/search-result?q={search_term_string}"');
  });

  it('prints the Organization first, then the WebSite', () => {
    expect(siteJsonLd(uk)).toEqual([organizationJsonLd(uk), webSiteJsonLd(uk)]);
  });
});
