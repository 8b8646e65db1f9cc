import type { AnalyticsOrder, AnalyticsProduct } from './analyticsEvents.ts';

/**
 * The e-mail-marketing events (storefront spec §7: cart status, product page, purchased items, add
 * to wishlist, page view), in the shape e-mail services' site trackers take (eSputnik's names).
 * The basket identifier is the spec's: made with the first basket event, kept in localStorage,
 * removed after a purchase (§4).
 */

export const EMAIL_BASKET_ID_KEY = 'bbs_email_basket_id';

interface GoodsLine {
  productKey: string;
  price: number;
  quantity: number;
}

export type EmailEvent =
  | { name: 'CartStatus'; basketId: string; items: GoodsLine[] }
  | { name: 'ProductPage'; productKey: string; price: number }
  | { name: 'PurchasedItems'; orderNumber: string; basketId: string | null; items: GoodsLine[] }
  | { name: 'AddToWishlist'; productKey: string; price: number }
  | { name: 'PageView'; path: string };

const line = (product: AnalyticsProduct): GoodsLine => ({
  productKey: String(product.productId),
  price: product.price,
  quantity: product.count,
});

export function cartStatusEvent(basketId: string, products: readonly AnalyticsProduct[]): EmailEvent {
  return { name: 'CartStatus', basketId, items: products.map(line) };
}

export function productPageEmailEvent(product: AnalyticsProduct): EmailEvent {
  return { name: 'ProductPage', productKey: String(product.productId), price: product.price };
}

export function purchasedItemsEvent(order: AnalyticsOrder, basketId: string | null): EmailEvent {
  return { name: 'PurchasedItems', orderNumber: order.number, basketId, items: order.items.map(line) };
}

export function wishListEmailEvent(product: AnalyticsProduct): EmailEvent {
  return { name: 'AddToWishlist', productKey: String(product.productId), price: product.price };
}

export function pageViewEmailEvent(path: string): EmailEvent | null {
  return path.trim() === '' ? null : { name: 'PageView', path };
}
