import { expect, test, type APIRequestContext } from './fixtures.ts';
import { z } from 'zod';
import {
  expectCrawlablePicture,
  firstLink,
  jsonLdNodes,
  pageHtml,
  robotsRules,
  type LdNode,
} from './structuredData.ts';
import { structuredDataIssues } from '../../scripts/lib/structuredDataCheck.ts';

// Issue 28: listings carried no structured data; Organization had no logo or sameAs; offers had
// no shipping or return terms. Read from the served HTML (what a crawler gets), one language in
// full and the other by a cheap parse (docs/decisions.md "One language per end-to-end flow").

const absolute = z.string().regex(/^https?:\/\/[^/]+\//, 'an absolute URL');
const breadcrumbList = z.object({
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({ '@type': z.literal('ListItem'), position: z.number().int(), name: z.string().min(1), item: absolute }),
    )
    .min(2),
});
const itemList = z.object({
  '@type': z.literal('ItemList'),
  numberOfItems: z.number().int().positive(),
  itemListElement: z
    .array(z.object({ '@type': z.literal('ListItem'), position: z.number().int(), url: absolute }))
    .min(1),
});

const ofType = (nodes: LdNode[], type: string) => nodes.filter((node) => node['@type'] === type);

/** The breadcrumbs the page shows: the links' texts, then the current page's. */
function shownCrumbs(html: string): string[] {
  const nav = /<nav class="crumbs[^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<li[^>]*>\s*(?:<a [^>]*>)?([^<]+)</g)].map(([, text]) => (text ?? '').trim());
}

const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** Breadcrumbs and the product list of a listing page; returns the URLs they name. */
function checkListing(html: string, path: string): string[] {
  const nodes = jsonLdNodes(html);
  const crumbs = breadcrumbList.parse(ofType(nodes, 'BreadcrumbList')[0]);
  expect(
    crumbs.itemListElement.map((item) => item.name),
    `${path}: the shown trail`,
  ).toEqual(shownCrumbs(html).map(decode));
  expect(crumbs.itemListElement.map((item) => item.position)).toEqual(crumbs.itemListElement.map((_, i) => i + 1));
  const list = itemList.parse(ofType(nodes, 'ItemList')[0]);
  const cards = new Set([...html.matchAll(/<h3[^>]*>\s*<a href="([^"]+)"/g)].map(([, href]) => href));
  expect(
    list.itemListElement.map((item) => new URL(item.url).pathname),
    `${path}: the page's products`,
  ).toEqual([...cards].slice(0, list.itemListElement.length));
  expect(list.numberOfItems).toBe(list.itemListElement.length);
  // Every crumb; of the products the first and last (each is a product page, which product tests cover).
  const items = list.itemListElement.map((item) => item.url);
  return [...crumbs.itemListElement.map((item) => item.item), items[0] ?? '', items.at(-1) ?? ''];
}

async function expectAll200(request: APIRequestContext, urls: Iterable<string>): Promise<void> {
  for (const url of new Set(urls)) {
    const { pathname, search } = new URL(url);
    expect((await request.get(`${pathname}${search}`, { maxRedirects: 0 })).status(), url).toBe(200);
  }
}

async function brandPath(request: APIRequestContext, prefix: string): Promise<string> {
  const xml = await (await request.get('/sitemap-brands.xml')).text();
  const brand = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, loc]) => new URL(loc ?? '').pathname)
    .find((path) => path.startsWith(`${prefix}/brand/`));
  if (!brand) throw new Error('no brand in the sitemap');
  return brand;
}

const listings = async (request: APIRequestContext, prefix: string, query: string) => [
  `${prefix}/odezhda`,
  `${prefix}/odezhda/page-2`,
  `${prefix}/odezhda/color=belyy`,
  await brandPath(request, prefix),
  `${prefix}/outlet`,
  `${prefix}/search-result?q=${encodeURIComponent(query)}`,
];

test('every kind of listing gives its shown breadcrumbs and its products, at absolute URLs that answer 200 (uk)', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const named: string[] = [];
  for (const path of await listings(request, '/ua', 'боді'))
    named.push(...checkListing(await pageHtml(request, path), path));
  await expectAll200(request, named);
});

test('the Russian listings carry the same structured data (cheap parse)', async ({ request }) => {
  for (const path of await listings(request, '', 'боди')) {
    const nodes = jsonLdNodes(await pageHtml(request, path));
    breadcrumbList.parse(ofType(nodes, 'BreadcrumbList')[0]);
    itemList.parse(ofType(nodes, 'ItemList')[0]);
  }
});

