import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQuery } from '../../src/api/queryString.ts';
import type { QueryValue } from '../../src/api/queryString.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { ProductList, WireProduct } from '../../src/api/schemas/product.ts';
import { catalogMetaSchema, smartMetaSchema } from '../../src/api/schemas/searchMeta.ts';
import { createTestShop, get, getJson, productsPath } from './support.ts';
import type { TestShop } from './support.ts';

/** Outlet, catalogue listings, products by ids, catalogue meta and category smart meta. */

let shop: TestShop;
let all: WireProduct[];

const SEARCH = '/svc/search/public';

beforeAll(async () => {
  shop = await createTestShop(400);
  all = await everything(`${SEARCH}/products`, {});
});
afterAll(() => shop.dispose());

const path = (base: string, query: Record<string, QueryValue>): string => {
  const qs = encodeQuery(query);
  return qs === '' ? base : `${base}?${qs}`;
};

const list = (base: string, query: Record<string, QueryValue>): Promise<ProductList> =>
  getJson(shop.services, path(base, query), productListSchema);

/** Every product a listing answers, page by page. */
async function everything(base: string, query: Record<string, QueryValue>): Promise<WireProduct[]> {
  const items: WireProduct[] = [];
  for (let page = 0; ; page++) {
    const answer = await list(base, { ...query, page, limit: 100 });
    items.push(...answer.items);
    if (answer.items.length < 100) {
      expect(answer.pagination.total).toBe(items.length);
      return items;
    }
  }
}

async function expectError(url: string, status: 400 | 404, init?: RequestInit): Promise<string> {
  const response = await get(shop.services, url, init);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = serviceErrorSchema.parse(await response.json());
  expect(body.code).toBe(status);
  return body.message;
}

const ids = (items: WireProduct[]): number[] => items.map((p) => p.id).sort((a, b) => a - b);
const has = (p: WireProduct, topic: string, slug: string): boolean =>
  p.filterList.some((f) => f.topic === topic && f.slug === slug);
const inCategory = (p: WireProduct, slugs: string[]): boolean =>
  slugs.includes(p.folderCategory.slug) || (p.category !== null && slugs.includes(p.category.slug));
const discounted = (p: WireProduct): boolean =>
  p.nomenclature.some(
    (v) =>
      v.isPromotional ||
      (v.probablyPriceRecommended !== null &&
        v.probablyPriceSelling !== null &&
        v.probablyPriceSelling < v.probablyPriceRecommended),
  );

describe('GET /public/products/sale-outlet', () => {
  it('lists exactly the products with a discount or a promotional variant', async () => {
    const outlet = await everything(`${SEARCH}/products/sale-outlet`, {});
    expect(outlet.length).toBeGreaterThan(20);
    expect(outlet.every(discounted)).toBe(true);
    expect(ids(outlet)).toEqual(ids(all.filter(discounted)));
    expect(outlet.length).toBeLessThan(all.length);
  });

  it('takes the /public/products query: filters, flags, sort, facets over the outlet only', async () => {
    const query = { category: 'odezhda', withPrice: 1, hasImage: 1 };
    const outlet = await everything(`${SEARCH}/products/sale-outlet`, query);
    const plain = await everything(`${SEARCH}/products`, query);
    expect(outlet.length).toBeGreaterThan(0);
    expect(ids(outlet)).toEqual(ids(plain.filter(discounted)));
    for (const p of outlet) {
      expect(p.folderCategory.slug).toBe('odezhda');
      // With withPrice=1 a discount shows on a priced variant.
      expect(p.nomenclature.every((v) => v.probablyPriceSelling !== null)).toBe(true);
      expect(p.nomenclature.some((v) => (v.discountRate ?? 0) > 0 || v.isPromotional)).toBe(true);
    }
    const first = await list(`${SEARCH}/products/sale-outlet`, { ...query, orderBy: 'discount', limit: 10 });
    const rates = first.items.map((p) => Math.max(...p.nomenclature.map((v) => v.discountRate ?? 0)));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const categories = first.aggr.topicList.find((t) => t.slug === 'category')?.filterList ?? [];
    const counted = categories.reduce((sum, entry) => sum + (entry.count ?? 0), 0);
    expect(counted).toBe(outlet.length);
  });

  it('answers 400 for bad parameters', async () => {
    await expectError(`${SEARCH}/products/sale-outlet?limit=0`, 400);
    await expectError(`${SEARCH}/products/sale-outlet?orderBy=rating`, 400);
  });
});

