import { log } from '../../log/log.ts';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { reviewChange } from '../../api/contentChanges.ts';
import type { ContentChange } from '../../api/contentChanges.ts';
import type { HttpClient } from '../../api/http.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import {
  REVIEW_ERROR,
  REVIEW_LIMITS,
  reviewAnswerCreateSchema,
  reviewCreateSchema,
  reviewUpdateSchema,
  reviewUserQuerySchema,
} from '../../api/schemas/content.ts';
import type { Review, ReviewList } from '../../api/schemas/content.ts';
import { productSchema } from '../../api/schemas/product.ts';
import { decodeQuery } from '../../api/queryString.ts';
import { createBearerIdentityReader } from '../http/bearerIdentity.ts';
import type { BearerIdentity } from '../http/bearerIdentity.ts';
import { readJsonBody } from '../http/adminRoutes.ts';
import { parseOr400, ServiceError } from '../http/serviceApp.ts';
import type { ReviewAuthor, ReviewedProduct, ReviewRepository } from './reviewRepository.ts';

/**
 * The signed-in review calls (accounts spec §7): write, change and delete one's own review, answer
 * any review, list one's own. The content service keeps no accounts: the user service says who the
 * bearer is (src/services/http/bearerIdentity.ts), judged before the body is read; no or a refused
 * bearer is a 401, a user service that cannot answer a 503 with Retry-After. Another shopper's
 * review id is a 404, the same answer as an id nobody has, and changes nothing. A new review asks
 * the search service for the product (unknown: 404; no answer: 503). Every committed change is
 * reported with `reviewChange` tags before it is answered (the product page is fresh at once).
 */
export interface ReviewRouteOptions {
  /** The client this service calls the user and search services with. */
  upstream: HttpClient;
  notify: (change: ContentChange) => Promise<void>;
  now: () => string;
}

/** Bytes of a review request: the longest texts (3,000 characters of up to 4 UTF-8 bytes) with room to spare. */
const REVIEW_BYTES = 16 * 1024;
const RETRY_AFTER_SECONDS = 5;
const PRODUCT_TIMEOUT_MS = 3000;

/** What a review needs of the product: where it sits and its variants' articles. */
const reviewedProductSchema = productSchema
  .pick({ id: true, slug: true, folderCategory: true, category: true })
  .extend({
    nomenclature: z.array(z.object({ displayArticle: z.string() })),
  });

function unavailable(what: string): ServiceError {
  return new ServiceError(503, `${what} cannot answer now; try again shortly`, 503, RETRY_AFTER_SECONDS);
}

function notFound(what: string): ServiceError {
  return new ServiceError(404, `No ${what}`);
}

/** Spec §3 displayName: the first name and the last name's initial («Олена К.»). */
export function reviewerName(who: Pick<BearerIdentity, 'firstName' | 'lastName'>): string {
  const first = who.firstName.trim();
  const initial = Array.from(who.lastName.trim())[0];
  const name = initial ? `${first} ${initial.toLocaleUpperCase('uk')}.` : first;
  return name === '' ? '—' : name;
}

/** A review id in a path: digits only, within SQLite's ids; anything else is no review (404). */
function reviewId(c: Context): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > 2 ** 31 - 1) throw notFound(`review ${raw}`);
  return id;
}

/** The product article: the display article before its `-NN` variant suffix (as the seed stores it). */
function productArticleOf(articles: readonly string[], productId: number): string {
  const first = articles[0];
  return first === undefined ? String(productId) : first.replace(/-\d+$/, '');
}

