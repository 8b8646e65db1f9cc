import { describe, expect, it } from 'vitest';
import { imageAlt } from '../../src/domain/media/imageAlt.ts';
import { productCard, type CardSource } from '../../src/domain/catalog/productCard.ts';

describe('a product picture’s alt text in the page’s language (issue 29)', () => {
  it('keeps the service’s Russian text on Russian pages and says the Ukrainian title on Ukrainian ones', () => {
    expect(imageAlt('Комбинезон зимний, синий', 'Комбінезон зимовий', 'ru')).toBe('Комбинезон зимний, синий');
    expect(imageAlt('Комбинезон зимний, синий', 'Комбінезон зимовий', 'uk')).toBe('Комбінезон зимовий');
    expect(imageAlt('', 'Комбинезон зимний', 'ru')).toBe('Комбинезон зимний');
  });

  it('the product card’s picture follows it', () => {
    const source: CardSource = {
      id: 1,
      slug: 'kombinezon',
      title: 'Комбинезон зимний',
      titleUkr: 'Комбінезон зимовий',
      brand: null,
      images: [{ link: '/p.jpg', alt: 'Комбинезон зимний, синий', order: 0 }],
      nomenclature: [],
    };
    expect(productCard(source, 'uk').image?.alt).toBe('Комбінезон зимовий');
    expect(productCard(source, 'ru').image?.alt).toBe('Комбинезон зимний, синий');
  });
});
