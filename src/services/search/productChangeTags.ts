import {
  brandTag,
  CATALOG_TAG,
  categoryTag,
  priceListingTag,
  productSitemapTag,
  productTag,
  SEARCH_TAG,
  specialCatalogTag,
  stockListingTag,
} from '../../api/cacheTags.ts';

/**
 * What a change of a product's prices or stock invalidates in the route cache and at the CDN
 * (issue 30: only what the change changes): cache tags (authoritative) and page paths (a hint),
 * matching the tags the pages set (src/server/pages; listings through
 * src/domain/catalog/listingTags.ts). "Scopes" are the product's folder and sub-category
 * (`category:<slug>`), its brand (`brand:<id>`), the special catalogues listing it
 * (`catalog:<slug>`, the outlet while it has a discount) and `search`.
 *
 * | change                                                        | tags                                              | drops                                                              |
 * |---------------------------------------------------------------|---------------------------------------------------|--------------------------------------------------------------------|
 * | anything (a quantity, a subscription price …)                 | `product:<id>`                                    | its page, the delivery fragment, every listing, strip and product page showing its card |
 * | a shown variant's recommended or selling price                | `by-price:<scope>` of each scope                  | its scopes' listings sorted by price or discount, or price-filtered |
 * | the set of warehouses holding stock                            | `by-stock:<scope>` of each scope                  | its scopes' warehouse-filtered listings                            |
 * | the product goes into or out of the outlet (a discount appears or goes) | `catalog:<outlet>`                      | every page of the outlet                                           |
 * | the product goes on or off sale (its first price, or its last)| `category:<folder>`, `category:<sub>`, `brand:<id>`, `catalog:<slug>` of each, `catalog` | every listing, strip and sitemap: the product appears in or leaves all of them |
 * | its sitemap entry (`<lastmod>`, the day of the last price or availability change) | `sitemap:products:<n>`   | the one sitemap file listing it                                    |
 *
 * A price change therefore leaves cached every listing that does not show the product and does not
 * order or filter by the prices of its scopes: other categories, the default, `new` and `title`
 * orders of its own category beyond the cards it shows, search results not showing it.
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
  /** The special catalogues listing the product (the outlet's when it is or was in it), by meta slug. */
  catalogSlugs: string[];
}

/** How listings see a committed change. */
export interface ListingEffects {
  /** A shown variant's recommended or selling price changed (sorting, price filters, discount). */
  prices: boolean;
  /** The set of warehouses holding stock of a shown variant changed (the `warehouses` filter). */
  warehouses: boolean;
  /** The product went on sale (its first price) or off it (its last): it enters or leaves every listing. */
  onSale: boolean;
  /** The product entered or left the outlet, whose slug this is; null when it did neither. */
  outletMoved: string | null;
  /** The product sitemap file whose text changed (`<lastmod>` of the product); null when none did. */
  sitemapFile: number | null;
}

export const NO_EFFECTS: ListingEffects = {
  prices: false,
  warehouses: false,
  onSale: false,
  outletMoved: null,
  sitemapFile: null,
};

/** Tags and paths for a committed change of `product` with `effects`, as the table above says. */
export function productChange(product: ChangedProduct, effects: ListingEffects): ProductChange {
  const categories = [product.folderCategorySlug];
  if (product.categorySlug !== null && product.categorySlug !== product.folderCategorySlug) {
    categories.push(product.categorySlug);
  }
  const scopes = [
    ...categories.map(categoryTag),
    ...(product.brandId === null ? [] : [brandTag(product.brandId)]),
    ...product.catalogSlugs.map(specialCatalogTag),
    SEARCH_TAG,
  ];
  const tags = [productTag(product.id)];
  if (effects.prices) tags.push(...scopes.map(priceListingTag));
  if (effects.warehouses) tags.push(...scopes.map(stockListingTag));
  if (effects.outletMoved !== null) tags.push(specialCatalogTag(effects.outletMoved));
  if (effects.onSale) tags.push(...scopes.filter((scope) => scope !== SEARCH_TAG), CATALOG_TAG);
  if (effects.sitemapFile !== null) tags.push(productSitemapTag(effects.sitemapFile));
  const paths = [`/product/${product.slug}`, `/ua/product/${product.slug}`];
  return { productId: product.id, tags: [...new Set(tags)], paths };
}
