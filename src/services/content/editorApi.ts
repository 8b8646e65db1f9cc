import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  CONTENT_LIMITS,
  contentBlockWriteSchema,
  contentSlugSchema,
  pageWriteSchema,
  POST_GROUP,
  postWriteSchema,
  projectCodeSchema,
  promotionWriteSchema,
  sliderItemPatchSchema,
  sliderItemWriteSchema,
  sliderWriteSchema,
} from '../../api/schemas/content.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type { EditorPost, EditorPromotion, PostGroup } from '../../api/schemas/content.ts';
import { type Locale } from '../../api/schemas/common.ts';
import type { EditorIndex } from '../../api/schemas/contentEditor.ts';
import { changeNotifier, guardAdminRoutes, readJsonBody } from '../http/adminRoutes.ts';
import { parseOr400, ServiceError } from '../http/serviceApp.ts';
import {
  contentBlockChange,
  pageChange,
  postChange,
  promotionChange,
  sliderChange,
  type ContentChange,
} from '../../api/contentChanges.ts';
import { WriteError } from './contentRepository.ts';
import type { ContentRepository } from './contentRepository.ts';

/**
 * The editor API of the demo CMS (`/admin/...`), guarded by `Authorization: Bearer <token>`.
 * Every successful change is committed first, then reported to `onContentChange` with the cache
 * tags it affects (rules in src/domain/content/changeTags.ts); a failing or slow hook is logged and never fails the
 * editor's request.
 *
 * - `GET /admin/index/{project}`: every block, page, slider, post and promotion (editorIndexSchema)
 * - `GET /admin/content-block/…`, `/admin/page/…`, `/admin/blog/…`, `/admin/blog-news/…`,
 *   `/admin/promotion/…`: the stored thing as the editor sees it (posts and promotions with both
 *   translations, inactive promotions too)
 * - `PUT|DELETE /admin/content-block/{project}/{slug}/{locale}` (contentBlockWriteSchema)
 * - `PUT|DELETE /admin/page/{project}/{slug}/{locale}` (pageWriteSchema)
 * - `GET|PUT|DELETE /admin/slider/{project}/{slug}/{locale}` (sliderWriteSchema)
 * - `POST /admin/slider/{project}/{slug}/{locale}/item` (sliderItemWriteSchema),
 *   `PUT|DELETE /admin/slider/{project}/{slug}/{locale}/item/{id}` (sliderItemPatchSchema)
 * - `PUT|DELETE /admin/blog/{project}/{slug}` and `/admin/blog-news/{project}/{slug}` (postWriteSchema)
 * - `PUT|DELETE /admin/promotion/{project}/{slug}` (promotionWriteSchema)
 * PUT answers 201 when it created the thing, 200 when it replaced it; DELETE answers 204, or 404
 * when there was nothing to delete. Errors: 400 invalid input, 401 token, 404, 409 conflict, 413 too large.
 */

export interface EditorOptions {
  /** The bearer token editors send. Unset or empty: every editor call is refused with 401. */
  editorToken?: string | undefined;
  onContentChange?: ((change: ContentChange) => void | Promise<void>) | undefined;
  /** How long a hook may take before the editor gets the answer anyway (default 5 s). */
  hookTimeoutMs?: number;
  /** Clock for `updatedAt` (tests). */
  now?: () => Date;
}

