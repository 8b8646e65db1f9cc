import { expect, test } from '@playwright/test';
import { z } from 'zod';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

test('robots.txt points to the sitemap index, and every URL in the sitemaps answers 200', async ({ request }) => {
  // About 4,000 pages, each rendered, compressed and stored on its first request: minutes on a busy 2-core CI machine.
  test.setTimeout(480_000);
  const robots = await (await request.get('/robots.txt')).text();
  const sitemap = /^Sitemap: (.+)$/m.exec(robots)?.[1];
  expect(sitemap).toMatch(/\/sitemap\.xml$/);
  expect(robots).toContain('Disallow: /svc/');

  const index = await request.get(new URL(sitemap ?? '').pathname);
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const children = locs(await index.text());
  expect(children.length).toBeGreaterThan(0);

  const pages: string[] = [];
  for (const child of children) {
    const response = await request.get(new URL(child).pathname);
    expect(response.status(), child).toBe(200);
    pages.push(...locs(await response.text()));
  }
  expect(pages.length).toBeGreaterThan(80);
  // Categories, brands and every listed product, in both locales.
  expect(pages.some((p) => p.includes('/brand/'))).toBe(true);
  expect(pages.filter((p) => /\/(blog|news)\/[a-z0-9-]+$/.test(p)).length).toBeGreaterThan(20);
  expect(pages.filter((p) => p.includes('/product/')).length).toBeGreaterThan(1000);
  expect(pages.filter((p) => new URL(p).pathname.startsWith('/ua/')).length).toBe(pages.length / 2);
  for (const page of pages) {
    const response = await request.get(new URL(page).pathname, { maxRedirects: 0 });
    expect(response.status(), page).toBe(200);
  }
});

test.describe('robots and links of catalogue URLs (spec §5)', () => {
  for (const { path, robots, canonical } of [
    { path: '/odezhda', robots: 'index,follow', canonical: '/odezhda' },
    { path: '/ua/odezhda/page-2', robots: 'index,follow', canonical: '/ua/odezhda/page-2' },
    { path: '/odezhda/sort-price', robots: 'noindex,nofollow', canonical: null },
    // Filter paths (spec §2: at most 3 topics of one value each) are indexable; anything more is not.
    { path: '/ua/odezhda/color=belyy', robots: 'index,follow', canonical: '/ua/odezhda/color=belyy' },
    { path: '/odezhda/color=belyy,chernyy', robots: 'noindex,nofollow', canonical: null },
    { path: '/odezhda?q=%D0%B1%D0%BE%D0%B4%D0%B8', robots: 'noindex,nofollow', canonical: null },
    { path: '/', robots: 'index,follow', canonical: '/' },
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', robots);
      const link = page.locator('link[rel="canonical"]');
      if (canonical === null) {
        await expect(link).toHaveCount(0);
        await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
      } else {
        await expect(link).toHaveAttribute('href', new RegExp(`^http://[^/]+${canonical.replace(/[?]/g, '\\?')}$`));
        const hreflangs = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) =>
            links.map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href') ?? '').pathname}`),
          );
        const ru = canonical.replace(/^\/ua(\/|$)/, '/');
        const uk = ru === '/' ? '/ua/' : `/ua${ru}`;
        expect(hreflangs).toEqual([`ru ${ru}`, `uk ${uk}`, `x-default ${ru}`]);
      }
    });
  }
});

test.describe('Organization and WebSite JSON-LD of the main page', () => {
  const searchAction = z.object({
    '@type': z.literal('SearchAction'),
    target: z.object({ '@type': z.literal('EntryPoint'), urlTemplate: z.string() }),
    'query-input': z.literal('required name=search_term_string'),
  });
  const organization = z.object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('Organization'),
    '@id': z.string(),
    name: z.string().min(1),
    url: z.url(),
    contactPoint: z.object({ '@type': z.literal('ContactPoint'), telephone: z.string().regex(/^\+\d{12}$/) }),
  });
  const webSite = z.object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('WebSite'),
    '@id': z.string(),
    name: z.string().min(1),
    url: z.url(),
    inLanguage: z.enum(['ru', 'uk']),
    publisher: z.object({ '@id': z.string() }),
    potentialAction: searchAction,
  });
  const node = z.discriminatedUnion('@type', [organization, webSite]);

  for (const { home, lang, search } of [
    { home: '/', lang: 'ru', search: '/search-result' },
    { home: '/ua/', lang: 'uk', search: '/ua/search-result' },
  ]) {
    test(`${home}: the shop, the site and a search box URL that finds products`, async ({ page, request }) => {
      await page.goto(home);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const nodes = blocks.flatMap((text) => {
        const data: unknown = JSON.parse(text);
        return (Array.isArray(data) ? data : [data]).flatMap((item: unknown) => {
          const parsed = node.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        });
      });
      const org = nodes.find((n) => n['@type'] === 'Organization');
      const site = nodes.find((n) => n['@type'] === 'WebSite');
      expect(org, 'an Organization node with name, url and contact point').toBeDefined();
      expect(site, 'a WebSite node with a SearchAction').toBeDefined();
      if (org?.['@type'] !== 'Organization' || site?.['@type'] !== 'WebSite') return;

      expect(new URL(org.url).pathname).toBe('/');
      expect(site.publisher['@id']).toBe(org['@id']);
      expect(site.inLanguage).toBe(lang);
      expect(new URL(site.url).pathname).toBe(home);
      expect(site.name).toBe(org.name);
      const template = site.potentialAction.target.urlTemplate;
      expect(template).toMatch(new RegExp(`^http://[^/]+${search}\\?q=\\{search_term_string\\}$`));
      // The template works: filled in, it is our search results page for that word.
      const filled = new URL(template.replace('{search_term_string}', encodeURIComponent('боди')));
      const results = await request.get(`${filled.pathname}${filled.search}`);
      expect(results.status()).toBe(200);
      expect(await results.text()).toContain('боди');
    });
  }
});
