import { join } from 'node:path';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { postListSchema } from '../../src/api/schemas/content.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { CERTIFICATE_CATEGORY_SLUG } from '../../src/domain/certificate/certificatePurchaseForm.ts';
import { routeName, routeUrl } from '../../src/i18n/routes.ts';
import { wishListStateSchema } from '../../src/api/schemas/account.ts';
import { accountPagePath } from '../../src/domain/account/accountPages.ts';
import { placeOrder, stockedVariant } from './orderSupport.ts';

/**
 * The served HTML of every kind of public page (and the signed-in account pages), in both locales, passes html-validate with the
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

/** The HTML a GET of `path` answers, or with `form` what posting that form from the shop's own page answers. */
async function validationErrors(
  request: APIRequestContext,
  path: string,
  status: number,
  form?: { fields: Record<string, string>; origin: string },
  skipped: readonly string[] = [],
): Promise<string[]> {
  const response = form
    ? await request.post(path, { form: form.fields, headers: { Origin: form.origin }, maxRedirects: 0 })
    : await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(status);
  expect(response.headers()['content-type'], path).toContain('text/html');
  const html = (await response.text()).replace(ASTRO_ISLAND_STYLE, '');
  const file = join(import.meta.dirname, 'served', `${encodeURIComponent(path)}.html`);
  const report = await validator.validateString(html, file);
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => !skipped.includes(message.ruleId))
      .map((message) => describeMessage(html, message)),
  );
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

/** Signs the request context in as the second demo shopper (its pages are only read here) and answers `path`. */
async function signedIn(request: APIRequestContext, origin: string, path: string): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { login: '380672223344', password: 'demo-password' },
    headers: { Origin: origin },
  });
  expect(login.status()).toBe(200);
  return path;
}

/** Signs the second demo shopper in with a product hearted (their default list holds it); the list's hash. */
async function wishedShopper(request: APIRequestContext, origin: string): Promise<string> {
  await signedIn(request, origin, '/');
  const product = await someProduct(request);
  const heart = await request.post('/api/account/wish-list/heart', {
    data: { productId: product.id, nomenclatureId: product.nomenclature[0]?.id ?? 0, wished: true },
    headers: { Origin: origin },
  });
  expect(heart.status()).toBe(200);
  const state = wishListStateSchema.parse(await (await request.get('/api/account/wish-list')).json());
  return state.lists[0]?.hash ?? '';
}

interface PageKind {
  name: string;
  status?: number;
  /** A form posted to the path (the page a shopper sees after sending it), instead of a GET. */
  form?: Record<string, string>;
  /** Rules not applied to this page, each with why (found here, owned elsewhere). */
  skip?: { rule: string; why: string }[];
  /** `origin`: the shop's own, for pages reached by posting one of its forms. */
  path(request: APIRequestContext, locale: Locale, origin: string): Promise<string>;
}

