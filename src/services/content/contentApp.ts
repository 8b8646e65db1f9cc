import type { Locale } from '../../api/schemas/common.ts';
import type { DatabaseSync } from 'node:sqlite';
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { PROJECT_CODE } from '../../api/config.ts';
import { decodeQuery } from '../../api/queryString.ts';
import {
  commonContentQuerySchema,
  contentSlugSchema,
  pageQuerySchema,
  POST_GROUP,
  postListQuerySchema,
  projectCodeSchema,
  reviewAggsQuerySchema,
  reviewArticleQuerySchema,
  reviewCategoryQuerySchema,
  reviewProductQuerySchema,
  reviewRatingsQuerySchema,
} from '../../api/schemas/content.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type {
  ContentBlock,
  ContentPage,
  Post,
  PostGroup,
  PostList,
  ProductRatings,
  Promotion,
  PromotionList,
  ReviewAggs,
  ReviewList,
  Slider,
} from '../../api/schemas/content.ts';
import { createServiceApp, parseOr400, ServiceError } from '../http/serviceApp.ts';
import { parseBannerFile, renderBannerSvg } from './bannerImage.ts';
import type { ContentChange } from '../../api/contentChanges.ts';
import { createContentRepository } from './contentRepository.ts';
import { mountEditorApi } from './editorApi.ts';
import { createEditorIndex } from './editorIndex.ts';

export type { ContentChange } from '../../api/contentChanges.ts';

/**
 * The content service (accounts spec §7 "Content service"): info pages, content blocks, sliders,
 * blog and news, promotions, review reads, generated banner pictures, and the editor API
 * (editorApi.ts) whose changes are reported with cache tags (rules in src/domain/content/changeTags.ts:
 * `content:<slug>` + `content:<slug>:<locale>`, `slider:…`, `page:…`, `blog`/`news` + `post:<slug>`,
 * `promotion` + `promotion:<slug>`, each bare and per touched locale). Wire shapes:
 * src/api/schemas/content.ts. Unknown slugs, ids and projects answer 404 `{ code: 404 }`.
 */
export interface ContentAppOptions {
  /** Bearer token of the editor API; unset: the editor API refuses every call. */
  editorToken?: string | undefined;
  /** Told about every committed editor change; failures are logged, never passed to the editor. */
  onContentChange?: ((change: ContentChange) => void | Promise<void>) | undefined;
  /** How long the hook may take before the editor gets the answer anyway (default 5 s). */
  hookTimeoutMs?: number;
  /** Clock for `updatedAt` of editor writes (tests). */
  now?: () => Date;
}

const scopedPath = z.object({ project: projectCodeSchema, slug: contentSlugSchema, locale: localeSchema });
const listPath = z.object({ project: projectCodeSchema, locale: localeSchema });
const sliderDefaultPath = z.object({ project: projectCodeSchema, slug: contentSlugSchema });
const forProductPath = z.object({
  project: projectCodeSchema,
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  locale: localeSchema,
});

function notFound(what: string): ServiceError {
  return new ServiceError(404, `No ${what}`);
}

