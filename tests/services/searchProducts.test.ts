import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryValue } from '../../src/api/queryString.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { ProductList, WireProduct } from '../../src/api/schemas/product.ts';
import { createTestShop, get, getJson, productsPath } from './support.ts';
import type { TestShop } from './support.ts';

let shop: TestShop;
let db: DatabaseSync;

beforeAll(async () => {
  shop = await createTestShop(300);
  db = new DatabaseSync(join(shop.dataDir, 'search.db'), { readOnly: true });
});
afterAll(() => {
  db.close();
  shop.dispose();
});

const list = (query: Record<string, QueryValue>): Promise<ProductList> =>
  getJson(shop.services, productsPath(query), productListSchema);

/** Every product matching `query`, read page by page (the oracle the filters are checked against). */
async function everything(query: Record<string, QueryValue>): Promise<WireProduct[]> {
  const items: WireProduct[] = [];
  for (let page = 0; ; page++) {
    const answer = await list({ ...query, page, limit: 100 });
    items.push(...answer.items);
    if (answer.items.length < 100) return items;
  }
}

const has = (p: WireProduct, topic: string, slug: string): boolean =>
  p.filterList.some((f) => f.topic === topic && f.slug === slug);
const matchesAll = (p: WireProduct, selection: Record<string, string[]>, except?: string): boolean =>
  Object.entries(selection).every(([topic, slugs]) => topic === except || slugs.some((slug) => has(p, topic, slug)));
