import { describe, expect, it } from 'vitest';
import { serviceBaseUrls } from '../../src/api/config.ts';
import {
  getArticleReviews,
  getCategoryReviews,
  getContentBlock,
  getJsonContentBlock,
  getNavBanners,
  getPage,
  getPost,
  getPosts,
  getProductPromotions,
  getProductReviews,
  getPromotion,
  getRatings,
  getReviewAggs,
  getSlider,
  getSlides,
  isNoData,
} from '../../src/api/content.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import {
  catalogueContentSlug,
  mainSlideSchema,
  productSliderBlockSchema,
  sizeTableSlugs,
} from '../../src/api/schemas/content.ts';
import { fakeFetch, json } from './support/fakeFetch.ts';
import type { Sent } from './support/fakeFetch.ts';

const baseUrls = serviceBaseUrls({ CONTENT_API_URL: 'https://content.test' });

function client(handler: (sent: Sent) => Response, locale: Locale = 'ru') {
  const fake = fakeFetch(handler);
  return { api: createHttpClient({ baseUrls, fetch: fake.fetch, locale }), sent: fake.sent };
}

const noData = () => json({ code: 404, message: 'No content block' }, 404);
const block = (formatName: string, contentFormatted: unknown) =>
  json({ code: 'x', formatName, contentFormatted, locale: 'ru', updatedAt: '2026-11-01T06:00:00.000Z' });
const query = (sent: Sent | undefined) => decodeURIComponent(sent?.url.search.slice(1) ?? '');

describe('content blocks', () => {
  it('asks for /public/content-block/bbs/{slug}/{locale} and returns the block', async () => {
    const { api, sent } = client(() => block('text', '<p>Привіт</p>'), 'uk');
    const answer = await getContentBlock(api, 'main_description');
    expect(sent[0]?.url.href).toBe('https://content.test/public/content-block/bbs/main_description/uk');
    expect(sent[0]?.method).toBe('GET');
    expect(answer).toMatchObject({ formatName: 'text', contentFormatted: '<p>Привіт</p>' });
  });

  it('percent-encodes the slug, so it cannot change the route', async () => {
    const { api, sent } = client(() => block('text', ''));
    await getContentBlock(api, '../admin/x');
    expect(sent[0]?.url.pathname).toBe('/public/content-block/bbs/..%2Fadmin%2Fx/ru');
  });

  it('reads a 404 with code 404 as no data, and an empty 200 body as empty', async () => {
    expect(await getContentBlock(client(noData).api, 'x')).toBeNull();
    expect(await getContentBlock(client(() => new Response('', { status: 200 })).api, 'x')).toBeNull();
  });

  it('throws on a 404 without the service code and on other failures', async () => {
    const html404 = client(() => new Response('<h1>Not found</h1>', { status: 404 })).api;
    await expect(getContentBlock(html404, 'x')).rejects.toMatchObject({ kind: 'http', status: 404 });
    const failing = client(() => json({ code: 500, message: 'Internal error' }, 500)).api;
    await expect(getContentBlock(failing, 'x')).rejects.toMatchObject({ kind: 'http', status: 500 });
  });

  it("rejects a format other than text or json with the spec's message", async () => {
    const error: unknown = await getContentBlock(client(() => block('html', '<p>x</p>')).api, 'x').catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'parse', fields: ['formatName'] });
    expect(String(error)).toContain("Response format Error: Format can't be html");
  });

  it("rejects a block without contentFormatted with 'Get contentFormatted failed'", async () => {
    const api = client(() => json({ code: 'x', formatName: 'text' })).api;
    await expect(getContentBlock(api, 'x')).rejects.toThrow('Get contentFormatted failed');
  });
});

