import { z } from 'zod';
import { describeIssues, isApiError } from './apiError.ts';
import { PROJECT_CODE } from './config.ts';
import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import type { Locale } from './schemas/common.ts';
import type { QueryValue } from './queryString.ts';
import {
  contentBlockSchema,
  NAV_BANNERS_SLUG,
  navBannerSchema,
  pageSchema,
  POST_GROUP,
  postListSchema,
  postSchema,
  productRatingsSchema,
  promotionListSchema,
  promotionSchema,
  RATINGS_BATCH,
  reviewAggsSchema,
  reviewListSchema,
  sliderSchema,
} from './schemas/content.ts';
import type {
  ContentBlock,
  ContentPage,
  NavBanner,
  Post,
  PostList,
  ProductRating,
  Promotion,
  PromotionList,
  ReviewAggs,
  ReviewList,
  Slider,
  SliderItem,
} from './schemas/content.ts';
import type { CallOptions } from './search.ts';
import type { PostKind } from './schemas/content.ts';

/**
 * Typed calls of the content service (accounts spec §7 "Content service"; wire shapes in
 * schemas/content.ts). Spec §8: a 404 with code 404 on a content, slider, page, post or promotion
 * fetch means "no data" — these calls answer `null` (or an empty list) instead of throwing. Every
 * other failure is an ApiError; the caller decides whether the data is critical (an info page) or
 * optional (a banner) and logs accordingly.
 */

export type { CallOptions } from './search.ts';

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

/** Spec §8: "status and code 404" — the one answer that means the thing does not exist. */
export function isNoData(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404 && error.code === 404;
}

async function orNull<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (isNoData(error)) return null;
    throw error;
  }
}

function get<S extends z.ZodType>(
  client: HttpClient,
  path: string,
  schema: S,
  opts: CallOptions,
  query?: Record<string, QueryValue>,
): Promise<z.output<S>> {
  return client.request({
    service: 'content',
    method: 'GET',
    path,
    schema,
    ...(query ? { query } : {}),
    ...callOptions(opts),
  });
}

// ---------------------------------------------------------------------------------------------
// Pages and content blocks

/** `GET /public/page/bbs/{slug}/{locale}`: an info page, or null when there is none. */
export function getPage(client: HttpClient, slug: string, opts: CallOptions = {}): Promise<ContentPage | null> {
  return orNull(get(client, encodePath`/public/page/${PROJECT_CODE}/${slug}/${client.locale}`, pageSchema, opts));
}

const optionalBlockSchema = contentBlockSchema.optional();

/**
 * `GET /public/content-block/bbs/{slug}/{locale}`: the block, or null on 404 or an empty 200 body
 * (spec §5). A format other than text or json fails with "Response format Error: Format can't be …".
 */
export async function getContentBlock(
  client: HttpClient,
  slug: string,
  opts: CallOptions = {},
): Promise<ContentBlock | null> {
  const block = await orNull(
    get(client, encodePath`/public/content-block/${PROJECT_CODE}/${slug}/${client.locale}`, optionalBlockSchema, opts),
  );
  return block ?? null;
}

