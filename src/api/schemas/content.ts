import { z } from 'zod';
import { localeSchema } from './common.ts';

/**
 * Wire shapes of the content service (accounts spec §3 "Content block", "Slider", "Blog/news post
 * list", "Review"; §7 "Content service"; storefront spec §2 main-page and catalogue slugs).
 * The embedded service validates every query and body with these and types its answers with them;
 * the client (src/api/content.ts) parses every answer with them.
 *
 * Public calls (GET; `{project}` is the shop code `bbs`, `{locale}` is `ru` or `uk`):
 * - `/public/page/{project}/{slug}/{locale}` → pageSchema
 * - `/public/content-block/{project}/{slug}/{locale}` → contentBlockSchema
 * - `/public/slider/{project}/{slug}[/{locale}]` (locale default ru) → sliderSchema
 * - `/public/blog/{project}/{locale}` and `/public/blog-news/{project}/{locale}` with postListQuerySchema
 *   (group default 0 for blog, 1 for news) → postListSchema; `/public/blog/{project}/{slug}/{locale}` and
 *   `/public/blog-news/{project}/{slug}/{locale}` → postSchema (a blog slug under blog-news is a 404, and back)
 * - `/public/promotion/{project}/{locale}` (pageQuerySchema) → promotionListSchema;
 *   `/public/promotion/{project}/{slug}/{locale}` → promotionSchema;
 *   `/public/promotion/for-product/{project}/{id}/{locale}` → promotionListSchema (empty when none)
 * - `/public/review/product` (reviewProductQuerySchema), `/public/review/product-article`
 *   (reviewArticleQuerySchema), `/public/review/category` (reviewCategoryQuerySchema) → reviewListSchema;
 *   `/public/review/aggs` (reviewAggsQuerySchema) → reviewAggsSchema;
 *   `/public/review/ratings?ids[0]=…` (reviewRatingsQuerySchema) → productRatingsSchema
 * Signed-in review calls (`Authorization: Bearer`, asked of the user service; 401 without a valid
 * one, 503 when the user service cannot answer; another shopper's review id is a 404):
 * - `POST /public/review/user` (reviewCreateSchema) → 201 reviewSchema; 409 when the shopper already
 *   reviewed the product; 404 for a product the search service does not know
 * - `POST /public/review/user/{id}` (reviewUpdateSchema) → reviewSchema; `DELETE …/{id}` → 204
 * - `POST /public/review/user/{id}/answer` (reviewAnswerCreateSchema) → 201 reviewSchema (any review)
 * - `GET /public/review/user` (reviewUserQuerySchema) → reviewListSchema of the shopper's own reviews
 * - `/public/images/{name}.svg`: generated banner pictures (immutable)
 * An unknown slug, project or id answers 404 with `{ code: 404, message }`: the client reads that as "no data".
 *
 * Links inside content (slide `link`, block `link`) are site-root-relative as the visitor of that
 * locale sees them: Ukrainian content links carry the `/ua` prefix. Picture URLs (`img`, `image`)
 * are site-root-relative too (`/svc/content/public/images/…`) or absolute.
 */

// ---------------------------------------------------------------------------------------------
// Common pieces

export const projectCodeSchema = z.string().regex(/^[a-z0-9-]{1,32}$/, 'a project code is 1-32 of a-z, 0-9, -');

/** The longest content slug the content service's paths take (a longer one is refused, never looked up). */
const CONTENT_SLUG_MAX_LENGTH = 200;

/** Content slugs: lowercase latin, digits, `_` and `-` (`main_description`, `catalog_content_obuv_banner`). */
export const contentSlugSchema = z
  .string()
  .min(1)
  .max(CONTENT_SLUG_MAX_LENGTH)
  .regex(/^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/, 'a slug is lowercase latin letters, digits, _ and -');

const intFromQuery = z.coerce.number().int();
const idFromQuery = intFromQuery.positive().max(2 ** 31 - 1);

