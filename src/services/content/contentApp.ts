import type { Locale } from '../../api/schemas/common.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { PROJECT_CODE } from '../../api/config.ts';
import { decodeQuery } from '../../api/queryString.ts';
import {
  commonContentQuerySchema,
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
  PostGroup,
  PostList,
  ProductRatings,
  PromotionList,
  ReviewAggs,
  ReviewList,
} from '../../api/schemas/content.ts';
import { createServiceApp, parseOr400, ServiceError } from '../http/serviceApp.ts';
import { svgResponse } from '../http/svgImage.ts';
import { parseBannerFile, renderBannerSvg } from './bannerImage.ts';
import { listPath, rowIdSchema, slugLocalePath, slugPath } from './contentPaths.ts';
import { createContentRepositories } from './contentRepositories.ts';
import { mountEditorApi } from './editorApi.ts';
import { mountReviewRoutes } from './reviewRoutes.ts';
import { changeNotifier } from '../http/adminRoutes.ts';
import type { HttpClient } from '../../api/http.ts';
import type { EditorOptions } from './editorApi.ts';
import { createEditorIndex } from './editorIndex.ts';

/**
 * The content service (accounts spec §7 "Content service"): info pages, content blocks, sliders,
 * blog and news, promotions, reviews (reads here, the signed-in calls in reviewRoutes.ts),
 * generated banner pictures, and the editor API
 * (editorApi.ts) whose changes are reported with cache tags (rules in src/api/contentChanges.ts:
 * `content:<slug>` + `content:<slug>:<locale>`, `slider:…`, `page:…`, `blog`/`news` + `post:<slug>`,
 * `promotion` + `promotion:<slug>`, each bare and per touched locale). Wire shapes:
 * src/api/schemas/content.ts. Unknown slugs, ids and projects answer 404 `{ code: 404 }`.
 */
export interface ContentAppOptions extends EditorOptions {
  /**
   * The client the signed-in review calls ask the user service (who the bearer is) and the search
   * service (which product is reviewed) with. Unset: those calls are not mounted (404).
   */
  upstream?: HttpClient | undefined;
}

const forProductPath = z.object({ project: projectCodeSchema, id: rowIdSchema, locale: localeSchema });

function notFound(what: string): ServiceError {
  return new ServiceError(404, `No ${what}`);
}