/** The JSON-only lookup's parse: format json, a body (else 'No data'), JSON that `payload` accepts. */
function jsonBlockSchema<S extends z.ZodType>(payload: S) {
  return optionalBlockSchema.transform((block, ctx): z.output<S> => {
    if (block === undefined) {
      ctx.issues.push({ code: 'custom', message: 'No data', input: block });
      return z.NEVER;
    }
    if (block.formatName !== 'json') {
      ctx.issues.push({
        code: 'custom',
        path: ['formatName'],
        message: `Response format Error: Format can't be ${block.formatName}`,
        input: block.formatName,
      });
      return z.NEVER;
    }
    let value: unknown;
    try {
      value = JSON.parse(block.contentFormatted);
    } catch {
      ctx.issues.push({ code: 'custom', path: ['contentFormatted'], message: 'is not valid JSON', input: block });
      return z.NEVER;
    }
    const parsed = payload.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.issues.push({
          code: 'custom',
          path: ['contentFormatted', ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
          message: issue.message,
          input: value,
        });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
}

/**
 * A JSON content block parsed with `payload` (e.g. productSliderBlockSchema), or null on 404.
 * Spec §5: the format must be json and an empty body is an error ('No data').
 */
export function getJsonContentBlock<S extends z.ZodType>(
  client: HttpClient,
  slug: string,
  payload: S,
  opts: CallOptions = {},
): Promise<z.output<S> | null> {
  return orNull(
    get(
      client,
      encodePath`/public/content-block/${PROJECT_CODE}/${slug}/${client.locale}`,
      jsonBlockSchema(payload),
      opts,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Sliders

export interface SliderOptions extends CallOptions {
  /** Defaults to the client's locale. */
  locale?: Locale;
}

/** `GET /public/slider/bbs/{slug}/{locale}`: active slides by ordering, or null when there is no such slider. */
export function getSlider(client: HttpClient, slug: string, opts: SliderOptions = {}): Promise<Slider | null> {
  const locale = opts.locale ?? client.locale;
  return orNull(get(client, encodePath`/public/slider/${PROJECT_CODE}/${slug}/${locale}`, sliderSchema, opts));
}

/**
 * A slide's fields as one record: the item's own `title`, `value` and `description` (when set),
 * then its `props` (a prop wins over an item field of the same name).
 */
export function slideRecord(item: SliderItem): Record<string, string> {
  const record: Record<string, string> = {};
  if (item.title !== null) record['title'] = item.title;
  if (item.value !== null) record['value'] = item.value;
  if (item.description !== null) record['description'] = item.description;
  for (const { key, value } of item.props) record[key] = value;
  return record;
}

/** A slider's title (trimmed, '' when unset) and its slides of one kind. */
export interface TitledSlides<T> {
  title: string;
  slides: T[];
}

function slidesSchema<S extends z.ZodType>(slide: S) {
  return sliderSchema.transform((slider, ctx): TitledSlides<z.output<S>> => {
    const slides: z.output<S>[] = [];
    slider.activeSliderItem.forEach((item, index) => {
      const parsed = slide.safeParse(slideRecord(item));
      if (parsed.success) slides.push(parsed.data);
      else {
        ctx.issues.push({
          code: 'custom',
          path: ['activeSliderItem', index],
          message: `Wrong slider config (${describeIssues(parsed.error.issues, 'slide')})`,
          input: item,
        });
      }
    });
    return ctx.issues.length > 0 ? z.NEVER : { title: slider.title.trim(), slides };
  });
}

/**
 * The slides of slider `slug` parsed with `slide` (mainSlideSchema, bannerSlideSchema, …); an
 * empty list when the slider does not exist. Spec §5: a slide that does not fit raises
 * 'Wrong slider config' (an ApiError of kind parse naming the slide).
 */
export async function getSlides<S extends z.ZodType>(
  client: HttpClient,
  slug: string,
  slide: S,
  opts: SliderOptions = {},
): Promise<z.output<S>[]> {
  return (await getTitledSlides(client, slug, slide, opts)).slides;
}

/** getSlides with the slider's title (the heading of a main-page block); empty when there is no slider. */
export async function getTitledSlides<S extends z.ZodType>(
  client: HttpClient,
  slug: string,
  slide: S,
  opts: SliderOptions = {},
): Promise<TitledSlides<z.output<S>>> {
  const locale = opts.locale ?? client.locale;
  const titled = await orNull(
    get(client, encodePath`/public/slider/${PROJECT_CODE}/${slug}/${locale}`, slidesSchema(slide), opts),
  );
  return titled ?? { title: '', slides: [] };
}

export interface NavBanners {
  desktop: NavBanner[];
  mobile: NavBanner[];
}

/** Menu banners from the slider nav-banners: type 1 is desktop, anything else mobile (spec §2). */
export async function getNavBanners(client: HttpClient, opts: SliderOptions = {}): Promise<NavBanners> {
  const banners = await getSlides(client, NAV_BANNERS_SLUG, navBannerSchema, opts);
  return {
    desktop: banners.filter((b) => b.type === '1'),
    mobile: banners.filter((b) => b.type !== '1'),
  };
}

// ---------------------------------------------------------------------------------------------
// Blog and news

export type { PostKind };

const POST_BASE: Record<PostKind, string> = { blog: 'blog', news: 'blog-news' };

export interface PostListRequest {
  /** Zero-based. */
  page?: number;
  limit?: number;
  /** Only these posts, in this order (the main page's picks). */
  slugs?: readonly string[];
}

/** `GET /public/blog/bbs/{locale}` or `/public/blog-news/bbs/{locale}`: one page of posts, newest first. */
export function getPosts(
  client: HttpClient,
  kind: PostKind,
  request: PostListRequest = {},
  opts: CallOptions = {},
): Promise<PostList> {
  return get(
    client,
    `/public/${POST_BASE[kind]}${encodePath`/${PROJECT_CODE}/${client.locale}`}`,
    postListSchema,
    opts,
    {
      page: request.page ?? 0,
      ...(request.limit !== undefined ? { limit: request.limit } : {}),
      ...(request.slugs ? { slugs: [...request.slugs] } : {}),
      group: POST_GROUP[kind],
    },
  );
}

/** A blog post or news item by slug, or null when there is none in this list and locale. */
export function getPost(
  client: HttpClient,
  kind: PostKind,
  slug: string,
  opts: CallOptions = {},
): Promise<Post | null> {
  return orNull(
    get(client, `/public/${POST_BASE[kind]}${encodePath`/${PROJECT_CODE}/${slug}/${client.locale}`}`, postSchema, opts),
  );
}

// ---------------------------------------------------------------------------------------------
// Promotions

/** `GET /public/promotion/bbs/{locale}?page=&limit=`: the active promotions, in the editors' order (page is 0-based). */
export function getPromotions(
  client: HttpClient,
  request: { page?: number; limit?: number } = {},
  opts: CallOptions = {},
): Promise<PromotionList> {
  return get(client, encodePath`/public/promotion/${PROJECT_CODE}/${client.locale}`, promotionListSchema, opts, {
    page: request.page ?? 0,
    ...(request.limit !== undefined ? { limit: request.limit } : {}),
  });
}

/** `GET /public/promotion/bbs/{slug}/{locale}`, or null when there is no such active promotion. */
export function getPromotion(client: HttpClient, slug: string, opts: CallOptions = {}): Promise<Promotion | null> {
  return orNull(
    get(client, encodePath`/public/promotion/${PROJECT_CODE}/${slug}/${client.locale}`, promotionSchema, opts),
  );
}

/** `GET /public/promotion/for-product/bbs/{id}/{locale}`: the active promotions a product takes part in. */
export async function getProductPromotions(
  client: HttpClient,
  productId: number,
  opts: CallOptions = {},
): Promise<PromotionList> {
  const list = await orNull(
    get(
      client,
      encodePath`/public/promotion/for-product/${PROJECT_CODE}/${productId}/${client.locale}`,
      promotionListSchema,
      opts,
    ),
  );
  return list ?? { items: [], total: 0 };
}

// ---------------------------------------------------------------------------------------------
// Reviews (read side)

/** Spec §9: reviews per page 10; top reviews of a category: minRating 4, page 0, limit 3. */
export const REVIEWS_PAGE_SIZE = 10;
export const CATEGORY_REVIEWS_DEFAULTS = { minRating: 4, page: 0, limit: 3 } as const;

/** `GET /public/review/product`: a product's reviews, newest first, with averageRate and total. */
export function getProductReviews(
  client: HttpClient,
  productId: number,
  request: { page?: number; limit?: number } = {},
  opts: CallOptions = {},
): Promise<ReviewList> {
  return get(client, '/public/review/product', reviewListSchema, opts, {
    productId,
    page: request.page ?? 0,
    limit: request.limit ?? REVIEWS_PAGE_SIZE,
    project: PROJECT_CODE,
  });
}

/** `GET /public/review/product-article`: reviews by a variant's display article or a product article. */
export function getArticleReviews(
  client: HttpClient,
  article: string,
  request: { page?: number; limit?: number } = {},
  opts: CallOptions = {},
): Promise<ReviewList> {
  return get(client, '/public/review/product-article', reviewListSchema, opts, {
    article,
    page: request.page ?? 0,
    limit: request.limit ?? REVIEWS_PAGE_SIZE,
    project: PROJECT_CODE,
  });
}

/** `GET /public/review/aggs`: averageRate, total and the count of every rating 5..1. */
export function getReviewAggs(client: HttpClient, productId: number, opts: CallOptions = {}): Promise<ReviewAggs> {
  return get(client, '/public/review/aggs', reviewAggsSchema, opts, { productId, project: PROJECT_CODE });
}

/** `GET /public/review/category`: the best reviews of a category (the whole shop without one). */
export function getCategoryReviews(
  client: HttpClient,
  request: { category?: string; minRating?: number; page?: number; limit?: number } = {},
  opts: CallOptions = {},
): Promise<ReviewList> {
  return get(client, '/public/review/category', reviewListSchema, opts, {
    ...(request.category ? { category: request.category } : {}),
    minRating: request.minRating ?? CATEGORY_REVIEWS_DEFAULTS.minRating,
    page: request.page ?? CATEGORY_REVIEWS_DEFAULTS.page,
    limit: request.limit ?? CATEGORY_REVIEWS_DEFAULTS.limit,
    project: PROJECT_CODE,
  });
}

/**
 * `GET /public/review/ratings?ids[0]=…`: the rating of every given product (total 0 when unrated),
 * in the order given, duplicates dropped. Sent in batches of 50, in parallel.
 */
export async function getRatings(
  client: HttpClient,
  productIds: readonly number[],
  opts: CallOptions = {},
): Promise<ProductRating[]> {
  const ids = [...new Set(productIds)];
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += RATINGS_BATCH) batches.push(ids.slice(i, i + RATINGS_BATCH));
  const answers = await Promise.all(
    batches.map((batch) =>
      get(client, '/public/review/ratings', productRatingsSchema, opts, { ids: batch, project: PROJECT_CODE }),
    ),
  );
  return answers.flatMap((answer) => answer.items);
}
