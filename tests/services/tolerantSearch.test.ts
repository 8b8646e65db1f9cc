import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryValue } from '../../src/api/queryString.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import { categorySearchResultSchema } from '../../src/api/schemas/categorySearch.ts';
import { createTestShop, getJson, productsPath } from './support.ts';
import type { TestShop } from './support.ts';

/**
 * Issue 12 "Search that understands how people type", through the search service's HTTP API on
 * a seeded catalogue: each query of the table must find exactly the products its meaning names
 * (no more: the tolerance never floods), and an exact spelling keeps its exact answer.
 */

let shop: TestShop;
let all: WireProduct[];

async function everything(query: Record<string, QueryValue>): Promise<WireProduct[]> {
  const items: WireProduct[] = [];
  for (let page = 0; ; page++) {
    const answer = await getJson(shop.services, productsPath({ ...query, page, limit: 100 }), productListSchema);
    items.push(...answer.items);
    if (answer.items.length < 100) return items;
  }
}

const ids = (products: WireProduct[]) => products.map((p) => p.id).sort((a, b) => a - b);
const byBrand = (brand: string) => ids(all.filter((p) => p.brand?.title === brand));
/** A title word that starts with «коляска» (a search matches words by their start). */
const STROLLER = /(^|[^\p{L}])коляска/iu;
const byTitle = (pattern: RegExp) => ids(all.filter((p) => pattern.test(p.title) || pattern.test(p.titleUkr)));

beforeAll(async () => {
  shop = await createTestShop(600);
  all = await everything({});
}, 120_000);
afterAll(() => shop.dispose());

describe('tolerant search', () => {
  it('the seeded catalogue has the brands and words of the table', () => {
    for (const brand of ['LEGO', 'Chicco', 'Reima']) expect(byBrand(brand).length, brand).toBeGreaterThan(0);
    expect(byTitle(STROLLER).length).toBeGreaterThan(0);
  });

  it.each([
    ['lego', 'as typed', () => byBrand('LEGO')],
    ['лего', 'in Cyrillic', () => byBrand('LEGO')],
    ['ktuj', 'on the wrong layout (лего)', () => byBrand('LEGO')],
    ['chicco', 'as typed', () => byBrand('Chicco')],
    ['чикко', 'in Cyrillic', () => byBrand('Chicco')],
    ['чико', 'in Cyrillic, one c', () => byBrand('Chicco')],
    ['сршссщ', 'on the wrong layout (chicco)', () => byBrand('Chicco')],
    ['рейма', 'in Cyrillic with й', () => byBrand('Reima')],
  ])('%s (%s) finds exactly its products', async (query, _how, expected) => {
    expect(ids(await everything({ title: query }))).toEqual(expected());
  });

  it.each([
    ['коляска', 'as written'],
    ['каляска', 'with a typo'],
    ['rjkzcrf', 'on the wrong layout'],
  ])('%s (%s) finds every «коляска» and nothing but strollers', async (query) => {
    const found = ids(await everything({ title: query }));
    expect(found).toEqual(expect.arrayContaining(byTitle(STROLLER)));
    // A near form (коляски) may join a guess; nothing that is not a stroller may.
    expect(byTitle(/коляск/i)).toEqual(expect.arrayContaining(found));
  });

  it('the other language’s spelling finds the same word (игрушка, іграшка)', async () => {
    const russian = ids(await everything({ title: 'игрушка' }));
    expect(russian.length).toBeGreaterThan(0);
    // Typed with the Ukrainian і in the Russian word: no exact match, the folded spelling finds it.
    expect(ids(await everything({ title: 'ігрушка' }))).toEqual(russian);
  });

  it('never floods: nonsense and short slips find nothing, an exact word keeps only its matches', async () => {
    for (const query of ['zzzzqqq', 'щщщщщ', 'lrgo xyzzy']) {
      expect(await everything({ title: query }), query).toEqual([]);
    }
    // «lego» matches exactly, so no other brand joins it through a guess.
    expect((await everything({ title: 'lego' })).every((p) => p.brand?.title === 'LEGO')).toBe(true);
  });

  it('quick search counts categories with the same tolerance', async () => {
    const path = (title: string) =>
      `/svc/search/public/category?project=bbs&locale=ru&titleAgg=${encodeURIComponent(title)}`;
    const exact = await getJson(shop.services, path('lego'), categorySearchResultSchema);
    const typed = await getJson(shop.services, path('ktuj'), categorySearchResultSchema);
    expect(typed).toEqual(exact);
  });
});
