import { expect, test } from '@playwright/test';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

test('robots.txt points to the sitemap index, and every URL in the sitemaps answers 200', async ({ request }) => {
  test.setTimeout(240_000);
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
    { path: '/ua/odezhda/color=belyy', robots: 'noindex,nofollow', canonical: null },
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