export function mountReviewRoutes(app: Hono, reviews: ReviewRepository, options: ReviewRouteOptions): void {
  const identify = createBearerIdentityReader(options.upstream, 'content');

  const author = async (c: Context): Promise<ReviewAuthor> => {
    const answer = await identify(c.req.header('authorization'));
    if (answer.kind === 'refused') {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ServiceError(401, 'A signed-in shopper’s bearer token is required');
    }
    if (answer.kind === 'unavailable') throw unavailable('The user service');
    return { userId: answer.who.id, displayName: reviewerName(answer.who) };
  };

  const product = async (productId: number): Promise<ReviewedProduct & { slug: string; articles: string[] }> => {
    try {
      const found = await options.upstream.request({
        service: 'search',
        method: 'GET',
        path: `/public/products/${productId}`,
        project: true,
        schema: reviewedProductSchema,
        timeoutMs: PRODUCT_TIMEOUT_MS,
      });
      const articles = found.nomenclature.map((variant) => variant.displayArticle);
      return {
        id: found.id,
        slug: found.slug,
        article: null,
        articles,
        productArticle: productArticleOf(articles, found.id),
        folderCategory: found.folderCategory.slug,
        category: found.category?.slug ?? null,
      };
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === 'http' && error.status === 404) throw notFound(`product ${productId}`);
      log.error('[content] the search service cannot tell which product is reviewed:', error.message);
      throw unavailable('The search service');
    }
  };

  const queryOf = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
    parseOr400(schema, decodeQuery(new URL(c.req.url).searchParams), 'query');
  const bodyOf = async <S extends z.ZodType>(c: Context, schema: S, what: string): Promise<z.output<S>> =>
    parseOr400(schema, await readJsonBody(c), what);

  // Only the Content-Length is looked at here (nothing is read): the bearer is judged first in each handler.
  const tooLarge = bodyLimit({
    maxSize: REVIEW_BYTES,
    onError: (c) => {
      const body: ServiceErrorBody = { code: 413, message: `The body is larger than ${REVIEW_BYTES} bytes` };
      return c.json(body, 413);
    },
  });
  for (const path of ['/public/review/user', '/public/review/user/*']) {
    app.use(path, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
    app.use(path, tooLarge);
  }

  app.get('/public/review/user', async (c) => {
    const { userId } = await author(c);
    const query = queryOf(c, reviewUserQuerySchema);
    const body: ReviewList = reviews.ofUser(userId, query);
    return c.json(body);
  });

  app.post('/public/review/user', async (c) => {
    const who = await author(c);
    const input = await bodyOf(c, reviewCreateSchema, 'review');
    const found = await product(input.productId);
    if (input.article !== null && !found.articles.includes(input.article)) {
      throw new ServiceError(400, `Invalid review: article ${input.article} is not one of product ${found.id}`);
    }
    const created = reviews.create(who, { ...found, article: input.article }, input, options.now());
    if (created === null) {
      throw new ServiceError(
        409,
        `This shopper already reviewed product ${found.id}: change that review instead`,
        REVIEW_ERROR.alreadyReviewed,
      );
    }
    await options.notify(reviewChange({ ...found, productId: found.id }));
    const body: Review = created;
    return c.json(body, 201);
  });

  app.post('/public/review/user/:id', async (c) => {
    const who = await author(c);
    const id = reviewId(c);
    const input = await bodyOf(c, reviewUpdateSchema, 'review');
    const changed = reviews.update(who, id, input, options.now());
    if (changed === null) throw notFound(`review ${id} of this shopper`);
    await options.notify(reviewChange({ ...changed.place, slug: null }));
    const body: Review = changed.review;
    return c.json(body);
  });

  app.delete('/public/review/user/:id', async (c) => {
    const { userId } = await author(c);
    const id = reviewId(c);
    const place = reviews.remove(userId, id);
    if (place === null) throw notFound(`review ${id} of this shopper`);
    await options.notify(reviewChange({ ...place, slug: null }));
    return c.body(null, 204);
  });

  app.post('/public/review/user/:id/answer', async (c) => {
    const who = await author(c);
    const id = reviewId(c);
    const input = await bodyOf(c, reviewAnswerCreateSchema, 'answer');
    const answered = reviews.answer(who, id, input.comment, options.now(), REVIEW_LIMITS.answersPerReview);
    if (answered === null) throw notFound(`review ${id}`);
    if (answered === 'full') {
      throw new ServiceError(409, `Review ${id} holds as many answers as it may`, REVIEW_ERROR.tooManyAnswers);
    }
    const place = reviews.find(id)?.place;
    if (place) await options.notify(reviewChange({ ...place, slug: null }));
    const body: Review = answered;
    return c.json(body, 201);
  });
}
