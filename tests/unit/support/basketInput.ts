import type { BasketItemInput } from '../../../src/domain/basket/basketItem.ts';

/**
 * A product variant as the basket takes it in (what a product page hands to "add to basket"), for
 * the basket and checkout rules' tests: a body of 400 грн sold at 300, 5 in stock, 200 g. Each test
 * file states only what its cases depend on.
 */
export function basketItemInput(over: Partial<BasketItemInput> = {}): BasketItemInput {
  return {
    id: 101,
    productId: 10,
    slug: 'bodi-zaika',
    title: 'Боди Зайка',
    titleUkr: 'Боді Зайчик',
    brand: null,
    currentImage: null,
    cssBackground: null,
    colorPresentationValue: null,
    colorPresentationTitle: null,
    colorPresentationTitleUkr: null,
    sizePresentationValue: null,
    sizePresentationTitle: null,
    sizePresentationTitleUkr: null,
    displayArticle: 'A-101',
    folderCategory: null,
    category: null,
    colorsCount: 1,
    shortDescription: null,
    totalAmount: 5,
    warehouses: [],
    allowSubscription: true,
    bonusAccrualRate: null,
    recommendedPrice: 400,
    sellingPrice: 300,
    subscriptionPrice: null,
    weight: 0.2,
    capacity: 0,
    ...over,
  };
}
