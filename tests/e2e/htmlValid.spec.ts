import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { postListSchema } from '../../src/api/schemas/content.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { routeName, routeUrl } from '../../src/i18n/routes.ts';

/**
 * The served HTML of every kind of public page, in both locales, passes html-validate with the
 * project's `.htmlvalidate.json` (html-validate:recommended; each exception is explained in
 * docs/decisions.md, "HTML validation"). The pages come from the running production server, so
 * what is checked is exactly what a browser and a crawler receive, islands' server output included.
 */

// One validator for the file: it finds /.htmlvalidate.json by walking up from the (virtual) file
// name, as the CLI would.
const validator = new HtmlValidate(new FileSystemConfigLoader());

/**
 * Astro's island runtime puts this style element in <body>, before the first island (a <style> is
 * only allowed in <head>). It is the framework's markup, not ours, and harmless to browsers, so it
 * alone is taken out before validating; any other <style> in the body still fails.
 */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

function describeMessage(html: string, message: Message): string {
  const around = html.slice(Math.max(0, message.offset - 40), message.offset + 80).replaceAll('\n', ' ');
  return `${message.ruleId} at ${message.line}:${message.column} (${message.selector ?? 'document'}): ${message.message}\n    …${around}…`;
}

async function validationErrors(request: APIRequestContext, path: string, status: number): Promise<string[]> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(status);
  expect(response.headers()['content-type'], path).toContain('text/html');
  const html = (await response.text()).replace(ASTRO_ISLAND_STYLE, '');
  const file = join(import.meta.dirname, 'served', `${encodeURIComponent(path)}.html`);
  const report = await validator.validateString(html, file);
  return report.results.flatMap((result) => result.messages.map((message) => describeMessage(html, message)));
}

// --- real URLs of the seeded shop, found through the services as a crawler would find links

async function json(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.json();
}

/** The first folder category of the menu that has products. */
async function folderSlug(request: APIRequestContext): Promise<string> {
  const config = categoryConfigSchema.parse(await json(request, '/svc/search/public/category-config'));
  const folder = config.categoryList.find((c) => !c.additionalConfig.excludeFromMenu);
  if (!folder) throw new Error('the seed has no folder category in the menu');
  return folder.slug;
}

async function folderListing(request: APIRequestContext, folder: string) {
  return productListSchema.parse(
    await json(request, `/svc/search/public/products?category=${folder}&page=0&limit=24&withPrice=1&hasImage=1`),
  );
}

/** A product with colour pickers when the folder has one (the richest product markup), else the first. */
async function someProduct(request: APIRequestContext): Promise<WireProduct> {
  const { items } = await folderListing(request, await folderSlug(request));
  const colours = (p: WireProduct) => new Set(p.nomenclature.map((v) => v.colorPresentation?.slug).filter(Boolean));
  const product = items.find((p) => colours(p).size >= 2) ?? items[0];
  if (!product) throw new Error('the first folder category lists no products');
  return product;
}

interface PageKind {
  name: string;
  status?: number;
  path(request: APIRequestContext, locale: Locale): Promise<string>;
}

const PAGES: PageKind[] = [
  { name: 'main page', path: (_request, locale) => Promise.resolve(routeUrl(routeName('main-page', locale))) },
  {
    name: 'folder catalogue page',
    path: async (request, locale) =>
      routeUrl(routeName('catalog-page', locale), { folderCategory: await folderSlug(request) }),
  },
  {
    name: 'filtered and sorted catalogue page',
    path: async (request, locale) => {
      const folder = await folderSlug(request);
      const { aggr } = await folderListing(request, folder);
      // A filter a shopper can click: a topic other than the category tree, a value with products.
      const topic = aggr.topicList.find((t) => t.slug !== 'category' && t.filterList.some((v) => (v.count ?? 0) > 0));
      const value = topic?.filterList.find((v) => (v.count ?? 0) > 0);
      if (!topic || !value) throw new Error(`no filter to apply in ${folder}`);
      const base = routeUrl(routeName('catalog-page', locale), { folderCategory: folder });
      return `${base}/${topic.slug}=${value.slug}/sort-price-desc`;
    },
  },
  {
    name: 'product page',
    path: async (request, locale) =>
      routeUrl(routeName('product-page', locale), { slug: (await someProduct(request)).slug }),
  },
  {
    name: 'brand page',
    path: async (request, locale) => {
      const { brand } = await someProduct(request);
      if (!brand) throw new Error('the chosen product has no brand');
      return routeUrl(routeName('brand-page', locale), { slug: brand.slug });
    },
  },
  {
    name: 'search results',
    path: async (request, locale) => {
      const product = await someProduct(request);
      const word = (locale === 'uk' ? product.titleUkr : product.title).split(' ')[0] ?? '';
      return routeUrl(routeName('search-result-page', locale), {}, new URLSearchParams({ q: word }));
    },
  },
  {
    name: 'blog post',
    path: async (request, locale) => {
      const list = postListSchema.parse(await json(request, `/svc/content/public/blog/bbs/${locale}?page=0&limit=1`));
      const post = list.items[0];
      if (!post) throw new Error(`no blog post in ${locale}`);
      return routeUrl(routeName('blog-post-page', locale), { slug: post.slug });
    },
  },
  {
    name: 'basket page',
    path: (_request, locale) => Promise.resolve(routeUrl(routeName('basket-page', locale))),
  },
  {
    name: 'checkout page',
    path: (_request, locale) => Promise.resolve(routeUrl(routeName('checkout-page', locale))),
  },
  {
    name: 'not-found page',
    status: 404,
    path: (_request, locale) => Promise.resolve(`${locale === 'uk' ? '/ua' : ''}/no-such-page-for-html-validation`),
  },
];

for (const locale of ['ru', 'uk'] as const) {
  test.describe(`served HTML is valid (${locale})`, () => {
    for (const page of PAGES) {
      test(page.name, async ({ request }) => {
        const path = await page.path(request, locale);
        const errors = await validationErrors(request, path, page.status ?? 200);
        expect(errors, `${path}\n${errors.join('\n')}`).toEqual([]);
      });
    }
  });
}
