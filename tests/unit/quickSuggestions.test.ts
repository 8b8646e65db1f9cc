import { describe, expect, it } from 'vitest';
import { quickSuggestions } from '../../src/domain/catalog/quickSuggestions.ts';

const variant = (recommended: number, selling: number) => ({
  isArchival: false,
  isNew: false,
  isPromotional: false,
  probablyPriceRecommended: recommended,
  probablyPriceSelling: selling,
});
const product = {
  id: 7,
  slug: 'kurtka-zimnyaya',
  title: 'Куртка Mother&#039;s Joy',
  titleUkr: 'Куртка зимова',
  brand: null,
  images: [],
  nomenclature: [variant(1500, 1800), variant(2400, 1999)],
};
const category = {
  id: 3,
  slug: 'kurtki',
  title: 'Куртки',
  titleUkr: 'Куртки укр',
  parent: { slug: 'odezhda' },
  count: 1234,
};

describe('quick-search suggestions (what the box shows)', () => {
  it('gives Russian text, root paths, counts with a space and the final price', () => {
    const shown = quickSuggestions({ categories: [category], products: [product] }, 'ru');
    expect(shown.categories).toEqual([{ key: 'c-3', href: '/odezhda/kurtki', text: 'Куртки', detail: '1 234' }]);
    // The first variant sells above its recommended price: its final price is 1500, the lowest.
    expect(shown.products).toEqual([
      { key: 'p-7', href: '/product/kurtka-zimnyaya', text: "Куртка Mother's Joy", detail: '1 500 грн' },
    ]);
  });

  it('gives Ukrainian text and /ua paths under /ua', () => {
    const shown = quickSuggestions(
      { categories: [{ ...category, parent: null, count: null }], products: [product] },
      'uk',
    );
    expect(shown.categories[0]).toMatchObject({ href: '/ua/kurtki', text: 'Куртки укр', detail: '' });
    expect(shown.products[0]).toMatchObject({ href: '/ua/product/kurtka-zimnyaya', text: 'Куртка зимова' });
  });
});