describe('GET /public/products/catalog/{slug}', () => {
  const BUNDLE_CATEGORIES = [
    'bodi',
    'polzunki',
    'pinetki',
    'butylochki',
    'soski-pustyshki',
    'podogrevateli-i-sterilizatory',
    'podguzniki',
    'vlazhnye-salfetki',
    'kosmetika-dlya-detey',
    'vannochki',
    'pogremushki',
    'razvivayushchie-igrushki',
  ];
  const rules: Record<string, (p: WireProduct) => boolean> = {
    'pakunok-malyuka': (p) => inCategory(p, BUNDLE_CATEGORIES) && has(p, 'age', '0-6-mesyacev'),
    leto: (p) => has(p, 'season', 'leto'),
    'shkola-2026': (p) =>
      inCategory(p, ['shkola']) ||
      (inCategory(p, ['krossovki', 'kedy']) && (has(p, 'age', '5-7-let') || has(p, 'age', '7-10-let'))),
    podarki: (p) =>
      inCategory(p, [
        'konstruktory',
        'kukly',
        'nastolnye-igry',
        'myagkie-igrushki',
        'elektronnyi-podarochnyi-sertifikat',
      ]),
  };

  it.each(Object.keys(rules))('lists the products of %s', async (slug) => {
    const rule = rules[slug] ?? (() => false);
    const got = await everything(`${SEARCH}/products/catalog/${slug}`, {});
    expect(got.length).toBeGreaterThan(3);
    expect(ids(got)).toEqual(ids(all.filter(rule)));
  });

  it('lists newborn goods in the baby bundle, each with a picture and price by default query', async () => {
    const bundle = await list(`${SEARCH}/products/catalog/pakunok-malyuka`, { hasImage: 1, withPrice: 1, limit: 100 });
    expect(bundle.items.length).toBeGreaterThan(0);
    for (const p of bundle.items) {
      expect(p.images.length).toBeGreaterThan(0);
      expect(has(p, 'age', '0-6-mesyacev')).toBe(true);
    }
    const folders = new Set(bundle.items.map((p) => p.folderCategory.slug));
    expect([...folders].sort()).toEqual(expect.arrayContaining(['gigiena', 'kormlenie', 'odezhda']));
  });

  it('applies the query inside a catalogue and pages it', async () => {
    const leto = await everything(`${SEARCH}/products/catalog/leto`, {});
    const shoes = await everything(`${SEARCH}/products/catalog/leto`, { category: 'obuv' });
    expect(shoes.length).toBeGreaterThan(0);
    expect(ids(shoes)).toEqual(ids(leto.filter((p) => p.folderCategory.slug === 'obuv')));
    const first = await list(`${SEARCH}/products/catalog/leto`, { page: 0, limit: 5 });
    const second = await list(`${SEARCH}/products/catalog/leto`, { page: 1, limit: 5 });
    const ten = await list(`${SEARCH}/products/catalog/leto`, { page: 0, limit: 10 });
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(ten.items.map((p) => p.id));
  });

  it('serves outlet as a catalogue too', async () => {
    const viaCatalog = await everything(`${SEARCH}/products/catalog/outlet`, {});
    expect(ids(viaCatalog)).toEqual(ids(all.filter(discounted)));
  });

  it('answers 404 for an unknown catalogue and 400 for a malformed slug', async () => {
    expect(await expectError(`${SEARCH}/products/catalog/no-such-catalogue`, 404)).toMatch(/no-such-catalogue/);
    await expectError(`${SEARCH}/products/catalog/Bad_Slug`, 400);
    await expectError(`${SEARCH}/products/catalog/leto?page=-1`, 400);
  });
});

