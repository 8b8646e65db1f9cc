/** Sitemap XML (sitemaps.org protocol with xhtml:link hreflang alternates), built from plain data. */
import { withLocale } from '../../i18n/locale.ts';

export interface SitemapUrl {
  /** Absolute URL of the page in one locale. */
  loc: string;
  /** Absolute URLs of the same page per hreflang (ru, uk, x-default). */
  alternates: { hreflang: string; href: string }[];
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);

/** A `<urlset>` with one `<url>` per page and its language alternates. */
export function urlset(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((u) => {
      const links = u.alternates
        .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`)
        .join('');
      return `<url><loc>${escapeXml(u.loc)}</loc>${links}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` over child sitemaps. */
export function sitemapIndex(locations: readonly string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** The same unprefixed path in both locales, each entry listing all three alternates. */
export function bilingualUrls(origin: string, paths: readonly string[]): SitemapUrl[] {
  return paths.flatMap((path) => {
    const ru = `${origin}${path}`;
    const uk = `${origin}${withLocale(path, 'uk')}`;
    const alternates = [
      { hreflang: 'ru', href: ru },
      { hreflang: 'uk', href: uk },
      { hreflang: 'x-default', href: ru },
    ];
    return [
      { loc: ru, alternates },
      { loc: uk, alternates },
    ];
  });
}
