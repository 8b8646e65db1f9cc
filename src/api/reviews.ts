import { z } from 'zod';
import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import { reviewListSchema, reviewSchema } from './schemas/content.ts';
import type { Review, ReviewList } from './schemas/content.ts';
import type { CallOptions } from './search.ts';

/**
 * The signed-in review calls of the content service (accounts spec §7; wire shapes and rules in
 * schemas/content.ts): each sends the shopper's bearer, so the storefront calls them only with the
 * session's client (the browser never holds the token). The public reads are in content.ts.
 * Bodies are the contract's input shapes (checked by the service with the same schemas).
 */

/** Spec §9: a shopper's reviews, 10 a page. */
export const USER_REVIEWS_PAGE_SIZE = 10;

const noContent = z.undefined();

export interface ReviewText {
  rating: number;
  pros: string | null;
  cons: string | null;
  comment: string;
}

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

/** `POST /public/review/user`: a new review (201); 409 when the shopper already reviewed the product. */
export function createReview(
  client: HttpClient,
  body: ReviewText & { productId: number; article: string | null },
  opts: CallOptions = {},
): Promise<Review> {
  return client.request({
    service: 'content',
    method: 'POST',
    path: '/public/review/user',
    auth: true,
    project: true,
    body,
    schema: reviewSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/review/user/{id}`: the shopper's own review changed; another's id is a 404. */
export function updateReview(
  client: HttpClient,
  id: number,
  body: ReviewText,
  opts: CallOptions = {},
): Promise<Review> {
  return client.request({
    service: 'content',
    method: 'POST',
    path: encodePath`/public/review/user/${id}`,
    auth: true,
    project: true,
    body,
    schema: reviewSchema,
    ...callOptions(opts),
  });
}

/** `DELETE /public/review/user/{id}`: the shopper's own review removed; another's id is a 404. */
export function deleteReview(client: HttpClient, id: number, opts: CallOptions = {}): Promise<void> {
  return client.request({
    service: 'content',
    method: 'DELETE',
    path: encodePath`/public/review/user/${id}`,
    auth: true,
    project: true,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/review/user/{id}/answer`: the shopper answers a review (any review). */
export function answerReview(
  client: HttpClient,
  id: number,
  body: { comment: string },
  opts: CallOptions = {},
): Promise<Review> {
  return client.request({
    service: 'content',
    method: 'POST',
    path: encodePath`/public/review/user/${id}/answer`,
    auth: true,
    project: true,
    body,
    schema: reviewSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/review/user`: the shopper's own reviews, newest first, `page` zero-based. */
export function getUserReviews(
  client: HttpClient,
  request: { page?: number; limit?: number } = {},
  opts: CallOptions = {},
): Promise<ReviewList> {
  return client.request({
    service: 'content',
    method: 'GET',
    path: '/public/review/user',
    auth: true,
    project: true,
    query: { page: request.page ?? 0, limit: request.limit ?? USER_REVIEWS_PAGE_SIZE },
    schema: reviewListSchema,
    ...callOptions(opts),
  });
}
