import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/apiError.ts';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import {
  findCategories,
  getBabyBundleProducts,
  getBrand,
  getBrandAggregations,
  getCatalogMeta,
  getCatalogProducts,
  getCategory,
  getCategorySmartMeta,
  getCombinedProduct,
  getOutletProducts,
  getProduct,
  getProductAccessories,
  getProductsByIds,
  quickSearch,
} from '../../src/api/search.ts';
import { wishListProducts } from '../../src/api/wishList.ts';
import { fakeFetch, json, sleep } from './support/fakeFetch.ts';
import type { Sent } from './support/fakeFetch.ts';

const baseUrls = serviceBaseUrls({ SEARCH_API_URL: 'https://search.test' });

const emptyList = {
  items: [],
  aggr: { topicList: [], price: { min: 0, max: 0 } },
  pagination: { total: 0, page: 0, limit: 24 },
};

function product(id: number, stock: number[] = [1]): WireProduct {
  return {
    id,
    productId: id,
    title: `Товар ${id}`,
    titleUkr: `Товар ${id}`,
    slug: `tovar-${id}`,
    brand: null,
    images: [],
    videos: [],
    rotateImages: [],
    nomenclature: stock.map((totalAmount, i) => ({
      id: id * 10 + i,
      displayArticle: `${id}-${i}`,
      totalAmount,
      isArchival: false,
      isNew: false,
      isPromotional: false,
      isPreOrder: false,
      expectationDate: null,
      warehouses: totalAmount > 0 ? [{ id: 1, quantity: totalAmount }] : [],
      color: null,
      colorCode: null,
      colorPresentation: null,
      additionalColorPresentation: null,
      sizePresentation: null,
      weight: 1,
      capacity: 1000,
      bonusAccrualRate: null,
      bonusMaxPaymentPercent: null,
      orderingWeight: 0,
      discountRate: 0,
      probablyPriceRecommended: 100,
      probablyPriceSelling: 100,
      probablyPriceSubscriptionDiscount: null,
      firstPriceList: 100,
    })),
    filterList: [],
    productGroup: null,
    shortDescription: null,
    shortDescriptionUkr: null,
    allowSubscription: false,
    folderCategory: { slug: 'odezhda', title: 'Одежда' },
    category: null,
    isArchival: false,
  };
}

const query = (sent: Sent | undefined): string => decodeURIComponent(sent?.url.search.slice(1) ?? '');
/** The `ids[n]` values of a sent request, in order. */
const sentIds = (sent: Sent): number[] =>
  [...sent.url.searchParams].filter(([key]) => key.startsWith('ids[')).map(([, value]) => Number(value));

describe('getProductsByIds', () => {
  it('asks in batches of 50, in parallel, and merges the items in the requested order', async () => {
    const wanted = Array.from({ length: 120 }, (_, i) => 1000 + ((i * 37) % 120));
    wanted.splice(10, 0, wanted[3] ?? 0);
    let inFlight = 0;
    let maxInFlight = 0;
    const { fetch, sent } = fakeFetch(async (request) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const asked = sentIds(request);
      // Answer later batches first, items reversed and one id unknown to the service.
      await sleep(asked.length === 50 && asked[0] === wanted[0] ? 30 : 10);
      inFlight--;
      const items = asked
        .filter((id) => id !== 1005)
        .map((id) => product(id))
        .reverse();
      return json({ ...emptyList, items, pagination: { total: items.length, page: 0, limit: asked.length } });
    });
    const client = createHttpClient({ baseUrls, fetch, locale: 'uk' });
    const items = await getProductsByIds(client, wanted);
    expect(sent).toHaveLength(3);
    expect(maxInFlight).toBe(3);
    expect(sent.map((s) => sentIds(s).length)).toEqual([50, 50, 20]);
    for (const s of sent) {
      expect(s.url.pathname).toBe('/public/products');
      expect(s.url.searchParams.get('limit')).toBe(String(sentIds(s).length));
      expect(s.url.searchParams.get('page')).toBe('0');
      expect(s.url.searchParams.get('locale')).toBe('uk');
      expect(s.url.searchParams.get('project')).toBe('bbs');
    }
    const unique = [...new Set(wanted)];
    expect(sent.flatMap(sentIds)).toEqual(unique);
    expect(items.map((p) => p.id)).toEqual(unique.filter((id) => id !== 1005));
  });

  it('sends nothing for no ids and passes the flags it is given', async () => {
    const { fetch, sent } = fakeFetch(() => json(emptyList));
    const client = createHttpClient({ baseUrls, fetch, locale: 'ru' });
    expect(await getProductsByIds(client, [])).toEqual([]);
    expect(sent).toHaveLength(0);
    await getProductsByIds(client, [7, 8], { withPrice: true });
    expect(query(sent[0])).toBe('ids[0]=7&ids[1]=8&page=0&limit=2&withPrice=1&project=bbs&locale=ru');
  });

  it('rejects when any batch fails', async () => {
    let calls = 0;
    const { fetch } = fakeFetch(() => (++calls === 2 ? json({ code: 400, message: 'bad' }, 400) : json(emptyList)));
    const client = createHttpClient({ baseUrls, fetch, locale: 'ru' });
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    await expect(getProductsByIds(client, ids)).rejects.toMatchObject({ kind: 'http', status: 400 });
  });
});

