import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/apiError.ts';
import { embeddedBaseUrl, perService } from '../../src/api/config.ts';
import { getProductReviews, getRatings } from '../../src/api/content.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import { answerReview, createReview, deleteReview, getUserReviews, updateReview } from '../../src/api/reviews.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { REVIEW_ERROR, REVIEW_LIMITS, reviewSchema } from '../../src/api/schemas/content.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import { login } from '../../src/api/user.ts';
import { createServices, createSomeServices } from '../../src/services/index.ts';
import type { ChangeNotice, Services, SomeServices } from '../../src/services/index.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';

/**
 * The signed-in review calls of the content service (accounts spec §7, issue 12 "Reviews") over
 * the embedded services' HTTP contract and real SQLite: the content service asks the user service
 * who the bearer is and the search service which product is reviewed; only the author changes or
 * deletes a review; texts are stored as written; every change is reported with the product's tags.
 */
let services: Services;
const changes: ChangeNotice[] = [];
let olena: HttpClient;
let andrii: HttpClient;
let anonymous: HttpClient;
let products: WireProduct[];

function client(token: string | null): HttpClient {
  return createHttpClient({
    baseUrls: embeddedBaseUrls,
    locale: 'ru',
    fetch: services.fetch,
    ...(token ? { tokens: { get: () => ({ token, refreshToken: null }), set: () => {} } } : {}),
  });
}

async function signIn(phone: string): Promise<HttpClient> {
  const answer = await login(client(null), { login: phone, password: DEMO_PASSWORD });
  return client(answer.token);
}