describe('JSON content blocks', () => {
  const payload = { title: 'Хиты', link: null, productIds: [100001, 100002] };

  it('parses the JSON text with the given schema', async () => {
    const api = client(() => block('json', JSON.stringify(payload))).api;
    expect(await getJsonContentBlock(api, 'main-page-first-product-slider', productSliderBlockSchema)).toEqual(payload);
  });

  it('needs the json format', async () => {
    const api = client(() => block('text', JSON.stringify(payload))).api;
    await expect(getJsonContentBlock(api, 'x', productSliderBlockSchema)).rejects.toThrow(
      "Response format Error: Format can't be text",
    );
  });

  it("rejects an empty body with 'No data' but reads a 404 as null", async () => {
    const empty = client(() => new Response('', { status: 200 })).api;
    await expect(getJsonContentBlock(empty, 'x', productSliderBlockSchema)).rejects.toThrow('No data');
    expect(await getJsonContentBlock(client(noData).api, 'x', productSliderBlockSchema)).toBeNull();
  });

  it('names the field of the JSON that does not fit', async () => {
    const api = client(() => block('json', JSON.stringify({ ...payload, productIds: ['a'] }))).api;
    await expect(getJsonContentBlock(api, 'x', productSliderBlockSchema)).rejects.toMatchObject({
      kind: 'parse',
      fields: ['contentFormatted.productIds.0'],
    });
    const broken = client(() => block('json', '{"title":')).api;
    await expect(getJsonContentBlock(broken, 'x', productSliderBlockSchema)).rejects.toMatchObject({
      fields: ['contentFormatted'],
    });
  });
});

describe('sliders', () => {
  const slider = (items: { props: Record<string, string>; title?: string; value?: string; description?: string }[]) =>
    json({
      slug: 's',
      locale: 'ru',
      title: 'S',
      activeSliderItem: items.map((item, i) => ({
        id: i + 1,
        ordering: i,
        title: item.title ?? null,
        value: item.value ?? null,
        description: item.description ?? null,
        props: Object.entries(item.props).map(([key, value]) => ({ key, value })),
      })),
    });
  const mainSlide = { title: 'T', img: '/i.svg', alt: 'A', link: '/odezhda', type: 'image', isBlank: '1' };

  it('asks in the client locale unless told otherwise', async () => {
    const { api, sent } = client(() => slider([]), 'uk');
    await getSlider(api, 'main-page-slider');
    await getSlider(api, 'main-page-slider', { locale: 'ru' });
    expect(sent.map((s) => s.url.pathname)).toEqual([
      '/public/slider/bbs/main-page-slider/uk',
      '/public/slider/bbs/main-page-slider/ru',
    ]);
  });

  it('turns slides into typed records', async () => {
    const api = client(() => slider([{ props: mainSlide }, { props: { ...mainSlide, isBlank: '0' } }])).api;
    const slides = await getSlides(api, 'main-page-slider', mainSlideSchema);
    expect(slides).toEqual([
      { ...mainSlide, isBlank: true },
      { ...mainSlide, isBlank: false },
    ]);
  });

  it("raises 'Wrong slider config' for a slide that does not fit", async () => {
    const { img: _img, ...withoutImage } = mainSlide;
    const api = client(() => slider([{ props: mainSlide }, { props: withoutImage }])).api;
    await expect(getSlides(api, 'main-page-slider', mainSlideSchema)).rejects.toMatchObject({
      kind: 'parse',
      fields: ['activeSliderItem.1'],
    });
    await expect(getSlides(api, 'main-page-slider', mainSlideSchema)).rejects.toThrow(
      'Wrong slider config (slide field img: expected string, received undefined)',
    );
  });

  it('gives no slides when the slider does not exist', async () => {
    expect(await getSlides(client(noData).api, 'x', mainSlideSchema)).toEqual([]);
    expect(await getSlider(client(noData).api, 'x')).toBeNull();
  });

  it('splits menu banners: type 1 desktop, anything else mobile', async () => {
    const banner = (type: string, value: string) => ({
      title: `Banner ${value}`,
      value,
      description: `/${value}.svg`,
      props: { type, link: `/${value}` },
    });
    const { api, sent } = client(() => slider([banner('1', 'odezhda'), banner('2', 'obuv'), banner('3', 'igrushki')]));
    const banners = await getNavBanners(api);
    expect(sent[0]?.url.pathname).toBe('/public/slider/bbs/nav-banners/ru');
    expect(banners.desktop.map((b) => b.value)).toEqual(['odezhda']);
    expect(banners.mobile.map((b) => b.value)).toEqual(['obuv', 'igrushki']);
    expect(banners.desktop[0]).toEqual({
      title: 'Banner odezhda',
      value: 'odezhda',
      description: '/odezhda.svg',
      type: '1',
      link: '/odezhda',
    });
  });
});

