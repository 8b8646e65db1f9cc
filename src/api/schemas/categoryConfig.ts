import { z } from 'zod';
import { localizedTitle } from './common.ts';

/**
 * `GET /public/category-config` of the search service.
 * Spec §3 "Catalogue state": categoryList, topicList, translationList, searchGroupList (required),
 * brandList. Titles come in both languages (title ru, titleUkr uk): the response is not per-locale.
 */

export const additionalConfigSchema = z.object({
  excludeFromMenu: z.boolean().default(false),
  isTop: z.boolean().default(false),
  /** Higher weight comes first among siblings with the same ordering. */
  weight: z.number().default(0),
});

/** A filter entry as configured for a category (`filterList`), or counted in an aggregation. */
export const filterEntrySchema = z.object({
  slug: z.string(),
  count: z.number().int().nonnegative().optional(),
  active: z.boolean().optional(),
});
export type FilterEntry = z.infer<typeof filterEntrySchema>;

/** Filter topic (size, color, brand, age, gender, season, material, promotions, own-import ...). */
export const filterTopicSchema = z.object({
  slug: z.string(),
  ordering: z.number().int(),
  filterList: z.array(filterEntrySchema),
});
export type FilterTopic = z.infer<typeof filterTopicSchema>;

export interface CategoryNode {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  ordering: number;
  topCount: number;
  collapse: boolean;
  showCount: boolean;
  baseSearchEnable: boolean;
  /** Topic slugs offered as filters in this category. */
  topicList: string[];
  filterList: FilterEntry[];
  additionalConfig: z.infer<typeof additionalConfigSchema>;
  childList: CategoryNode[];
}

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
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
  }),
);

/** Translation of a topic slug (`topic` absent) or of a filter value slug inside a topic. */
export const translationSchema = z.object({
  slug: z.string(),
  topic: z.string().nullable(),
  ...localizedTitle,
});
export type Translation = z.infer<typeof translationSchema>;

export const searchGroupSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  ...localizedTitle,
  /** Category slugs the group points at. */
  categoryRefs: z.array(z.string()),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const brandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

export const categoryConfigSchema = z.object({
  categoryList: z.array(categoryNodeSchema),
  topicList: z.array(filterTopicSchema),
  translationList: z.array(translationSchema),
  searchGroupList: z.array(searchGroupSchema),
  brandList: z.array(brandSchema).default([]),
});
export type CategoryConfig = z.infer<typeof categoryConfigSchema>;
