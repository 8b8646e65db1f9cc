import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { judge, recallPath, RECALL_QUERIES } from '../../scripts/lib/searchRecall.ts';
import { createTestShop, getJson } from './support.ts';
import type { TestShop } from './support.ts';

/**
 * Issue 29: a few of the bench's 50 shopper queries (scripts/lib/searchRecall.ts), on the same
 * seeded shop (seed 42, 2,000 products), so `npm test` guards what `npm run bench` measures.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop(2000);
}, 120_000);
afterAll(() => shop.dispose());

const GUARDED = [
  'зимовий комбінезон',
  'теплий комбінезон',
  'куртка зимова',
  'комбінезон 80',
  'pampers 4',
  'rjv,sytpjy',
  'gs;fvf',
  ',jls',
  'підгузки 4',
  'комбинезон на 1 год',
];

describe('search recall (the bench list)', () => {
  it.each(GUARDED)('%s', async (text) => {
    const query = RECALL_QUERIES.find((candidate) => candidate.q === text);
    if (!query) throw new Error(`${text} is not on the list`);
    const list = await getJson(shop.services, `/svc/search${recallPath(query)}`, productListSchema);
    expect(judge(query, list)).toMatchObject({ passed: true });
  });

  it('says which words a partial match left out, and suggests a word for one that matched nothing', async () => {
    const path = (title: string) =>
      `/svc/search/public/products?project=bbs&locale=uk&hasImage=1&withPrice=1&page=0&limit=24&title=${encodeURIComponent(title)}`;
    const partial = await getJson(shop.services, path('pampers 4'), productListSchema);
    expect(partial.search).toEqual({ match: 'some', unmatched: ['4'], suggestion: null });
    const nothing = await getJson(shop.services, path('бади'), productListSchema);
    expect(nothing.pagination.total).toBe(0);
    // On a Ukrainian page, the Ukrainian word.
    expect(nothing.search).toEqual({ match: 'none', unmatched: ['бади'], suggestion: 'боді' });
    const all = await getJson(shop.services, path('зимовий комбінезон'), productListSchema);
    expect(all.search).toEqual({ match: 'all', unmatched: [], suggestion: null });
  });
});
