/**
 * The data layer's events (accounts spec §4, §5, §7; storefront spec §7): pure builders, each
 * answering null where the spec says an event is not sent. Items follow the spec's analytics item
 * (§3: productId or id, title, brand, folderCategory, category, colour and size presentation,
 * displayArticle, price, count) in GA4's e-commerce names, which a tag manager maps as it likes.
 */

export const CURRENCY = 'UAH';

/** What a page, the basket or an order knows of a product line (spec §3 "Analytics items"). */
export interface AnalyticsProduct {
  productId: number;
  title: string;
  brand: string | null;
  folderCategory: string | null;
  category: string | null;
  colorPresentation: string | null;
  sizePresentation: string | null;
  displayArticle: string;
  price: number;
  count: number;
}

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_category2?: string;
  item_variant?: string;
  item_sku: string;
  price: number;
  quantity: number;
  promotion_id?: string;
  promotion_name?: string;
}

/** A promotion as a slide or banner carries it; any field may be missing. */
export interface PromotionFacts {
  promotion_id?: string | null | undefined;
  promotion_name?: string | null | undefined;
  creative_slot?: string | null | undefined;
}

export interface Promotion {
  promotion_id: string;
  promotion_name: string;
  creative_slot?: string;
}

export type DataLayerEvent = { event: string } & Record<string, unknown>;

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export function analyticsItem(product: AnalyticsProduct, promotion: Promotion | null = null): AnalyticsItem {
  const variant = [product.colorPresentation, product.sizePresentation].filter(present).join(' / ');
  return {
    item_id: String(product.productId),
    item_name: product.title,
    ...(present(product.brand) ? { item_brand: product.brand } : {}),
    ...(present(product.folderCategory) ? { item_category: product.folderCategory } : {}),
    ...(present(product.category) ? { item_category2: product.category } : {}),
    ...(variant === '' ? {} : { item_variant: variant }),
    item_sku: product.displayArticle,
    price: product.price,
    quantity: product.count,
    ...(promotion ? { promotion_id: promotion.promotion_id, promotion_name: promotion.promotion_name } : {}),
  };
}

const money = (n: number) => Math.round(n * 100) / 100;

function ecommerce(products: readonly AnalyticsProduct[], promotion: Promotion | null) {
  const items = products.map((product) => analyticsItem(product, promotion));
  const value = money(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
  return { currency: CURRENCY, value, items };
}

function itemsEvent(event: string, products: readonly AnalyticsProduct[], promotion: Promotion | null): DataLayerEvent {
  return { event, ecommerce: ecommerce(products, promotion) };
}

/** Spec §5: a promotion event only with promotion_id, promotion_name and creative_slot. */
export function promotionEvent(
  kind: 'view_promotion' | 'select_promotion',
  facts: PromotionFacts,
): DataLayerEvent | null {
  const { promotion_id: id, promotion_name: name, creative_slot: slot } = facts;
  if (!present(id) || !present(name) || !present(slot)) return null;
  return { event: kind, ecommerce: { promotion_id: id, promotion_name: name, creative_slot: slot } };
}

/** Spec §5: a multi-promotion event only when every item has an id and a name (and there is one). */
export function promotionsEvent(kind: 'view_promotion', promotions: readonly PromotionFacts[]): DataLayerEvent | null {
  if (promotions.length === 0) return null;
  const items: Promotion[] = [];
  for (const { promotion_id: id, promotion_name: name, creative_slot: slot } of promotions) {
    if (!present(id) || !present(name)) return null;
    items.push({ promotion_id: id, promotion_name: name, ...(present(slot) ? { creative_slot: slot } : {}) });
  }
  return { event: kind, ecommerce: { items } };
}

/** Spec §5: a page view only with a path. */
export function pageViewEvent(path: string, title: string): DataLayerEvent | null {
  if (!present(path)) return null;
  return { event: 'page_view', page_path: path, page_title: title };
}

export function productViewEvent(product: AnalyticsProduct, promotion: Promotion | null): DataLayerEvent {
  return itemsEvent('view_item', [product], promotion);
}

export function addToBasketEvent(product: AnalyticsProduct, promotion: Promotion | null): DataLayerEvent {
  return itemsEvent('add_to_cart', [product], promotion);
}

export function addToWishListEvent(product: AnalyticsProduct): DataLayerEvent {
  return itemsEvent('add_to_wishlist', [product], null);
}

/** Spec §3 order fields: number, price, deliveryPrice, activeOrderItems. */
export interface AnalyticsOrder {
  number: string;
  price: number;
  deliveryPrice: number;
  items: AnalyticsProduct[];
}

export function purchaseEvent(order: AnalyticsOrder, promotion: Promotion | null): DataLayerEvent {
  return {
    event: 'purchase',
    ecommerce: {
      ...ecommerce(order.items, promotion),
      transaction_id: order.number,
      value: money(order.price),
      shipping: money(order.deliveryPrice),
    },
  };
}