describe('GET /public/products?ids[n]=', () => {
  it('answers the asked products in the asked order, in the usual shape', async () => {
    const picked = [all[40], all[3], all[17]].map((p) => p?.id ?? 0);
    const response = await get(shop.services, productsPath({ ids: picked }));
    expect(response.status).toBe(200);
    const raw: unknown = await response.json();
    const answer = productListSchema.parse(raw);
    expect(answer).toEqual(raw);
    expect(answer.items.map((p) => p.id)).toEqual(picked);
    expect(answer.pagination).toEqual({ total: 3, page: 0, limit: 3 });
    const brands = answer.aggr.topicList.find((t) => t.slug === 'brand')?.filterList ?? [];
    expect(brands.reduce((sum, b) => sum + (b.count ?? 0), 0)).toBe(3);
    // The very same product objects as in the plain listing.
    expect(answer.items[1]).toEqual(all[3]);
  });

  it('takes up to 50 ids, skips unknown and repeated ones, and sorts when asked', async () => {
    const fifty = all.slice(0, 50).map((p) => p.id);
    const answer = await list(`${SEARCH}/products`, { ids: [...fifty].reverse() });
    expect(answer.items.map((p) => p.id)).toEqual([...fifty].reverse());
    const some = [all[5]?.id ?? 0, 999_999_999, all[5]?.id ?? 0, all[9]?.id ?? 0];
    const partial = await list(`${SEARCH}/products`, { ids: some });
    expect(partial.items.map((p) => p.id)).toEqual([all[5]?.id, all[9]?.id]);
    const sorted = await list(`${SEARCH}/products`, { ids: fifty, withPrice: 1, orderBy: 'price' });
    const prices = sorted.items.map((p) => Math.min(...p.nomenclature.map((v) => v.probablyPriceSelling ?? 0)));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(sorted.items.length).toBeGreaterThan(40);
  });

  it('combines ids with the other conditions', async () => {
    const picked = all.slice(0, 50);
    const answer = await list(`${SEARCH}/products`, { ids: picked.map((p) => p.id), category: 'odezhda' });
    expect(answer.items.map((p) => p.id)).toEqual(
      picked.filter((p) => p.folderCategory.slug === 'odezhda').map((p) => p.id),
    );
  });

  it('answers 400 above 50 ids or for a non-numeric id', async () => {
    const fiftyOne = all.slice(0, 51).map((p) => p.id);
    expect(await expectError(productsPath({ ids: fiftyOne }), 400)).toMatch(/ids/);
    await expectError(`${SEARCH}/products?ids[0]=abc`, 400);
    await expectError(`${SEARCH}/products?ids[0]=-5`, 400);
  });
});

describe('GET /public/catalog/{slug}/meta', () => {
  const meta = (slug: string, query: Record<string, QueryValue> = {}) =>
    getJson(shop.services, path(`${SEARCH}/catalog/${slug}/meta`, query), catalogMetaSchema);

  it('answers outlet meta in the asked locale', async () => {
    const ru = await meta('outlet', { locale: 'ru' });
    const uk = await meta('outlet', { locale: 'uk' });
    expect(ru).toMatchObject({ slug: 'outlet', kind: 'outlet', locale: 'ru', page: 1, h1: 'Аутлет' });
    expect(ru.title).toMatch(/скидкой/);
    expect(uk.title).toMatch(/знижкою/);
    expect(uk.description).not.toBe(ru.description);
    expect(await meta('outlet')).toEqual(ru);
  });

  it('answers the baby bundle and custom catalogues, naming the page from page 2', async () => {
    expect(await meta('pakunok-malyuka', { locale: 'uk' })).toMatchObject({ kind: 'bundle', h1: 'Пакунок малюка' });
    const leto = await meta('leto');
    expect(leto).toMatchObject({ kind: 'custom', h1: 'Всё для лета' });
    const second = await meta('leto', { page: 2, locale: 'uk' });
    expect(second.h1).toBe('Все для літа');
    expect(second.title).toMatch(/ — сторінка 2$/);
    expect(second.description).toMatch(/Сторінка 2\.$/);
    expect(leto.title).not.toMatch(/страница/);
  });

  it('answers 404 for an unknown catalogue and 400 for bad parameters', async () => {
    await expectError(`${SEARCH}/catalog/no-such-catalogue/meta`, 404);
    await expectError(`${SEARCH}/catalog/outlet/meta?locale=en`, 400);
    await expectError(`${SEARCH}/catalog/outlet/meta?page=0`, 400);
    await expectError(`${SEARCH}/catalog/outlet/meta`, 400, { headers: { project: 'BAD PROJECT' } });
    const ok = await get(shop.services, `${SEARCH}/catalog/outlet/meta`, { headers: { project: 'bbs' } });
    expect(ok.status).toBe(200);
  });
});

