import { describe, expect, it } from 'vitest';
import { parsePriceBound, priceRangeOf, withPriceRange } from '../../src/domain/catalog/priceRange.ts';
import type { CatalogState } from '../../src/domain/catalog/routePath.ts';

const state = (filters: CatalogState['filters'], page = 3): CatalogState => ({
  locale: 'ru',
  folderCategory: 'odezhda',
  categories: [],
  filters,
  page,
  sort: null,
});

describe('a price bound as typed', () => {
  it.each([
    ['500', 500],
    [' 1 200 ', 1200],
    ['1\u00a0200', 1200],
    ['499.99', 499],
    ['499,50', 499],
    ['0', null],
    ['', null],
    [null, null],
    ['-5', null],
    ['abc', null],
    ['1e5', null],
    ['999999999', 10_000_000],
  ])('%j → %j', (text, bound) => {
    expect(parsePriceBound(text)).toBe(bound);
  });
});

describe('the price range of a catalogue state', () => {
  it('sets the range as the price group and goes back to page 1, keeping other filters', () => {
    const next = withPriceRange(state([{ topic: 'color', values: ['belyy'] }]), { from: 100, to: 500 });
    expect(next.filters).toEqual([
      { topic: 'color', values: ['belyy'] },
      { topic: 'price', values: ['100', '500'] },
    ]);
    expect(next.page).toBe(1);
  });

  it('writes an open bound as 0, which the query leaves out (spec: non-zero bounds only)', () => {
    expect(withPriceRange(state([]), { from: null, to: 800 }).filters).toEqual([
      { topic: 'price', values: ['0', '800'] },
    ]);
    expect(withPriceRange(state([]), { from: 300, to: null }).filters).toEqual([
      { topic: 'price', values: ['300', '0'] },
    ]);
  });

  it('swaps bounds given the wrong way round and replaces an earlier range', () => {
    const next = withPriceRange(state([{ topic: 'price', values: ['1', '2'] }]), { from: 900, to: 100 });
    expect(next.filters).toEqual([{ topic: 'price', values: ['100', '900'] }]);
  });

  it('removes the price filter for an empty range', () => {
    expect(withPriceRange(state([{ topic: 'price', values: ['1', '2'] }]), { from: null, to: null }).filters).toEqual(
      [],
    );
  });

  it('reads back what it wrote', () => {
    expect(priceRangeOf(withPriceRange(state([]), { from: null, to: 800 }))).toEqual({ from: null, to: 800 });
    expect(priceRangeOf(state([]))).toEqual({ from: null, to: null });
  });
});
