import { z } from 'zod';
import { additionalConfigSchema, categoryNodeSchema, filterEntrySchema } from './categoryConfig.ts';
import { localizedTitle } from './common.ts';
import { commonSearchQuerySchema, queryFlagSchema } from './searchParams.ts';

/** Category calls of the search service (spec §7: `/public/category/{id}` and `/public/category?title=`). */

export const categoryRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  ...localizedTitle,
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/**
 * `GET /public/category/{id}` (`{id}` is the category id or slug): the node as in category-config,
 * with its parent and the number of products its page lists by default (hasImage=1, withPrice=1).
 */
export const categoryDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  ...localizedTitle,
  ordering: z.number().int(),
  topCount: z.number().int().nonnegative(),
  collapse: z.boolean(),
  showCount: z.boolean(),
  baseSearchEnable: z.boolean(),
  topicList: z.array(z.string()),
  filterList: z.array(filterEntrySchema),
  additionalConfig: additionalConfigSchema,
  childList: z.array(categoryNodeSchema),
  parent: categoryRefSchema.nullable(),
  productCount: z.number().int().nonnegative(),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

const searchText = z.string().trim().min(2).max(100);

/**
 * Query of `GET /public/category`: `title` matches category titles (ru and uk, every word as a
 * prefix); `titleAgg` finds the categories of the products whose titles match (with counts, most
 * first), for the quick search. Both may be combined; with neither every category is listed.
 * Categories hidden both from the menu and from base search (`excludeFromMenu` and not
 * `baseSearchEnable`: the service goods) are never answered.
 */
export const categorySearchQuerySchema = commonSearchQuerySchema.extend({
  title: searchText.optional(),
  titleAgg: searchText.optional(),
  /** Apply to the products counted for `titleAgg`, as on a catalogue page. */
  hasImage: queryFlagSchema.default(false),
  withPrice: queryFlagSchema.default(false),
  /**
   * Ours (issue 30), the quick search's call: `titleAgg`'s matches are walked only up to a cap;
   * when the cap cut them, categories are ordered by the matches walked and `count` is null.
   */
  quick: queryFlagSchema.default(false),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CategorySearchQuery = z.infer<typeof categorySearchQuerySchema>;

export const categorySearchItemSchema = categoryRefSchema.extend({
  parent: categoryRefSchema.nullable(),
  /** Products matching `titleAgg` in this category (null without `titleAgg`). */
  count: z.number().int().positive().nullable(),
});
export type CategorySearchItem = z.infer<typeof categorySearchItemSchema>;

export const categorySearchResultSchema = z.object({
  items: z.array(categorySearchItemSchema),
  pagination: z.object({
    total: z.number().int().nonnegative(),
    page: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  }),
});
export type CategorySearchResult = z.infer<typeof categorySearchResultSchema>;