describe('pages, posts and promotions', () => {
  const emptyPosts = () => json({ items: [], total: 0 });

  it('asks for a page and reads 404 as null', async () => {
    const { api, sent } = client(noData, 'uk');
    expect(await getPage(api, 'bonus-rules')).toBeNull();
    expect(sent[0]?.url.pathname).toBe('/public/page/bbs/bonus-rules/uk');
  });

  it('lists blog posts and news with page, limit, slugs and group', async () => {
    const { api, sent } = client(emptyPosts, 'uk');
    await getPosts(api, 'blog', { page: 1, limit: 5, slugs: ['a', 'b'] });
    await getPosts(api, 'news');
    expect(sent[0]?.url.pathname).toBe('/public/blog/bbs/uk');
    expect(query(sent[0])).toBe('page=1&limit=5&slugs[0]=a&slugs[1]=b&group=0');
    expect(sent[1]?.url.pathname).toBe('/public/blog-news/bbs/uk');
    expect(query(sent[1])).toBe('page=0&group=1');
  });

  it('rejects a post list without items', async () => {
    await expect(getPosts(client(() => json({ total: 0 })).api, 'blog')).rejects.toMatchObject({
      kind: 'parse',
      fields: ['items'],
    });
  });

  it('asks for one post in its list and reads 404 as null', async () => {
    const { api, sent } = client(noData);
    expect(await getPost(api, 'news', 'novyy-magazin')).toBeNull();
    expect(sent[0]?.url.pathname).toBe('/public/blog-news/bbs/novyy-magazin/ru');
  });

  it('asks for promotions, one promotion and a product’s promotions', async () => {
    const { api, sent } = client((s) =>
      s.url.pathname.includes('for-product') ? noData() : json({ items: [], total: 0 }),
    );
    await getPromotion(api, 'skidki-do-50').catch(() => undefined);
    expect(await getProductPromotions(api, 100001)).toEqual({ items: [], total: 0 });
    expect(sent.map((s) => s.url.pathname)).toEqual([
      '/public/promotion/bbs/skidki-do-50/ru',
      '/public/promotion/for-product/bbs/100001/ru',
    ]);
  });
});