export function createContentApp(db: DatabaseSync, options: ContentAppOptions = {}): Hono {
  const app = createServiceApp('content');
  const repo = createContentRepository(db);

  /** Path params checked by `schema`; a project other than the shop's is a 404 like an unknown slug. */
  function pathOf<S extends z.ZodType<{ project: string }>>(c: Context, schema: S): z.output<S> {
    const params = parseOr400(schema, c.req.param(), 'path');
    if (params.project !== PROJECT_CODE) throw notFound(`project ${params.project}`);
    return params;
  }
  const queryOf = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
    parseOr400(schema, decodeQuery(new URL(c.req.url).searchParams), 'query');

  app.get('/public/page/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    queryOf(c, commonContentQuerySchema);
    const page: ContentPage | null = repo.page(slug, locale);
    if (page === null) throw notFound(`page ${slug} (${locale})`);
    return c.json(page);
  });

  app.get('/public/content-block/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    queryOf(c, commonContentQuerySchema);
    const block: ContentBlock | null = repo.block(slug, locale);
    if (block === null) throw notFound(`content block ${slug} (${locale})`);
    return c.json(block);
  });

  const answerSlider = (c: Context, slug: string, locale: Locale): Response => {
    queryOf(c, commonContentQuerySchema);
    const slider: Slider | null = repo.slider(slug, locale);
    if (slider === null) throw notFound(`slider ${slug} (${locale})`);
    return c.json(slider);
  };
  // Spec §7: sliders by slug and locale, ru when none is given.
  app.get('/public/slider/:project/:slug', (c) => answerSlider(c, pathOf(c, sliderDefaultPath).slug, 'ru'));
  app.get('/public/slider/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    return answerSlider(c, slug, locale);
  });

  const postRoutes = (base: string, defaultGroup: PostGroup): void => {
    app.get(`/public/${base}/:project/:locale`, (c) => {
      const { locale } = pathOf(c, listPath);
      const query = queryOf(c, postListQuerySchema);
      const body: PostList = repo.posts(query.group ?? defaultGroup, locale, query);
      return c.json(body);
    });
    // The post belongs to this list's group: a news slug under /public/blog is a 404, and back.
    app.get(`/public/${base}/:project/:slug/:locale`, (c) => {
      const { slug, locale } = pathOf(c, scopedPath);
      queryOf(c, commonContentQuerySchema);
      const post: Post | null = repo.post(defaultGroup, slug, locale);
      if (post === null) throw notFound(`${base === 'blog' ? 'blog post' : 'news item'} ${slug} (${locale})`);
      return c.json(post);
    });
  };
  postRoutes('blog', POST_GROUP.blog);
  postRoutes('blog-news', POST_GROUP.news);

  // Registered before `/:project/:slug/:locale`, which would otherwise take `for-product` as a project.
  app.get('/public/promotion/for-product/:project/:id/:locale', (c) => {
    const { id, locale } = pathOf(c, forProductPath);
    queryOf(c, commonContentQuerySchema);
    const body: PromotionList = repo.promotionsForProduct(id, locale);
    return c.json(body);
  });
  app.get('/public/promotion/:project/:locale', (c) => {
    const { locale } = pathOf(c, listPath);
    const body: PromotionList = repo.promotions(locale, queryOf(c, pageQuerySchema));
    return c.json(body);
  });
  app.get('/public/promotion/:project/:slug/:locale', (c) => {
    const { slug, locale } = pathOf(c, scopedPath);
    queryOf(c, commonContentQuerySchema);
    const promotion: Promotion | null = repo.promotion(slug, locale);
    if (promotion === null) throw notFound(`promotion ${slug} (${locale})`);
    return c.json(promotion);
  });

  app.get('/public/review/product', (c) => {
    const query = queryOf(c, reviewProductQuerySchema);
    const body: ReviewList = repo.productReviews(query.productId, query);
    return c.json(body);
  });
  app.get('/public/review/product-article', (c) => {
    const query = queryOf(c, reviewArticleQuerySchema);
    const body: ReviewList = repo.articleReviews(query.article, query);
    return c.json(body);
  });
  app.get('/public/review/aggs', (c) => {
    const query = queryOf(c, reviewAggsQuerySchema);
    const body: ReviewAggs = repo.reviewAggs(query.productId);
    return c.json(body);
  });
  app.get('/public/review/category', (c) => {
    const query = queryOf(c, reviewCategoryQuerySchema);
    const body: ReviewList = repo.categoryReviews(query.category, query.minRating, query);
    return c.json(body);
  });
  app.get('/public/review/ratings', (c) => {
    const query = queryOf(c, reviewRatingsQuerySchema);
    const body: ProductRatings = { items: repo.ratings(query.ids) };
    return c.json(body);
  });

  app.get('/public/images/:file', (c) => {
    const name = parseBannerFile(c.req.param('file'));
    const spec = name === null ? null : repo.image(name);
    if (spec === null) throw notFound('such image');
    const svg = renderBannerSvg(spec);
    const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
    const headers = {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened on its own is a document: it may not run or load anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, headers);
  });

  mountEditorApi(app, repo, createEditorIndex(db), PROJECT_CODE, {
    editorToken: options.editorToken,
    onContentChange: options.onContentChange,
    ...(options.now ? { now: options.now } : {}),
    ...(options.hookTimeoutMs !== undefined ? { hookTimeoutMs: options.hookTimeoutMs } : {}),
  });
  return app;
}
