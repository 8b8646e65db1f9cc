import { z } from 'zod';
import { productSchema } from './product.ts';
import { pageMetaSchema } from './searchMeta.ts';
import { commonSearchQuerySchema, queryFlagSchema } from './searchParams.ts';

/**
 * One product and what hangs off it (spec §7: `/public/products/{id}`, `/combined`, `/accessory`).
 * `{id}` is the product id or its slug. Variants follow the listing rules (spec §5): archival ones
 * are hidden unless the whole product is archival; with `withPrice=1` only priced ones are shown.
 */

/** Query of `GET /public/products/{id}`. */
export const productDetailQuerySchema = commonSearchQuerySchema.extend({
  withPrice: queryFlagSchema.default(false),
  /** Adds `smartMeta` (h1, title, description of the product page in `locale`). */
  withSmartMeta: queryFlagSchema.default(false),
});

/** `GET /public/products/{id}`: the product as in listings, plus smart meta when asked for. */
export const productDetailSchema = productSchema.extend({
  smartMeta: pageMetaSchema.optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Query of `GET /public/products/{id}/combined`. */
export const combinedProductQuerySchema = commonSearchQuerySchema.extend({
  withPrice: queryFlagSchema.default(false),
  hasImage: queryFlagSchema.default(false),
});

/** Spec §7 does not show it; here at most this many other products of the group are answered. */
export const MAX_COMBINED_ITEMS = 24;

/**
 * `GET /public/products/{id}/combined`: the product with the other products of its model line
 * (`productGroup`, e.g. the same body in other prints), most popular first; archival ones are left
 * out. A product without a group answers an empty `items`.
 */
export const combinedProductSchema = z.object({
  product: productSchema,
  productGroup: z.string().nullable(),
  items: z.array(productSchema),
});
export type CombinedProduct = z.infer<typeof combinedProductSchema>;

/** Query of `GET /public/products/{id}/accessory` (the storefront sends withPrice=1 and hasImage=1). */
export const accessoryQuerySchema = commonSearchQuerySchema.extend({
  withPrice: queryFlagSchema.default(false),
  hasImage: queryFlagSchema.default(false),
  limit: z.coerce.number().int().min(1).max(24).default(12),
});

/**
 * `GET /public/products/{id}/accessory`: goods of the categories linked as accessories to the
 * product's category, same brand first, then by popularity. Out-of-stock accessories are answered
 * too; spec §5 has the storefront keep only those with some variant in stock.
 */
export const accessoryListSchema = z.object({ items: z.array(productSchema) });
export type AccessoryList = z.infer<typeof accessoryListSchema>;