/** A gift certificate purchase through the shop's form; with `paid`, paid at the sandbox bank. */
async function certificatePurchase(
  request: APIRequestContext,
  locale: Locale,
  origin: string,
  paid: boolean,
): Promise<string> {
  const buy = routeUrl(routeName('certificate-buy', locale));
  const bought = await request.post(buy, {
    form: { nominal: '2500', firstName: 'Олена', phone: '+380501234567', email: 'olena@example.com' },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(bought.status()).toBe(303);
  const page = bought.headers()['location'] ?? '';
  if (!paid) return page;
  const pay = await request.post(`${page}/pay`, { headers: { Origin: origin }, maxRedirects: 0 });
  const bank = pay.headers()['location'] ?? '';
  expect(bank).toContain('/sandbox/bank/');
  const approved = await request.post(bank, { form: { outcome: 'approve' }, maxRedirects: 0 });
  return approved.headers()['location'] ?? '';
}

const INVALID_PURCHASE = { nominal: '49', firstName: 'Ivan2', phone: '+38050', email: 'not-an-address' };

const PAGES: PageKind[] = [
  { name: 'main page', path: (_request, locale) => Promise.resolve(routeUrl(routeName('main-page', locale))) },
  // Issue 25: the promotions list, and a promotion's goods as a catalogue under its text.
  {
    name: 'promotions list',
    path: (_request, locale) => Promise.resolve(routeUrl(routeName('promotions-page', locale))),
  },
  {
    name: 'promotion page',
    path: (_request, locale) =>
      Promise.resolve(routeUrl(routeName('promotion-page', locale), { slug: 'tretiy-tovar-v-podarok' })),
  },
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
    // Issue 11: the subscription fields and the invitation to sign in, both in the cached HTML.
    name: 'product page of a product that allows subscription',
    path: async (request, locale) => {
      const { items } = productListSchema.parse(
        await json(request, '/svc/search/public/products?category=vlazhnye-salfetki&page=0&limit=24&withPrice=1'),
      );
      const product = items.find((p) => p.allowSubscription && p.nomenclature.some((v) => v.totalAmount > 0));
      if (!product) throw new Error('no product allowing subscription in stock');
      return routeUrl(routeName('product-page', locale), { slug: product.slug });
    },
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
    name: 'gift certificate category with the purchase form',
    skip: [
      {
        rule: 'long-title',
        why:
          'the embedded search service’s smart-meta title «{h1} — купить в интернет-магазине «Карапуз»» passes 70 ' +
          'characters for a long category name (src/services/search/metaText.ts buyTitle); the search service’s to fix',
      },
    ],
    path: (_request, locale) =>
      Promise.resolve(routeUrl(routeName('catalog-page', locale), { folderCategory: CERTIFICATE_CATEGORY_SLUG })),
  },
  {
    name: 'certificate purchase form sent back with a message by every field',
    status: 400,
    form: INVALID_PURCHASE,
    path: (_request, locale) => Promise.resolve(routeUrl(routeName('certificate-buy', locale))),
  },
  {
    name: 'certificate page, unpaid',
    path: (request, locale, origin) => certificatePurchase(request, locale, origin, false),
  },
  {
    name: 'certificate page, paid (the key), after the bank',
    path: (request, locale, origin) => certificatePurchase(request, locale, origin, true),
  },
  {
    name: 'one-click form of a variant (the page a product page’s form comes back to)',
    path: async (request, locale) => {
      const { product, variant } = await stockedVariant(request);
      const query = new URLSearchParams({ productId: String(product.id), internalId: String(variant.id) });
      return routeUrl(routeName('one-click', locale), {}, query);
    },
  },
  {
    name: 'order page, card online not paid yet, after the checkout',
    path: async (request, locale) => {
      const order = await placeOrder(request, { paymentType: 2, lang: locale });
      return `${routeUrl(routeName('order-page', locale), { hash: order.hash })}?placed=1`;
    },
  },
  {
    name: 'account profile page (signed in)',
    path: (request, locale, origin) => signedIn(request, origin, accountPagePath('profile', locale)),
  },
  {
    name: 'account locations page, adding a Nova Poshta branch in Kyiv',
    path: (request, locale, origin) =>
      signedIn(
        request,
        origin,
        `${accountPagePath('locations', locale)}?add=1&city=9812&method=np-warehouse&branchQ=1`,
      ),
  },
  {
    name: 'account children page',
    path: (request, locale, origin) => signedIn(request, origin, accountPagePath('children', locale)),
  },
  {
    name: 'account reviews page, with a review to edit',
    path: async (request, locale, origin) => {
      const path = await signedIn(request, origin, accountPagePath('reviews', locale));
      const [product] = productListSchema.parse(await json(request, '/svc/search/public/products?limit=1')).items;
      if (!product) throw new Error('no product');
      // The demo shopper's one review of this product: written by the first language's run (a 409 after).
      const written = await request.post('/api/account/reviews', {
        data: { productId: product.id, rating: 4, pros: 'Удобно', comment: 'Для проверки разметки' },
        headers: { Origin: origin },
      });
      expect([200, 409]).toContain(written.status());
      return path;
    },
  },
  {
    name: 'account wish lists page, with an item',
    path: async (request, locale, origin) => {
      await wishedShopper(request, origin);
      return accountPagePath('wishList', locale);
    },
  },
  {
    name: 'shared wish list page',
    path: async (request, locale, origin) => {
      const hash = await wishedShopper(request, origin);
      return routeUrl(routeName('wish-list-page', locale), { hash });
    },
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
      test(page.name, async ({ request, baseURL }) => {
        const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
        const path = await page.path(request, locale, origin);
        const form = page.form && { fields: page.form, origin };
        const skipped = (page.skip ?? []).map((skip) => skip.rule);
        const errors = await validationErrors(request, path, page.status ?? 200, form, skipped);
        expect(errors, `${path}\n${errors.join('\n')}`).toEqual([]);
      });
    }
  });
}
