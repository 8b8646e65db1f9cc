import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  CONTENT_LIMITS,
  contentBlockWriteSchema,
  pageWriteSchema,
  POST_GROUP,
  postWriteSchema,
  projectCodeSchema,
  promotionWriteSchema,
  sliderItemPatchSchema,
  sliderItemWriteSchema,
  sliderWriteSchema,
} from '../../api/schemas/content.ts';
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
import { rowIdSchema, slugLocalePath, slugPath } from './contentPaths.ts';
import type { ContentRepositories } from './contentRepositories.ts';
import { WriteError } from './contentRows.ts';
import type { SlugLocaleStore } from './contentRows.ts';

/**
 * The editor API of the demo CMS (`/admin/...`), guarded by `Authorization: Bearer <token>`.
 * Every successful change is committed first, then reported to `onContentChange` with the cache
 * tags it affects (rules in src/api/contentChanges.ts); a failing or slow hook is logged and never fails the
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

export function mountEditorApi(
  app: Hono,
  repos: Pick<ContentRepositories, 'blocks' | 'pages' | 'sliders' | 'posts' | 'promotions'>,
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

  /** GET, PUT and DELETE of a thing stored whole per slug and locale (content blocks, pages). */
  const slugLocaleRoutes = <S extends z.ZodType, T extends object>(
    base: string,
    what: string,
    store: SlugLocaleStore<z.output<S>, T>,
    writeSchema: S,
    change: (slug: string, locale: Locale) => ContentChange,
  ): void => {
    const path = `/admin/${base}/:project/:slug/:locale`;
    app.get(path, (c) => {
      const { slug, locale } = pathOf(c, slugLocalePath);
      const found = store.find(slug, locale);
      if (found === null) throw new ServiceError(404, `No ${what} ${slug} (${locale})`);
      return c.json(found);
    });
    app.put(path, async (c) => {
      const { slug, locale } = pathOf(c, slugLocalePath);
      const write = await bodyOf(c, writeSchema);
      const created = store.find(slug, locale) === null;
      const stored = store.put(slug, locale, write, now());
      await notify(change(slug, locale));
      return c.json(stored, created ? 201 : 200);
    });
    app.delete(path, async (c) => {
      const { slug, locale } = pathOf(c, slugLocalePath);
      if (!store.remove(slug, locale)) throw new ServiceError(404, `No ${what} ${slug} (${locale})`);
      await notify(change(slug, locale));
      return c.body(null, 204);
    });
  };
  slugLocaleRoutes('content-block', 'content block', repos.blocks, contentBlockWriteSchema, contentBlockChange);
  slugLocaleRoutes('page', 'page', repos.pages, pageWriteSchema, pageChange);

  // --- sliders and slides
  app.get('/admin/slider/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, slugLocalePath);
    const slider = repos.sliders.forEditor(slug, locale);
    if (slider === null) throw new ServiceError(404, `No slider ${slug} (${locale})`);
    return c.json(slider);
  });
  app.put('/admin/slider/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, slugLocalePath);
    const write = await bodyOf(c, sliderWriteSchema);
    const created = repos.sliders.forEditor(slug, locale) === null;
    const slider = repos.sliders.put(slug, locale, write, now());
    await notify(sliderChange(slug, locale));
    return c.json(slider, created ? 201 : 200);
  });
  app.delete('/admin/slider/:project/:slug/:locale', async (c) => {
    const { slug, locale } = pathOf(c, slugLocalePath);
    if (!repos.sliders.remove(slug, locale)) throw new ServiceError(404, `No slider ${slug} (${locale})`);
    await notify(sliderChange(slug, locale));
    return c.body(null, 204);
  });
  app.post('/admin/slider/:project/:slug/:locale/item', async (c) => {
    const { slug, locale } = pathOf(c, slugLocalePath);
    const write = await bodyOf(c, sliderItemWriteSchema);
    const item = repos.sliders.addItem(slug, locale, write, now());
    if (item === null) throw new ServiceError(404, `No slider ${slug} (${locale})`);
    await notify(sliderChange(slug, locale));
    return c.json(item, 201);
  });
  app.put('/admin/slider/:project/:slug/:locale/item/:id', async (c) => {
    const { slug, locale } = pathOf(c, slugLocalePath);
    const id = parseOr400(rowIdSchema, c.req.param('id'), 'slide id');
    const patch = await bodyOf(c, sliderItemPatchSchema);
    const item = repos.sliders.patchItem(slug, locale, id, patch, now());
    if (item === null) throw new ServiceError(404, `No slide ${id} in slider ${slug} (${locale})`);
    await notify(sliderChange(slug, locale));
    return c.json(item);
  });
  app.delete('/admin/slider/:project/:slug/:locale/item/:id', async (c) => {
    const { slug, locale } = pathOf(c, slugLocalePath);
    const id = parseOr400(rowIdSchema, c.req.param('id'), 'slide id');
    if (!repos.sliders.removeItem(slug, locale, id, now())) {
      throw new ServiceError(404, `No slide ${id} in slider ${slug} (${locale})`);
    }
    await notify(sliderChange(slug, locale));
    return c.body(null, 204);
  });

  // --- blog and news
  const postRoutes = (base: string, group: PostGroup): void => {
    const what = base === 'blog' ? 'blog post' : 'news item';
    app.get(`/admin/${base}/:project/:slug`, (c) => {
      const { slug } = pathOf(c, slugPath);
      const translations = { ru: repos.posts.find(group, slug, 'ru'), uk: repos.posts.find(group, slug, 'uk') };
      if (translations.ru === null && translations.uk === null) throw new ServiceError(404, `No ${what} ${slug}`);
      const body: EditorPost = { slug, group, created: false, translations };
      return c.json(body);
    });
    app.put(`/admin/${base}/:project/:slug`, async (c) => {
      const { slug } = pathOf(c, slugPath);
      const write = await bodyOf(c, postWriteSchema);
      let result: { created: boolean; locales: Locale[] };
      try {
        result = repos.posts.put(group, slug, write, now());
      } catch (error) {
        if (error instanceof WriteError) throw new ServiceError(error.kind === 'conflict' ? 409 : 400, error.message);
        throw error;
      }
      await notify(postChange(group, slug, result.locales));
      const body: EditorPost = {
        slug,
        group,
        created: result.created,
        translations: { ru: repos.posts.find(group, slug, 'ru'), uk: repos.posts.find(group, slug, 'uk') },
      };
      return c.json(body, result.created ? 201 : 200);
    });
    app.delete(`/admin/${base}/:project/:slug`, async (c) => {
      const { slug } = pathOf(c, slugPath);
      const locales = repos.posts.remove(group, slug);
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
    isActive: repos.promotions.isActive(slug) ?? false,
    productIds: repos.promotions.productIds(slug),
    translations: { ru: repos.promotions.findAny(slug, 'ru'), uk: repos.promotions.findAny(slug, 'uk') },
  });
  app.get('/admin/promotion/:project/:slug', (c) => {
    const { slug } = pathOf(c, slugPath);
    if (repos.promotions.isActive(slug) === null) throw new ServiceError(404, `No promotion ${slug}`);
    return c.json(editorPromotion(slug, false));
  });
  app.put('/admin/promotion/:project/:slug', async (c) => {
    const { slug } = pathOf(c, slugPath);
    const write = await bodyOf(c, promotionWriteSchema);
    let result: { created: boolean; locales: Locale[] };
    try {
      result = repos.promotions.put(slug, write, now());
    } catch (error) {
      if (error instanceof WriteError) throw new ServiceError(error.kind === 'conflict' ? 409 : 400, error.message);
      throw error;
    }
    await notify(promotionChange(slug, result.locales));
    return c.json(editorPromotion(slug, result.created), result.created ? 201 : 200);
  });
  app.delete('/admin/promotion/:project/:slug', async (c) => {
    const { slug } = pathOf(c, slugPath);
    const locales = repos.promotions.remove(slug);
    if (locales === null) throw new ServiceError(404, `No promotion ${slug}`);
    await notify(promotionChange(slug, locales));
    return c.body(null, 204);
  });
}
