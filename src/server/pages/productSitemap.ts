import type { HttpClient } from '../../api/http.ts';
import { getProducts } from '../../api/search.ts';
import { productSitemapImages } from '../../domain/seo/productSitemapImages.ts';

/** Products per sitemap file: one search-service page each (its limit is 100). */
export const PRODUCTS_PER_SITEMAP = 100;

/** How many product sitemap files the catalogue needs (at least one, so the index is stable). */
export async function productSitemapCount(api: HttpClient): Promise<number> {
  const first = await getProducts(api, { page: 0, limit: 1, hasImage: false, withPrice: true });
  return Math.max(1, Math.ceil(first.pagination.total / PRODUCTS_PER_SITEMAP));
}

/** Product pages of sitemap file `n` (1-based), in the catalogue's stable title order, with their photos. */
export async function productSitemapPages(
  api: HttpClient,
  n: number,
  origin: string,
): Promise<{ paths: string[]; pictures: Map<string, string[]> }> {
  const list = await getProducts(api, {
    page: n - 1,
    limit: PRODUCTS_PER_SITEMAP,
    hasImage: false,
    withPrice: true,
    orderBy: 'title',
    order: 'asc',
  });
  const pages = list.items.map((product) => ({
    path: `/product/${product.slug}`,
    images: productSitemapImages(product, origin),
  }));
  return { paths: pages.map((p) => p.path), pictures: new Map(pages.map((p) => [p.path, p.images])) };
}
