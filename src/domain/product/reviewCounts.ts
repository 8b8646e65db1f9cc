import type { ReviewAggs } from '../../api/schemas/content.ts';

/** One level of the product's stars: how many reviews gave it (accounts spec §7 `/public/review/aggs`). */
export interface StarCount {
  rating: number;
  count: number;
}

/**
 * The count of every rating from 5 down to 1, a level nobody gave included as 0, so the page always
 * shows the same five rows; null when the product has no review (the page says so instead).
 */
export function starCounts(aggs: Pick<ReviewAggs, 'total' | 'counts'>): StarCount[] | null {
  if (aggs.total <= 0) return null;
  const given = new Map(aggs.counts.map((level) => [level.rating, level.count]));
  return [5, 4, 3, 2, 1].map((rating) => ({ rating, count: Math.max(0, given.get(rating) ?? 0) }));
}
