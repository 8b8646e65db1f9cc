import type { DatabaseSync } from 'node:sqlite';
import type { ProductRating, Review, ReviewAggs, ReviewList } from '../../api/schemas/content.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { PageRequest } from './contentRows.ts';

/** Review reads (spec §7 `review`): lists with their total and average, and per-product ratings. */
export interface ReviewRepository {
  /** Newest first. */
  ofProduct(productId: number, query: PageRequest): ReviewList;
  /** Reviews of a variant's article or of its product's article, newest first. */
  ofArticle(article: string, query: PageRequest): ReviewList;
  /** Best rated first, at least `minRating`; without a category, the whole shop's. */
  ofCategory(category: string | undefined, minRating: number, query: PageRequest): ReviewList;
  aggs(productId: number): ReviewAggs;
  /** One rating per asked id, in the asked order; a product without reviews gets zeros. */
  ratings(productIds: number[]): ProductRating[];
}

/** One decimal, like the shop shows it (4.6). */
export function roundRate(value: number): number {
  return Math.round(value * 10) / 10;
}

function toReview(row: Row): Review {
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
}

/** Total and average of a `count(*) AS n, avg(rating) AS rate` row; avg is NULL over no rows. */
function stats(row: Row | undefined): { total: number; averageRate: number } {
  if (row === undefined) return { total: 0, averageRate: 0 };
  const total = num(row, 'n');
  return { total, averageRate: total === 0 ? 0 : roundRate(num(row, 'rate')) };
}

export function createReviewRepository(db: DatabaseSync): ReviewRepository {
  const columns = `id, product_id, article, display_name, rating, pros, cons, comment, created_at,
    answer_name, answer_comment, answer_created_at`;
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
  const ratingCounts = db.prepare(
    'SELECT rating, count(*) AS n FROM review WHERE product_id = ? GROUP BY rating ORDER BY rating DESC',
  );
  const ratingsOf = db.prepare(
    `SELECT product_id, count(*) AS n, avg(rating) AS rate FROM review
     WHERE product_id IN (SELECT value FROM json_each(?)) GROUP BY product_id`,
  );

  return {
    ofProduct: (productId, { page, limit }) => ({
      items: productReviews.all(productId, limit, page * limit).map(toReview),
      ...stats(productStats.get(productId)),
    }),
    ofArticle: (article, { page, limit }) => ({
      items: articleReviews.all(article, limit, page * limit).map(toReview),
      ...stats(articleStats.get(article)),
    }),
    ofCategory: (category, minRating, { page, limit }) =>
      category === undefined
        ? { items: shopReviews.all(minRating, limit, page * limit).map(toReview), ...stats(shopStats.get(minRating)) }
        : {
            items: categoryReviews.all(category, minRating, limit, page * limit).map(toReview),
            ...stats(categoryStats.get(category, minRating)),
          },
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
  };
}