describe('listing calls', () => {
  it.each([
    [
      'outlet',
      (c: ReturnType<typeof createHttpClient>) => getOutletProducts(c, { page: 2 }),
      '/public/products/sale-outlet',
    ],
    [
      'a custom catalogue',
      (c: ReturnType<typeof createHttpClient>) => getCatalogProducts(c, 'shkola-2026', { orderBy: 'price' }),
      '/public/products/catalog/shkola-2026',
    ],
    [
      'the baby bundle',
      (c: ReturnType<typeof createHttpClient>) => getBabyBundleProducts(c, {}),
      '/public/products/catalog/pakunok-malyuka',
    ],
  ])('asks for %s with the catalogue defaults', async (_name, call, pathname) => {
    const { fetch, sent } = fakeFetch(() => json(emptyList));
    await call(createHttpClient({ baseUrls, fetch, locale: 'ru' }));
    expect(sent[0]?.url.pathname).toBe(pathname);
    expect(sent[0]?.url.searchParams.get('hasImage')).toBe('1');
    expect(sent[0]?.url.searchParams.get('withPrice')).toBe('1');
    expect(sent[0]?.url.searchParams.get('limit')).toBe('24');
  });

  it('encodes a catalogue slug so it cannot change the route', async () => {
    const { fetch, sent } = fakeFetch(() => json(emptyList));
    await getCatalogProducts(createHttpClient({ baseUrls, fetch, locale: 'ru' }), '../brand/x', {});
    expect(sent[0]?.url.pathname).toBe('/public/products/catalog/..%2Fbrand%2Fx');
  });
});

