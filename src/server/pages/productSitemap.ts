import type { HttpClient } from '../../api/http.ts';
import {
  PRODUCTS_PER_SITEMAP,
  SITEMAP_PART_MAX,
  type SitemapProduct,
  type SitemapProducts,
} from '../../api/schemas/sitemap.ts';
import { getSitemapProducts } from '../../api/search.ts';
import { productSitemapImages } from '../../domain/seo/productSitemapImages.ts';
import { bilingualUrls, urlEntry } from '../../domain/seo/sitemap.ts';

/** How many product sitemap files the catalogue needs (at least one, so the index is stable). */
export async function productSitemapCount(api: HttpClient): Promise<number> {
  const { total } = await getSitemapProducts(api, { offset: 0, limit: 0 });
  return Math.max(1, Math.ceil((total ?? 0) / PRODUCTS_PER_SITEMAP));
}

/**
 * The photos of a sitemap entry by the product page's own rules (productSitemapImages): the part of
 * a product the sitemap call answers is what those rules read; the texts they do not read are empty.
 */
export function sitemapEntryImages(product: SitemapProduct, origin: string): string[] {
  const label = { title: '' };
  return productSitemapImages(
    {
      images: product.images.map((image) => ({ ...image, alt: '', title: '' })),
      videos: [],
      rotateImages: [],
      nomenclature: product.nomenclature.map((v) => ({
        ...v,
        colorPresentation: v.colorPresentation && { ...v.colorPresentation, ...label },
        sizePresentation: v.sizePresentation && { ...v.sizePresentation, ...label },
      })),
    },
    origin,
  );
}

/**
 * The `<url>` entries of product sitemap file `n` (1-based), a part of SITEMAP_PART_MAX products
 * at a time, each product in both languages with its `lastmod` and the photos its page shows. The
 * next part is asked for while this one is written, and no more than two parts are held: a file of
 * 25,000 products costs the memory of 2,000, however large the catalogue.
 */
export async function* productSitemapEntries(api: HttpClient, n: number, origin: string): AsyncGenerator<string> {
  const start = (n - 1) * PRODUCTS_PER_SITEMAP;
  // The file's first part by its place in the order, the others right after the last id read.
  let next: Promise<SitemapProducts> | null = getSitemapProducts(api, {
    offset: start,
    limit: Math.min(SITEMAP_PART_MAX, PRODUCTS_PER_SITEMAP),
  });
  for (let read = 0; next !== null;) {
    const part: SitemapProducts = await next;
    read += part.items.length;
    const last = part.items.at(-1);
    const left = PRODUCTS_PER_SITEMAP - read;
    next =
      last && part.items.length === SITEMAP_PART_MAX && left > 0
        ? getSitemapProducts(api, { after: last.id, limit: Math.min(SITEMAP_PART_MAX, left) })
        : null;
    const urls = part.items.flatMap((product) =>
      bilingualUrls(
        origin,
        [`/product/${product.slug}`],
        () => product.lastmod,
        () => sitemapEntryImages(product, origin),
      ),
    );
    if (urls.length > 0) yield urls.map(urlEntry).join('\n');
  }
}
