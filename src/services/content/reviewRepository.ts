import type { DatabaseSync } from 'node:sqlite';
import type {
  ProductRating,
  Review,
  ReviewAggs,
  ReviewList,
  ReviewReply,
  ReviewUpdate,
} from '../../api/schemas/content.ts';
import { inTransaction } from '../db/database.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { PageRequest } from './contentRows.ts';

/** Where a product sits in the catalogue, kept with each review (category lists, cache tags). */
export interface ReviewedProduct {
  id: number;
  /** The variant's display article, when the shopper named one. */
  article: string | null;
  /** The product article (the display article before its `-NN` suffix), for article lookups. */
  productArticle: string;
  folderCategory: string;
  category: string | null;
}

/** A shopper as a review shows them. */
export interface ReviewAuthor {
  userId: number;
  displayName: string;
}

/** What a write changed, for the cache: the product and its categories. */
export interface ReviewPlace {
  productId: number;
  folderCategory: string;
  category: string | null;
}

/**
 * Reviews (spec §7 `review`): lists with their total and average, per-product ratings, and the
 * signed-in shopper's own reviews, which only their author may change or delete.
 */
export interface ReviewRepository {
  /** Newest first. */
  ofProduct(productId: number, query: PageRequest): ReviewList;
  /** Reviews of a variant's article or of its product's article, newest first. */
  ofArticle(article: string, query: PageRequest): ReviewList;
  /** Best rated first, at least `minRating`; without a category, the whole shop's. */
  ofCategory(category: string | undefined, minRating: number, query: PageRequest): ReviewList;
  /** The shopper's own reviews, newest first. */
  ofUser(userId: number, query: PageRequest): ReviewList;
  aggs(productId: number): ReviewAggs;
  /** One rating per asked id, in the asked order; a product without reviews gets zeros. */
  ratings(productIds: number[]): ProductRating[];
  /** A new review; null when this shopper already reviewed the product. */
  create(author: ReviewAuthor, product: ReviewedProduct, body: ReviewUpdate, now: string): Review | null;
  /** The author's review changed; null when `userId` has no review `id` (another's, or none). */
  update(
    author: ReviewAuthor,
    id: number,
    body: ReviewUpdate,
    now: string,
  ): { review: Review; place: ReviewPlace } | null;
  /** The author's review and its answers removed; null when `userId` has no review `id`. */
  remove(userId: number, id: number): ReviewPlace | null;
  /** The review and where it sits; null when there is none. */
  find(id: number): { review: Review; place: ReviewPlace } | null;
  /** A shopper's answer added; null when the review does not exist, 'full' when it holds the most it may. */
  answer(author: ReviewAuthor, id: number, comment: string, now: string, limit: number): Review | null | 'full';
}

/** One decimal, like the shop shows it (4.6). */
export function roundRate(value: number): number {
  return Math.round(value * 10) / 10;
}

function toReview(row: Row, answers: ReviewReply[]): Review {
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
    updatedAt: strOrNull(row, 'updated_at'),
    answer:
      answer === null
        ? null
        : {
            displayName: strOrNull(row, 'answer_name') ?? '',
            comment: answer,
            createdAt: strOrNull(row, 'answer_created_at') ?? '',
          },
    answers,
  };
}

function toPlace(row: Row): ReviewPlace {
  return {
    productId: num(row, 'product_id'),
    folderCategory: str(row, 'folder_category'),
    category: strOrNull(row, 'category'),
  };
}

function toReply(row: Row): ReviewReply {
  return {
    id: num(row, 'id'),
    displayName: str(row, 'display_name'),
    comment: str(row, 'comment'),
    createdAt: str(row, 'created_at'),
  };
}

/** Total and average of a `count(*) AS n, avg(rating) AS rate` row; avg is NULL over no rows. */
function stats(row: Row | undefined): { total: number; averageRate: number } {
  if (row === undefined) return { total: 0, averageRate: 0 };
  const total = num(row, 'n');
  return { total, averageRate: total === 0 ? 0 : roundRate(num(row, 'rate')) };
}

