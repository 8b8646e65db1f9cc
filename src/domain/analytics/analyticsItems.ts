import type { BasketItem } from '../basket/basketItem.ts';
import { lineUnitPrice } from '../basket/basketTotals.ts';
import type { Order } from '../../api/schemas/order.ts';
import type { AnalyticsOrder, AnalyticsProduct } from './analyticsEvents.ts';

/**
 * The spec's analytics item (§3) from what the pages and the basket already hold: the product
 * page's line data (its `data-basket-item` script) and the basket's lines. Names are the Russian
 * ones on both sites, so reports do not split a product in two by the page's language.
 */

/** A basket line at its unit price as the basket shows it. */
export function productOfLine(item: BasketItem): AnalyticsProduct {
  return {
    productId: item.productId,
    title: item.title,
    brand: item.brand,
    folderCategory: item.folderCategory,
    category: item.category,
    colorPresentation: item.colorPresentationTitle,
    sizePresentation: item.sizePresentationTitle,
    displayArticle: item.displayArticle,
    price: lineUnitPrice(item),
    count: item.count,
  };
}

/** Spec §3 order fields (number, price, deliveryPrice, activeOrderItems) of a placed order; gifts are lines at 0. */
export function analyticsOrder(order: Order): AnalyticsOrder {
  return {
    number: order.number,
    price: order.totalPrice,
    deliveryPrice: order.deliveryPrice,
    items: order.activeOrderItems.map((line) => ({
      productId: line.productId,
      title: line.title,
      brand: line.brand,
      folderCategory: line.folderCategory,
      category: line.category,
      colorPresentation: line.colorPresentation,
      sizePresentation: line.sizePresentation,
      displayArticle: line.displayArticle,
      price: line.price,
      count: line.quantity,
    })),
  };
}