describe('GET /public/category/{id}/smart-meta', () => {
  const smart = (category: string | number, query: Record<string, QueryValue> = {}) =>
    getJson(shop.services, path(`${SEARCH}/category/${category}/smart-meta`, query), smartMetaSchema);
  const listed = (query: Record<string, QueryValue>) =>
    list(`${SEARCH}/products`, { ...query, hasImage: 1, withPrice: 1, limit: 1 });

  it('uses the editor texts for a category without filters, in both languages', async () => {
    const ru = await smart('odezhda');
    expect(ru).toMatchObject({ custom: true, h1: 'Детская одежда', page: 1, locale: 'ru' });
    const uk = await smart('odezhda', { locale: 'uk' });
    expect(uk.h1).toBe('Дитячий одяг');
    const listing = await listed({ category: 'odezhda' });
    expect(ru.count).toBe(listing.pagination.total);
    expect(ru.minPrice).toBe(listing.aggr.price.min);
  });

  it('uses the editor texts for one filter value and counts the filtered page', async () => {
    const filters = [{ topic: 'gender', values: ['dlya-devochek'] }];
    const meta = await smart('odezhda', { filters, locale: 'uk' });
    expect(meta).toMatchObject({ custom: true, h1: 'Одяг для дівчаток' });
    const listing = await listed({ category: 'odezhda', filters });
    expect(meta.count).toBe(listing.pagination.total);
    expect(meta.count).toBeGreaterThan(0);
  });

  it('builds h1, title and description from the category and the filter values', async () => {
    const base = await everything(`${SEARCH}/products`, { category: 'odezhda', hasImage: 1, withPrice: 1 });
    const colour = base.flatMap((p) => p.filterList).find((f) => f.topic === 'color')?.slug ?? '';
    const filters = [
      { topic: 'color', values: [colour] },
      { topic: 'gender', values: ['dlya-malchikov'] },
    ];
    const meta = await smart('odezhda', { filters, page: 3 });
    const listing = await listed({ category: 'odezhda', filters });
    const config = await getJson(shop.services, `${SEARCH}/category-config`, categoryConfigSchema);
    const colourTitle = config.translationList.find((t) => t.topic === 'color' && t.slug === colour);
    expect(meta.custom).toBe(false);
    expect(meta.h1).toBe(`Одежда для мальчиков, цвет ${colourTitle?.title.toLowerCase() ?? '?'}`);
    expect(meta.title).toBe(`${meta.h1} — купить в интернет-магазине «Карапуз» — страница 3`);
    expect(meta.count).toBe(listing.pagination.total);
    if (meta.count > 0) {
      expect(meta.minPrice).toBe(listing.aggr.price.min);
      expect(meta.description).toContain(`от ${listing.aggr.price.min} грн`);
      expect(meta.description).toMatch(new RegExp(`: ${meta.count} товар`));
    }
    expect(meta.description).toMatch(/Страница 3\.$/);
    const uk = await smart('odezhda', { filters, locale: 'uk' });
    expect(uk.h1).toBe(`Одяг для хлопчиків, колір ${colourTitle?.titleUkr.toLowerCase() ?? '?'}`);
  });

  it('answers a sub-category by id as by slug, and ignores unknown filter values', async () => {
    const config = await get(shop.services, `${SEARCH}/category/bodi`);
    const { id } = (await config.json()) as { id: number };
    const bySlug = await smart('bodi', { filters: [{ topic: 'size', values: ['62', 'no-such-size'] }] });
    expect(await smart(id, { filters: [{ topic: 'size', values: ['62', 'no-such-size'] }] })).toEqual(bySlug);
    expect(bySlug.h1).toBe('Боди: размер 62 см');
    expect(bySlug.category).toEqual({ id, slug: 'bodi' });
    const plain = await smart('bodi', { filters: [{ topic: 'size', values: ['no-such-size'] }] });
    expect(plain.h1).toBe('Боди');
  });

  it('answers 404 for an unknown category and 400 for bad parameters', async () => {
    await expectError(`${SEARCH}/category/no-such-category/smart-meta`, 404);
    await expectError(`${SEARCH}/category/999999/smart-meta`, 404);
    await expectError(`${SEARCH}/category/odezhda/smart-meta?page=abc`, 400);
    await expectError(`${SEARCH}/category/odezhda/smart-meta?filters[0][topic]=flavour&filters[0][values][0]=x`, 400);
    await expectError(`${SEARCH}/category/odezhda/smart-meta?filters[0][topic]=color`, 400);
  });
});