const minPrice = (p: WireProduct): number | null => {
  const prices = p.nomenclature
    .filter((v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null)
    .map((v) => v.probablyPriceSelling ?? 0);
  return prices.length > 0 ? Math.min(...prices) : null;
};
const ids = (items: WireProduct[]): number[] => items.map((p) => p.id).sort((a, b) => a - b);
const filtersOf = (selection: Record<string, string[]>): QueryValue =>
  Object.entries(selection).map(([topic, values]) => ({ topic, values }));

/** The most frequent values of a topic among `items`, most frequent first. */
function frequent(items: WireProduct[], topic: string): string[] {
  const counts = new Map<string, number>();
  for (const p of items)
    for (const f of p.filterList) if (f.topic === topic) counts.set(f.slug, (counts.get(f.slug) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([slug]) => slug);
}

describe('GET /public/products', () => {
  it('answers the first page of 24 with aggregations and the total', async () => {
    const response = await get(shop.services, productsPath({ page: 0, limit: 24 }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body: unknown = await response.json();
    const parsed = productListSchema.parse(body);
    // Exactly the schema: parsing strips unknown keys, so equality means there were none.
    expect(parsed).toEqual(body);
    expect(parsed.items).toHaveLength(24);
    // Vitest types its asymmetric matchers as `any`; held as unknown, it stays out of the typed object.
    const anyTotal: unknown = expect.any(Number);
    expect(parsed.pagination).toEqual({ total: anyTotal, page: 0, limit: 24 });
    const all = await everything({});
    expect(parsed.pagination.total).toBe(all.length);
    expect(all.length).toBeGreaterThan(250);
    expect(parsed.aggr.topicList.map((t) => t.slug)).toEqual(
      expect.arrayContaining(['category', 'brand', 'color', 'size']),
    );
    expect(parsed.aggr.price.min).toBeGreaterThan(0);
    expect(parsed.aggr.price.max).toBeGreaterThan(parsed.aggr.price.min);
  });

  it('defaults to 24 per page and caps limit at 100', async () => {
    expect((await list({})).items).toHaveLength(24);
    expect((await list({ limit: 100 })).items).toHaveLength(100);
    expect((await get(shop.services, productsPath({ limit: 101 }))).status).toBe(400);
  });

  it('limits a folder category to its sub-categories and a sub-category to itself', async () => {
    const folder = await everything({ category: 'odezhda' });
    expect(folder.length).toBeGreaterThan(20);
    expect(folder.every((p) => p.folderCategory.slug === 'odezhda')).toBe(true);
    const subSlug = frequent(folder, 'category')[0] ?? '';
    const sub = await everything({ category: subSlug });
    expect(sub.length).toBe(folder.filter((p) => p.category?.slug === subSlug).length);
    expect(sub.every((p) => p.category?.slug === subSlug)).toBe(true);
    expect((await list({ category: 'no-such-category' })).pagination.total).toBe(0);
  });

  it('ORs values within a topic and ANDs topics', async () => {
    const base = await everything({ category: 'odezhda' });
    const [red, blue] = frequent(base, 'color');
    const [size] = frequent(base, 'size');
    if (!red || !blue || !size) throw new Error('seed has too few colours or sizes');
    for (const selection of [{ color: [red] }, { color: [red, blue] }, { color: [red, blue], size: [size] }]) {
      const got = await everything({ category: 'odezhda', filters: filtersOf(selection) });
      const expected = base.filter((p) => matchesAll(p, selection));
      expect(ids(got)).toEqual(ids(expected));
      expect(got.length).toBeGreaterThan(0);
    }
    const one = await everything({ category: 'odezhda', filters: filtersOf({ color: [red] }) });
    const either = await everything({ category: 'odezhda', filters: filtersOf({ color: [red, blue] }) });
    const both = await everything({ category: 'odezhda', filters: filtersOf({ color: [red, blue], size: [size] }) });
    expect(either.length).toBeGreaterThan(one.length);
    expect(both.length).toBeLessThan(either.length);
  });

  it('counts facets disjunctively: a topic ignores its own selection but applies the others', async () => {
    const base = await everything({ category: 'odezhda' });
    const [colour] = frequent(base, 'color');
    const [, size] = frequent(base, 'size');
    if (!colour || !size) throw new Error('seed has too few colours or sizes');
    const selection: Record<string, string[]> = { color: [colour], size: [size] };
    const answer = await list({ category: 'odezhda', filters: filtersOf(selection) });
    expect(answer.pagination.total).toBe(base.filter((p) => matchesAll(p, selection)).length);
    for (const topic of answer.aggr.topicList) {
      for (const entry of topic.filterList) {
        const expected = base.filter(
          (p) => has(p, topic.slug, entry.slug) && matchesAll(p, selection, topic.slug),
        ).length;
        expect({ topic: topic.slug, slug: entry.slug, count: entry.count }).toEqual({
          topic: topic.slug,
          slug: entry.slug,
          count: expected,
        });
        expect(entry.active).toBe(selection[topic.slug]?.includes(entry.slug) === true);
      }
    }
    // Other colours stay countable while one is selected: that is what makes the facet disjunctive.
    const colours = answer.aggr.topicList.find((t) => t.slug === 'color')?.filterList ?? [];
    expect(colours.filter((c) => (c.count ?? 0) > 0).length).toBeGreaterThan(1);
    expect(colours.find((c) => c.slug === colour)?.active).toBe(true);
  });

  it('keeps a selected value in the aggregation with its active flag', async () => {
    const answer = await list({ category: 'odezhda', filters: [{ topic: 'brand', values: ['lego'] }] });
    expect(answer.pagination.total).toBe(0);
    const brand = answer.aggr.topicList.find((t) => t.slug === 'brand');
    expect(brand?.filterList.find((f) => f.slug === 'lego')).toEqual({ slug: 'lego', count: 0, active: true });
  });

  it('filters by the special category topic, a folder standing for its sub-categories', async () => {
    const answer = await everything({ filters: [{ topic: 'category', values: ['obuv'] }] });
    const folder = await everything({ category: 'obuv' });
    expect(ids(answer)).toEqual(ids(folder));
    const [sub] = frequent(folder, 'category');
    const bySub = await everything({ filters: [{ topic: 'category', values: [sub ?? ''] }] });
    expect(bySub.every((p) => p.category?.slug === sub)).toBe(true);
    expect(bySub.length).toBeGreaterThan(0);
  });

  it('filters the lowest shown selling price by priceFrom and priceTo, and reports the price span', async () => {
    const base = await everything({ withPrice: 1 });
    const prices = base
      .map(minPrice)
      .filter((p): p is number => p !== null)
      .sort((a, b) => a - b);
    const from = prices[Math.floor(prices.length / 4)] ?? 1;
    const to = prices[Math.floor((prices.length * 3) / 4)] ?? 1;
    const got = await everything({ withPrice: 1, priceFrom: from, priceTo: to });
    const expected = base.filter((p) => {
      const price = minPrice(p);
      return price !== null && price >= from && price <= to;
    });
    expect(ids(got)).toEqual(ids(expected));
    const answer = await list({ withPrice: 1, priceFrom: from, priceTo: to });
    // The span ignores the chosen range, so the slider can widen it again.
    expect(answer.aggr.price).toEqual({ min: prices[0], max: prices[prices.length - 1] });
  });

  it('returns only products with stock in the requested warehouse', async () => {
    const got = await everything({ warehouses: 2 });
    expect(got.length).toBeGreaterThan(0);
    for (const p of got)
      expect(p.nomenclature.some((v) => v.warehouses.some((w) => w.id === 2 && w.quantity > 0))).toBe(true);
    const all = await everything({});
    expect(got.length).toBeLessThan(all.length);
  });

  it('sorts by price, title, novelty, discount and popularity in both directions', async () => {
    const asc = (await list({ withPrice: 1, orderBy: 'price', limit: 100 })).items.map(minPrice);
    expect(asc).toEqual([...asc].sort((a, b) => (a ?? 0) - (b ?? 0)));
    const desc = (await list({ withPrice: 1, orderBy: 'price', order: 'desc', limit: 100 })).items.map(minPrice);
    expect(desc).toEqual([...desc].sort((a, b) => (b ?? 0) - (a ?? 0)));
    expect(desc[0]).toBeGreaterThan(asc[0] ?? 0);

    const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
    const titles = (await list({ orderBy: 'title', locale: 'uk', limit: 100 })).items.map((p) => p.titleUkr);
    expect(titles).toEqual([...titles].sort(collator.compare));

    const discounts = (await list({ withPrice: 1, orderBy: 'discount', limit: 50 })).items.map((p) =>
      Math.max(...p.nomenclature.map((v) => v.discountRate ?? 0)),
    );
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(discounts[0]).toBeGreaterThan(0);

    const popular = (await list({ limit: 100 })).items.map((p) => p.id);
    const unpopular = (await list({ orderBy: 'popularity', order: 'asc', limit: 100 })).items.map((p) => p.id);
    expect(popular).not.toEqual(unpopular);
    const newest = await list({ orderBy: 'new', limit: 5 });
    expect(newest.items.some((p) => p.nomenclature.some((v) => v.isNew))).toBe(true);
  });

  it('pages without overlap, zero-based', async () => {
    const first = await list({ page: 0, limit: 10 });
    const second = await list({ page: 1, limit: 10 });
    const twenty = await list({ page: 0, limit: 20 });
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(twenty.items.map((p) => p.id));
    const beyond = await list({ page: 1000, limit: 10 });
    expect(beyond.items).toEqual([]);
    expect(beyond.pagination.total).toBe(first.pagination.total);
  });

  it('searches titles in Russian and Ukrainian and brand names, by word prefix', async () => {
    const all = await everything({});
    const russian = await everything({ title: 'крос' });
    expect(russian.length).toBeGreaterThan(0);
    expect(ids(russian)).toEqual(
      ids(all.filter((p) => /(^|[\s«-])крос/i.test(p.title) || /(^|[\s«-])крос/i.test(p.titleUkr))),
    );
    const ukrainian = await everything({ title: 'Кросівки' });
    expect(ids(ukrainian)).toEqual(ids(all.filter((p) => p.titleUkr.includes('Кросівки'))));
    const brand = all.map((p) => p.brand?.title ?? '').find((title) => /^[A-Za-z]{4,}$/.test(title)) ?? '';
    const byBrand = await everything({ title: brand });
    expect(byBrand.length).toBeGreaterThan(0);
    expect(
      byBrand.every((p) => p.brand?.title === brand || p.title.includes(brand) || p.titleUkr.includes(brand)),
    ).toBe(true);
    expect((await list({ title: 'zzzzqqq' })).pagination.total).toBe(0);
    // Spec §5: search starts at 2 characters.
    expect((await get(shop.services, productsPath({ title: 'к' }))).status).toBe(400);
  });

  it('applies the archival rule: archival variants hidden, wholly archival products left out', async () => {
    const archived = db
      .prepare('SELECT id FROM product WHERE is_archival = 1')
      .all()
      .map((r) => Number(r.id));
    expect(archived.length).toBeGreaterThan(0);
    const partly = db
      .prepare(
        `SELECT product_id AS id, sum(is_archival) AS archival, count(*) - sum(is_archival) AS live FROM variant
         GROUP BY product_id HAVING archival > 0 AND live > 0`,
      )
      .all()
      .map((r) => ({ id: Number(r.id), live: Number(r.live) }));
    expect(partly.length).toBeGreaterThan(0);
    const all = await everything({});
    const byId = new Map(all.map((p) => [p.id, p]));
    for (const id of archived) expect(byId.has(id)).toBe(false);
    for (const { id, live } of partly) {
      const product = byId.get(id);
      expect(product?.isArchival).toBe(false);
      expect(product?.nomenclature).toHaveLength(live);
      expect(product?.nomenclature.every((v) => !v.isArchival)).toBe(true);
    }
  });

  it('with withPrice=1 shows only priced variants and only products that have one', async () => {
    const unpriced = db.prepare('SELECT count(*) AS n FROM product WHERE has_price = 0 AND is_archival = 0').get();
    expect(Number(unpriced?.n)).toBeGreaterThan(0);
    const without = await everything({});
    const withPrice = await everything({ withPrice: 1 });
    expect(withPrice.length).toBe(without.length - Number(unpriced?.n));
    for (const p of withPrice) {
      expect(p.nomenclature.length).toBeGreaterThan(0);
      for (const v of p.nomenclature) {
        expect(v.probablyPriceRecommended).not.toBeNull();
        expect(v.probablyPriceSelling).not.toBeNull();
      }
    }
    expect(without.some((p) => p.nomenclature.some((v) => v.probablyPriceSelling === null))).toBe(true);
  });

  it('with hasImage=1 leaves out products without pictures', async () => {
    const without = await everything({});
    const withImage = await everything({ hasImage: 1 });
    expect(without.some((p) => p.images.length === 0)).toBe(true);
    expect(withImage.every((p) => p.images.length > 0)).toBe(true);
    expect(withImage.length).toBe(without.filter((p) => p.images.length > 0).length);
  });

  it.each([
    ['limit=0', 'limit=0'],
    ['a negative page', 'page=-1'],
    ['a non-numeric page', 'page=abc'],
    ['an unknown sort field', 'orderBy=rating'],
    ['an unknown order', 'order=up'],
    ['an unknown locale', 'locale=en'],
    ['a filter without values', 'filters[0][topic]=color'],
    ['an unknown filter topic', 'filters[0][topic]=flavour&filters[0][values][0]=sweet'],
    ['a non-numeric warehouse', 'warehouses=main'],
    ['a zero price bound', 'priceFrom=0'],
  ])('answers 400 JSON for %s', async (_name, query) => {
    const response = await get(shop.services, `/svc/search/public/products?${query}`);
    expect(response.status).toBe(400);
    const body = serviceErrorSchema.parse(await response.json());
    expect(body.code).toBe(400);
    expect(body.message).not.toMatch(/\bat \S+:\d+/);
  });

  it('gives every product the fields the storefront derives from', async () => {
    const all = await everything({});
    const types = new Set(
      all.flatMap((p) =>
        p.nomenclature.map((v) => `${v.colorPresentation ? 'C' : '-'}${v.sizePresentation ? 'S' : '-'}`),
      ),
    );
    expect([...types].sort()).toEqual(['--', '-S', 'C-', 'CS']);
    for (const p of all) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const v of p.nomenclature) {
        expect(v.totalAmount).toBe(v.warehouses.reduce((sum, w) => sum + w.quantity, 0));
        if (v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null) {
          const rate = Math.round(
            ((v.probablyPriceRecommended - v.probablyPriceSelling) / v.probablyPriceRecommended) * 100,
          );
          expect(v.discountRate).toBe(rate);
        }
      }
      for (const image of p.images) expect(image.link).toMatch(/^\/svc\/search\/public\/images\/[a-z0-9-]+\.jpg$/);
    }
    expect(new Set(all.map((p) => p.slug)).size).toBe(all.length);
    expect(
      all.some((p) => p.allowSubscription && p.nomenclature.some((v) => v.probablyPriceSubscriptionDiscount !== null)),
    ).toBe(true);
    expect(all.some((p) => has(p, 'own-import', 'own-import'))).toBe(true);
    expect(all.some((p) => p.filterList.some((f) => f.topic === 'promotions'))).toBe(true);
    expect(all.some((p) => p.nomenclature.some((v) => v.isPreOrder && v.expectationDate !== null))).toBe(true);
    expect(all.some((p) => p.nomenclature.some((v) => v.bonusAccrualRate === null))).toBe(true);
    expect(all.some((p) => p.nomenclature.some((v) => v.bonusMaxPaymentPercent === 0))).toBe(true);
    const certificates = all.filter((p) => p.folderCategory.slug === 'elektronnyi-podarochnyi-sertifikat');
    expect(certificates.length).toBeGreaterThan(0);
    expect(certificates[0]?.nomenclature.map((v) => v.sizePresentation?.slug)).toContain('1000-grn');
  });
});
