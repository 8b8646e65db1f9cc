import { describe, expect, it } from 'vitest';
import { cardPrice, discountPercent, visibleVariants, type PricedVariant } from '../../src/domain/catalog/variants.ts';

const v = (id: string, rec: number | null, sell: number | null, isArchival = false) => ({
  id,
  isArchival,
  probablyPriceRecommended: rec,
  probablyPriceSelling: sell,
});
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('visible variants (spec §5)', () => {
  it.each([
    {
      name: 'hides archival variants of a live product',
      input: [v('a', 100, 90), v('b', 100, 90, true)],
      expected: ['a'],
    },
    {
      name: 'shows every variant of a wholly archival product',
      input: [v('a', 100, 90, true), v('b', 100, 90, true)],
      expected: ['a', 'b'],
    },
    { name: 'hides a variant without a selling price', input: [v('a', 100, null), v('b', 100, 90)], expected: ['b'] },
    { name: 'hides a variant without a recommended price', input: [v('a', null, 90)], expected: [] },
    { name: 'shows nothing for no variants', input: [], expected: [] },
  ])('$name', ({ input, expected }) => {
    expect(ids(visibleVariants(input))).toEqual(expected);
  });
});

describe('discount percent is the rounded drop below the recommended price', () => {
  it.each([
    [1000, 750, 25],
    [999, 666, 33],
    [300, 299, 0],
    [300, 298, 1],
    [100, 100, 0],
    [100, 120, 0],
    [0, 0, 0],
  ])('recommended %d, selling %d → %d %%', (rec, sell, expected) => {
    expect(discountPercent(rec, sell)).toBe(expected);
  });
});

describe('card price', () => {
  it('takes the cheapest visible variant and marks a range', () => {
    const variants: PricedVariant[] = [v('a', 500, 450), v('b', 400, 300), v('c', 100, 50, true)];
    expect(cardPrice(variants)).toEqual({ selling: 300, recommended: 400, discount: 25, isRange: true });
  });
  it('is not a range when all visible variants cost the same', () => {
    expect(cardPrice([v('a', 200, 200), v('b', 200, 200)])?.isRange).toBe(false);
  });
  it('is null when nothing can be sold', () => {
    expect(cardPrice([v('a', null, 100)])).toBeNull();
  });
});
