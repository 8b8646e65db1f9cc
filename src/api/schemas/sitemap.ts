import { z } from 'zod';
import { presentationSchema, productImageSchema, variantSchema } from './product.ts';

/**
 * The product sitemap files (issue 30): the products the shop shows (a price, not archival) in id
 * order, cut into files of PRODUCTS_PER_SITEMAP. Id order keeps a product in the same file while
 * others arrive (new products get higher ids and land in the last file), so a change of one
 * product rewrites one file. Each product is two `<url>` entries (ru and uk): 25,000 products are
 * the protocol's 50,000 URLs a file.
 */
export const PRODUCTS_PER_SITEMAP = 25_000;

/** Products a `GET /public/sitemap/products` answer holds at most: the storefront streams a file in parts. */
export const SITEMAP_PART_MAX = 1000;

/** The sitemap file (1-based) listing the product at `rank` (0-based, in the sitemap order). */
export const sitemapFileOf = (rank: number): number => Math.floor(rank / PRODUCTS_PER_SITEMAP) + 1;

/**
 * Query of `GET /public/sitemap/products`: `limit` products of the sitemap order from `offset`
 * (where a file starts), or right after product id `after` (the next part of a file: read by the
 * primary key, without counting or skipping what comes before).
 */
export const sitemapProductsQuerySchema = z.union([
  z.object({
    offset: z.coerce.number().int().min(0).max(100_000_000),
    limit: z.coerce.number().int().min(0).max(SITEMAP_PART_MAX),
  }),
  z.object({
    after: z.coerce.number().int().min(0),
    limit: z.coerce.number().int().min(1).max(SITEMAP_PART_MAX),
  }),
]);

/**
 * What a sitemap entry needs of a product, and no more (a whole product is ~20× the bytes): its
 * page's slug, `lastmod` (a W3C date, `YYYY-MM-DD`: the day the page last changed in what it tells
 * search engines), and what picks the photos the page shows: its priced variants as the product
 * call shows them (`withPrice`), with the fields the colour choice reads, and its pictures.
 */
export const sitemapProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  lastmod: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  nomenclature: z.array(
    variantSchema
      .pick({
        id: true,
        isArchival: true,
        totalAmount: true,
        probablyPriceRecommended: true,
        probablyPriceSelling: true,
      })
      .extend({
        colorPresentation: presentationSchema.pick({ slug: true, ordering: true }).nullable(),
        sizePresentation: presentationSchema.pick({ slug: true, ordering: true }).nullable(),
      }),
  ),
  images: z.array(productImageSchema.pick({ link: true, order: true, colorList: true })),
});
export type SitemapProduct = z.infer<typeof sitemapProductSchema>;

/** `total`: how many products the sitemaps list; null for a part asked `after` an id. */
export const sitemapProductsSchema = z.object({
  total: z.number().int().nonnegative().nullable(),
  items: z.array(sitemapProductSchema),
});
export type SitemapProducts = z.infer<typeof sitemapProductsSchema>;
