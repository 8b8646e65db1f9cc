import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type {
  ContentBlock,
  ContentBlockWrite,
  ContentPage,
  EditorSlider,
  EditorSliderItem,
  PageWrite,
  Post,
  PostGroup,
  PostList,
  PostSummary,
  PostWrite,
  ProductRating,
  Promotion,
  PromotionList,
  PromotionWrite,
  Review,
  ReviewAggs,
  ReviewList,
  Slider,
  SliderItemPatch,
  SliderItemWrite,
  SliderWrite,
} from '../../api/schemas/content.ts';
import { type Locale } from '../../api/schemas/common.ts';
import { sliderPropSchema } from '../../api/schemas/content.ts';
import { inTransaction } from '../db/database.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { BannerSpec } from './bannerImage.ts';
import { isBannerKind } from './bannerImage.ts';

/** Prepared statements of the content service, with rows turned into wire shapes. */

export const LOCALES: readonly Locale[] = ['ru', 'uk'];

const propsSchema = z.array(sliderPropSchema);

function postGroup(value: number): PostGroup {
  return value === 1 ? 1 : 0;
}

/** One decimal, like the shop shows it (4.6). */
export function roundRate(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A write that cannot be applied: `conflict` (409, e.g. a slug of the other group) or `invalid` (400). */
export class WriteError extends Error {
  readonly kind: 'conflict' | 'invalid';

  constructor(kind: 'conflict' | 'invalid', message: string) {
    super(message);
    this.name = 'WriteError';
    this.kind = kind;
  }
}

export interface PageRequest {
  page: number;
  limit: number;
}

export interface ContentRepository {
  block(slug: string, locale: Locale): ContentBlock | null;
  page(slug: string, locale: Locale): ContentPage | null;
  slider(slug: string, locale: Locale): Slider | null;
  posts(group: PostGroup, locale: Locale, query: PageRequest & { slugs?: string[] | undefined }): PostList;
  post(group: PostGroup, slug: string, locale: Locale): Post | null;
  promotions(locale: Locale, query: PageRequest): PromotionList;
  promotion(slug: string, locale: Locale): Promotion | null;
  promotionsForProduct(productId: number, locale: Locale): PromotionList;
  productReviews(productId: number, query: PageRequest): ReviewList;
  articleReviews(article: string, query: PageRequest): ReviewList;
  categoryReviews(category: string | undefined, minRating: number, query: PageRequest): ReviewList;
  reviewAggs(productId: number): ReviewAggs;
  ratings(productIds: number[]): ProductRating[];
  image(name: string): BannerSpec | null;

  putBlock(slug: string, locale: Locale, write: ContentBlockWrite, now: string): ContentBlock;
  deleteBlock(slug: string, locale: Locale): boolean;
  putPage(slug: string, locale: Locale, write: PageWrite, now: string): ContentPage;
  deletePage(slug: string, locale: Locale): boolean;
  putSlider(slug: string, locale: Locale, write: SliderWrite, now: string): EditorSlider;
  deleteSlider(slug: string, locale: Locale): boolean;
  editorSlider(slug: string, locale: Locale): EditorSlider | null;
  addSliderItem(slug: string, locale: Locale, item: SliderItemWrite, now: string): EditorSliderItem | null;
  patchSliderItem(
    slug: string,
    locale: Locale,
    id: number,
    patch: SliderItemPatch,
    now: string,
  ): EditorSliderItem | null;
  deleteSliderItem(slug: string, locale: Locale, id: number, now: string): boolean;
  /** Creates or updates; throws WriteError (conflict) when the slug belongs to the other group. */
  putPost(group: PostGroup, slug: string, write: PostWrite, now: string): { created: boolean; locales: Locale[] };
  /** The locales the deleted post had, or null when there was none. */
  deletePost(group: PostGroup, slug: string): Locale[] | null;
  putPromotion(slug: string, write: PromotionWrite, now: string): { created: boolean; locales: Locale[] };
  deletePromotion(slug: string): Locale[] | null;
  promotionProductIds(slug: string): number[];
  promotionIsActive(slug: string): boolean | null;
  /** A promotion's `locale` text whether active or not (the editor's answer). */
  anyPromotion(slug: string, locale: Locale): Promotion | null;
}

export function createContentRepository(db: DatabaseSync): ContentRepository {
  // --- content blocks and pages
  const selectBlock = db.prepare(
    'SELECT slug, locale, format_name, content, updated_at FROM content_block WHERE slug = ? AND locale = ?',
  );
  const upsertBlock = db.prepare(
    `INSERT INTO content_block (slug, locale, format_name, content, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (slug, locale) DO UPDATE SET format_name = excluded.format_name, content = excluded.content,
       updated_at = excluded.updated_at`,
  );
  const removeBlock = db.prepare('DELETE FROM content_block WHERE slug = ? AND locale = ?');
  const selectPage = db.prepare(
    `SELECT slug, locale, title, content, meta_title, meta_description, updated_at FROM page
     WHERE slug = ? AND locale = ?`,
  );
  const upsertPage = db.prepare(
    `INSERT INTO page (slug, locale, title, content, meta_title, meta_description, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (slug, locale) DO UPDATE SET title = excluded.title, content = excluded.content,
       meta_title = excluded.meta_title, meta_description = excluded.meta_description, updated_at = excluded.updated_at`,
  );
  const removePage = db.prepare('DELETE FROM page WHERE slug = ? AND locale = ?');

  const toBlock = (row: Row): ContentBlock => ({
    code: str(row, 'slug'),
    formatName: str(row, 'format_name') === 'json' ? 'json' : 'text',
    contentFormatted: str(row, 'content'),
    locale: str(row, 'locale') === 'uk' ? 'uk' : 'ru',
    updatedAt: str(row, 'updated_at'),
  });
  const toPage = (row: Row): ContentPage => ({
    slug: str(row, 'slug'),
    locale: str(row, 'locale') === 'uk' ? 'uk' : 'ru',
    title: str(row, 'title'),
    content: str(row, 'content'),
    metaTitle: strOrNull(row, 'meta_title'),
    metaDescription: strOrNull(row, 'meta_description'),
    updatedAt: str(row, 'updated_at'),
  });

  // --- sliders
  const selectSlider = db.prepare('SELECT id, slug, locale, title FROM slider WHERE slug = ? AND locale = ?');
  const selectActiveItems = db.prepare(
    `SELECT id, ordering, is_active, title, value, description, props FROM slider_item
     WHERE slider_id = ? AND is_active = 1 ORDER BY ordering, id`,
  );
  const selectAllItems = db.prepare(
    `SELECT id, ordering, is_active, title, value, description, props FROM slider_item
     WHERE slider_id = ? ORDER BY ordering, id`,
  );
  const selectItem = db.prepare(
    'SELECT id, ordering, is_active, title, value, description, props FROM slider_item WHERE id = ? AND slider_id = ?',
  );
  const insertSlider = db.prepare(
    'INSERT INTO slider (slug, locale, title, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const updateSlider = db.prepare('UPDATE slider SET title = ?, updated_at = ? WHERE id = ?');
  const touchSlider = db.prepare('UPDATE slider SET updated_at = ? WHERE id = ?');
  const removeSlider = db.prepare('DELETE FROM slider WHERE slug = ? AND locale = ?');
  const clearItems = db.prepare('DELETE FROM slider_item WHERE slider_id = ?');
  const insertItem = db.prepare(
    `INSERT INTO slider_item (slider_id, ordering, is_active, title, value, description, props)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const updateItem = db.prepare(
    `UPDATE slider_item SET ordering = ?, is_active = ?, title = ?, value = ?, description = ?, props = ?
     WHERE id = ? AND slider_id = ?`,
  );
  const removeItem = db.prepare('DELETE FROM slider_item WHERE id = ? AND slider_id = ?');

  const toItem = (row: Row): EditorSliderItem => ({
    id: num(row, 'id'),
    ordering: num(row, 'ordering'),
    isActive: num(row, 'is_active') === 1,
    title: strOrNull(row, 'title'),
    value: strOrNull(row, 'value'),
    description: strOrNull(row, 'description'),
    props: propsSchema.parse(JSON.parse(str(row, 'props'))),
  });
  const sliderRow = (slug: string, locale: Locale): Row | undefined => selectSlider.get(slug, locale);
  const writeItem = (sliderId: number, item: SliderItemWrite): number => {
    const row = insertItem.get(
      sliderId,
      item.ordering,
      item.isActive ? 1 : 0,
      item.title,
      item.value,
      item.description,
      JSON.stringify(item.props),
    );
    if (row === undefined) throw new Error('slider item insert returned nothing');
    return num(row, 'id');
  };
  const editorSlider = (slug: string, locale: Locale): EditorSlider | null => {
    const row = sliderRow(slug, locale);
    if (row === undefined) return null;
    return {
      slug,
      locale,
      title: str(row, 'title'),
      items: selectAllItems.all(num(row, 'id')).map(toItem),
    };
  };

  // --- posts
  const postColumns = `p.id, p.slug, p.post_group, p.image, p.published_at, t.title, t.preview, t.image_alt`;
  const selectPosts = db.prepare(
    `SELECT ${postColumns} FROM post p JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ? ORDER BY p.published_at DESC, p.id DESC LIMIT ? OFFSET ?`,
  );
  const countPosts = db.prepare(
    `SELECT count(*) AS n FROM post p JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ?`,
  );
  // A slug list keeps the caller's order (the main page shows the posts an editor picked, in that order).
  const selectPostsBySlug = db.prepare(
    `SELECT ${postColumns} FROM json_each(?) j
     JOIN post p ON p.slug = j.value JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ? ORDER BY j.key LIMIT ? OFFSET ?`,
  );
  const countPostsBySlug = db.prepare(
    `SELECT count(*) AS n FROM json_each(?) j
     JOIN post p ON p.slug = j.value JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ?`,
  );
  const selectPost = db.prepare(
    `SELECT ${postColumns}, t.locale, t.content, t.meta_title, t.meta_description
     FROM post p JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.slug = ? AND p.post_group = ?`,
  );
  const selectPostHead = db.prepare('SELECT id, post_group FROM post WHERE slug = ?');
  const postLocales = db.prepare('SELECT locale FROM post_translation WHERE post_id = ? ORDER BY locale');
  const insertPost = db.prepare(
    `INSERT INTO post (slug, post_group, image, published_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  );
  const updatePost = db.prepare('UPDATE post SET image = ?, published_at = ?, updated_at = ? WHERE id = ?');
  const selectPostRow = db.prepare('SELECT image, published_at FROM post WHERE id = ?');
  const selectTranslation = db.prepare('SELECT image_alt FROM post_translation WHERE post_id = ? AND locale = ?');
  const upsertTranslation = db.prepare(
    `INSERT INTO post_translation (post_id, locale, title, preview, content, image_alt, meta_title, meta_description)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (post_id, locale) DO UPDATE SET title = excluded.title, preview = excluded.preview,
       content = excluded.content, image_alt = excluded.image_alt, meta_title = excluded.meta_title,
       meta_description = excluded.meta_description`,
  );
  const removePost = db.prepare('DELETE FROM post WHERE id = ?');

  const toPostSummary = (row: Row): PostSummary => ({
    id: num(row, 'id'),
    slug: str(row, 'slug'),
    group: postGroup(num(row, 'post_group')),
    title: str(row, 'title'),
    preview: str(row, 'preview'),
    image: str(row, 'image'),
    imageAlt: str(row, 'image_alt'),
    publishedAt: str(row, 'published_at'),
  });
  const localesOf = (statement: typeof postLocales, id: number): Locale[] =>
    statement.all(id).map((row) => (str(row, 'locale') === 'uk' ? 'uk' : 'ru'));

  // --- promotions
  const promotionColumns = `p.id, p.slug, p.image, p.starts_at, p.ends_at, p.filter_slug, p.ordering,
    t.title, t.description, t.content`;
  const selectPromotions = db.prepare(
    `SELECT ${promotionColumns} FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.is_active = 1 ORDER BY p.ordering, p.id LIMIT ? OFFSET ?`,
  );
  const countPromotions = db.prepare(
    `SELECT count(*) AS n FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.is_active = 1`,
  );
  const selectPromotion = db.prepare(
    `SELECT ${promotionColumns} FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.slug = ? AND p.is_active = 1`,
  );
  const selectAnyPromotion = db.prepare(
    `SELECT ${promotionColumns} FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.slug = ?`,
  );
  const selectProductPromotions = db.prepare(
    `SELECT ${promotionColumns} FROM promotion_product pp
     JOIN promotion p ON p.id = pp.promotion_id AND p.is_active = 1
     JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE pp.product_id = ? ORDER BY p.ordering, p.id`,
  );
  const selectPromotionHead = db.prepare(
    'SELECT id, image, starts_at, ends_at, is_active, ordering, filter_slug FROM promotion WHERE slug = ?',
  );
  const insertPromotion = db.prepare(
    `INSERT INTO promotion (slug, image, starts_at, ends_at, is_active, ordering, filter_slug, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const updatePromotion = db.prepare(
    `UPDATE promotion SET image = ?, starts_at = ?, ends_at = ?, is_active = ?, ordering = ?, filter_slug = ?,
       updated_at = ? WHERE id = ?`,
  );
  const upsertPromotionTranslation = db.prepare(
    `INSERT INTO promotion_translation (promotion_id, locale, title, description, content) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (promotion_id, locale) DO UPDATE SET title = excluded.title, description = excluded.description,
       content = excluded.content`,
  );
  const promotionLocales = db.prepare(
    'SELECT locale FROM promotion_translation WHERE promotion_id = ? ORDER BY locale',
  );
  const clearPromotionProducts = db.prepare('DELETE FROM promotion_product WHERE promotion_id = ?');
  const insertPromotionProducts = db.prepare(
    `INSERT OR IGNORE INTO promotion_product (promotion_id, product_id) SELECT ?, value FROM json_each(?)`,
  );
  const selectPromotionProducts = db.prepare(
    `SELECT pp.product_id FROM promotion_product pp JOIN promotion p ON p.id = pp.promotion_id
     WHERE p.slug = ? ORDER BY pp.product_id`,
  );
  const removePromotion = db.prepare('DELETE FROM promotion WHERE id = ?');

  const toPromotion = (row: Row): Promotion => ({
    id: num(row, 'id'),
    slug: str(row, 'slug'),
    title: str(row, 'title'),
    description: str(row, 'description'),
    content: str(row, 'content'),
    image: str(row, 'image'),
    startsAt: strOrNull(row, 'starts_at'),
    endsAt: strOrNull(row, 'ends_at'),
    filterSlug: strOrNull(row, 'filter_slug'),
    ordering: num(row, 'ordering'),
  });

  // --- reviews
  const reviewColumns = `id, product_id, article, display_name, rating, pros, cons, comment, created_at,
    answer_name, answer_comment, answer_created_at`;
  const order = 'ORDER BY created_at DESC, id DESC';
  const topOrder = 'ORDER BY rating DESC, created_at DESC, id DESC';
  const productReviews = db.prepare(
    `SELECT ${reviewColumns} FROM review WHERE product_id = ? ${order} LIMIT ? OFFSET ?`,
  );
  const productStats = db.prepare('SELECT count(*) AS n, avg(rating) AS rate FROM review WHERE product_id = ?');
  const articleWhere = 'WHERE article = ?1 OR product_article = ?1';
  const articleReviews = db.prepare(`SELECT ${reviewColumns} FROM review ${articleWhere} ${order} LIMIT ?2 OFFSET ?3`);
  const articleStats = db.prepare(`SELECT count(*) AS n, avg(rating) AS rate FROM review ${articleWhere}`);
  const categoryWhere = 'WHERE (folder_category = ?1 OR category = ?1) AND rating >= ?2';
  const categoryReviews = db.prepare(
    `SELECT ${reviewColumns} FROM review ${categoryWhere} ${topOrder} LIMIT ?3 OFFSET ?4`,
  );
  const categoryStats = db.prepare(`SELECT count(*) AS n, avg(rating) AS rate FROM review ${categoryWhere}`);
  const shopReviews = db.prepare(`SELECT ${reviewColumns} FROM review WHERE rating >= ? ${topOrder} LIMIT ? OFFSET ?`);
  const shopStats = db.prepare('SELECT count(*) AS n, avg(rating) AS rate FROM review WHERE rating >= ?');
  const ratingCounts = db.prepare(
    'SELECT rating, count(*) AS n FROM review WHERE product_id = ? GROUP BY rating ORDER BY rating DESC',
  );
  const ratingsOf = db.prepare(
    `SELECT product_id, count(*) AS n, avg(rating) AS rate FROM review
     WHERE product_id IN (SELECT value FROM json_each(?)) GROUP BY product_id`,
  );

  const toReview = (row: Row): Review => {
    const answer = strOrNull(row, 'answer_comment');
    return {
      id: num(row, 'id'),
      productId: num(row, 'product_id'),
      article: strOrNull(row, 'article'),
      displayName: str(row, 'display_name'),
      rating: num(row, 'rating'),
      pros: strOrNull(row, 'pros'),
      cons: strOrNull(row, 'cons'),
      comment: str(row, 'comment'),
      createdAt: str(row, 'created_at'),
      answer:
        answer === null
          ? null
          : {
              displayName: strOrNull(row, 'answer_name') ?? '',
              comment: answer,
              createdAt: strOrNull(row, 'answer_created_at') ?? '',
            },
    };
  };
  const stats = (row: Row | undefined): { total: number; averageRate: number } => {
    if (row === undefined) return { total: 0, averageRate: 0 };
    const total = num(row, 'n');
    return { total, averageRate: total === 0 ? 0 : roundRate(num(row, 'rate')) };
  };

  // --- images
  const selectImage = db.prepare('SELECT name, kind, title, subtitle, palette FROM content_image WHERE name = ?');

  const count = (row: Row | undefined): number => (row === undefined ? 0 : num(row, 'n'));

  return {
    block: (slug, locale) => {
      const row = selectBlock.get(slug, locale);
      return row === undefined ? null : toBlock(row);
    },
    page: (slug, locale) => {
      const row = selectPage.get(slug, locale);
      return row === undefined ? null : toPage(row);
    },
    slider: (slug, locale) => {
      const row = sliderRow(slug, locale);
      if (row === undefined) return null;
      return {
        slug,
        locale,
        title: str(row, 'title'),
        activeSliderItem: selectActiveItems.all(num(row, 'id')).map((itemRow) => {
          const { isActive: _isActive, ...item } = toItem(itemRow);
          return item;
        }),
      };
    },
    posts: (group, locale, { page, limit, slugs }) => {
      if (slugs !== undefined) {
        const list = JSON.stringify(slugs);
        return {
          items: selectPostsBySlug.all(list, locale, group, limit, page * limit).map(toPostSummary),
          total: count(countPostsBySlug.get(list, locale, group)),
          page,
          limit,
        };
      }
      return {
        items: selectPosts.all(locale, group, limit, page * limit).map(toPostSummary),
        total: count(countPosts.get(locale, group)),
        page,
        limit,
      };
    },
    post: (group, slug, locale) => {
      const row = selectPost.get(locale, slug, group);
      if (row === undefined) return null;
      return {
        ...toPostSummary(row),
        locale,
        content: str(row, 'content'),
        metaTitle: strOrNull(row, 'meta_title'),
        metaDescription: strOrNull(row, 'meta_description'),
      };
    },
    promotions: (locale, { page, limit }) => ({
      items: selectPromotions.all(locale, limit, page * limit).map(toPromotion),
      total: count(countPromotions.get(locale)),
    }),
    promotion: (slug, locale) => {
      const row = selectPromotion.get(locale, slug);
      return row === undefined ? null : toPromotion(row);
    },
    promotionsForProduct: (productId, locale) => {
      const items = selectProductPromotions.all(locale, productId).map(toPromotion);
      return { items, total: items.length };
    },
    productReviews: (productId, { page, limit }) => ({
      items: productReviews.all(productId, limit, page * limit).map(toReview),
      ...stats(productStats.get(productId)),
    }),
    articleReviews: (article, { page, limit }) => ({
      items: articleReviews.all(article, limit, page * limit).map(toReview),
      ...stats(articleStats.get(article)),
    }),
    categoryReviews: (category, minRating, { page, limit }) =>
      category === undefined
        ? { items: shopReviews.all(minRating, limit, page * limit).map(toReview), ...stats(shopStats.get(minRating)) }
        : {
            items: categoryReviews.all(category, minRating, limit, page * limit).map(toReview),
            ...stats(categoryStats.get(category, minRating)),
          },
    reviewAggs: (productId) => {
      const counts = new Map(ratingCounts.all(productId).map((row) => [num(row, 'rating'), num(row, 'n')]));
      return {
        productId,
        ...stats(productStats.get(productId)),
        counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.get(rating) ?? 0 })),
      };
    },
    ratings: (productIds) => {
      const found = new Map(
        ratingsOf.all(JSON.stringify(productIds)).map((row) => [num(row, 'product_id'), stats(row)] as const),
      );
      return productIds.map((productId) => ({ productId, ...(found.get(productId) ?? { total: 0, averageRate: 0 }) }));
    },
    image: (name) => {
      const row = selectImage.get(name);
      if (row === undefined) return null;
      const kind = str(row, 'kind');
      if (!isBannerKind(kind)) return null;
      return {
        name,
        kind,
        title: str(row, 'title'),
        subtitle: str(row, 'subtitle'),
        palette: num(row, 'palette'),
      };
    },

    putBlock: (slug, locale, write, now) => {
      upsertBlock.run(slug, locale, write.formatName, write.contentFormatted, now);
      return {
        code: slug,
        formatName: write.formatName,
        contentFormatted: write.contentFormatted,
        locale,
        updatedAt: now,
      };
    },
    deleteBlock: (slug, locale) => Number(removeBlock.run(slug, locale).changes) > 0,
    putPage: (slug, locale, write, now) => {
      upsertPage.run(slug, locale, write.title, write.content, write.metaTitle, write.metaDescription, now);
      return { slug, locale, ...write, updatedAt: now };
    },
    deletePage: (slug, locale) => Number(removePage.run(slug, locale).changes) > 0,
    putSlider: (slug, locale, write, now) =>
      inTransaction(db, () => {
        const existing = sliderRow(slug, locale);
        let id: number;
        if (existing === undefined) {
          const row = insertSlider.get(slug, locale, write.title ?? '', now);
          if (row === undefined) throw new Error('slider insert returned nothing');
          id = num(row, 'id');
        } else {
          id = num(existing, 'id');
          updateSlider.run(write.title ?? str(existing, 'title'), now, id);
        }
        if (write.items !== undefined) {
          clearItems.run(id);
          for (const item of write.items) writeItem(id, item);
        }
        const result = editorSlider(slug, locale);
        if (result === null) throw new Error('slider vanished inside its transaction');
        return result;
      }),
    deleteSlider: (slug, locale) => Number(removeSlider.run(slug, locale).changes) > 0,
    editorSlider,
    addSliderItem: (slug, locale, item, now) =>
      inTransaction(db, () => {
        const slider = sliderRow(slug, locale);
        if (slider === undefined) return null;
        const sliderId = num(slider, 'id');
        const id = writeItem(sliderId, item);
        touchSlider.run(now, sliderId);
        const row = selectItem.get(id, sliderId);
        return row === undefined ? null : toItem(row);
      }),
    patchSliderItem: (slug, locale, id, patch, now) =>
      inTransaction(db, () => {
        const slider = sliderRow(slug, locale);
        if (slider === undefined) return null;
        const sliderId = num(slider, 'id');
        const row = selectItem.get(id, sliderId);
        if (row === undefined) return null;
        const current = toItem(row);
        const next = {
          ordering: patch.ordering ?? current.ordering,
          isActive: patch.isActive ?? current.isActive,
          title: patch.title === undefined ? current.title : patch.title,
          value: patch.value === undefined ? current.value : patch.value,
          description: patch.description === undefined ? current.description : patch.description,
          props: patch.props ?? current.props,
        };
        updateItem.run(
          next.ordering,
          next.isActive ? 1 : 0,
          next.title,
          next.value,
          next.description,
          JSON.stringify(next.props),
          id,
          sliderId,
        );
        touchSlider.run(now, sliderId);
        return { id, ...next };
      }),
    deleteSliderItem: (slug, locale, id, now) =>
      inTransaction(db, () => {
        const slider = sliderRow(slug, locale);
        if (slider === undefined) return false;
        const sliderId = num(slider, 'id');
        const removed = Number(removeItem.run(id, sliderId).changes) > 0;
        if (removed) touchSlider.run(now, sliderId);
        return removed;
      }),
    putPost: (group, slug, write, now) =>
      inTransaction(db, () => {
        const head = selectPostHead.get(slug);
        if (head !== undefined && num(head, 'post_group') !== group) {
          throw new WriteError('conflict', `The slug ${slug} belongs to a ${group === 1 ? 'blog post' : 'news item'}`);
        }
        const given = LOCALES.filter((locale) => write.translations[locale] !== undefined);
        let id: number;
        if (head === undefined) {
          if (given.length === 0) throw new WriteError('invalid', 'A new post needs at least one translation');
          if (write.image === undefined) throw new WriteError('invalid', 'A new post needs an image');
          const row = insertPost.get(slug, group, write.image, write.publishedAt ?? now, now);
          if (row === undefined) throw new Error('post insert returned nothing');
          id = num(row, 'id');
        } else {
          id = num(head, 'id');
          const current = selectPostRow.get(id);
          if (current === undefined) throw new Error('post vanished inside its transaction');
          updatePost.run(
            write.image ?? str(current, 'image'),
            write.publishedAt ?? str(current, 'published_at'),
            now,
            id,
          );
        }
        for (const locale of given) {
          const t = write.translations[locale];
          if (t === undefined) continue;
          const keptAlt = selectTranslation.get(id, locale);
          const alt = t.imageAlt ?? (keptAlt === undefined ? t.title : str(keptAlt, 'image_alt'));
          upsertTranslation.run(id, locale, t.title, t.preview, t.content, alt, t.metaTitle, t.metaDescription);
        }
        // A change of the image or the date shows in every locale; a text change only in its own.
        const shared = head === undefined || write.image !== undefined || write.publishedAt !== undefined;
        return { created: head === undefined, locales: shared ? localesOf(postLocales, id) : given };
      }),
    deletePost: (group, slug) =>
      inTransaction(db, () => {
        const head = selectPostHead.get(slug);
        if (head === undefined || num(head, 'post_group') !== group) return null;
        const id = num(head, 'id');
        const locales = localesOf(postLocales, id);
        removePost.run(id);
        return locales;
      }),
    putPromotion: (slug, write, now) =>
      inTransaction(db, () => {
        const head = selectPromotionHead.get(slug);
        const given = LOCALES.filter((locale) => write.translations[locale] !== undefined);
        let id: number;
        if (head === undefined) {
          if (given.length === 0) throw new WriteError('invalid', 'A new promotion needs at least one translation');
          if (write.image === undefined) throw new WriteError('invalid', 'A new promotion needs an image');
          const row = insertPromotion.get(
            slug,
            write.image,
            write.startsAt ?? null,
            write.endsAt ?? null,
            write.isActive === false ? 0 : 1,
            write.ordering ?? 0,
            write.filterSlug ?? null,
            now,
          );
          if (row === undefined) throw new Error('promotion insert returned nothing');
          id = num(row, 'id');
        } else {
          id = num(head, 'id');
          updatePromotion.run(
            write.image ?? str(head, 'image'),
            write.startsAt === undefined ? strOrNull(head, 'starts_at') : write.startsAt,
            write.endsAt === undefined ? strOrNull(head, 'ends_at') : write.endsAt,
            write.isActive === undefined ? num(head, 'is_active') : write.isActive ? 1 : 0,
            write.ordering ?? num(head, 'ordering'),
            write.filterSlug === undefined ? strOrNull(head, 'filter_slug') : write.filterSlug,
            now,
            id,
          );
        }
        for (const locale of given) {
          const t = write.translations[locale];
          if (t !== undefined) upsertPromotionTranslation.run(id, locale, t.title, t.description, t.content);
        }
        if (write.productIds !== undefined) {
          clearPromotionProducts.run(id);
          insertPromotionProducts.run(id, JSON.stringify(write.productIds));
        }
        const shared =
          head === undefined ||
          write.image !== undefined ||
          write.startsAt !== undefined ||
          write.endsAt !== undefined ||
          write.isActive !== undefined ||
          write.ordering !== undefined ||
          write.filterSlug !== undefined ||
          write.productIds !== undefined;
        return { created: head === undefined, locales: shared ? localesOf(promotionLocales, id) : given };
      }),
    deletePromotion: (slug) =>
      inTransaction(db, () => {
        const head = selectPromotionHead.get(slug);
        if (head === undefined) return null;
        const id = num(head, 'id');
        const locales = localesOf(promotionLocales, id);
        removePromotion.run(id);
        return locales;
      }),
    promotionProductIds: (slug) => selectPromotionProducts.all(slug).map((row) => num(row, 'product_id')),
    anyPromotion: (slug, locale) => {
      const row = selectAnyPromotion.get(locale, slug);
      return row === undefined ? null : toPromotion(row);
    },
    promotionIsActive: (slug) => {
      const head = selectPromotionHead.get(slug);
      return head === undefined ? null : num(head, 'is_active') === 1;
    },
  };
}