export function createReviewRepository(db: DatabaseSync): ReviewRepository {
  const columns = `id, product_id, article, display_name, rating, pros, cons, comment, created_at, updated_at,
    answer_name, answer_comment, answer_created_at, folder_category, category`;
  const newest = 'ORDER BY created_at DESC, id DESC';
  const best = 'ORDER BY rating DESC, created_at DESC, id DESC';
  const productReviews = db.prepare(`SELECT ${columns} FROM review WHERE product_id = ? ${newest} LIMIT ? OFFSET ?`);
  const productStats = db.prepare('SELECT count(*) AS n, avg(rating) AS rate FROM review WHERE product_id = ?');
  const articleWhere = 'WHERE article = ?1 OR product_article = ?1';
  const articleReviews = db.prepare(`SELECT ${columns} FROM review ${articleWhere} ${newest} LIMIT ?2 OFFSET ?3`);
  const articleStats = db.prepare(`SELECT count(*) AS n, avg(rating) AS rate FROM review ${articleWhere}`);
  const categoryWhere = 'WHERE (folder_category = ?1 OR category = ?1) AND rating >= ?2';
  const categoryReviews = db.prepare(`SELECT ${columns} FROM review ${categoryWhere} ${best} LIMIT ?3 OFFSET ?4`);
  const categoryStats = db.prepare(`SELECT count(*) AS n, avg(rating) AS rate FROM review ${categoryWhere}`);
  const shopReviews = db.prepare(`SELECT ${columns} FROM review WHERE rating >= ? ${best} LIMIT ? OFFSET ?`);
  const shopStats = db.prepare('SELECT count(*) AS n, avg(rating) AS rate FROM review WHERE rating >= ?');
  const userReviews = db.prepare(`SELECT ${columns} FROM review WHERE user_id = ? ${newest} LIMIT ? OFFSET ?`);
  const userStats = db.prepare('SELECT count(*) AS n, avg(rating) AS rate FROM review WHERE user_id = ?');
  const ratingCounts = db.prepare(
    'SELECT rating, count(*) AS n FROM review WHERE product_id = ? GROUP BY rating ORDER BY rating DESC',
  );
  const ratingsOf = db.prepare(
    `SELECT product_id, count(*) AS n, avg(rating) AS rate FROM review
     WHERE product_id IN (SELECT value FROM json_each(?)) GROUP BY product_id`,
  );
  const repliesOf = db.prepare(
    `SELECT id, review_id, display_name, comment, created_at FROM review_reply
     WHERE review_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, id`,
  );
  const byId = db.prepare(`SELECT ${columns} FROM review WHERE id = ?`);
  const ownedBy = db.prepare(`SELECT ${columns} FROM review WHERE id = ? AND user_id = ?`);
  const ofUserAndProduct = db.prepare('SELECT 1 FROM review WHERE user_id = ? AND product_id = ?');
  const insert = db.prepare(
    `INSERT INTO review (product_id, article, product_article, folder_category, category, display_name, rating,
       pros, cons, comment, created_at, user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const change = db.prepare(
    `UPDATE review SET rating = ?, pros = ?, cons = ?, comment = ?, display_name = ?, updated_at = ?
     WHERE id = ? AND user_id = ?`,
  );
  const deleteOwn = db.prepare('DELETE FROM review WHERE id = ? AND user_id = ?');
  const replyCount = db.prepare('SELECT count(*) AS n FROM review_reply WHERE review_id = ?');
  const insertReply = db.prepare(
    'INSERT INTO review_reply (review_id, user_id, display_name, comment, created_at) VALUES (?, ?, ?, ?, ?)',
  );

  /** The rows as reviews, each with its shoppers' answers (one query for the whole page). */
  const reviews = (rows: Row[]): Review[] => {
    const replies = new Map<number, ReviewReply[]>();
    if (rows.length > 0) {
      for (const row of repliesOf.all(JSON.stringify(rows.map((r) => num(r, 'id'))))) {
        const list = replies.get(num(row, 'review_id')) ?? [];
        list.push(toReply(row));
        replies.set(num(row, 'review_id'), list);
      }
    }
    return rows.map((row) => toReview(row, replies.get(num(row, 'id')) ?? []));
  };
  const one = (row: Row | undefined): { review: Review; place: ReviewPlace } | null => {
    if (row === undefined) return null;
    const [review] = reviews([row]);
    return review ? { review, place: toPlace(row) } : null;
  };

  return {
    ofProduct: (productId, { page, limit }) => ({
      items: reviews(productReviews.all(productId, limit, page * limit)),
      ...stats(productStats.get(productId)),
    }),
    ofArticle: (article, { page, limit }) => ({
      items: reviews(articleReviews.all(article, limit, page * limit)),
      ...stats(articleStats.get(article)),
    }),
    ofCategory: (category, minRating, { page, limit }) =>
      category === undefined
        ? { items: reviews(shopReviews.all(minRating, limit, page * limit)), ...stats(shopStats.get(minRating)) }
        : {
            items: reviews(categoryReviews.all(category, minRating, limit, page * limit)),
            ...stats(categoryStats.get(category, minRating)),
          },
    ofUser: (userId, { page, limit }) => ({
      items: reviews(userReviews.all(userId, limit, page * limit)),
      ...stats(userStats.get(userId)),
    }),
    aggs: (productId) => {
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
    create: (author, product, body, now) =>
      inTransaction(db, () => {
        if (ofUserAndProduct.get(author.userId, product.id) !== undefined) return null;
        const row = insert.get(
          product.id,
          product.article,
          product.productArticle,
          product.folderCategory,
          product.category,
          author.displayName,
          body.rating,
          body.pros,
          body.cons,
          body.comment,
          now,
          author.userId,
        );
        return one(row === undefined ? undefined : byId.get(num(row, 'id')))?.review ?? null;
      }),
    update: (author, id, body, now) => {
      const changed = change.run(
        body.rating,
        body.pros,
        body.cons,
        body.comment,
        author.displayName,
        now,
        id,
        author.userId,
      );
      return changed.changes === 0 ? null : one(ownedBy.get(id, author.userId));
    },
    remove: (userId, id) =>
      inTransaction(db, () => {
        const row = ownedBy.get(id, userId);
        if (row === undefined) return null;
        // The answers go with it (ON DELETE CASCADE).
        deleteOwn.run(id, userId);
        return toPlace(row);
      }),
    find: (id) => one(byId.get(id)),
    answer: (author, id, comment, now, limit) =>
      inTransaction(db, () => {
        if (byId.get(id) === undefined) return null;
        if (num(replyCount.get(id) ?? { n: 0 }, 'n') >= limit) return 'full';
        insertReply.run(id, author.userId, author.displayName, comment, now);
        return one(byId.get(id))?.review ?? null;
      }),
  };
}
