import { describe, expect, it } from 'vitest';
import { productJsonLd, type ReviewLd } from '../../src/domain/seo/productJsonLd.ts';

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

  it('leaves `image` out for a product without photos, rather than an empty list', () => {
    const [product] = productJsonLd({ ...base, images: [] }) as [Record<string, unknown>];
    expect(product).not.toHaveProperty('image');
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

const review = (rating: number, author = 'Олена'): ReviewLd => ({
  author,
  rating,
  body: 'Гарна річ',
  createdAt: '2026-03-05T10:00:00.000Z',
});

describe('product structured data: reviews and rating (spec §5: at most 3 reviews, scale 1 to 5)', () => {
  const productOf = (extra: Partial<Parameters<typeof productJsonLd>[0]>) =>
    (productJsonLd({ ...base, ...extra }) as [Record<string, unknown>])[0];

  it('takes at most 3 reviews, each rated on the 1..5 scale with its author and date', () => {
    const product = productOf({ reviews: [review(5, 'A'), review(4, 'B'), review(3, 'C'), review(2, 'D')] });
    const reviews = product['review'] as Record<string, unknown>[];
    expect(reviews).toHaveLength(3);
    expect(reviews[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'A' },
      datePublished: '2026-03-05',
      reviewBody: 'Гарна річ',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
    expect(reviews.map((r) => (r['author'] as { name: string }).name)).toEqual(['A', 'B', 'C']);
  });

  it.each([
    { name: 'a rating below 1', rating: 0 },
    { name: 'a rating above 5', rating: 6 },
    { name: 'a rating that is not a number', rating: Number.NaN },
  ])('leaves out a review with $name', ({ rating }) => {
    const reviews = productOf({ reviews: [review(rating), review(4)] })['review'] as unknown[];
    expect(reviews).toHaveLength(1);
  });

  it.each([
    {
      name: 'gives the average rounded to one decimal and the count',
      rating: { average: 4.4666, count: 15 },
      expected: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 15, bestRating: 5, worstRating: 1 },
    },
    { name: 'gives no aggregate rating without reviews', rating: { average: 0, count: 0 }, expected: undefined },
    { name: 'gives no aggregate rating when the reviews could not be read', rating: null, expected: undefined },
    { name: 'gives no aggregate rating off the 1..5 scale', rating: { average: 7, count: 2 }, expected: undefined },
  ])('$name', ({ rating, expected }) => {
    expect(productOf({ rating })['aggregateRating']).toEqual(expected);
  });

  it('has neither review nor aggregateRating when there are none', () => {
    const product = productOf({ reviews: [], rating: null });
    expect(product).not.toHaveProperty('review');
    expect(product).not.toHaveProperty('aggregateRating');
  });
});
