import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { answerReview, createReview, deleteReview, updateReview } from '../../api/reviews.ts';
import { reviewAnswerCreateSchema, reviewCreateSchema, reviewUpdateSchema } from '../../api/schemas/content.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { newReviewFromForm, plainFromForm, reviewTextFromForm } from '../../domain/account/accountForms.ts';
import type { AccountAction } from './accountKit.ts';
import { done, refused, type ActionResult } from './accountRefusals.ts';
import type { AuthContext } from '../session/authContext.ts';

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

/** The content service's own refusals of a review call; anything else is the kit's (401, 404, 503 …). */
function reviewRefusal(error: unknown, ctx: AuthContext): ActionResult | null {
  if (!isApiError(error) || error.kind !== 'http') return null;
  if (error.status === 409)
    return refused(409, ctx.t(error.code === 409 ? 'accountReviews.already' : 'accountReviews.full'));
  if (error.status === 400) return refused(400, ctx.t('accountErrors.check'));
  return null;
}

async function orRefusal(ctx: AuthContext, work: () => Promise<ActionResult>): Promise<ActionResult> {
  try {
    return await work();
  } catch (error) {
    const refusal = reviewRefusal(error, ctx);
    if (refusal) return refusal;
    throw error;
  }
}

function readSchemaFor(fromForm: (fields: Readonly<Record<string, string>>) => unknown) {
  return (fields: Readonly<Record<string, string>>): unknown => {
    const body = fromForm(fields);
    return typeof body === 'object' && body !== null ? { ...body, returnTo: fields['returnTo'] } : body;
  };
}

/** `POST /api/account/reviews`: from the product page; done → back to the product's page at the new review. */
export const createReviewAction: AccountAction<typeof newReviewSchema> = {
  page: 'reviews',
  form: 'review-new',
  schema: newReviewSchema,
  fromForm: readSchemaFor(newReviewFromForm),
  run: (shopper, { returnTo, ...body }, ctx) =>
    orRefusal(ctx, async () => {
      const review = await createReview(shopper.api, body);
      return done(
        ctx.t('accountReviews.added'),
        `${returnTo ?? accountPagePath('reviews', ctx.locale)}#review-${review.id}`,
      );
    }),
};

/** `POST /api/account/reviews/{id}`: the shopper's own review changed, from /profile/reviews. */
export function updateReviewAction(id: number): AccountAction<typeof reviewUpdateSchema> {
  return {
    page: 'reviews',
    form: `review-${id}`,
    pagePath: reviewsPagePath,
    schema: reviewUpdateSchema,
    fromForm: reviewTextFromForm,
    run: (shopper, body, ctx) =>
      orRefusal(ctx, async () => {
        await updateReview(shopper.api, id, body);
        return done(ctx.t('accountReviews.saved'));
      }),
  };
}

/** `POST /api/account/reviews/{id}/delete`: the shopper's own review removed. */
export function deleteReviewAction(id: number): AccountAction<z.ZodUnknown> {
  return {
    page: 'reviews',
    form: 'reviews',
    pagePath: reviewsPagePath,
    schema: z.unknown(),
    fromForm: () => ({}),
    async run(shopper, _body, ctx) {
      await deleteReview(shopper.api, id);
      return done(ctx.t('accountReviews.deleted'));
    },
  };
}

/** `POST /api/account/reviews/{id}/answer`: the shopper answers a review on the product page. */
export function answerReviewAction(id: number): AccountAction<typeof answerSchema> {
  return {
    page: 'reviews',
    form: 'reviews',
    schema: answerSchema,
    fromForm: readSchemaFor(plainFromForm),
    run: (shopper, { returnTo, ...body }, ctx) =>
      orRefusal(ctx, async () => {
        await answerReview(shopper.api, id, body);
        return done(
          ctx.t('accountReviews.answered'),
          `${returnTo ?? accountPagePath('reviews', ctx.locale)}#review-${id}`,
        );
      }),
  };
}