const scopedPath = z.object({ project: projectCodeSchema, slug: contentSlugSchema, locale: localeSchema });
const projectSlugPath = z.object({ project: projectCodeSchema, slug: contentSlugSchema });
const itemIdSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export function mountEditorApi(
  app: Hono,
  repo: ContentRepository,
  listContent: () => EditorIndex,
  project: string,
  options: EditorOptions,
): void {
  const clock = options.now ?? (() => new Date());
  const now = (): string => clock().toISOString();
  const hookTimeoutMs = options.hookTimeoutMs ?? 5000;

  const notify = changeNotifier<ContentChange>('content', options.onContentChange, hookTimeoutMs);

  const pathOf = <S extends z.ZodType>(c: Context, schema: S): z.output<S> => {
    const params = parseOr400(schema, c.req.param(), 'path');
    const value: unknown = params;
    if (typeof value === 'object' && value !== null && 'project' in value && value.project !== project) {
      throw new ServiceError(404, `Unknown project ${String(value.project)}`);
    }
    return params;
  };
  const bodyOf = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> =>
    parseOr400(schema, await readJsonBody(c), 'body');

  guardAdminRoutes(app, {
    token: options.editorToken,
    realm: 'cms',
    tokenVariable: 'CMS_EDITOR_TOKEN',
    requestBytes: CONTENT_LIMITS.requestBytes,
  });

  app.get('/admin/index/:project', (c) => {
    pathOf(c, z.object({ project: projectCodeSchema }));
    return c.json(listContent());
  });

  // --- content blocks
  app.get('/admin/content-block/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const block = repo.block(slug, locale);
    if (block === null) throw new ServiceError(404, `No content block ${slug} (${locale})`);
    return c.json(block);
  });
  app.put('/admin/content-block/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const write = await bodyOf(c, contentBlockWriteSchema);
    const created = repo.block(slug, locale) === null;
    const block = repo.putBlock(slug, locale, write, now());
    await notify(contentBlockChange(slug, locale));
    return c.json(block, created ? 201 : 200);
  });
  app.delete('/admin/content-block/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    if (!repo.deleteBlock(slug, locale)) throw new ServiceError(404, `No content block ${slug} (${locale})`);
    await notify(contentBlockChange(slug, locale));
    return c.body(null, 204);
  });

  // --- pages
  app.get('/admin/page/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const page = repo.page(slug, locale);
    if (page === null) throw new ServiceError(404, `No page ${slug} (${locale})`);
    return c.json(page);
  });
  app.put('/admin/page/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const write = await bodyOf(c, pageWriteSchema);
    const created = repo.page(slug, locale) === null;
    const page = repo.putPage(slug, locale, write, now());
    await notify(pageChange(slug, locale));
    return c.json(page, created ? 201 : 200);
  });
  app.delete('/admin/page/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    if (!repo.deletePage(slug, locale)) throw new ServiceError(404, `No page ${slug} (${locale})`);
    await notify(pageChange(slug, locale));
    return c.body(null, 204);
  });

  // --- sliders and slides
  app.get('/admin/slider/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const slider = repo.editorSlider(slug, locale);
    if (slider === null) throw new ServiceError(404, `No slider ${slug} (${locale})`);
    return c.json(slider);
  });
  app.put('/admin/slider/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const write = await bodyOf(c, sliderWriteSchema);
    const created = repo.editorSlider(slug, locale) === null;
    const slider = repo.putSlider(slug, locale, write, now());
    await notify(sliderChange(slug, locale));
    return c.json(slider, created ? 201 : 200);
  });
  app.delete('/admin/slider/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    if (!repo.deleteSlider(slug, locale)) throw new ServiceError(404, `No slider ${slug} (${locale})`);
    await notify(sliderChange(slug, locale));
    return c.body(null, 204);
  });
  app.post('/admin/slider/:project/:slug/:locale/item', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const write = await bodyOf(c, sliderItemWriteSchema);
    const item = repo.addSliderItem(slug, locale, write, now());
    if (item === null) throw new ServiceError(404, `No slider ${slug} (${locale})`);
    await notify(sliderChange(slug, locale));
    return c.json(item, 201);
  });
  app.put('/admin/slider/:project/:slug/:locale/item/:id', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const id = parseOr400(itemIdSchema, c.req.param('id'), 'slide id');
    const patch = await bodyOf(c, sliderItemPatchSchema);
    const item = repo.patchSliderItem(slug, locale, id, patch, now());
    if (item === null) throw new ServiceError(404, `No slide ${id} in slider ${slug} (${locale})`);
    await notify(sliderChange(slug, locale));
    return c.json(item);
  });
  app.delete('/admin/slider/:project/:slug/:locale/item/:id', async (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    const id = parseOr400(itemIdSchema, c.req.param('id'), 'slide id');
    if (!repo.deleteSliderItem(slug, locale, id, now())) {
      throw new ServiceError(404, `No slide ${id} in slider ${slug} (${locale})`);
    }
    await notify(sliderChange(slug, locale));
    return c.body(null, 204);
  });

  // --- blog and news
  const postRoutes = (base: string, group: PostGroup): void => {
    const what = base === 'blog' ? 'blog post' : 'news item';
    app.get(`/admin/${base}/:project/:slug`, (c) => {
      const { slug } = pathOf(c, projectSlugPath);
      const translations = { ru: repo.post(group, slug, 'ru'), uk: repo.post(group, slug, 'uk') };
      if (translations.ru === null && translations.uk === null) throw new ServiceError(404, `No ${what} ${slug}`);
      const body: EditorPost = { slug, group, created: false, translations };
      return c.json(body);
    });
    app.put(`/admin/${base}/:project/:slug`, async (c) => {
      const { slug } = pathOf(c, projectSlugPath);
      const write = await bodyOf(c, postWriteSchema);
      let result: { created: boolean; locales: Locale[] };
      try {
        result = repo.putPost(group, slug, write, now());
      } catch (error) {
        if (error instanceof WriteError) throw new ServiceError(error.kind === 'conflict' ? 409 : 400, error.message);
        throw error;
      }
      await notify(postChange(group, slug, result.locales));
      const body: EditorPost = {
        slug,
        group,
        created: result.created,
        translations: { ru: repo.post(group, slug, 'ru'), uk: repo.post(group, slug, 'uk') },
      };
      return c.json(body, result.created ? 201 : 200);
    });
    app.delete(`/admin/${base}/:project/:slug`, async (c) => {
      const { slug } = pathOf(c, projectSlugPath);
      const locales = repo.deletePost(group, slug);
      if (locales === null) throw new ServiceError(404, `No ${what} ${slug}`);
      await notify(postChange(group, slug, locales));
      return c.body(null, 204);
    });
  };
  postRoutes('blog', POST_GROUP.blog);
  postRoutes('blog-news', POST_GROUP.news);

  // --- promotions
  const editorPromotion = (slug: string, created: boolean): EditorPromotion => ({
    slug,
    created,
    isActive: repo.promotionIsActive(slug) ?? false,
    productIds: repo.promotionProductIds(slug),
    translations: { ru: repo.anyPromotion(slug, 'ru'), uk: repo.anyPromotion(slug, 'uk') },
  });
  app.get('/admin/promotion/:project/:slug', (c) => {
    const { slug } = pathOf(c, projectSlugPath);
    if (repo.promotionIsActive(slug) === null) throw new ServiceError(404, `No promotion ${slug}`);
    return c.json(editorPromotion(slug, false));
  });
  app.put('/admin/promotion/:project/:slug', async (c) => {
    const { slug } = pathOf(c, projectSlugPath);
    const write = await bodyOf(c, promotionWriteSchema);
    let result: { created: boolean; locales: Locale[] };
    try {
      result = repo.putPromotion(slug, write, now());
    } catch (error) {
      if (error instanceof WriteError) throw new ServiceError(error.kind === 'conflict' ? 409 : 400, error.message);
      throw error;
    }
    await notify(promotionChange(slug, result.locales));
    return c.json(editorPromotion(slug, result.created), result.created ? 201 : 200);
  });
  app.delete('/admin/promotion/:project/:slug', async (c) => {
    const { slug } = pathOf(c, projectSlugPath);
    const locales = repo.deletePromotion(slug);
    if (locales === null) throw new ServiceError(404, `No promotion ${slug}`);
    await notify(promotionChange(slug, locales));
    return c.body(null, 204);
  });
}
