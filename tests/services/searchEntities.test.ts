import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQuery } from '../../src/api/queryString.ts';
import type { QueryValue } from '../../src/api/queryString.ts';
import { brandAggregationsSchema, brandDetailSchema } from '../../src/api/schemas/brandDetail.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import type { CategoryConfig } from '../../src/api/schemas/categoryConfig.ts';
import { categoryDetailSchema, categorySearchResultSchema } from '../../src/api/schemas/categorySearch.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { ProductList, WireProduct } from '../../src/api/schemas/product.ts';
import {
  accessoryListSchema,
  combinedProductSchema,
  productDetailSchema,
} from '../../src/api/schemas/productDetail.ts';
import { ACCESSORY_CATEGORIES } from '../../src/services/seed/categories.ts';
import { createTestShop, get, getJson } from './support.ts';
import type { TestShop } from './support.ts';

/** One product (detail, combined, accessories), categories, category search, brands and the quick search. */

let shop: TestShop;
let db: DatabaseSync;
let all: WireProduct[];
let config: CategoryConfig;

const SEARCH = '/svc/search/public';

beforeAll(async () => {
  shop = await createTestShop(400);
  db = new DatabaseSync(join(shop.dataDir, 'search.db'), { readOnly: true });
  all = await everything({});
  config = await getJson(shop.services, `${SEARCH}/category-config`, categoryConfigSchema);
});
afterAll(() => {
  db.close();
  shop.dispose();
});

const path = (base: string, query: Record<string, QueryValue> = {}): string => {
  const qs = encodeQuery(query);
  return qs === '' ? base : `${base}?${qs}`;
};

const list = (query: Record<string, QueryValue>): Promise<ProductList> =>
  getJson(shop.services, path(`${SEARCH}/products`, query), productListSchema);

async function everything(query: Record<string, QueryValue>): Promise<WireProduct[]> {
  const items: WireProduct[] = [];
  for (let page = 0; ; page++) {
    const answer = await list({ ...query, page, limit: 100 });
    items.push(...answer.items);
    if (answer.items.length < 100) return items;
  }
}

async function expectError(url: string, status: 400 | 404): Promise<void> {
  const response = await get(shop.services, url);
  expect(response.status).toBe(status);
  expect(serviceErrorSchema.parse(await response.json()).code).toBe(status);
}

/** Parses with `schema` and checks the body had nothing the schema does not know. */
async function exact<T>(url: string, schema: { parse(value: unknown): T }): Promise<T> {
  const response = await get(shop.services, url);
  const raw: unknown = await response.json();
  expect(response.status, JSON.stringify(raw)).toBe(200);
  const parsed = schema.parse(raw);
  expect(parsed).toEqual(raw);
  return parsed;
}

const ids = (items: WireProduct[]): number[] => items.map((p) => p.id).sort((a, b) => a - b);
const rows = (sql: string, ...params: (string | number)[]): Record<string, unknown>[] => db.prepare(sql).all(...params);