test('the main page names the shop with its logo and social pages; offers carry shipping and return terms', async ({
  request,
}) => {
  const rules = robotsRules(await (await request.get('/robots.txt')).text());
  for (const prefix of ['/ua', '']) {
    const home = await pageHtml(request, `${prefix}/`);
    const organization = z
      .object({ logo: absolute, sameAs: z.array(absolute).min(1) })
      .parse(ofType(jsonLdNodes(home), 'Organization')[0]);
    await expectCrawlablePicture(request, rules, organization.logo);
    // `sameAs` is the footer's social links.
    for (const link of organization.sameAs) expect(home).toContain(`href="${link}"`);
  }

  const product = await firstLink(request, '/ua/odezhda', /^\/ua\/product\/[a-z0-9-]+$/);
  const offer = z
    .object({
      price: z.number().positive(),
      priceCurrency: z.literal('UAH'),
      shippingDetails: z
        .array(
          z.object({
            '@type': z.literal('OfferShippingDetails'),
            shippingRate: z.object({ value: z.number().nonnegative(), currency: z.literal('UAH') }),
            shippingDestination: z.object({ addressCountry: z.literal('UA') }),
            deliveryTime: z.object({
              handlingTime: z.object({ minValue: z.number(), maxValue: z.number(), unitCode: z.literal('DAY') }),
              transitTime: z.object({ minValue: z.number(), maxValue: z.number(), unitCode: z.literal('DAY') }),
            }),
          }),
        )
        .min(1),
      hasMerchantReturnPolicy: z.object({
        '@type': z.literal('MerchantReturnPolicy'),
        applicableCountry: z.literal('UA'),
        returnPolicyCategory: z.literal('https://schema.org/MerchantReturnFiniteReturnWindow'),
        merchantReturnDays: z.literal(14),
        merchantReturnLink: absolute,
      }),
    })
    .parse(
      z.object({ offers: z.unknown() }).parse(ofType(jsonLdNodes(await pageHtml(request, product)), 'Product')[0])
        .offers,
    );
  // Nova Poshta's branch is among them, at the checkout's price for this one item.
  const rates = offer.shippingDetails.map((detail) => detail.shippingRate.value);
  expect(rates.some((rate) => rate > 0) || offer.price >= 1500).toBe(true);
  await expectAll200(request, [offer.hasMerchantReturnPolicy.merchantReturnLink]);
});

// Issue 28's outside validator (Adobe's, with Google's rich-result rules; scripts/lib/structuredDataCheck.ts)
// over one page of each kind that carries structured data, in both languages: no error.
test('the structured data of every page kind passes Google’s rich-result rules (outside validator)', async ({
  request,
}) => {
  const product = await firstLink(request, '/odezhda', /^\/product\/[a-z0-9-]+$/);
  const brands = await (await request.get('/sitemap-brands.xml')).text();
  const brand = new URL(/<loc>([^<]+)<\/loc>/.exec(brands)?.[1] ?? 'http://shop/no-brand').pathname;
  const post = await firstLink(request, '/blog', /^\/blog\/(?!page-\d)[a-z0-9-]+$/);
  const promotion = await firstLink(request, '/promotions', /^\/promotions\/(?!page-\d)[a-z0-9-]+$/);
  const kinds: { path: string; carries: string[] }[] = [
    { path: '/', carries: ['Organization', 'WebSite'] },
    { path: '/odezhda', carries: ['BreadcrumbList', 'ItemList'] },
    { path: '/odezhda/color=belyy/page-2', carries: ['BreadcrumbList', 'ItemList'] },
    { path: brand, carries: ['BreadcrumbList', 'ItemList'] },
    { path: '/search-result?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0', carries: ['BreadcrumbList', 'ItemList'] },
    { path: product, carries: ['Product', 'BreadcrumbList'] },
    { path: post, carries: ['BlogPosting', 'BreadcrumbList'] },
    { path: '/promotions', carries: ['BreadcrumbList'] },
    { path: promotion, carries: ['BreadcrumbList'] },
  ];
  for (const { path, carries } of kinds) {
    for (const at of [path, `/ua${path === '/' ? '/' : path}`]) {
      const { types, errors } = await structuredDataIssues(await pageHtml(request, at));
      expect(types, at).toEqual(expect.arrayContaining(carries));
      expect(
        errors.map((e) => `${e.rootType}: ${e.issueMessage}`),
        at,
      ).toEqual([]);
    }
  }
});
