import type { AnalyticsProduct } from './analyticsEvents.ts';

/**
 * A product wished from a heart: what the heart knows (its id and title); one unit, price unknown.
 * Apart from analyticsItems.ts, whose basket rules the catalogue's hearts must not carry.
 */
export function wishedProduct(productId: number, title: string): AnalyticsProduct {
  return {
    productId,
    title,
    brand: null,
    folderCategory: null,
    category: null,
    colorPresentation: null,
    sizePresentation: null,
    displayArticle: '',
    price: 0,
    count: 1,
  };
}
