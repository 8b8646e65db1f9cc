/** Sitemap XML (sitemaps.org protocol with xhtml:link hreflang alternates), built from plain data. */
import { withLocale, type Locale } from '../../i18n/locale.ts';

export interface SitemapUrl {
  /** Absolute URL of the page in one locale. */
  loc: string;
  /** Absolute URLs of the same page per hreflang (ru, uk, x-default). */
  alternates: { hreflang: string; href: string }[];
  /** When the page last changed (ISO 8601), where the shop knows it. */
  lastmod?: string | undefined;
}

/** When a page last changed in one locale, where known: a post's or an info page's `updatedAt`. */
export type LastModified = (path: string, locale: Locale) => string | undefined;

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);

/** A `<urlset>` with one `<url>` per page and its language alternates. */
export function urlset(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((u) => {
      const links = u.alternates
        .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`)
        .join('');
      const lastmod = u.lastmod === undefined ? '' : `<lastmod>${escapeXml(u.lastmod)}</lastmod>`;
      return `<url><loc>${escapeXml(u.loc)}</loc>${lastmod}${links}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` over child sitemaps. */
export function sitemapIndex(locations: readonly string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * The same unprefixed path in both locales, each entry listing all three alternates (and its
 * `lastmod` where `lastModified` knows it). Products, categories and brands carry no date: the
 * search service keeps none (issue 30 reworks those sitemaps).
 */
export function bilingualUrls(
  origin: string,
  paths: readonly string[],
  lastModified: LastModified = () => undefined,
): SitemapUrl[] {
  return paths.flatMap((path) => {
    const ru = `${origin}${path}`;
    const uk = `${origin}${withLocale(path, 'uk')}`;
    const alternates = [
      { hreflang: 'ru', href: ru },
      { hreflang: 'uk', href: uk },
      { hreflang: 'x-default', href: ru },
    ];
    return [
      { loc: ru, alternates, lastmod: lastModified(path, 'ru') },
      { loc: uk, alternates, lastmod: lastModified(path, 'uk') },
    ];
  });
}
