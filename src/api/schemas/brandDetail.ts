import { z } from 'zod';
import { brandSchema } from './categoryConfig.ts';
import { localizedTitle } from './common.ts';
import { aggregationsSchema } from './product.ts';

/** Brand calls of the search service (spec §7: `/public/brand/{id}?project&locale`, `/public/brand/{id}/agg`). */

/**
 * `GET /public/brand/{id}` (`{id}` is the brand id or slug): the brand with its description in
 * both languages (like product descriptions), how many products are listed under it and in which
 * folder categories (non-archival products).
 */
export const brandDetailSchema = brandSchema.extend({
  description: z.string().nullable(),
  descriptionUkr: z.string().nullable(),
  productCount: z.number().int().nonnegative(),
  folderCategoryList: z.array(z.object({ slug: z.string(), ...localizedTitle, count: z.number().int().positive() })),
});
export type BrandDetail = z.infer<typeof brandDetailSchema>;

/**
 * `GET /public/brand/{id}/agg`: facets of the brand's products under the usual catalogue query
 * (category, filters, price, hasImage, withPrice ...). The `brand` topic is left out: it is fixed.
 */
export const brandAggregationsSchema = z.object({
  brand: brandSchema,
  aggr: aggregationsSchema,
  total: z.number().int().nonnegative(),
});
export type BrandAggregations = z.infer<typeof brandAggregationsSchema>;
