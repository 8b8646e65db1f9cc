import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { answerReview, createReview, deleteReview, updateReview } from '../../api/reviews.ts';
import { reviewAnswerCreateSchema, reviewCreateSchema, reviewUpdateSchema } from '../../api/schemas/content.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { newReviewFromForm, plainFromForm, reviewTextFromForm } from '../../domain/account/accountForms.ts';
import { done, refused, type Refused } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';
import { accountAction, idParams } from './accountEndpoint.ts';
import { accountServiceRefusal } from './accountRefusals.ts';

/**
 * The shopper's reviews (accounts spec §7 `/public/review/user…`, docs/decisions.md "Reviews"):
 * written and answered from the product page, changed and deleted on /profile/reviews. Another
 * shopper's review id is the content service's 404 («Запись не найдена»), nothing changed.
 */

/** A product page of this shop (`/product/{slug}`, `/ua/product/{slug}`): the only place a form may send the shopper back to. */
const PRODUCT_PATH = /^(\/ua)?\/product\/[a-z0-9]+(-[a-z0-9]+)*$/;
const returnToSchema = z.string().regex(PRODUCT_PATH).optional().catch(undefined);

const newReviewSchema = reviewCreateSchema.extend({ returnTo: returnToSchema });
const answerSchema = reviewAnswerCreateSchema.extend({ returnTo: returnToSchema });

/** The account page a review form came from (`?page=N` of the action's own address, 1-based). */
function reviewsPagePath(ctx: AuthContext): string {
  const page = ctx.url.searchParams.get('page') ?? '';
  const path = accountPagePath('reviews', ctx.locale);
  return /^[2-9]$|^[1-9]\d{1,4}$/.test(page) ? `${path}?page=${page}` : path;
}

/** The content service's own refusals of a review call; anything else is every account action's (404, 503 …). */
function reviewRefusal(error: unknown, ctx: AuthContext): Refused | null {
  if (isApiError(error) && error.kind === 'http') {
    if (error.status === 409) {
      return refused(409, ctx.t(error.code === 409 ? 'accountReviews.already' : 'accountReviews.full'));
    }
    if (error.status === 400) return refused(400, ctx.t('accountErrors.check'));
  }
  return accountServiceRefusal(error, ctx);
}

function readSchemaFor(fromForm: (fields: Readonly<Record<string, string>>) => unknown) {
  return (fields: Readonly<Record<string, string>>): unknown => {
    const body = fromForm(fields);
    return typeof body === 'object' && body !== null ? { ...body, returnTo: fields['returnTo'] } : body;
  };
}

/** `POST /api/account/reviews`: from the product page; done → back to the product's page at the new review. */
export const createReviewAction = accountAction({
  page: 'reviews',
  form: () => 'review-new',
  schema: newReviewSchema,
  fromForm: readSchemaFor(newReviewFromForm),
  serviceRefusal: reviewRefusal,
  async handle({ shopper, body: { returnTo, ...body }, ctx }) {
    const review = await createReview(shopper.api, body);
    return done(
      ctx.t('accountReviews.added'),
      `${returnTo ?? accountPagePath('reviews', ctx.locale)}#review-${review.id}`,
    );
  },
});

/** `POST /api/account/reviews/{id}`: the shopper's own review changed, from /profile/reviews. */
export const updateReviewAction = accountAction({
  page: 'reviews',
  form: ({ id }) => `review-${id}`,
  pagePath: reviewsPagePath,
  params: idParams,
  schema: reviewUpdateSchema,
  fromForm: reviewTextFromForm,
  serviceRefusal: reviewRefusal,
  async handle({ shopper, body, params: { id }, ctx }) {
    await updateReview(shopper.api, id, body);
    return done(ctx.t('accountReviews.saved'));
  },
});

/** `POST /api/account/reviews/{id}/delete`: the shopper's own review removed. */
export const deleteReviewAction = accountAction({
  page: 'reviews',
  form: () => 'reviews',
  pagePath: reviewsPagePath,
  params: idParams,
  async handle({ shopper, params: { id }, ctx }) {
    await deleteReview(shopper.api, id);
    return done(ctx.t('accountReviews.deleted'));
  },
});

/** `POST /api/account/reviews/{id}/answer`: the shopper answers a review on the product page. */
export const answerReviewAction = accountAction({
  page: 'reviews',
  form: () => 'reviews',
  params: idParams,
  schema: answerSchema,
  fromForm: readSchemaFor(plainFromForm),
  serviceRefusal: reviewRefusal,
  async handle({ shopper, body: { returnTo, ...body }, params: { id }, ctx }) {
    await answerReview(shopper.api, id, body);
    return done(ctx.t('accountReviews.answered'), `${returnTo ?? accountPagePath('reviews', ctx.locale)}#review-${id}`);
  },
});