/** Limits on what an editor may store (a sane CMS page is far below these). */
export const CONTENT_LIMITS = {
  /** Characters of one content block, page or post body. */
  body: 300_000,
  /** Bytes of one editor request body. */
  requestBytes: 1_000_000,
  title: 300,
  text: 5_000,
  sliderItems: 200,
  props: 50,
  promotionProducts: 5_000,
} as const;

/** Every public call accepts `project` (and the review calls `locale`) in the query; checked, never required. */
export const commonContentQuerySchema = z.object({
  project: projectCodeSchema.optional(),
  locale: localeSchema.optional(),
});

export const pageQuerySchema = commonContentQuerySchema.extend({
  page: intFromQuery.min(0).max(100_000).default(0),
  limit: intFromQuery.min(1).max(100).default(20),
});

/** ISO 8601 instant, e.g. `2026-10-31T09:00:00.000Z`. */
const isoInstant = z.iso.datetime({ offset: true });

/**
 * Content slugs of the main page (storefront spec §2, accounts spec §2) and what each holds:
 * sliders are read with the slider call, the rest are content blocks.
 */
/** Spec §3: blog posts (group 0) and news items (group 1). */
export type PostKind = 'blog' | 'news';

export const MAIN_PAGE_SLUGS = {
  /** Slider of main slides (mainSlideSchema). */
  slider: 'main-page-slider',
  /** Slider of main slides for phones (mainSlideSchema). */
  mobileSlider: 'mobile-main-page-slider',
  /** Sliders of banners (bannerSlideSchema). */
  firstSlider: 'main-page-first-slider',
  secondSlider: 'main-page-second-slider',
  /** Slider of category tiles (bannerSlideSchema). */
  categories: 'main-page-categories',
  /** Slider of brand tiles (brandSlideSchema). */
  brands: 'main-page-brands',
  /** JSON blocks (productSliderBlockSchema). */
  firstProductSlider: 'main-page-first-product-slider',
  secondProductSlider: 'main-page-second-product-slider',
  /** JSON block (instagramBlockSchema). */
  instagramLink: 'main-page-instagram-link',
  /** JSON blocks (postsBlockSchema): 'Блог' → /blog, 'Новости' → /news. */
  blogPosts: 'main-page-blog-posts',
  newsPosts: 'main-page-news-posts',
  /** Text (HTML) block. */
  description: 'main_description',
  /** The partner-brand slider (chiccoTimeSlideSchema). */
  partnerBrand: 'chicco-time',
} as const;

/** Slider of the catalogue menu banners (navBannerSchema). */
export const NAV_BANNERS_SLUG = 'nav-banners';

// ---------------------------------------------------------------------------------------------
// Content blocks and pages

export const CONTENT_FORMATS = ['text', 'json'] as const;

/** Spec §5/§8: a format other than text or json is a response format error. */
export const contentFormatNameSchema = z.enum(CONTENT_FORMATS, {
  error: (issue) => `Response format Error: Format can't be ${String(issue.input)}`,
});

/**
 * `GET /public/content-block/{project}/{slug}/{locale}`. `contentFormatted` is always a string:
 * HTML or plain text for `text`, JSON text for `json` (the reader parses it).
 */
