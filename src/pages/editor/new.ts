import type { APIRoute } from 'astro';
import { z } from 'zod';
import { contentSlugSchema } from '../../api/schemas/content.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import { editorPaths } from '../../server/editor/editorPage.ts';

const newSchema = z.object({
  kind: z.enum(['block', 'page', 'slider', 'blog', 'news', 'promotion']),
  slug: contentSlugSchema,
  locale: localeSchema.default('ru'),
});

/**
 * `GET /editor/new?kind=&slug=&locale=`: opens the edit form of that thing; a form for something
 * that does not exist yet creates it on save. Bad input goes back to the list.
 */
export const GET: APIRoute = ({ url, redirect }) => {
  const parsed = newSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return redirect('/editor', 303);
  const { kind, slug, locale } = parsed.data;
  switch (kind) {
    case 'blog':
      return redirect(editorPaths.post(0, slug), 303);
    case 'news':
      return redirect(editorPaths.post(1, slug), 303);
    case 'promotion':
      return redirect(editorPaths.promotion(slug), 303);
    default:
      return redirect(editorPaths[kind](slug, locale), 303);
  }
};
