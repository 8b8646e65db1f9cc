import { z } from 'zod';

/**
 * Query of `GET /public/products` (spec §3 "Catalogue query"): orderBy, order, priceFrom, priceTo,
 * warehouses (first only), filters as `{topic, values}` (indexed arrays on the wire:
 * `filters[0][topic]=size&filters[0][values][0]=92`), category, page (zero-based), limit, plus
 * hasImage, withPrice, title (text search), project and locale.
 * Parsed by the service from the decoded indexed-array query; shared so the client builds the same shape.
 */
const intFromQuery = z.coerce.number().int();
const flag = z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]).transform((v) => Number(v) === 1);

export const sortFieldSchema = z.enum(['popularity', 'price', 'new', 'discount', 'title']);

export const productQuerySchema = z.object({
  project: z.string().default('bbs'),
  locale: z.enum(['ru', 'uk']).default('ru'),
  page: intFromQuery.min(0).default(0),
  limit: intFromQuery.min(1).max(100).default(24),
  category: z.string().optional(),
  folderCategory: z.string().optional(),
  title: z.string().trim().min(2).optional(),
  orderBy: sortFieldSchema.optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  priceFrom: intFromQuery.positive().optional(),
  priceTo: intFromQuery.positive().optional(),
  warehouses: z.coerce.number().int().optional(),
  hasImage: flag.optional(),
  withPrice: flag.optional(),
  filters: z.array(z.object({ topic: z.string(), values: z.array(z.string()).min(1) })).default([]),
  /**
   * Ours (issue 30), the quick search's call: `title`'s matches are walked only up to a cap, so
   * the items are popular matches rather than the most popular of all, and `pagination.total`
   * and `aggr` count only the matches walked. Its answers are cached briefly (searchApp.ts).
   */
  quick: flag.optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;
