import { z } from 'zod';
import { productQuerySchema } from './searchQuery.ts';

/**
 * Query pieces shared by the search service's calls beyond `/public/products` (spec §7 "Search
 * service"): every call takes `project` and `locale`; flags travel as 0/1; ids in a path may be a
 * numeric id or a slug.
 */

/** `0`/`1` on the wire (the client encodes booleans that way). */
export const queryFlagSchema = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => v === true || Number(v) === 1);

export const localeQuerySchema = z.enum(['ru', 'uk']).default('ru');

/** `project` and `locale`, accepted (and validated) on every public call. */
export const commonSearchQuerySchema = z.object({
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .optional(),
  locale: localeQuerySchema,
});

/** A path segment naming a product, category or brand: its numeric id or its slug. */
export const idOrSlugSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a numeric id or a lowercase slug')
  .transform((value): { id: number } | { slug: string } =>
    /^\d{1,15}$/.test(value) ? { id: Number(value) } : { slug: value },
  );
export type IdOrSlug = z.output<typeof idOrSlugSchema>;

/** Spec §7/§9: products by ids, at most 50 ids a request. */
export const MAX_IDS_PER_REQUEST = 50;

/**
 * Query of `GET /public/products` and of the listings that share its shape (outlet, catalogues):
 * the catalogue query plus `ids` (`ids[0]=..&ids[1]=..`, at most 50). With `ids` the answer keeps
 * the requested order unless `orderBy` is given, and `limit` defaults to the number of ids.
 */
export const productListQuerySchema = productQuerySchema.extend({
  ids: z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z
        .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
        .min(1)
        .max(MAX_IDS_PER_REQUEST, `at most ${MAX_IDS_PER_REQUEST} ids a request`),
    )
    .optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