describe('meta calls', () => {
  const catalogMeta = {
    locale: 'uk',
    slug: 'outlet',
    kind: 'outlet',
    page: 2,
    h1: 'Аутлет',
    title: 'T',
    description: 'D',
  };

  it('asks for catalogue meta with the project header and the locale', async () => {
    const { fetch, sent } = fakeFetch(() => json(catalogMeta));
    const meta = await getCatalogMeta(createHttpClient({ baseUrls, fetch, locale: 'uk' }), 'outlet', { page: 2 });
    expect(meta.h1).toBe('Аутлет');
    expect(sent[0]?.url.pathname).toBe('/public/catalog/outlet/meta');
    expect(query(sent[0])).toBe('page=2&locale=uk');
    expect(sent[0]?.headers.get('project')).toBe('bbs');
  });

  it('rejects catalogue meta without h1, and a 404 as an http error', async () => {
    const { fetch } = fakeFetch(() => json({ ...catalogMeta, h1: undefined }));
    await expect(getCatalogMeta(createHttpClient({ baseUrls, fetch, locale: 'ru' }), 'outlet')).rejects.toMatchObject({
      kind: 'parse',
      fields: ['h1'],
    });
    const missing = fakeFetch(() => json({ code: 404, message: 'No catalogue x' }, 404));
    const error: unknown = await getCatalogMeta(
      createHttpClient({ baseUrls, fetch: missing.fetch, locale: 'ru' }),
      'x',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, kind: 'http' });
  });

  it('asks for smart meta with the filters as indexed arrays', async () => {
    const body = {
      locale: 'ru',
      category: { id: 1, slug: 'odezhda' },
      page: 2,
      custom: false,
      count: 3,
      minPrice: 99,
      h1: 'Одежда',
      title: 'T',
      description: 'D',
    };
    const { fetch, sent } = fakeFetch(() => json(body));
    const meta = await getCategorySmartMeta(createHttpClient({ baseUrls, fetch, locale: 'ru' }), 'odezhda', {
      filters: [{ topic: 'color', values: ['rozovyy', 'belyy'] }],
      page: 2,
    });
    expect(meta.count).toBe(3);
    expect(sent[0]?.url.pathname).toBe('/public/category/odezhda/smart-meta');
    expect(query(sent[0])).toBe(
      'filters[0][topic]=color&filters[0][values][0]=rozovyy&filters[0][values][1]=belyy&page=2&project=bbs&locale=ru',
    );
  });
});

describe('product calls', () => {
  it('asks for a product with smart meta', async () => {
    const { fetch, sent } = fakeFetch(() =>
      json({ ...product(5), smartMeta: { locale: 'ru', h1: 'Товар 5', title: 'T', description: 'D' } }),
    );
    const answer = await getProduct(createHttpClient({ baseUrls, fetch, locale: 'ru' }), 5, { withSmartMeta: true });
    expect(answer.smartMeta?.h1).toBe('Товар 5');
    expect(sent[0]?.url.pathname).toBe('/public/products/5');
    expect(query(sent[0])).toBe('withSmartMeta=1&project=bbs&locale=ru');
  });

  it('asks for the combined product', async () => {
    const { fetch, sent } = fakeFetch(() => json({ product: product(5), productGroup: 'g', items: [product(6)] }));
    const answer = await getCombinedProduct(createHttpClient({ baseUrls, fetch, locale: 'ru' }), 'tovar-5');
    expect(answer.items.map((p) => p.id)).toEqual([6]);
    expect(sent[0]?.url.pathname).toBe('/public/products/tovar-5/combined');
  });

  it('asks for accessories with withPrice=1 and hasImage=1 and keeps only those in stock', async () => {
    const { fetch, sent } = fakeFetch(() =>
      json({ items: [product(1, [0, 0]), product(2, [0, 3]), product(3, []), product(4, [1])] }),
    );
    const items = await getProductAccessories(createHttpClient({ baseUrls, fetch, locale: 'ru' }), 10);
    expect(items.map((p) => p.id)).toEqual([2, 4]);
    expect(sent[0]?.url.pathname).toBe('/public/products/10/accessory');
    expect(query(sent[0])).toBe('withPrice=1&hasImage=1&project=bbs&locale=ru');
  });
});

