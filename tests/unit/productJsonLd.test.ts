import { describe, expect, it } from 'vitest';
import { productJsonLd } from '../../src/domain/seo/productJsonLd.ts';

const base = {
  origin: 'https://shop.ua',
  name: 'Боди',
  description: null,
  brand: 'Reima',
  sku: 'A-1',
  images: ['/i/1.svg', '/i/2.svg', '/i/3.svg', '/i/4.svg'],
  url: '/product/bodi',
  price: 299,
  stock: 0,
  isPreOrder: false,
  crumbs: [
    { title: 'Главная', href: '/' },
    { title: 'Боди', href: '/product/bodi' },
  ],
};

describe('product structured data', () => {
  it('takes at most 3 absolute images, UAH, and the breadcrumb trail', () => {
    const [product, crumbs] = productJsonLd(base) as [Record<string, unknown>, Record<string, unknown>];
    expect(product['image']).toEqual(['https://shop.ua/i/1.svg', 'https://shop.ua/i/2.svg', 'https://shop.ua/i/3.svg']);
    expect(product['offers']).toMatchObject({ priceCurrency: 'UAH', price: 299, url: 'https://shop.ua/product/bodi' });
    expect(product['brand']).toEqual({ '@type': 'Brand', name: 'Reima' });
    expect(product).not.toHaveProperty('description');
    expect(crumbs['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://shop.ua/' },
      { '@type': 'ListItem', position: 2, name: 'Боди', item: 'https://shop.ua/product/bodi' },
    ]);
  });

  it.each([
    [3, false, 'https://schema.org/InStock'],
    [0, true, 'https://schema.org/PreOrder'],
    [0, false, 'https://schema.org/OutOfStock'],
  ])('stock %d, pre-order %s → %s', (stock, isPreOrder, availability) => {
    const [product] = productJsonLd({ ...base, stock, isPreOrder }) as [Record<string, { availability: string }>];
    expect(product['offers']?.availability).toBe(availability);
  });
});
