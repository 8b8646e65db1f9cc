import { describe, expect, it } from 'vitest';
import { bilingualUrls, sitemapIndex, urlset } from '../../src/domain/seo/sitemap.ts';

describe('sitemap', () => {
  it('lists every page in both locales with ru, uk and x-default alternates', () => {
    const urls = bilingualUrls('https://shop.ua', ['/', '/odezhda']);
    expect(urls.map((u) => u.loc)).toEqual([
      'https://shop.ua/',
      'https://shop.ua/ua/',
      'https://shop.ua/odezhda',
      'https://shop.ua/ua/odezhda',
    ]);
    expect(urls[3]?.alternates).toEqual([
      { hreflang: 'ru', href: 'https://shop.ua/odezhda' },
      { hreflang: 'uk', href: 'https://shop.ua/ua/odezhda' },
      { hreflang: 'x-default', href: 'https://shop.ua/odezhda' },
    ]);
  });

  it('escapes XML in locations', () => {
    const xml = urlset([{ loc: 'https://shop.ua/a?x=1&y=<2>', alternates: [] }]);
    expect(xml).toContain('<loc>https://shop.ua/a?x=1&amp;y=&lt;2&gt;</loc>');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });

  it('lists a page’s pictures as image entries, declaring the image namespace only where there are some', () => {
    const withPictures = urlset(
      bilingualUrls('https://shop.ua', ['/product/a', '/product/b'], undefined, (path) =>
        path === '/product/a' ? ['https://shop.ua/img?src=a.jpg&w=1200'] : [],
      ),
    );
    expect(withPictures).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(withPictures).toContain(
      '<image:image><image:loc>https://shop.ua/img?src=a.jpg&amp;w=1200</image:loc></image:image></url>',
    );
    // Both languages' pages show the picture; a page without any lists none.
    expect(withPictures.match(/<image:image>/g)).toHaveLength(2);
    expect(withPictures).toMatch(/<loc>https:\/\/shop\.ua\/product\/b<\/loc><xhtml:link[^\n]*<\/url>/);
    expect(withPictures).not.toMatch(/product\/b<\/loc>[^\n]*image:image/);
    expect(urlset(bilingualUrls('https://shop.ua', ['/odezhda']))).not.toContain('xmlns:image');
  });

  it('builds an index of child sitemaps', () => {
    expect(sitemapIndex(['https://shop.ua/sitemap-categories.xml'])).toContain(
      '<sitemap><loc>https://shop.ua/sitemap-categories.xml</loc></sitemap>',
    );
  });

  it('gives each locale its own lastmod where the page knows it, and none where it does not', () => {
    const urls = bilingualUrls('https://shop.ua', ['/blog/a', '/odezhda'], (path, locale) =>
      path === '/blog/a' ? (locale === 'uk' ? '2026-11-02T10:00:00.000Z' : '2026-11-01T10:00:00.000Z') : undefined,
    );
    const xml = urlset(urls);
    expect(xml).toContain('<loc>https://shop.ua/blog/a</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://shop.ua/ua/blog/a</loc><lastmod>2026-11-02T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://shop.ua/odezhda</loc><xhtml:link');
  });
});