describe('category and brand calls', () => {
  const category = {
    id: 1,
    slug: 'odezhda',
    title: 'Одежда',
    titleUkr: 'Одяг',
    ordering: 10,
    topCount: 8,
    collapse: false,
    showCount: true,
    baseSearchEnable: true,
    topicList: [],
    filterList: [],
    additionalConfig: { excludeFromMenu: false, isTop: true, weight: 100 },
    childList: [],
    parent: null,
    productCount: 3,
  };

  it('asks for a category and searches categories by title', async () => {
    const { fetch, sent } = fakeFetch((s) =>
      s.url.pathname === '/public/category'
        ? json({ items: [], pagination: { total: 0, page: 1, limit: 5 } })
        : json(category),
    );
    const client = createHttpClient({ baseUrls, fetch, locale: 'uk' });
    expect((await getCategory(client, 'odezhda')).productCount).toBe(3);
    await findCategories(client, { title: 'оде', titleAgg: undefined, page: 1, limit: 5 });
    expect(sent[0]?.url.pathname).toBe('/public/category/odezhda');
    expect(query(sent[1])).toBe('title=оде&page=1&limit=5&project=bbs&locale=uk');
  });

  it('asks for a brand and its aggregations', async () => {
    const brand = { id: 3, slug: 'chicco', title: 'Chicco', image: null };
    const { fetch, sent } = fakeFetch((s) =>
      s.url.pathname.endsWith('/agg')
        ? json({ brand, aggr: { topicList: [], price: { min: 0, max: 0 } }, total: 0 })
        : json({ ...brand, description: 'd', descriptionUkr: 'u', productCount: 0, folderCategoryList: [] }),
    );
    const client = createHttpClient({ baseUrls, fetch, locale: 'ru' });
    expect((await getBrand(client, 'chicco')).descriptionUkr).toBe('u');
    await getBrandAggregations(client, 3, { category: 'igrushki' });
    expect(query(sent[0])).toBe('project=bbs&locale=ru');
    expect(sent[1]?.url.pathname).toBe('/public/brand/3/agg');
    expect(query(sent[1])).toBe('hasImage=1&withPrice=1&category=igrushki&project=bbs&locale=ru');
  });
});

describe('quickSearch', () => {
  it('sends nothing under 2 characters', async () => {
    const { fetch, sent } = fakeFetch(() => json(emptyList));
    const client = createHttpClient({ baseUrls, fetch, locale: 'ru' });
    expect(await quickSearch(client, ' к ')).toEqual({ products: [], categories: [] });
    expect(sent).toHaveLength(0);
  });

  it('asks for products (spec title lookup) and categories in parallel, both as the quick search (quick=1)', async () => {
    const categoryItem = { id: 2, slug: 'krossovki', title: 'Кроссовки', titleUkr: 'Кросівки', parent: null, count: 4 };
    const { fetch, sent } = fakeFetch((s) =>
      s.url.pathname === '/public/category'
        ? json({ items: [categoryItem], pagination: { total: 1, page: 0, limit: 5 } })
        : json({ ...emptyList, items: [product(9)] }),
    );
    const result = await quickSearch(createHttpClient({ baseUrls, fetch, locale: 'uk' }), ' крос ');
    expect(result.products.map((p) => p.id)).toEqual([9]);
    expect(result.categories).toEqual([categoryItem]);
    const products = sent.find((s) => s.url.pathname === '/public/products');
    expect(query(products)).toBe('page=0&limit=10&hasImage=1&withPrice=1&title=крос&quick=1&project=bbs&locale=uk');
    const categories = sent.find((s) => s.url.pathname === '/public/category');
    expect(query(categories)).toBe('titleAgg=крос&quick=1&hasImage=1&withPrice=1&limit=5&page=0&project=bbs&locale=uk');
  });
});

describe('wishListProducts (accounts spec §7 "Search service used for wish lists", §9 batch 50)', () => {
  it('reads the items’ products 50 ids a request, the requests in parallel, with no price or picture filter', async () => {
    const items = Array.from({ length: 130 }, (_, i) => ({ productId: 2000 + (i % 110) }));
    let inFlight = 0;
    let maxInFlight = 0;
    const { fetch, sent } = fakeFetch(async (request) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(5);
      inFlight--;
      const listed = sentIds(request)
        .filter((id) => id !== 2003)
        .map((id) => product(id));
      return json({ ...emptyList, items: listed });
    });
    const products = await wishListProducts(createHttpClient({ baseUrls, fetch, locale: 'ru' }), items);
    expect(sent.map((s) => sentIds(s).length)).toEqual([50, 50, 10]);
    expect(maxInFlight).toBe(3);
    for (const s of sent) {
      expect(s.url.searchParams.has('withPrice')).toBe(false);
      expect(s.url.searchParams.has('hasImage')).toBe(false);
    }
    expect(products.size).toBe(109);
    expect(products.get(2003)).toBeUndefined();
    expect(products.get(2004)?.id).toBe(2004);
  });
});
