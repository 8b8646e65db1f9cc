import { z } from 'zod';
import { slugTitleSchema } from './common.ts';
import { filterTopicSchema } from './categoryConfig.ts';

/** Wire shapes of the search service's product answers (spec §3 Product, Variant). */

export const presentationSchema = z.object({
  slug: z.string(),
  title: z.string(),
  titleUkr: z.string().optional(),
  ordering: z.number().int(),
});

export const colorPresentationSchema = presentationSchema.extend({
  /** For colours: `{ cssBackground }` — a colour value or gradient used for the swatch. */
  additionalConfig: z.object({ cssBackground: z.string().optional() }).nullable().optional(),
});

export const warehouseStockSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int().nonnegative(),
});

export const variantSchema = z.object({
  id: z.number().int(),
  displayArticle: z.string(),
  totalAmount: z.number().int().nonnegative(),
  isArchival: z.boolean(),
  isNew: z.boolean(),
  isPromotional: z.boolean(),
  isPreOrder: z.boolean(),
  expectationDate: z.string().nullable(),
  warehouses: z.array(warehouseStockSchema),
  color: z.string().nullable(),
  colorCode: z.string().nullable(),
  colorPresentation: colorPresentationSchema.nullable(),
  additionalColorPresentation: colorPresentationSchema.nullable(),
  sizePresentation: presentationSchema.nullable(),
  /** Kilograms. */
  weight: z.number().nonnegative(),
  /** Cubic centimetres; delivery weight = max(weight, capacity / 4000). */
  capacity: z.number().nonnegative(),
  bonusAccrualRate: z.number().nullable(),
  bonusMaxPaymentPercent: z.number().nullable(),
  orderingWeight: z.number(),
  discountRate: z.number().nullable(),
  probablyPriceRecommended: z.number().nullable(),
  probablyPriceSelling: z.number().nullable(),
  probablyPriceSubscriptionDiscount: z.number().nullable(),
  firstPriceList: z.number().nullable(),
});
export type WireVariant = z.infer<typeof variantSchema>;

export const productImageSchema = z.object({
  link: z.string(),
  alt: z.string(),
  title: z.string(),
  order: z.number().int(),
  /** Colour slugs this image shows; empty = every colour. */
  colorList: z.array(z.string()),
});

export const rotateImageSchema = productImageSchema.extend({ hash: z.string() });

export const productFilterSchema = z.object({
  topic: z.string(),
  slug: z.string(),
});

export const productSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  titleUkr: z.string(),
  slug: z.string(),
  brand: z.object({ slug: z.string(), title: z.string() }).nullable(),
  images: z.array(productImageSchema),
  videos: z.array(z.object({ link: z.string(), title: z.string() })),
  rotateImages: z.array(rotateImageSchema),
  nomenclature: z.array(variantSchema),
  filterList: z.array(productFilterSchema),
  productGroup: z.string().nullable(),
  shortDescription: z.string().nullable(),
  shortDescriptionUkr: z.string().nullable(),
  allowSubscription: z.boolean(),
  folderCategory: slugTitleSchema,
  category: slugTitleSchema.nullable(),
  isArchival: z.boolean(),
});
export type WireProduct = z.infer<typeof productSchema>;

/** `aggr` of a product list: disjunctive facet counts per topic (incl. `category`, `brand`) and the price span. */
export const aggregationsSchema = z.object({
  topicList: z.array(filterTopicSchema),
  price: z.object({ min: z.number(), max: z.number() }),
});
export type Aggregations = z.infer<typeof aggregationsSchema>;

/** `GET /public/products`: spec §5 — must be an object with `aggr` and `items`. */
/**
 * How a search's words matched (issue 29; ours, sent with `title`): `all`, or `some` — the best
 * partial match, without the `unmatched` words — or `none`; `suggestion` is the query with each
 * word that matched nothing replaced by the nearest known word.
 */
export const searchMatchSchema = z.object({
  match: z.enum(['all', 'some', 'none']),
  unmatched: z.array(z.string()),
  suggestion: z.string().nullable(),
});

export const productListSchema = z.object({
  items: z.array(productSchema),
  aggr: aggregationsSchema,
  pagination: z.object({
    total: z.number().int().nonnegative(),
    page: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  }),
  search: searchMatchSchema.optional(),
});
export type ProductList = z.infer<typeof productListSchema>;