describe('GET /public/products/{id}', () => {
  it('answers the product as listings show it, by id and by slug', async () => {
    const listed = all[7];
    if (!listed) throw new Error('seed too small');
    const byId = await exact(`${SEARCH}/products/${listed.id}`, productDetailSchema);
    expect(byId).toEqual(listed);
    expect(byId).not.toHaveProperty('smartMeta');
    expect(await exact(`${SEARCH}/products/${listed.slug}`, productDetailSchema)).toEqual(listed);
  });

  it('adds smart meta in the asked locale with withSmartMeta=1', async () => {
    const listed = all.find((p) => p.nomenclature.some((v) => v.probablyPriceSelling !== null));
    if (!listed) throw new Error('no priced product');
    const ru = await exact(`${SEARCH}/products/${listed.id}?withSmartMeta=1`, productDetailSchema);
    const uk = await exact(`${SEARCH}/products/${listed.id}?withSmartMeta=1&locale=uk`, productDetailSchema);
    const price = Math.min(
      ...listed.nomenclature
        .filter((v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null)
        .map((v) => v.probablyPriceSelling ?? 0),
    );
    expect(ru.smartMeta).toMatchObject({ locale: 'ru', h1: listed.title.replaceAll('&#039;', "'") });
    expect(ru.smartMeta?.title).toContain(`от ${String(price).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} грн`);
    expect(uk.smartMeta).toMatchObject({ locale: 'uk', h1: listed.titleUkr });
    expect(uk.smartMeta?.title).toContain('купити');
    const { smartMeta: _meta, ...product } = ru;
    expect(product).toEqual(listed);
  });

  it('answers a wholly archival product, with all its variants', async () => {
    const [row] = rows(
      'SELECT id, (SELECT count(*) FROM variant WHERE product_id = p.id) AS n FROM product p WHERE is_archival = 1',
    );
    if (!row) throw new Error('no archival product in the seed');
    const product = await exact(`${SEARCH}/products/${Number(row.id)}`, productDetailSchema);
    expect(product.isArchival).toBe(true);
    expect(product.nomenclature).toHaveLength(Number(row.n));
    expect(all.some((p) => p.id === product.id)).toBe(false);
  });

  it('shows only priced variants with withPrice=1', async () => {
    const [row] = rows(
      `SELECT product_id AS id FROM variant WHERE price_selling IS NULL AND is_archival = 0
       AND product_id IN (SELECT id FROM product WHERE has_price = 1) LIMIT 1`,
    );
    if (!row) throw new Error('no partly priced product in the seed');
    const plain = await exact(`${SEARCH}/products/${Number(row.id)}`, productDetailSchema);
    const priced = await exact(`${SEARCH}/products/${Number(row.id)}?withPrice=1`, productDetailSchema);
    expect(priced.nomenclature.length).toBeLessThan(plain.nomenclature.length);
    expect(priced.nomenclature.every((v) => v.probablyPriceSelling !== null)).toBe(true);
  });

  it('answers 404 for an unknown product and 400 for a malformed id or flag', async () => {
    await expectError(`${SEARCH}/products/999999999`, 404);
    await expectError(`${SEARCH}/products/no-such-product-1`, 404);
    await expectError(`${SEARCH}/products/Not_A_Slug`, 400);
    await expectError(`${SEARCH}/products/${all[0]?.id ?? 0}?withSmartMeta=yes`, 400);
    await expectError(`${SEARCH}/products/${all[0]?.id ?? 0}?locale=en`, 400);
  });
});

describe('GET /public/products/{id}/combined', () => {
  it('answers the product with the other live products of its group, most popular first', async () => {
    const [group] = rows(
      `SELECT product_group AS g FROM product WHERE product_group IS NOT NULL AND is_archival = 0
       GROUP BY product_group HAVING count(*) >= 3 ORDER BY count(*) DESC, product_group LIMIT 1`,
    );
    if (!group) throw new Error('no product group of three in the seed');
    const members = rows(
      'SELECT id FROM product WHERE product_group = ? AND is_archival = 0 ORDER BY popularity DESC, id',
      String(group.g),
    ).map((r) => Number(r.id));
    const [self, ...others] = members;
    const answer = await exact(`${SEARCH}/products/${self ?? 0}/combined`, combinedProductSchema);
    expect(answer.product.id).toBe(self);
    expect(answer.productGroup).toBe(group.g);
    expect(answer.items.map((p) => p.id)).toEqual(others);
    expect(answer.items.every((p) => p.productGroup === group.g)).toBe(true);
    const last = members[members.length - 1] ?? 0;
    const fromLast = await exact(`${SEARCH}/products/${last}/combined`, combinedProductSchema);
    expect(fromLast.items.map((p) => p.id)).toEqual(members.slice(0, -1));
  });

  it('answers an empty list for a product without a group, and 404 for an unknown one', async () => {
    const loner = all.find((p) => p.productGroup === null);
    if (!loner) throw new Error('every product has a group');
    const answer = await exact(`${SEARCH}/products/${loner.slug}/combined`, combinedProductSchema);
    expect(answer).toEqual({ product: loner, productGroup: null, items: [] });
    await expectError(`${SEARCH}/products/999999999/combined`, 404);
    await expectError(`${SEARCH}/products/${loner.id}/combined?hasImage=2`, 400);
  });
});

describe('GET /public/products/{id}/accessory', () => {
  it('answers goods of the linked accessory categories, same brand first, with pictures and prices', async () => {
    const linked = Object.keys(ACCESSORY_CATEGORIES);
    const withAccessories = all.filter((p) => p.category !== null && linked.includes(p.category.slug));
    expect(withAccessories.length).toBeGreaterThan(10);
    let answered = 0;
    for (const product of withAccessories.slice(0, 15)) {
      const { items } = await exact(
        `${SEARCH}/products/${product.id}/accessory?withPrice=1&hasImage=1`,
        accessoryListSchema,
      );
      const allowed = ACCESSORY_CATEGORIES[product.category?.slug ?? ''] ?? [];
      const expected = all.filter(
        (p) =>
          p.category !== null &&
          allowed.includes(p.category.slug) &&
          p.images.length > 0 &&
          p.nomenclature.some((v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null),
      );
      expect(items.length).toBe(Math.min(12, expected.length));
      for (const item of items) {
        expect(allowed).toContain(item.category?.slug);
        expect(item.images.length).toBeGreaterThan(0);
        expect(item.nomenclature.every((v) => v.probablyPriceSelling !== null)).toBe(true);
        expect(item.id).not.toBe(product.id);
      }
      const sameBrand = items.map((item) => item.brand?.slug === product.brand?.slug);
      // Same-brand goods first: no same-brand item after a different-brand one.
      expect(sameBrand).toEqual([...sameBrand].sort((a, b) => Number(b) - Number(a)));
      if (items.length > 0) answered++;
    }
    expect(answered).toBeGreaterThan(5);
  });

  it('honours limit, answers nothing for unlinked categories, 404 for an unknown product', async () => {
    const stroller = all.find((p) => p.category?.slug === 'bodi');
    if (!stroller) throw new Error('no bodysuit in the seed');
    const two = await exact(`${SEARCH}/products/${stroller.id}/accessory?limit=2`, accessoryListSchema);
    expect(two.items).toHaveLength(2);
    const unlinked = all.find((p) => p.category?.slug === 'kukly');
    if (!unlinked) throw new Error('no doll in the seed');
    expect(await exact(`${SEARCH}/products/${unlinked.id}/accessory`, accessoryListSchema)).toEqual({ items: [] });
    await expectError(`${SEARCH}/products/999999999/accessory`, 404);
    await expectError(`${SEARCH}/products/${stroller.id}/accessory?limit=500`, 400);
  });
});

describe('GET /public/category/{id}', () => {
  it('answers the node as in category-config, with its parent and listed product count', async () => {
    const folder = config.categoryList.find((c) => c.slug === 'obuv');
    const sub = folder?.childList[0];
    if (!folder || !sub) throw new Error('no shoes in the config');
    const answer = await exact(`${SEARCH}/category/${sub.slug}`, categoryDetailSchema);
    const { parent, productCount, ...node } = answer;
    expect(node).toEqual(sub);
    expect(parent).toEqual({ id: folder.id, slug: 'obuv', title: folder.title, titleUkr: folder.titleUkr });
    const listed = await list({ category: sub.slug, hasImage: 1, withPrice: 1, limit: 1 });
    expect(productCount).toBe(listed.pagination.total);
    expect(await exact(`${SEARCH}/category/${sub.id}`, categoryDetailSchema)).toEqual(answer);

    const top = await exact(`${SEARCH}/category/${folder.id}?locale=uk`, categoryDetailSchema);
    expect(top.parent).toBeNull();
    expect(top.childList.map((c) => c.slug)).toEqual(folder.childList.map((c) => c.slug));
    const folderListed = await list({ category: 'obuv', hasImage: 1, withPrice: 1, limit: 1 });
    expect(top.productCount).toBe(folderListed.pagination.total);
  });

  it('answers 404 for an unknown category and 400 for a malformed one', async () => {
    await expectError(`${SEARCH}/category/no-such-category`, 404);
    await expectError(`${SEARCH}/category/999999`, 404);
    await expectError(`${SEARCH}/category/%D0%BE%D0%B1%D1%83%D0%B2%D1%8C`, 400);
    await expectError(`${SEARCH}/category/obuv?locale=de`, 400);
  });
});

describe('GET /public/category?title=&titleAgg=', () => {
  const search = (query: Record<string, QueryValue>) =>
    exact(path(`${SEARCH}/category`, query), categorySearchResultSchema);
  const slugs = (result: { items: { slug: string }[] }): string[] => result.items.map((c) => c.slug);

  it('finds categories by a title prefix in Russian and in Ukrainian', async () => {
    expect(slugs(await search({ title: 'обу' }))).toEqual(['obuv']);
    expect(slugs(await search({ title: 'Взут' }))).toEqual(['obuv']);
    expect(slugs(await search({ title: 'кросс' }))).toEqual(['krossovki']);
    expect(slugs(await search({ title: 'кросів' }))).toEqual(['krossovki']);
    // Every word must match: the last one as a prefix.
    expect(slugs(await search({ title: 'детская пос' }))).toEqual(['posuda']);
    expect(slugs(await search({ title: 'дитячий пос' }))).toEqual(['posuda']);
    expect(slugs(await search({ title: 'дитяча пос' }))).toEqual([]);
    expect(slugs(await search({ title: 'дитяч' }))).toEqual(['posuda', 'kosmetika-dlya-detey']);
    const shoes = await search({ title: 'обувь', locale: 'uk' });
    // Vitest types its asymmetric matchers as `any`; held as unknown, it stays out of the typed object.
    const anyId: unknown = expect.any(Number);
    expect(shoes.items[0]).toEqual({
      id: anyId,
      slug: 'obuv',
      title: 'Обувь',
      titleUkr: 'Взуття',
      parent: null,
      count: null,
    });
    const sub = (await search({ title: 'сапоги' })).items[0];
    expect(sub?.parent?.slug).toBe('obuv');
  });

  /** Category slug → number of products the title search lists there (a folder counts its sub-categories'). */
  async function categoryCounts(text: string, flags: Record<string, QueryValue>): Promise<Map<string, number>> {
    const products = await everything({ title: text, ...flags });
    expect(products.length).toBeGreaterThan(0);
    const expected = new Map<string, number>();
    for (const p of products) {
      expected.set(p.folderCategory.slug, (expected.get(p.folderCategory.slug) ?? 0) + 1);
      if (p.category) expected.set(p.category.slug, (expected.get(p.category.slug) ?? 0) + 1);
    }
    return expected;
  }

  it.each([
    ['кросс', { hasImage: 1, withPrice: 1 }],
    ['Сукн', {}],
  ])('lists the categories of products matching %s with their counts, most first', async (text, flags) => {
    const answer = await search({ titleAgg: text, ...flags });
    expect(new Map(answer.items.map((c) => [c.slug, c.count]))).toEqual(await categoryCounts(text, flags));
    const counts = answer.items.map((c) => c.count ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(answer.items.length).toBeGreaterThan(1);
  });

  it('combines title and titleAgg', async () => {
    const answer = await search({ title: 'плат', titleAgg: 'Сукн' });
    expect(slugs(answer)).toEqual(['platya']);
    expect(answer.items[0]?.count).toBe((await categoryCounts('Сукн', {})).get('platya'));
  });

  it('pages the answer and hides the service categories', async () => {
    const first = await search({ limit: 5 });
    const second = await search({ limit: 5, page: 1 });
    const ten = await search({ limit: 10 });
    expect([...slugs(first), ...slugs(second)]).toEqual(slugs(ten));
    expect(first.pagination.total).toBeGreaterThan(40);
    const every = await search({ limit: 100 });
    expect(slugs(every)).not.toContain('sluzhebnaya');
    expect(slugs(every)).not.toContain('podarochnaya-upakovka');
    expect(slugs(every)).toContain('batareyki');
    expect(slugs(every)[0]).toBe(config.categoryList[0]?.slug);
    expect(slugs(await search({ title: 'подарочная упак' }))).toEqual([]);
  });

  it('answers 400 for a text under 2 characters or a bad page', async () => {
    await expectError(`${SEARCH}/category?title=к`, 400);
    await expectError(`${SEARCH}/category?titleAgg=%20к%20`, 400);
    await expectError(`${SEARCH}/category?title=кросс&page=-1`, 400);
    await expectError(`${SEARCH}/category?limit=1000`, 400);
  });
});

describe('GET /public/brand/{id} and /agg', () => {
  it('answers the brand with its description and where its goods are', async () => {
    const brand = config.brandList.find((b) => b.slug === 'chicco');
    if (!brand) throw new Error('no Chicco');
    const answer = await exact(`${SEARCH}/brand/chicco?project=bbs&locale=uk`, brandDetailSchema);
    expect(answer).toMatchObject(brand);
    expect(answer.description).toMatch(/^Chicco: /);
    expect(answer.descriptionUkr).toMatch(/^Chicco: .*годування/);
    const live = await everything({ filters: [{ topic: 'brand', values: ['chicco'] }] });
    expect(answer.productCount).toBe(live.length);
    const byFolder = new Map<string, number>();
    for (const p of live) byFolder.set(p.folderCategory.slug, (byFolder.get(p.folderCategory.slug) ?? 0) + 1);
    expect(new Map(answer.folderCategoryList.map((f) => [f.slug, f.count]))).toEqual(byFolder);
    expect(await exact(`${SEARCH}/brand/${brand.id}`, brandDetailSchema)).toEqual(answer);
  });

  it('aggregates the brand’s products under a catalogue query', async () => {
    const query = { category: 'igrushki', hasImage: 1, withPrice: 1 };
    const agg = await exact(path(`${SEARCH}/brand/chicco/agg`, query), brandAggregationsSchema);
    const listing = await list({ ...query, filters: [{ topic: 'brand', values: ['chicco'] }], limit: 1 });
    expect(agg.brand.slug).toBe('chicco');
    expect(agg.total).toBe(listing.pagination.total);
    expect(agg.total).toBeGreaterThan(0);
    expect(agg.aggr.topicList.map((t) => t.slug)).not.toContain('brand');
    expect(agg.aggr).toEqual({
      ...listing.aggr,
      topicList: listing.aggr.topicList.filter((t) => t.slug !== 'brand'),
    });
    // A brand filter in the query cannot widen the brand.
    const widened = await exact(
      path(`${SEARCH}/brand/chicco/agg`, { ...query, filters: [{ topic: 'brand', values: ['lego'] }] }),
      brandAggregationsSchema,
    );
    expect(widened.total).toBe(agg.total);
  });

  it('answers 404 for an unknown brand and 400 for bad parameters', async () => {
    await expectError(`${SEARCH}/brand/no-such-brand`, 404);
    await expectError(`${SEARCH}/brand/999999/agg`, 404);
    await expectError(`${SEARCH}/brand/Chicco`, 400);
    await expectError(`${SEARCH}/brand/chicco?project=Not%20Valid`, 400);
    await expectError(`${SEARCH}/brand/chicco/agg?limit=0`, 400);
  });
});

describe('quick search: /public/products?title=', () => {
  /** What FTS5's unicode61 tokenizer with remove_diacritics 2 makes of a text. */
  const tokens = (text: string): string[] =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const matches = (p: WireProduct, query: string): boolean => {
    const words = [
      ...tokens(p.title.replaceAll('&#039;', "'")),
      ...tokens(p.titleUkr),
      ...tokens(p.brand?.title ?? ''),
    ];
    return tokens(query).every((q) => words.some((w) => w.startsWith(q)));
  };

  it.each([
    ['Russian', (p: WireProduct) => p.title],
    ['Ukrainian', (p: WireProduct) => p.titleUkr],
  ])('matches the last word as a prefix in %s', async (_language, title) => {
    const sample = all.find((p) => /^\p{L}{4,} \p{L}{5,}/u.test(title(p)));
    if (!sample) throw new Error('no two-word title');
    const [first = '', second = ''] = title(sample).split(' ');
    const query = `${first} ${second.slice(0, 3)}`;
    const found = await everything({ title: query });
    expect(found.map((p) => p.id)).toContain(sample.id);
    // Every title match; products whose category or attributes a word names join them (issue 29).
    expect(ids(found)).toEqual(expect.arrayContaining(ids(all.filter((p) => matches(p, query)))));
    // The same with the quick-search parameters (spec §7 product title lookup).
    const quick = await list({ title: query, hasImage: 1, withPrice: 1, limit: 10, page: 0 });
    expect(quick.items.length).toBeLessThanOrEqual(10);
    expect(quick.items.every((p) => ids(found).includes(p.id) && p.images.length > 0)).toBe(true);
  });

  it('matches from 2 characters on, and only word starts', async () => {
    const two = await everything({ title: 'Бо' });
    expect(two.length).toBeGreaterThan(0);
    expect(ids(two)).toEqual(ids(all.filter((p) => matches(p, 'Бо'))));
    const sample = all.find((p) => /^\p{L}{6,}/u.test(p.title));
    const infix = sample?.title.slice(2, 6) ?? '';
    const found = await everything({ title: infix });
    expect(found.every((p) => matches(p, infix))).toBe(true);
    expect(found.map((p) => p.id)).not.toContain(sample?.id);
  });
});
