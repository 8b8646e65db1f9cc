import { describe, expect, it } from 'vitest';
import {
  cardPrice,
  discountPercent,
  finalPrice,
  shownPrice,
  visibleVariants,
  type PricedVariant,
} from '../../src/domain/catalog/variants.ts';

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

describe('final price is the lowest of recommended, selling and checked unit cost (spec §9)', () => {
  it.each([
    { name: 'selling below recommended', rec: 1000, sell: 750, checked: null, expected: 750 },
    { name: 'selling above recommended: the recommended price', rec: 1000, sell: 1200, checked: null, expected: 1000 },
    { name: 'a checked unit cost below both', rec: 1000, sell: 900, checked: 850, expected: 850 },
    { name: 'a checked unit cost above both', rec: 1000, sell: 900, checked: 950, expected: 900 },
    { name: 'a missing (zero) bound takes no part', rec: 0, sell: 900, checked: null, expected: 900 },
  ])('$name', ({ rec, sell, checked, expected }) => {
    expect(finalPrice(rec, sell, checked)).toBe(expected);
  });

  it('shows the old price and the badge only for a real drop', () => {
    expect(shownPrice(1000, 750)).toEqual({ final: 750, old: 1000, discount: 25 });
    expect(shownPrice(1000, 1200)).toEqual({ final: 1000, old: null, discount: 0 });
    expect(shownPrice(1000, 1000)).toEqual({ final: 1000, old: null, discount: 0 });
  });
});

describe('card price', () => {
  it('takes the cheapest visible variant and marks a range', () => {
    const variants: PricedVariant[] = [v('a', 500, 450), v('b', 400, 300), v('c', 100, 50, true)];
    expect(cardPrice(variants)).toEqual({ final: 300, old: 400, discount: 25, isRange: true });
  });
  it('shows the recommended price when the selling price is above it, without a discount', () => {
    expect(cardPrice([v('a', 400, 480)])).toEqual({ final: 400, old: null, discount: 0, isRange: false });
  });
  it('is not a range when all visible variants cost the same', () => {
    expect(cardPrice([v('a', 200, 200), v('b', 200, 200)])?.isRange).toBe(false);
  });
  it('is null when nothing can be sold', () => {
    expect(cardPrice([v('a', null, 100)])).toBeNull();
  });
});