export function createContentApp(db: DatabaseSync, options: ContentAppOptions = {}): Hono {
  const app = createServiceApp('content');
  const repos = createContentRepositories(db);

  /** Path params checked by `schema`; a project other than the shop's is a 404 like an unknown slug. */
  function pathOf<S extends z.ZodType<{ project: string }>>(c: Context, schema: S): z.output<S> {
    const params = parseOr400(schema, c.req.param(), 'path');
    if (params.project !== PROJECT_CODE) throw notFound(`project ${params.project}`);
    return params;
  }
  const queryOf = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
    parseOr400(schema, decodeQuery(new URL(c.req.url).searchParams), 'query');

  /** One thing in one language (the query carries only the project), or a 404 naming it. */
  const answerOne = <T extends object>(
    c: Context,
    what: string,
    slug: string,
    locale: Locale,
    find: (slug: string, locale: Locale) => T | null,
  ): Response => {
    queryOf(c, commonContentQuerySchema);
    const found = find(slug, locale);
    if (found === null) throw notFound(`${what} ${slug} (${locale})`);
    return c.json(found);
  };
  /** `GET {route}/:project/:slug/:locale` answered by `find`. */
  const slugLocaleRoute = <T extends object>(
    route: string,
    what: string,
    find: (slug: string, locale: Locale) => T | null,
  ): void => {
    app.get(`${route}/:project/:slug/:locale`, (c) => {
      const { slug, locale } = pathOf(c, slugLocalePath);
      return answerOne(c, what, slug, locale, find);
    });
  };

  slugLocaleRoute('/public/page', 'page', (slug, locale) => repos.pages.find(slug, locale));
  slugLocaleRoute('/public/content-block', 'content block', (slug, locale) => repos.blocks.find(slug, locale));

  const findSlider = (slug: string, locale: Locale) => repos.sliders.find(slug, locale);
  // Spec §7: sliders by slug and locale, ru when none is given.
  app.get('/public/slider/:project/:slug', (c) => answerOne(c, 'slider', pathOf(c, slugPath).slug, 'ru', findSlider));
  slugLocaleRoute('/public/slider', 'slider', findSlider);

  const postRoutes = (base: string, defaultGroup: PostGroup): void => {
    app.get(`/public/${base}/:project/:locale`, (c) => {
      const { locale } = pathOf(c, listPath);
      const query = queryOf(c, postListQuerySchema);
      const body: PostList = repos.posts.list(query.group ?? defaultGroup, locale, query);
      return c.json(body);
    });
    // The post belongs to this list's group: a news slug under /public/blog is a 404, and back.
    slugLocaleRoute(`/public/${base}`, base === 'blog' ? 'blog post' : 'news item', (slug, locale) =>
      repos.posts.find(defaultGroup, slug, locale),
    );
  };
  postRoutes('blog', POST_GROUP.blog);
  postRoutes('blog-news', POST_GROUP.news);

  // Registered before `/:project/:slug/:locale`, which would otherwise take `for-product` as a project.
  app.get('/public/promotion/for-product/:project/:id/:locale', (c) => {
    const { id, locale } = pathOf(c, forProductPath);
    queryOf(c, commonContentQuerySchema);
    const body: PromotionList = repos.promotions.forProduct(id, locale);
    return c.json(body);
  });
  app.get('/public/promotion/:project/:locale', (c) => {
    const { locale } = pathOf(c, listPath);
    const body: PromotionList = repos.promotions.list(locale, queryOf(c, pageQuerySchema));
    return c.json(body);
  });
  slugLocaleRoute('/public/promotion', 'promotion', (slug, locale) => repos.promotions.find(slug, locale));

  app.get('/public/review/product', (c) => {
    const query = queryOf(c, reviewProductQuerySchema);
    const body: ReviewList = repos.reviews.ofProduct(query.productId, query);
    return c.json(body);
  });
  app.get('/public/review/product-article', (c) => {
    const query = queryOf(c, reviewArticleQuerySchema);
    const body: ReviewList = repos.reviews.ofArticle(query.article, query);
    return c.json(body);
  });
  app.get('/public/review/aggs', (c) => {
    const query = queryOf(c, reviewAggsQuerySchema);
    const body: ReviewAggs = repos.reviews.aggs(query.productId);
    return c.json(body);
  });
  app.get('/public/review/category', (c) => {
    const query = queryOf(c, reviewCategoryQuerySchema);
    const body: ReviewList = repos.reviews.ofCategory(query.category, query.minRating, query);
    return c.json(body);
  });
  app.get('/public/review/ratings', (c) => {
    const query = queryOf(c, reviewRatingsQuerySchema);
    const body: ProductRatings = { items: repos.reviews.ratings(query.ids) };
    return c.json(body);
  });

  if (options.upstream) {
    const clock = options.now ?? (() => new Date());
    mountReviewRoutes(app, repos.reviews, {
      upstream: options.upstream,
      notify: changeNotifier('content', options.onContentChange, options.hookTimeoutMs ?? 5000),
      now: () => clock().toISOString(),
    });
  }

  app.get('/public/images/:file', (c) => {
    const name = parseBannerFile(c.req.param('file'));
    const spec = name === null ? null : repos.banners.find(name);
    if (spec === null) throw notFound('such image');
    return svgResponse(c, renderBannerSvg(spec));
  });

  mountEditorApi(app, repos, createEditorIndex(db), PROJECT_CODE, options);
  return app;
}
