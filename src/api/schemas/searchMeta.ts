import { z } from 'zod';
import { commonSearchQuerySchema } from './searchParams.ts';
import { productQuerySchema } from './searchQuery.ts';

/**
 * Page meta answered by the search service (spec §7: catalogue meta and category smart meta; both
 * read `h1`). Unlike the catalogue data, meta is per locale: the texts come in the `locale` asked
 * for (default ru). `page` here is the page number a shopper sees (1-based, the `/page-{n}` of the
 * URL); from page 2 on the title and description say which page it is.
 */

const uiPageSchema = z.coerce.number().int().min(1).max(10_000).default(1);

export const pageMetaSchema = z.object({
  locale: z.enum(['ru', 'uk']),
  h1: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const catalogKindSchema = z.enum(['outlet', 'bundle', 'custom']);
export type CatalogKind = z.infer<typeof catalogKindSchema>;

/** Query of `GET /public/catalog/{slug}/meta`. */
export const catalogMetaQuerySchema = commonSearchQuerySchema.extend({ page: uiPageSchema });

/** `GET /public/catalog/{slug}/meta`: meta of outlet, the baby-bundle catalogue or a custom catalogue. */
export const catalogMetaSchema = pageMetaSchema.extend({
  slug: z.string(),
  kind: catalogKindSchema,
  page: z.number().int().positive(),
});
export type CatalogMeta = z.infer<typeof catalogMetaSchema>;

/** Query of `GET /public/category/{id}/smart-meta`: the active filters (indexed arrays) and the page. */
export const smartMetaQuerySchema = commonSearchQuerySchema.extend({
  page: uiPageSchema,
  filters: productQuerySchema.shape.filters,
});
export type SmartMetaQuery = z.infer<typeof smartMetaQuerySchema>;

/**
 * `GET /public/category/{id}/smart-meta`: h1, title and description of a category page with its
 * active filters. `custom` is true when an editor wrote the texts for exactly this category and
 * filter; otherwise they are built from the category and filter titles. `count` and `minPrice`
 * describe what the page lists (hasImage=1, withPrice=1), `minPrice` null when nothing is listed.
 */
export const smartMetaSchema = pageMetaSchema.extend({
  category: z.object({ id: z.number().int(), slug: z.string() }),
  page: z.number().int().positive(),
  custom: z.boolean(),
  count: z.number().int().nonnegative(),
  minPrice: z.number().nullable(),
});
export type SmartMeta = z.infer<typeof smartMetaSchema>;
