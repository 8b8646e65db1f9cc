/** Sitemap XML (sitemaps.org protocol with xhtml:link hreflang alternates), built from plain data. */
import { withLocale, type Locale } from '../../i18n/locale.ts';

export interface SitemapUrl {
  /** Absolute URL of the page in one locale. */
  loc: string;
  /** Absolute URLs of the same page per hreflang (ru, uk, x-default). */
  alternates: { hreflang: string; href: string }[];
  /** When the page last changed (ISO 8601), where the shop knows it. */
  lastmod?: string | undefined;
  /** Absolute URLs of the pictures the page shows (Google's image sitemap extension). */
  images?: readonly string[] | undefined;
}

/** The pictures of a page (site-relative path, unprefixed), where the sitemap lists them. */
export type PagePictures = (path: string) => readonly string[];

/** When a page last changed in one locale, where known: a post's or an info page's `updatedAt`. */
export type LastModified = (path: string, locale: Locale) => string | undefined;

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);

/** One `<url>` entry of a `<urlset>`. */
export function urlEntry(u: SitemapUrl): string {
  const links = u.alternates
    .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`)
    .join('');
  const lastmod = u.lastmod === undefined ? '' : `<lastmod>${escapeXml(u.lastmod)}</lastmod>`;
  const images = (u.images ?? [])
    .map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`)
    .join('');
  return `<url><loc>${escapeXml(u.loc)}</loc>${lastmod}${links}${images}</url>`;
}

/** The opening of a `<urlset>`; the image namespace only where pages list pictures. */
export function urlsetStart(withImages: boolean): string {
  const imageNamespace = withImages ? ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"${imageNamespace}>\n`;
}

export const URLSET_END = '\n</urlset>\n';

/** A `<urlset>` with one `<url>` per page and its language alternates. */
export function urlset(urls: readonly SitemapUrl[]): string {
  // The image namespace only where a page lists pictures: the other sitemaps stay as they were.
  const withImages = urls.some((u) => (u.images ?? []).length > 0);
  return `${urlsetStart(withImages)}${urls.map(urlEntry).join('\n')}${URLSET_END}`;
}

/** A `<sitemapindex>` over child sitemaps. */
export function sitemapIndex(locations: readonly string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * The same unprefixed path in both locales, each entry listing all three alternates (and its
 * `lastmod` where `lastModified` knows it, its pictures where `pictures` gives them). Categories
 * and brands carry no date: the search service keeps none; products carry the day their page last
 * changed (issue 30).
 */
export function bilingualUrls(
  origin: string,
  paths: readonly string[],
  lastModified: LastModified = () => undefined,
  pictures: PagePictures = () => [],
): SitemapUrl[] {
  return paths.flatMap((path) => {
    const ru = `${origin}${path}`;
    const uk = `${origin}${withLocale(path, 'uk')}`;
    const alternates = [
      { hreflang: 'ru', href: ru },
      { hreflang: 'uk', href: uk },
      { hreflang: 'x-default', href: ru },
    ];
    // A picture is the same in both languages; each locale's page lists it (it shows it).
    const images = pictures(path);
    return [
      { loc: ru, alternates, lastmod: lastModified(path, 'ru'), images },
      { loc: uk, alternates, lastmod: lastModified(path, 'uk'), images },
    ];
  });
}
