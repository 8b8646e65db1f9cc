import { priceListingTag, productTag, stockListingTag } from '../../api/cacheTags.ts';
import { PRICE_TOPIC, WAREHOUSES_TOPIC, type CatalogFilter, type CatalogSort } from './routePath.ts';

/**
 * The route-cache tags a product listing adds for the products it shows (issue 30): one
 * `product:<id>` a card, so a change of a product drops the listings showing it and no other; and
 * the narrow tags of what its membership or order follows, so a change that moves a product into
 * or within it drops it too although it does not show the product yet:
 *
 * | the listing                                        | tag                  | dropped by                                |
 * |----------------------------------------------------|----------------------|-------------------------------------------|
 * | sorted by `price` or `discount`, or price-filtered | `by-price:<scope>`   | a price change of a product in the scope  |
 * | filtered by a warehouse                            | `by-stock:<scope>`   | a product stocked in other warehouses now |
 *
 * `scope` is the tag of what the listing lists (`category:<its own category>`, `brand:<id>`,
 * `catalog:<slug>`, `search`). The default order (popularity), `new` and `title` follow no price.
 */
export function listingTags(
  scope: string,
  state: { filters: readonly CatalogFilter[]; sort: CatalogSort | null },
  productIds: readonly number[],
): string[] {
  const tags = productIds.map(productTag);
  const byPrice =
    state.sort?.field === 'price' ||
    state.sort?.field === 'discount' ||
    state.filters.some((group) => group.topic === PRICE_TOPIC);
  if (byPrice) tags.push(priceListingTag(scope));
  if (state.filters.some((group) => group.topic === WAREHOUSES_TOPIC)) tags.push(stockListingTag(scope));
  return tags;
}
