import { z } from 'zod';
import { contentSlugSchema } from '../../api/schemas/content.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { seeOther } from './editorScreen.ts';

/** The editor's own addresses: how they are written, and how their parameters are read back. */

export const editorPaths = {
  block: (slug: string, locale: Locale) => `/editor/block/${encodeURIComponent(slug)}/${locale}`,
  page: (slug: string, locale: Locale) => `/editor/page/${encodeURIComponent(slug)}/${locale}`,
  slider: (slug: string, locale: Locale) => `/editor/slider/${encodeURIComponent(slug)}/${locale}`,
  post: (group: 0 | 1, slug: string) => `/editor/post/${group === 1 ? 'news' : 'blog'}/${encodeURIComponent(slug)}`,
  promotion: (slug: string) => `/editor/promotion/${encodeURIComponent(slug)}`,
};

/** `/editor/{block|page|slider}/{slug}/{locale}` */
export const editorScopedParams = z.object({ slug: contentSlugSchema, locale: localeSchema });
export type EditorScopedParams = z.output<typeof editorScopedParams>;

/** `/editor/promotion/{slug}` */
export const editorSlugParams = z.object({ slug: contentSlugSchema });

/** `/editor/post/{blog|news}/{slug}`, the group as the service's 0 or 1. */
export const editorPostParams = z.object({
  group: z.enum(['blog', 'news']).transform((g): 0 | 1 => (g === 'news' ? 1 : 0)),
  slug: contentSlugSchema,
});

const newSchema = z.object({
  kind: z.enum(['block', 'page', 'slider', 'blog', 'news', 'promotion']),
  slug: contentSlugSchema,
  locale: localeSchema.default('ru'),
});

/**
 * `GET /editor/new?kind=&slug=&locale=` (the list's "create or open" form): the edit form of that
 * thing; a form for something that does not exist yet creates it on save. Bad input goes back to
 * the list.
 */
export function openNewRecord(query: URLSearchParams): Response {
  const parsed = newSchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return seeOther('/editor');
  const { kind, slug, locale } = parsed.data;
  switch (kind) {
    case 'blog':
      return seeOther(editorPaths.post(0, slug));
    case 'news':
      return seeOther(editorPaths.post(1, slug));
    case 'promotion':
      return seeOther(editorPaths.promotion(slug));
    default:
      return seeOther(editorPaths[kind](slug, locale));
  }
}