describe('reviews', () => {
  const list = () => json({ items: [], averageRate: 0, total: 0 });

  it('asks for a product’s reviews ten per page', async () => {
    const { api, sent } = client(list);
    await getProductReviews(api, 100001);
    await getArticleReviews(api, '100001-02', { page: 2 });
    expect(sent[0]?.url.pathname).toBe('/public/review/product');
    expect(query(sent[0])).toBe('productId=100001&page=0&limit=10&project=bbs');
    expect(sent[1]?.url.pathname).toBe('/public/review/product-article');
    expect(query(sent[1])).toBe('article=100001-02&page=2&limit=10&project=bbs');
  });

  it('asks for top category reviews with the spec defaults: minRating 4, page 0, limit 3', async () => {
    const { api, sent } = client(list);
    await getCategoryReviews(api, { category: 'odezhda' });
    expect(query(sent[0])).toBe('category=odezhda&minRating=4&page=0&limit=3&project=bbs');
  });

  it('reads aggregates', async () => {
    const body = { productId: 1, averageRate: 4.5, total: 2, counts: [{ rating: 5, count: 1 }] };
    const { api, sent } = client(() => json(body));
    expect(await getReviewAggs(api, 1)).toEqual(body);
    expect(query(sent[0])).toBe('productId=1&project=bbs');
  });

  it('rejects a rating above 5', async () => {
    const api = client(() => json({ items: [], averageRate: 7, total: 0 })).api;
    await expect(getProductReviews(api, 1)).rejects.toMatchObject({ kind: 'parse', fields: ['averageRate'] });
  });

  it('asks for ratings in batches of 50, in parallel, without duplicates, keeping the order', async () => {
    const { api, sent } = client((s) => {
      const ids = [...s.url.searchParams.entries()].filter(([k]) => k.startsWith('ids[')).map(([, v]) => Number(v));
      return json({ items: ids.map((productId) => ({ productId, averageRate: 4, total: 1 })) });
    });
    const ids = Array.from({ length: 120 }, (_, i) => 100001 + i);
    const ratings = await getRatings(api, [...ids, 100001, 100002]);
    expect(sent).toHaveLength(3);
    expect(sent.map((s) => [...s.url.searchParams.keys()].filter((k) => k.startsWith('ids[')).length)).toEqual([
      50, 50, 20,
    ]);
    expect(sent[0]?.url.searchParams.get('ids[0]')).toBe('100001');
    expect(ratings.map((r) => r.productId)).toEqual(ids);
    expect(await getRatings(api, [])).toEqual([]);
  });
});

describe('no data', () => {
  it('is a 404 with code 404 only', async () => {
    const error404: unknown = await getPage(client(() => json({ code: 1404, message: 'x' }, 404)).api, 'x').catch(
      (e: unknown) => e,
    );
    expect(isNoData(error404)).toBe(false);
    expect(isNoData(new Error('404'))).toBe(false);
  });
});

describe('content slugs', () => {
  it.each([
    [{ folderCategory: 'odezhda' }, 'banner', 'catalog_content_odezhda_banner'],
    [{ folderCategory: 'odezhda', category: 'kurtki' }, 'banner', 'catalog_content_odezhda_kurtki_banner'],
    [
      { folderCategory: 'odezhda', category: 'kurtki', filters: [{ topic: 'season', values: ['zima'] }] },
      'banner',
      'catalog_content_odezhda_kurtki_banner',
    ],
    [
      {
        folderCategory: 'obuv',
        filters: [
          { topic: 'gender', values: ['dlya-devochek'] },
          { topic: 'size', values: ['25'] },
        ],
      },
      'desc',
      'catalog_content_obuv_gender-dlya-devochek_size-25_desc',
    ],
  ] as const)('builds %j %s as %s', (key, kind, slug) => {
    expect(catalogueContentSlug(key, kind)).toBe(slug);
  });

  it('never builds a slug over the content service’s 200 characters (issue 25)', () => {
    // Three groups of 80-character values: what the route grammar lets through, 300 characters.
    const long = (letter: string) => letter.repeat(80);
    const filters = ['age', 'color', 'size'].map((topic, i) => ({ topic, values: [long('abc'[i] ?? 'x')] }));
    expect(catalogueContentSlug({ folderCategory: 'odezhda', category: 'kurtki', filters }, 'desc')).toBeNull();
    // At the limit it is still built; one character more and it is not.
    const fits = (n: number) => ({ folderCategory: 'a'.repeat(n - 'catalog_content__desc'.length) });
    expect(catalogueContentSlug(fits(200), 'desc')).toHaveLength(200);
    expect(catalogueContentSlug(fits(201), 'desc')).toBeNull();
  });

  it('orders size tables: special for the category, category, special for the folder, folder', () => {
    expect(sizeTableSlugs({ category: 'kedy', folderCategory: 'obuv', brand: 'geox' })).toEqual([
      'special_size_kedy_geox',
      'size_kedy',
      'special_size_obuv_geox',
      'size_obuv',
    ]);
    expect(sizeTableSlugs({ category: null, folderCategory: 'odezhda', brand: null })).toEqual(['size_odezhda']);
  });
});
