import { brandTag, CATALOG_TAG, categoryTag, productTag } from '../../api/cacheTags.ts';

/**
 * What a change of a product's prices or stock invalidates in the route cache: cache tags
 * (authoritative) and page paths (a hint), matching the tags the pages set (src/server:
 * productPage, catalogPage, brandPage; search results, special catalogues and the main page carry
 * `catalog`).
 *
 * | change                                                        | tags                                                                  |
 * |---------------------------------------------------------------|-----------------------------------------------------------------------|
 * | anything (quantities, subscription price …)                   | `product:<id>`                                                        |
 * | a listing may show or pick the product differently (below)    | also `category:<folder>`, `category:<sub>`, `brand:<brandId>`, `catalog` |
 *
 * "Listings may differ" when the recommended or selling price of a variant changed (cards show the
 * lowest price, its discount and whether prices vary; sorting and price filters use it), or when
 * the set of warehouses holding stock of a shown variant changed (the `warehouses` filter). A
 * quantity change within the same warehouses, or a subscription price, shows only on the product
 * page, so a busy shop's stock updates do not empty the whole route cache.
 *
 * Paths: the product page in both languages (`/product/<slug>`, `/ua/product/<slug>`): the
 * storefront's route pattern, kept here as the service's own copy (the service knows the
 * storefront only through the contract in src/api).
 */
export interface ProductChange {
  productId: number;
  tags: string[];
  paths: string[];
}

export interface ChangedProduct {
  id: number;
  slug: string;
  folderCategorySlug: string;
  /** The sub-category, when the product has one. */
  categorySlug: string | null;
  brandId: number | null;
}

/** Tags and paths for a committed change of `product`; `listingsChanged` as described above. */
export function productChange(product: ChangedProduct, listingsChanged: boolean): ProductChange {
  const tags = [productTag(product.id)];
  if (listingsChanged) {
    tags.push(categoryTag(product.folderCategorySlug));
    if (product.categorySlug !== null && product.categorySlug !== product.folderCategorySlug) {
      tags.push(categoryTag(product.categorySlug));
    }
    if (product.brandId !== null) tags.push(brandTag(product.brandId));
    tags.push(CATALOG_TAG);
  }
  const paths = [`/product/${product.slug}`, `/ua/product/${product.slug}`];
  return { productId: product.id, tags, paths };
}