export const contentBlockSchema = z.object({
  code: z.string(),
  formatName: contentFormatNameSchema,
  contentFormatted: z.string({ error: 'Get contentFormatted failed' }),
  locale: localeSchema.optional(),
  updatedAt: z.string().optional(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/**
 * Body of `PUT /admin/content-block/{project}/{slug}/{locale}`. For `json`, `contentFormatted`
 * may be JSON text (it must parse) or a JSON value (stored as its JSON text); for `text` it is a
 * string, stored as given (HTML is sanitised by the storefront at render time).
 */
export const contentBlockWriteSchema = z
  .object({
    formatName: z.enum(CONTENT_FORMATS),
    contentFormatted: z.union([z.string(), z.json()]),
  })
  .transform((body, ctx) => {
    let text: string;
    if (typeof body.contentFormatted === 'string') {
      text = body.contentFormatted;
      if (body.formatName === 'json') {
        try {
          JSON.parse(text);
        } catch {
          ctx.issues.push({ code: 'custom', path: ['contentFormatted'], message: 'is not valid JSON', input: text });
          return z.NEVER;
        }
      }
    } else if (body.formatName === 'json') {
      text = JSON.stringify(body.contentFormatted);
    } else {
      ctx.issues.push({
        code: 'custom',
        path: ['contentFormatted'],
        message: 'must be a string for formatName text',
        input: body.contentFormatted,
      });
      return z.NEVER;
    }
    if (text.length > CONTENT_LIMITS.body) {
      ctx.issues.push({
        code: 'custom',
        path: ['contentFormatted'],
        message: `is longer than ${CONTENT_LIMITS.body} characters`,
        input: text.length,
      });
      return z.NEVER;
    }
    return { formatName: body.formatName, contentFormatted: text };
  });
export type ContentBlockWrite = z.output<typeof contentBlockWriteSchema>;

/** `GET /public/page/{project}/{slug}/{locale}`: an info page (bonus-rules, delivery …); `content` is HTML. */
export const pageSchema = z.object({
  slug: z.string(),
  locale: localeSchema,
  title: z.string(),
  content: z.string(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof pageSchema>;

/** Body of `PUT /admin/page/{project}/{slug}/{locale}` (creates or replaces). */
export const pageWriteSchema = z.object({
  title: z.string().trim().min(1).max(CONTENT_LIMITS.title),
  content: z.string().max(CONTENT_LIMITS.body),
  metaTitle: z.string().max(CONTENT_LIMITS.title).nullable().default(null),
  metaDescription: z.string().max(CONTENT_LIMITS.text).nullable().default(null),
});
export type PageWrite = z.output<typeof pageWriteSchema>;

// ---------------------------------------------------------------------------------------------
// Sliders

export const sliderPropSchema = z.object({ key: z.string(), value: z.string() });

/**
 * One active slide: `ordering` plus key/value `props` (spec §3). Nav banners also use the item's
 * own `title`, `value` and `description`.
 */
export const sliderItemSchema = z.object({
  id: z.number().int(),
  ordering: z.number().int(),
  title: z.string().nullable(),
  value: z.string().nullable(),
  description: z.string().nullable(),
  props: z.array(sliderPropSchema),
});
export type SliderItem = z.infer<typeof sliderItemSchema>;

/** `GET /public/slider/{project}/{slug}/{locale}`: active items only, by ordering. */
export const sliderSchema = z.object({
  slug: z.string(),
  locale: localeSchema,
  title: z.string(),
  activeSliderItem: z.array(sliderItemSchema),
});
export type Slider = z.infer<typeof sliderSchema>;

const propKeySchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a prop key is a short identifier');
const propValueSchema = z.string().max(CONTENT_LIMITS.text);

/** Props on write: `[{ key, value }]` or `{ key: value }`; keys unique. */
const propsWriteSchema = z
  .union([
    z.array(z.object({ key: propKeySchema, value: propValueSchema })).max(CONTENT_LIMITS.props),
    z.record(propKeySchema, propValueSchema),
  ])
  .transform((props, ctx) => {
    const pairs = Array.isArray(props) ? props : Object.entries(props).map(([key, value]) => ({ key, value }));
    if (pairs.length > CONTENT_LIMITS.props) {
      ctx.issues.push({ code: 'custom', message: `at most ${CONTENT_LIMITS.props} props`, input: pairs.length });
      return z.NEVER;
    }
    if (new Set(pairs.map((p) => p.key)).size !== pairs.length) {
      ctx.issues.push({ code: 'custom', message: 'prop keys must be unique', input: props });
      return z.NEVER;
    }
    return pairs;
  });

const optionalText = z.string().max(CONTENT_LIMITS.text).nullable();

/** Body of `POST …/item` (new slide): every field but `props` may be left out. */
export const sliderItemWriteSchema = z.object({
  ordering: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  isActive: z.boolean().default(true),
  title: optionalText.default(null),
  value: optionalText.default(null),
  description: optionalText.default(null),
  props: propsWriteSchema,
});
export type SliderItemWrite = z.output<typeof sliderItemWriteSchema>;

/** Body of `PUT …/item/{id}`: the fields given replace the stored ones. */
export const sliderItemPatchSchema = z.object({
  ordering: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  isActive: z.boolean().optional(),
  title: optionalText.optional(),
  value: optionalText.optional(),
  description: optionalText.optional(),
  props: propsWriteSchema.optional(),
});
export type SliderItemPatch = z.output<typeof sliderItemPatchSchema>;

/** Body of `PUT /admin/slider/{project}/{slug}/{locale}`: creates or renames; `items`, when given, replace all slides. */
export const sliderWriteSchema = z.object({
  title: z.string().max(CONTENT_LIMITS.title).optional(),
  items: z.array(sliderItemWriteSchema).max(CONTENT_LIMITS.sliderItems).optional(),
});
export type SliderWrite = z.output<typeof sliderWriteSchema>;

/** The answer of the editor's slide calls: the stored slide, inactive ones included. */
export const editorSliderItemSchema = sliderItemSchema.extend({ isActive: z.boolean() });
export type EditorSliderItem = z.infer<typeof editorSliderItemSchema>;

const flagString = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .default(false);

/** Main slides (main-page-slider, mobile-main-page-slider). */
export const mainSlideSchema = z.object({
  title: z.string(),
  img: z.string().min(1),
  alt: z.string(),
  link: z.string(),
  type: z.string().optional(),
  isBlank: flagString,
  promotion_id: z.string().optional(),
  promotion_name: z.string().optional(),
});

/** Brand tiles (main-page-brands). */
export const brandSlideSchema = z.object({ img: z.string().min(1), alt: z.string(), link: z.string() });

/** Partner-brand category tiles (chicco-time). `discount` is a label such as `-20%`. */
export const chiccoTimeSlideSchema = z.object({
  img: z.string().min(1),
  title: z.string(),
  type: z.string(),
  link: z.string(),
  alt: z.string(),
  discount: z.string().optional(),
});

/** Banners (main-page-first-slider, main-page-second-slider, main-page-categories): type 1 slider, 2 list. */
export const bannerSlideSchema = z.object({
  title: z.string(),
  img: z.string().min(1),
  alt: z.string(),
  link: z.string(),
  background: z.string().optional(),
  description: z.string().optional(),
  type: z.enum(['1', '2']).default('1'),
});

/**
 * Menu banners (slider nav-banners): item `title` (alt text), `value` (the folder-category slug of
 * the menu entry it belongs to), `description` (picture URL); props `type` (1 desktop, anything
 * else mobile) and `link`.
 */
export const navBannerSchema = z.object({
  title: z.string(),
  value: z.string(),
  description: z.string().min(1),
  type: z.string(),
  link: z.string(),
});
export type NavBanner = z.output<typeof navBannerSchema>;

// ---------------------------------------------------------------------------------------------
// JSON content blocks of the main page and the catalogue

/** main-page-first-product-slider, main-page-second-product-slider. */
export const productSliderBlockSchema = z.object({
  title: z.string(),
  link: z.string().nullable(),
  productIds: z.array(z.number().int().positive()).max(100),
});

/** main-page-blog-posts, main-page-news-posts: which posts the main page shows, in order. */
export const postsBlockSchema = z.object({
  title: z.string(),
  link: z.string(),
  slugs: z.array(z.string()).max(50),
});

/** main-page-instagram-link. */
export const instagramBlockSchema = z.object({ title: z.string(), link: z.string(), handle: z.string() });

/** catalog_content_{folderCategory[_category]}_banner. */
export const catalogueBannerBlockSchema = z.object({
  title: z.string(),
  img: z.string().min(1),
  alt: z.string(),
  link: z.string().nullable(),
});

export interface CatalogueContentKey {
  folderCategory: string;
  category?: string | null | undefined;
  /** Filter groups of the catalogue path, in path order (only `_desc` slugs use them). */
  filters?: readonly { topic: string; values: readonly string[] }[] | undefined;
}

/**
 * Content slug of a catalogue banner or description (storefront spec §2):
 * `catalog_content_{folderCategory[_category]}_banner` and
 * `catalog_content_{folderCategory[_category][_filters]}_desc`, where each filter group is written
 * `{topic}-{value1}-{value2}…` and groups are joined with `_` in path order
 * (`catalog_content_odezhda_kurtki_season-zima_desc`).
 * Null when that would be no content slug (longer than the service takes, or other characters):
 * such a block cannot exist, so it is never asked for (issue 25: crafted long filter values).
 */
export function catalogueContentSlug(key: CatalogueContentKey, kind: 'banner' | 'desc'): string | null {
  const parts = [key.folderCategory];
  if (key.category) parts.push(key.category);
  if (kind === 'desc') for (const f of key.filters ?? []) parts.push([f.topic, ...f.values].join('-'));
  const slug = `catalog_content_${parts.join('_')}_${kind}`;
  return contentSlugSchema.safeParse(slug).success ? slug : null;
}

/**
 * Size-table content blocks (accounts spec §7): the first that exists of
 * `special_size_{a}_{slug}`, `size_{a}`, `special_size_{b}_{slug}`, `size_{b}` — here `a` is the
 * product's category, `b` its folder category and `slug` its brand slug.
 */
export function sizeTableSlugs(key: {
  category?: string | null | undefined;
  folderCategory: string;
  brand?: string | null | undefined;
}): string[] {
  const slugs: string[] = [];
  for (const level of [key.category, key.folderCategory]) {
    if (!level) continue;
    if (key.brand) slugs.push(`special_size_${level}_${key.brand}`);
    slugs.push(`size_${level}`);
  }
  return slugs;
}

// ---------------------------------------------------------------------------------------------
// Blog and news

/** Spec §3: group 0 is blog, 1 is news. */
export const postGroupSchema = z.union([z.literal(0), z.literal(1)]);
export type PostGroup = z.infer<typeof postGroupSchema>;
export const POST_GROUP = { blog: 0, news: 1 } as const;

/** Query of the post lists: zero-based page, limit, optional slug list (`slugs[0]=…`, kept in that order) and group. */
export const postListQuerySchema = pageQuerySchema.extend({
  limit: intFromQuery.min(1).max(100).default(12),
  slugs: z.array(contentSlugSchema).max(100).optional(),
  group: z.coerce.number().pipe(postGroupSchema).optional(),
});

export const postSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  group: postGroupSchema,
  title: z.string(),
  preview: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  publishedAt: z.string(),
  /** Ours, not the spec's: when the post last changed (the sitemap's `<lastmod>`, issue 28). */
  updatedAt: z.string().optional(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postListSchema = z.object({
  items: z.array(postSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().nonnegative().optional(),
  limit: z.number().int().positive().optional(),
});
export type PostList = z.infer<typeof postListSchema>;

/** A post by slug; `content` is HTML. */
export const postSchema = postSummarySchema.extend({
  locale: localeSchema,
  content: z.string(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

export const postTranslationWriteSchema = z.object({
  title: z.string().trim().min(1).max(CONTENT_LIMITS.title),
  preview: z.string().max(CONTENT_LIMITS.text).default(''),
  content: z.string().max(CONTENT_LIMITS.body),
  imageAlt: z.string().max(CONTENT_LIMITS.title).optional(),
  metaTitle: z.string().max(CONTENT_LIMITS.title).nullable().default(null),
  metaDescription: z.string().max(CONTENT_LIMITS.text).nullable().default(null),
});

/**
 * Body of `PUT /admin/blog/{project}/{slug}` and `PUT /admin/blog-news/{project}/{slug}`: creates
 * the post or updates it. Translations given replace that locale's text; others are kept.
 */
export const postWriteSchema = z.object({
  publishedAt: isoInstant.optional(),
  image: z.string().min(1).max(2000).optional(),
  translations: z
    .object({ ru: postTranslationWriteSchema.optional(), uk: postTranslationWriteSchema.optional() })
    .default({}),
});
export type PostWrite = z.output<typeof postWriteSchema>;

// ---------------------------------------------------------------------------------------------
// Promotions

export const promotionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  image: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Value of the catalogue's `promotions` filter topic that lists the goods, if any. */
  filterSlug: z.string().nullable(),
  ordering: z.number().int(),
  /** Ours (the spec shows no field): when the promotion last changed, for the sitemap's `<lastmod>`. */
  updatedAt: z.string().optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionListSchema = z.object({
  items: z.array(promotionSchema),
  total: z.number().int().nonnegative(),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

export const promotionTranslationWriteSchema = z.object({
  title: z.string().trim().min(1).max(CONTENT_LIMITS.title),
  description: z.string().max(CONTENT_LIMITS.text).default(''),
  content: z.string().max(CONTENT_LIMITS.body).default(''),
});

/** Body of `PUT /admin/promotion/{project}/{slug}` (creates or updates; given fields replace). */
export const promotionWriteSchema = z.object({
  image: z.string().min(1).max(2000).optional(),
  startsAt: isoInstant.nullable().optional(),
  endsAt: isoInstant.nullable().optional(),
  isActive: z.boolean().optional(),
  ordering: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  filterSlug: contentSlugSchema.nullable().optional(),
  productIds: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    )
    .max(CONTENT_LIMITS.promotionProducts)
    .optional(),
  translations: z
    .object({ ru: promotionTranslationWriteSchema.optional(), uk: promotionTranslationWriteSchema.optional() })
    .default({}),
});
export type PromotionWrite = z.output<typeof promotionWriteSchema>;

// ---------------------------------------------------------------------------------------------
// Reviews (read side)

export const reviewAnswerSchema = z.object({
  displayName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});

/** A signed-in shopper's answer to a review (`POST /public/review/user/{id}/answer`), oldest first. */
export const reviewReplySchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/**
 * Texts are plain text, stored as written (outer whitespace trimmed): a client renders them escaped.
 * `answer` is the shop's own answer (staff); `answers` are shoppers' answers.
 */
export const reviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** Display article of the variant the reviewer bought, when known. */
  article: z.string().nullable(),
  displayName: z.string(),
  rating: z.number().int().min(1).max(5),
  pros: z.string().nullable(),
  cons: z.string().nullable(),
  comment: z.string(),
  createdAt: z.string(),
  /** When the author last changed it; null when never. */
  updatedAt: z.string().nullable(),
  answer: reviewAnswerSchema.nullable(),
  answers: z.array(reviewReplySchema),
});
export type Review = z.infer<typeof reviewSchema>;

/** Spec §3: review list = items, averageRate, total (averageRate 0 when there are none). */
export const reviewListSchema = z.object({
  items: z.array(reviewSchema),
  averageRate: z.number().min(0).max(5),
  total: z.number().int().nonnegative(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** Spec §9: reviews per page 10. */
export const reviewProductQuerySchema = commonContentQuerySchema.extend({
  productId: idFromQuery,
  page: intFromQuery.min(0).max(100_000).default(0),
  limit: intFromQuery.min(1).max(50).default(10),
});

/** `article`: a variant's display article (`100123-02`) or the product article before the suffix (`100123`). */
export const reviewArticleQuerySchema = commonContentQuerySchema.extend({
  article: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
  page: intFromQuery.min(0).max(100_000).default(0),
  limit: intFromQuery.min(1).max(50).default(10),
});

/** Spec §9: top reviews of a category default minRating 4, page 0, limit 3. Without `category`: the whole shop. */
export const reviewCategoryQuerySchema = commonContentQuerySchema.extend({
  category: contentSlugSchema.optional(),
  minRating: intFromQuery.min(1).max(5).default(4),
  page: intFromQuery.min(0).max(100_000).default(0),
  limit: intFromQuery.min(1).max(20).default(3),
});

export const reviewAggsQuerySchema = commonContentQuerySchema.extend({ productId: idFromQuery });

export const ratingCountSchema = z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() });

/** `GET /public/review/aggs`: counts for every rating 5..1 (zeros included). */
export const reviewAggsSchema = z.object({
  productId: z.number().int(),
  averageRate: z.number().min(0).max(5),
  total: z.number().int().nonnegative(),
  counts: z.array(ratingCountSchema),
});
export type ReviewAggs = z.infer<typeof reviewAggsSchema>;

/** At most this many ids per ratings request (the client batches). */
export const RATINGS_BATCH = 50;

export const reviewRatingsQuerySchema = commonContentQuerySchema.extend({
  ids: z.array(idFromQuery).min(1).max(RATINGS_BATCH),
});

/** `GET /public/review/ratings`: one entry per requested id, in request order (total 0 when unrated). */
export const productRatingSchema = z.object({
  productId: z.number().int(),
  averageRate: z.number().min(0).max(5),
  total: z.number().int().nonnegative(),
});
export type ProductRating = z.infer<typeof productRatingSchema>;
export const productRatingsSchema = z.object({ items: z.array(productRatingSchema) });
export type ProductRatings = z.infer<typeof productRatingsSchema>;

// ---------------------------------------------------------------------------------------------
// Reviews (signed in): write, change, delete one's own, answer

/** Limits of what a shopper may write (characters, after trimming); docs/decisions.md "Reviews". */
export const REVIEW_LIMITS = {
  pros: 500,
  cons: 500,
  comment: 2000,
  answer: 1000,
  /** Shoppers' answers one review may collect. */
  answersPerReview: 100,
} as const;

/** An optional text: absent, null or blank is none. */
const optionalReviewText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const reviewRatingSchema = z.number().int().min(1).max(5);

/**
 * Body of `POST /public/review/user/{id}` (update): the whole review as it should now read. The
 * same fields start a new review (reviewCreateSchema).
 */
export const reviewUpdateSchema = z.object({
  rating: reviewRatingSchema,
  pros: optionalReviewText(REVIEW_LIMITS.pros),
  cons: optionalReviewText(REVIEW_LIMITS.cons),
  comment: z.string().trim().min(1).max(REVIEW_LIMITS.comment),
});
export type ReviewUpdate = z.output<typeof reviewUpdateSchema>;

/**
 * Body of `POST /public/review/user` (signed in): one review per shopper and product (a second one
 * is a 409; change the first instead). `article`: the display article of the variant the shopper
 * means, one of the product's.
 */
export const reviewCreateSchema = reviewUpdateSchema.extend({
  productId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  article: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/)
    .nullish()
    .transform((value) => value ?? null),
});

/** Body of `POST /public/review/user/{id}/answer` (signed in). */
export const reviewAnswerCreateSchema = z.object({
  comment: z.string().trim().min(1).max(REVIEW_LIMITS.answer),
});

/** `GET /public/review/user` (signed in): the shopper's own reviews, newest first; spec §9: 10 a page. */
export const reviewUserQuerySchema = commonContentQuerySchema.extend({
  page: intFromQuery.min(0).max(100_000).default(0),
  limit: intFromQuery.min(1).max(50).default(10),
});

/** Error codes of the review calls (besides 400, 401, 404, 503). */
export const REVIEW_ERROR = {
  /** The shopper already reviewed this product: change that review instead. */
  alreadyReviewed: 409,
  /** The review has as many answers as it may hold. */
  tooManyAnswers: 4091,
} as const;

// ---------------------------------------------------------------------------------------------
// Editor answers

/** Answer of `PUT /admin/slider/…`: the slider with every slide, inactive ones included. */
export const editorSliderSchema = z.object({
  slug: z.string(),
  locale: localeSchema,
  title: z.string(),
  items: z.array(editorSliderItemSchema),
});
export type EditorSlider = z.infer<typeof editorSliderSchema>;

/** Answer of the editor's post and promotion writes: what is stored now, per locale. */
export const editorPostSchema = z.object({
  slug: z.string(),
  group: postGroupSchema,
  created: z.boolean(),
  translations: z.object({ ru: postSchema.nullable(), uk: postSchema.nullable() }),
});
export type EditorPost = z.infer<typeof editorPostSchema>;

export const editorPromotionSchema = z.object({
  slug: z.string(),
  created: z.boolean(),
  isActive: z.boolean(),
  productIds: z.array(z.number().int()),
  translations: z.object({ ru: promotionSchema.nullable(), uk: promotionSchema.nullable() }),
});
export type EditorPromotion = z.infer<typeof editorPromotionSchema>;
