import { z } from 'zod';
import { localeSchema } from './common.ts';
import { contentFormatNameSchema, postGroupSchema } from './content.ts';

/**
 * `GET /admin/index/{project}` of the content service: everything an editor can change, newest
 * change first within each kind, for the editor screen's list. Inactive slides and promotions are
 * included (the public calls hide them).
 */
export const editorIndexSchema = z.object({
  blocks: z.array(
    z.object({
      slug: z.string(),
      locale: localeSchema,
      formatName: contentFormatNameSchema,
      updatedAt: z.string(),
    }),
  ),
  pages: z.array(z.object({ slug: z.string(), locale: localeSchema, title: z.string(), updatedAt: z.string() })),
  sliders: z.array(
    z.object({
      slug: z.string(),
      locale: localeSchema,
      title: z.string(),
      items: z.number().int().nonnegative(),
      activeItems: z.number().int().nonnegative(),
      updatedAt: z.string(),
    }),
  ),
  posts: z.array(
    z.object({
      slug: z.string(),
      group: postGroupSchema,
      title: z.string(),
      locales: z.array(localeSchema),
      publishedAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  promotions: z.array(z.object({ slug: z.string(), title: z.string(), isActive: z.boolean(), updatedAt: z.string() })),
});
export type EditorIndex = z.infer<typeof editorIndexSchema>;
