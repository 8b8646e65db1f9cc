import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import type { WireProduct, WireVariant } from '../../api/schemas/product.ts';
import { babyBundleIdsAmong, getProduct, getProductsByIds, getVariantProducts } from '../../api/search.ts';

/**
 * The order service's view of the catalogue: products asked of the search service through its
 * contract (`GET /public/products?ids[..]`, batches of 50 in parallel), never its database. The
 * listing by ids leaves archival products out, so the few ids it does not answer are asked one by
 * one (`GET /public/products/{id}`): an archival product is still answered there (its variants
 * marked archival), an unknown one is a 404.
 */

export interface CatalogueEntry {
  product: WireProduct;
  variant: WireVariant;
}

export interface Catalogue {
  products: ReadonlyMap<number, WireProduct>;
  /** Every variant of every product read, by variant id. */
  variants: ReadonlyMap<number, CatalogueEntry>;
}

/** At most this many single-product calls at once (only for ids the listing left out). */
const SINGLE_CALLS_AT_ONCE = 8;

/** Reads products by id; a failure of the search service rejects (an ApiError), an unknown id is left out. */
export type CatalogueReader = (productIds: readonly number[]) => Promise<Catalogue>;

async function productOrNull(client: HttpClient, id: number): Promise<WireProduct | null> {
  try {
    return await getProduct(client, id);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
}

/** Maps `items` with at most `limit` calls of `work` in flight, keeping the order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createCatalogueReader(client: HttpClient): CatalogueReader {
  return async (productIds) => {
    const unique = [...new Set(productIds)];
    const products = new Map<number, WireProduct>();
    if (unique.length > 0) {
      // No withPrice/hasImage: unpriced variants and products without pictures are still sold or refused by us.
      for (const product of await getProductsByIds(client, unique)) products.set(product.id, product);
      const missing = unique.filter((id) => !products.has(id));
      for (const product of await mapLimited(missing, SINGLE_CALLS_AT_ONCE, (id) => productOrNull(client, id))) {
        if (product) products.set(product.id, product);
      }
    }
    const variants = new Map<number, CatalogueEntry>();
    for (const product of products.values()) {
      for (const variant of product.nomenclature) variants.set(variant.id, { product, variant });
    }
    return { products, variants };
  };
}

/** Which of the given products the baby-bundle catalogue holds; a failure of the search service rejects. */
export type BundleReader = (productIds: readonly number[]) => Promise<ReadonlySet<number>>;

/** Spec §4 payment type 7: which of the order's products the baby-bundle catalogue holds. */
export function createBundleReader(client: HttpClient): BundleReader {
  return (productIds) => babyBundleIdsAmong(client, productIds);
}

/** The product of each variant (the search service's `GET /public/nomenclature`); rejects on its outage. */
export type VariantProductReader = (variantIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

export function createVariantProductReader(client: HttpClient): VariantProductReader {
  return (variantIds) => getVariantProducts(client, variantIds);
}
