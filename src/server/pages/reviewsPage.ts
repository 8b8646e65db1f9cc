import { log } from '../../log/log.ts';
import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { REVIEW_LIMITS } from '../../api/schemas/content.ts';
import type { Review } from '../../api/schemas/content.ts';
import { getUserReviews, USER_REVIEWS_PAGE_SIZE } from '../../api/reviews.ts';
import { getProductsByIds } from '../../api/search.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import type { FormState } from '../../domain/account/formState.ts';
import { pageCount, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { productTitle } from '../../domain/catalog/productTitle.ts';
import { formatDate } from '../../domain/format/date.ts';
import { historyPageOf } from '../../domain/order/orderHistoryModel.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { actionUrl, loadAccountPage } from '../account/accountPage.ts';
import { notFound, type PageOutcome, shopperTimeZone } from '../request/pageOutcome.ts';

/** The fields of a review form as the page shows them (stored, or what was typed after a refusal). */
export interface ReviewFormValues {
  rating: string;
  pros: string;
  cons: string;
  comment: string;
}

/** One of the shopper's reviews, editable in place. */
export interface OwnReview {
  id: number;
  /** The form's id on the page (its flash, the 303's anchor). */
  formId: string;
  form: FormState;
  action: string;
  deleteAction: string;
  product: { title: string; href: string | null };
  date: string;
  datetime: string;
  values: ReviewFormValues;
  answers: number;
}

export interface ReviewsPageModel {
  locale: Locale;
  /** The list's message (a deletion) and the product page's new-review message, when one came back. */
  list: FormState;
  written: FormState;
  /** A new review the product page's form could not save, to try again here; null when none. */
  retry: { action: string; productId: string; article: string; values: ReviewFormValues } | null;
  /** false when the content service could not answer (the page says so; nobody is signed out). */
  readable: boolean;
  total: number;
  reviews: OwnReview[];
  links: PageLinks | null;
  limits: typeof REVIEW_LIMITS;
}

function reviewsUrl(locale: Locale, page: number): string {
  const path = accountPagePath('reviews', locale);
  return page > 1 ? `${path}?page=${page}` : path;
}

/** The address a form posts to, with the page's language and the list page it came back to. */
function formAction(path: string, locale: Locale, page: number): string {
  const base = actionUrl(path, locale);
  if (page <= 1) return base;
  return `${base}${base.includes('?') ? '&' : '?'}page=${page}`;
}

/** Product titles and links of the reviewed products; optional: without them a review shows «Товар №…». */
async function productLinks(
  api: Parameters<typeof getProductsByIds>[0],
  reviews: readonly Review[],
  locale: Locale,
): Promise<Map<number, { title: string; href: string }>> {
  const ids = reviews.map((review) => review.productId);
  if (ids.length === 0) return new Map();
  try {
    const products = await getProductsByIds(api, ids, {}, { timeoutMs: 2500 });
    return new Map(
      products.map((product) => [
        product.id,
        {
          title: productTitle(titleIn(locale, product)),
          href: routeUrl(routeName('product-page', locale), { slug: product.slug }),
        },
      ]),
    );
  } catch (error) {
    log.error('[account] reviewed products:', error instanceof Error ? error.message : error);
    return new Map();
  }
}

/** `/profile/reviews?page=N` (spec §9: 10 a page, newest first); a malformed page or one past the last is a 404. */
export async function loadReviewsPage(astro: AstroGlobal): Promise<PageOutcome<ReviewsPageModel>> {
  const page = historyPageOf(astro.url.searchParams);
  if (page === null) return notFound();
  let pastTheLast = false;
  const timeZone = shopperTimeZone(astro);
  const outcome = await loadAccountPage(astro, async ({ api, locale, form, ctx }): Promise<ReviewsPageModel> => {
    const written = form('review-new');
    const retry = written.message && !written.message.ok ? written : null;
    const base = {
      locale,
      list: form('reviews'),
      written,
      retry: retry
        ? {
            action: actionUrl(ACCOUNT_PATHS.reviews, locale),
            productId: retry.value('productId', ''),
            article: retry.value('article', ''),
            values: {
              rating: retry.value('rating', ''),
              pros: retry.value('pros', ''),
              cons: retry.value('cons', ''),
              comment: retry.value('comment', ''),
            },
          }
        : null,
      limits: REVIEW_LIMITS,
    };
    let list;
    try {
      list = await getUserReviews(api, { page: page - 1, limit: USER_REVIEWS_PAGE_SIZE });
    } catch (error) {
      if (!isApiError(error)) throw error;
      log.error('[account] the content service cannot list the reviews:', error.message);
      return { ...base, readable: false, total: 0, reviews: [], links: null };
    }
    const count = pageCount(list.total, USER_REVIEWS_PAGE_SIZE);
    if (page > Math.max(count, 1)) pastTheLast = true;
    const products = await productLinks(api, list.items, locale);
    return {
      ...base,
      readable: true,
      total: list.total,
      reviews: list.items.map((review) => {
        const formId = `review-${review.id}`;
        const state = form(formId);
        return {
          id: review.id,
          formId,
          form: state,
          action: formAction(`${ACCOUNT_PATHS.reviews}/${review.id}`, locale, page),
          // A deletion comes back to the first page: the one it was on may be gone.
          deleteAction: actionUrl(`${ACCOUNT_PATHS.reviews}/${review.id}/delete`, locale),
          product: products.get(review.productId) ?? {
            title: ctx.t('accountReviews.product', { id: review.productId }),
            href: null,
          },
          date: formatDate(review.createdAt, timeZone),
          datetime: review.createdAt.slice(0, 10),
          values: {
            rating: state.value('rating', String(review.rating)),
            pros: state.value('pros', review.pros ?? ''),
            cons: state.value('cons', review.cons ?? ''),
            comment: state.value('comment', review.comment),
          },
          answers: review.answers.length,
        };
      }),
      links: count > 1 ? pageLinks(page, count, (p) => reviewsUrl(locale, p)) : null,
    };
  });
  return pastTheLast ? notFound() : outcome;
}
