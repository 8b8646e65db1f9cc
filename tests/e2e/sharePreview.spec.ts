import { expect, test } from './fixtures.ts';
import { z } from 'zod';
import { expectCrawlablePicture, firstLink, jsonLdNodes, pageHtml, robotsRules } from './structuredData.ts';

// Issue 28: no page had link-preview tags, so a shared product showed no picture, title or price.
// Read from the served HTML, as a messenger's preview fetcher reads it.

const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's `<meta property|name=… content=…>` as a map (repeated keys joined by a space). */
function previewTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    if (!key || content === undefined) continue;
    tags.set(key, tags.has(key) ? `${tags.get(key)} ${decode(content)}` : decode(content));
  }
  return tags;
}

const h1 = (html: string) => decode((/<h1[^>]*>\s*([^<]+?)\s*</.exec(html)?.[1] ?? '').trim());
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

test('every kind of public page has a link preview in its language, with absolute URLs of the site (uk)', async ({
  request,
}) => {
  const rules = robotsRules(await (await request.get('/robots.txt')).text());
  const product = await firstLink(request, '/ua/odezhda', /^\/ua\/product\/[a-z0-9-]+$/);
  const post = await firstLink(request, '/ua/blog', /^\/ua\/blog\/(?!page-)[a-z0-9-]+$/);
  const pages = ['/ua/', '/ua/odezhda', '/ua/outlet', '/ua/info/delivery', product, post];
  for (const path of pages) {
    const html = await pageHtml(request, path);
    const tags = previewTags(html);
    const origin = new URL(canonical(html) ?? '').origin;
    expect(tags.get('og:locale'), path).toBe('uk_UA');
    expect(tags.get('og:locale:alternate'), path).toBe('ru_RU');
    expect(tags.get('og:site_name'), path).toBe('Карапуз');
    expect(tags.get('og:url'), path).toBe(canonical(html));
    expect(tags.get('og:title'), path).toBeTruthy();
    expect(tags.get('og:description'), path).toBeTruthy();
    expect(tags.get('twitter:card'), path).toMatch(/^summary(_large_image)?$/);
    const image = tags.get('og:image') ?? '';
    expect(image.startsWith(`${origin}/`), `${path}: the picture on the site's origin`).toBe(true);
    await expectCrawlablePicture(request, rules, image);
  }

  // A product: its picture (not the logo), its name, the shown price in UAH, and whether it can be bought.
  const productHtml = await pageHtml(request, product);
  const tags = previewTags(productHtml);
  const offer = z
    .object({ offers: z.object({ price: z.number(), availability: z.string() }), image: z.array(z.string()) })
    .parse(jsonLdNodes(productHtml).find((node) => node['@type'] === 'Product'));
  expect(tags.get('og:type')).toBe('product');
  expect(tags.get('og:title')).toBe(h1(productHtml));
  expect(tags.get('og:image')).toBe(offer.image[0]);
  expect(tags.get('twitter:card')).toBe('summary_large_image');
  expect(tags.get('product:price:amount')).toBe(String(offer.offers.price));
  expect(tags.get('product:price:currency')).toBe('UAH');
  expect(tags.get('product:availability')).toBe(
    { InStock: 'in stock', PreOrder: 'preorder', OutOfStock: 'out of stock' }[
      offer.offers.availability.split('/').pop() ?? ''
    ],
  );

  // A post: an article with its date; the demo's covers are drawings (SVG), which messengers do not
  // show, so its preview has the shop's logo (a raster cover is its own: the unit test).
  const postTags = previewTags(await pageHtml(request, post));
  expect(postTags.get('og:type')).toBe('article');
  expect(postTags.get('og:image')).toMatch(/\/logo\.png$/);
  expect(postTags.get('article:published_time')).toBeTruthy();
});

test('Russian pages preview in Russian (cheap check)', async ({ request }) => {
  const product = await firstLink(request, '/odezhda', /^\/product\/[a-z0-9-]+$/);
  for (const path of ['/', '/odezhda', product]) {
    const html = await pageHtml(request, path);
    const tags = previewTags(html);
    expect(tags.get('og:locale'), path).toBe('ru_RU');
    expect(tags.get('og:locale:alternate'), path).toBe('uk_UA');
    expect(tags.get('og:url'), path).toBe(canonical(html));
  }
  const home = previewTags(await pageHtml(request, '/'));
  expect(home.get('og:description')).toMatch(/[а-яё]/i);
  expect(home.get('og:description')).not.toMatch(/[іїєґ]/i);
});
