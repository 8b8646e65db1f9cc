import { describe, expect, it } from 'vitest';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import { getCategoryConfig, getProducts } from '../../src/api/search.ts';
import type { ProductsRequest } from '../../src/api/search.ts';
import { fakeFetch, json } from './support/fakeFetch.ts';

const baseUrls = serviceBaseUrls({ SEARCH_API_URL: 'https://search.test' });

const emptyList = {
  items: [],
  aggr: { topicList: [], price: { min: 0, max: 0 } },
  pagination: { total: 0, page: 0, limit: 24 },
};

describe('search calls', () => {
  it('asks for the category config with project and locale', async () => {
    const { fetch, sent } = fakeFetch(() =>
      json({ categoryList: [], topicList: [], translationList: [], searchGroupList: [] }),
    );
    const config = await getCategoryConfig(createHttpClient({ baseUrls, fetch, locale: 'uk' }));
    expect(sent[0]?.url.href).toBe('https://search.test/public/category-config?project=bbs&locale=uk');
    expect(config.brandList).toEqual([]);
  });

  it('rejects a category config without its required lists', async () => {
    const { fetch } = fakeFetch(() => json({ categoryList: [] }));
    await expect(getCategoryConfig(createHttpClient({ baseUrls, fetch, locale: 'ru' }))).rejects.toMatchObject({
      kind: 'parse',
      fields: ['topicList', 'translationList', 'searchGroupList'],
    });
  });

  it.each<[string, ProductsRequest, string]>([
    [
      'the defaults: page 0, 24 per page, hasImage=1, withPrice=1',
      {},
      'page=0&limit=24&hasImage=1&withPrice=1&project=bbs&locale=ru',
    ],
    [
      'a filtered, sorted second page',
      { page: 1, category: 'bodi', orderBy: 'price', order: 'desc', filters: [{ topic: 'size', values: ['92'] }] },
      'page=1&limit=24&hasImage=1&withPrice=1&category=bodi&orderBy=price&order=desc&filters[0][topic]=size&filters[0][values][0]=92&project=bbs&locale=ru',
    ],
    [
      'an explicit withPrice=0 and an undefined field',
      { withPrice: false, title: undefined },
      'page=0&limit=24&hasImage=1&withPrice=0&project=bbs&locale=ru',
    ],
  ])('asks for products with %s', async (_label, query, expected) => {
    const { fetch, sent } = fakeFetch(() => json(emptyList));
    const list = await getProducts(createHttpClient({ baseUrls, fetch, locale: 'ru' }), query);
    expect(sent[0]?.url.pathname).toBe('/public/products');
    expect(decodeURIComponent(sent[0]?.url.search.slice(1) ?? '')).toBe(expected);
    expect(list.pagination.total).toBe(0);
  });

  it('treats a product list without aggr as a bad response', async () => {
    const { fetch } = fakeFetch(() => json({ items: [], pagination: { total: 0, page: 0, limit: 24 } }));
    await expect(getProducts(createHttpClient({ baseUrls, fetch, locale: 'ru' }), {})).rejects.toMatchObject({
      kind: 'parse',
      fields: ['aggr'],
    });
  });
});