/** A raw call to `/svc/content<path>`. */
function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return services.fetch(
    new Request(`http://shop.test/svc/content${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
}

/** The status and code of the service's refusal of `pending`. */
async function refusal(pending: Promise<unknown>): Promise<{ status: number; code: number | undefined }> {
  try {
    await pending;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, code: error.code };
  }
  throw new Error('expected a refusal');
}

function product(index: number): WireProduct {
  const found = products[index];
  if (!found) throw new Error(`no product ${index}`);
  return found;
}

const text = { rating: 5, pros: 'Лёгкая', cons: null, comment: 'Отличная коляска' };

beforeAll(async () => {
  services = await createServices({
    dataDir: ':memory:',
    seed: { seed: 42, products: 120 },
    onContentChange: (change) => {
      changes.push(change);
    },
  });
  const listed = await services.fetch(new Request('http://shop.test/svc/search/public/products?limit=20&page=1'));
  products = productListSchema.parse(await listed.json()).items;
  olena = await signIn('380501112233');
  andrii = await signIn('380672223344');
  anonymous = client(null);
});
afterAll(() => services.close());

describe('writing a review', () => {
  it('stores it with the shopper’s name, shows it first on the product and reports the product’s tags', async () => {
    const target = product(0);
    const before = await getProductReviews(anonymous, target.id);
    changes.length = 0;
    const article = target.nomenclature[0]?.displayArticle ?? null;
    const review = await createReview(olena, { ...text, productId: target.id, article });
    expect(review).toMatchObject({ productId: target.id, article, rating: 5, pros: 'Лёгкая', cons: null });
    expect(review.displayName).toMatch(/^\S+ \S\.$/u);
    expect(review.answers).toEqual([]);
    const after = await getProductReviews(anonymous, target.id);
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]?.id).toBe(review.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.tags).toContain(`product:${target.id}`);
    expect(changes[0]?.tags).toContain(`category:${target.folderCategory.slug}`);
    expect(changes[0]?.paths).toEqual([`/product/${target.slug}`, `/ua/product/${target.slug}`]);
    const [rating] = await getRatings(anonymous, [target.id]);
    expect(rating?.total).toBe(after.total);
  });

  it('answers 201 with the review, and a second review of the same product is a 409 that changes nothing', async () => {
    const target = product(1);
    const response = await call(
      'POST',
      '/public/review/user?project=bbs',
      { ...text, productId: target.id },
      {
        authorization: `Bearer ${await tokenOf('380672223344')}`,
      },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    reviewSchema.parse(await response.json());
    const total = (await getProductReviews(anonymous, target.id)).total;
    expect(
      await refusal(createReview(andrii, { ...text, comment: 'Ещё раз', productId: target.id, article: null })),
    ).toEqual({
      status: 409,
      code: REVIEW_ERROR.alreadyReviewed,
    });
    expect((await getProductReviews(anonymous, target.id)).total).toBe(total);
  });

  it('keeps HTML as plain text, exactly as written (trimmed)', async () => {
    const target = product(2);
    const html = '<b>жирный</b><script>alert(1)</script>';
    const review = await createReview(olena, {
      ...text,
      comment: `  ${html}\n`,
      pros: '<i>x</i>',
      productId: target.id,
      article: null,
    });
    expect(review.comment).toBe(html);
    expect(review.pros).toBe('<i>x</i>');
    const listed = await getProductReviews(anonymous, target.id);
    expect(listed.items.find((item) => item.id === review.id)?.comment).toBe(html);
  });

  it.each([
    ['a rating of 0', { ...text, rating: 0 }],
    ['a rating of 6', { ...text, rating: 6 }],
    ['a rating of 4.5', { ...text, rating: 4.5 }],
    ['a rating as text', { ...text, rating: '5' }],
    ['no comment', { rating: 4 }],
    ['a blank comment', { ...text, comment: '   ' }],
    ['a comment too long', { ...text, comment: 'я'.repeat(REVIEW_LIMITS.comment + 1) }],
    ['pros too long', { ...text, pros: 'я'.repeat(REVIEW_LIMITS.pros + 1) }],
    ['no product', { ...text }],
    ['a product id as text', { ...text, productId: 'one' }],
    ['an article of another product', { ...text, article: 'ZZZ-99' }],
    ['an article with markup', { ...text, article: '<b>' }],
  ])('refuses %s with a 400 and stores nothing', async (_name, body) => {
    const target = product(3);
    const withProduct = 'productId' in body || _name === 'no product' ? body : { ...body, productId: target.id };
    const before = (await getProductReviews(anonymous, target.id)).total;
    const response = await call('POST', '/public/review/user', withProduct, {
      authorization: `Bearer ${await tokenOf('380501112233')}`,
    });
    expect(response.status).toBe(400);
    expect(serviceErrorSchema.parse(await response.json()).code).toBe(400);
    expect((await getProductReviews(anonymous, target.id)).total).toBe(before);
  });

  it('refuses a body that is not JSON (400) and one over 16 KB (413)', async () => {
    const auth = { authorization: `Bearer ${await tokenOf('380501112233')}` };
    expect((await call('POST', '/public/review/user', '{"rating":', auth)).status).toBe(400);
    const big = JSON.stringify({ ...text, productId: product(3).id, comment: 'x'.repeat(20_000) });
    expect((await call('POST', '/public/review/user', big, auth)).status).toBe(413);
  });

  it('a product the search service does not know is a 404', async () => {
    expect(await refusal(createReview(olena, { ...text, productId: 2_000_000_000, article: null }))).toMatchObject({
      status: 404,
    });
  });
});

describe('without a bearer the user service knows', () => {
  it.each([
    ['POST', '/public/review/user', { ...text, productId: 1 }],
    ['GET', '/public/review/user', undefined],
    ['POST', '/public/review/user/1', text],
    ['DELETE', '/public/review/user/1', undefined],
    ['POST', '/public/review/user/1/answer', { comment: 'Да' }],
  ])('%s %s: 401 without Authorization and with a made-up token', async (method, path, body) => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic abc' }]) {
      const response = await call(method, path, body, headers);
      expect(response.status).toBe(401);
      expect(serviceErrorSchema.parse(await response.json()).code).toBe(401);
    }
  });
});

describe('one’s own reviews', () => {
  it('lists them 10 a page, newest first, with the total and average', async () => {
    const mine = await getUserReviews(olena);
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.items.length).toBe(mine.total);
    const times = mine.items.map((item) => item.createdAt);
    expect(times).toEqual(times.toSorted().reverse());
    const theirs = await getUserReviews(andrii);
    expect(theirs.items.map((item) => item.id)).not.toEqual(expect.arrayContaining([mine.items[0]?.id]));
    expect((await getUserReviews(olena, { page: 1, limit: 1 })).items).toHaveLength(1);
  });

  it('the author changes one: rating, pros, cons and text, with updatedAt, and the product’s tags are reported', async () => {
    const target = product(4);
    const review = await createReview(olena, { ...text, productId: target.id, article: null });
    changes.length = 0;
    const changed = await updateReview(olena, review.id, {
      rating: 2,
      pros: null,
      cons: 'Тяжёлая',
      comment: 'Передумала',
    });
    expect(changed).toMatchObject({ id: review.id, rating: 2, pros: null, cons: 'Тяжёлая', comment: 'Передумала' });
    expect(changed.updatedAt).not.toBeNull();
    expect(changes[0]?.tags).toContain(`product:${target.id}`);
    const listed = await getProductReviews(anonymous, target.id);
    expect(listed.items.find((item) => item.id === review.id)?.comment).toBe('Передумала');
  });

  it('another shopper’s review id is a 404 to change, delete or list, and nothing changes', async () => {
    const target = product(5);
    const review = await createReview(olena, { ...text, productId: target.id, article: null });
    changes.length = 0;
    expect(await refusal(updateReview(andrii, review.id, { ...text, comment: 'Взлом' }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(deleteReview(andrii, review.id))).toMatchObject({ status: 404 });
    const listed = await getProductReviews(anonymous, target.id);
    expect(listed.items.find((item) => item.id === review.id)).toMatchObject({ comment: text.comment, rating: 5 });
    expect(changes).toEqual([]);
    // A seeded review belongs to nobody: nobody may change it. The first product with one is taken
    // (the seed reviews some products only); a seed without any fails here rather than skip the check.
    let seeded: { id: number } | undefined;
    for (const candidate of products) {
      seeded = (await getProductReviews(anonymous, candidate.id, { limit: 50 })).items.find(
        (item) => item.updatedAt === null && item.id < review.id - 5,
      );
      if (seeded) break;
    }
    if (!seeded) throw new Error('the seed reviews none of the catalogue’s products');
    expect(await refusal(updateReview(olena, seeded.id, text))).toMatchObject({ status: 404 });
    expect(await refusal(deleteReview(olena, seeded.id))).toMatchObject({ status: 404 });
  });

  it.each(['0', '01', 'abc', '99999999999', '-1', '1.5'])('a path id %s is a 404', async (id) => {
    const response = await call('DELETE', `/public/review/user/${id}`, undefined, {
      authorization: `Bearer ${await tokenOf('380501112233')}`,
    });
    expect(response.status).toBe(404);
  });

  it('the author deletes one (204), with its answers; the product’s tags are reported; deleting again is a 404', async () => {
    const target = product(7);
    const review = await createReview(olena, { ...text, productId: target.id, article: null });
    await answerReview(andrii, review.id, { comment: 'Согласен' });
    changes.length = 0;
    await deleteReview(olena, review.id);
    expect(changes[0]?.tags).toContain(`product:${target.id}`);
    const listed = await getProductReviews(anonymous, target.id);
    expect(listed.items.find((item) => item.id === review.id)).toBeUndefined();
    expect(await refusal(deleteReview(olena, review.id))).toMatchObject({ status: 404 });
    // With it gone, the shopper may write a new one for the product.
    await createReview(olena, { ...text, productId: target.id, article: null });
  });
});

describe('answers', () => {
  it('a signed-in shopper answers any review; the answer shows under it, oldest first', async () => {
    const target = product(8);
    const review = await createReview(olena, { ...text, productId: target.id, article: null });
    changes.length = 0;
    const first = await answerReview(andrii, review.id, { comment: '<b>Спасибо</b>' });
    expect(first.answers).toHaveLength(1);
    expect(first.answers[0]).toMatchObject({ comment: '<b>Спасибо</b>' });
    const second = await answerReview(olena, review.id, { comment: 'Пожалуйста' });
    expect(second.answers.map((answer) => answer.comment)).toEqual(['<b>Спасибо</b>', 'Пожалуйста']);
    expect(changes.map((change) => change.tags[0])).toEqual([`product:${target.id}`, `product:${target.id}`]);
    const listed = await getProductReviews(anonymous, target.id);
    expect(listed.items.find((item) => item.id === review.id)?.answers).toHaveLength(2);
  });

  it('refuses a blank or too long answer (400) and an unknown review (404)', async () => {
    const review = (await getUserReviews(olena)).items[0];
    if (!review) throw new Error('no review');
    expect(await refusal(answerReview(andrii, review.id, { comment: ' ' }))).toMatchObject({ status: 400 });
    expect(
      await refusal(answerReview(andrii, review.id, { comment: 'я'.repeat(REVIEW_LIMITS.answer + 1) })),
    ).toMatchObject({ status: 400 });
    expect(await refusal(answerReview(andrii, 2_000_000_000, { comment: 'Да' }))).toMatchObject({ status: 404 });
  });
});

describe('when the user service cannot answer', () => {
  let some: SomeServices;
  beforeAll(async () => {
    // Content and search here, the user service at an address where nothing listens.
    some = await createSomeServices(['content', 'search'], {
      dataDir: ':memory:',
      seed: { seed: 42, products: 40 },
      serviceUrls: perService((service) =>
        service === 'user'
          ? { url: 'http://127.0.0.1:9', embedded: false }
          : { url: embeddedBaseUrl(service), embedded: true },
      ),
    });
  });
  afterAll(() => some.close());

  it('a signed-in call is a 503 with Retry-After, never a 401', async () => {
    const response = await some.fetch(
      new Request('http://shop.test/svc/content/public/review/user', {
        headers: { authorization: 'Bearer some-token' },
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });
});

const tokens = new Map<string, string>();
/** A bearer of the demo account `phone` (signed in once per file). */
async function tokenOf(phone: string): Promise<string> {
  const known = tokens.get(phone);
  if (known) return known;
  const { token } = await login(client(null), { login: phone, password: DEMO_PASSWORD });
  tokens.set(phone, token);
  return token;
}
