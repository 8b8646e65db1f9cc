import { log } from '../../log/log.ts';
import type { APIContext, APIRoute } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { createPayment, getAnonymousOrder, getGiftCertificateOrder, orderErrorOf } from '../../api/order.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { isOrderHash } from '../../domain/order/orderHash.ts';
import { certificatePayOffer, orderPayOffer, type PayOffer } from '../../domain/order/paymentOutcome.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { criticalRead, type CriticalRead } from './orderReads.ts';

/**
 * The pay buttons of the order and certificate pages: plain form posts (Astro's `checkOrigin`
 * refuses cross-site ones) that start a payment at the bank and answer 303 to its page. The bank
 * sends the shopper back to the page of the form's language with `?payment=<paymentHash>`.
 *
 * - Already paid, or nothing to pay online (cash, canceled, one-click): 303 back to the page,
 *   which shows the state as it is.
 * - Unknown or malformed hash: the 404 page. Each form reads its own kind first, so an order's
 *   form never pays a certificate purchase of that hash (nor the other way round).
 * - The order service or the bank cannot be reached (503, 5031 no bank, a timeout …): 303 back with
 *   `?pay=unavailable`, which says «Оплата сейчас недоступна, попробуйте позже».
 */

/** The query flag the pages read to say that payment is unavailable now. */
export const PAY_UNAVAILABLE_FLAG = { name: 'pay', value: 'unavailable' } as const;

/** What the pay form answers: 303 to the bank or back to the page, or the 404 page. */
export type PayAnswer = { kind: 'seeOther'; location: string } | { kind: 'notFound' };

/** What is being paid: an order, or a gift certificate purchase. */
export type PayTarget = 'order' | 'certificate';

const PAGES = { order: 'order-page', certificate: 'certificate-page' } as const;

/**
 * A bank page URL as the contract gives it: a path of the shop (the embedded bank) or an absolute
 * http(s) URL. Anything else is not followed.
 */
function isBankUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  return URL.canParse(url) && ['https:', 'http:'].includes(new URL(url).protocol);
}

/** Whether the page would offer to pay: the order's (or purchase's) own rule, read fresh. */
async function readOffer(api: HttpClient, target: PayTarget, hash: string): Promise<CriticalRead<PayOffer | null>> {
  if (target === 'order') {
    const read = await criticalRead('order', getAnonymousOrder(api, hash));
    return read.kind === 'found' ? { kind: 'found', value: orderPayOffer(read.value) } : read;
  }
  const read = await criticalRead('certificate purchase', getGiftCertificateOrder(api, hash));
  return read.kind === 'found' ? { kind: 'found', value: certificatePayOffer(read.value.paymentStatus) } : read;
}

/** Starts a payment for `hash` (a route parameter, unchecked) and says where the shopper goes. */
export async function startPayment(
  api: HttpClient,
  locale: Locale,
  target: PayTarget,
  hash: string | undefined,
): Promise<PayAnswer> {
  if (!isOrderHash(hash)) return { kind: 'notFound' };
  const page = routeName(PAGES[target], locale);
  const back: PayAnswer = { kind: 'seeOther', location: routeUrl(page, { hash }) };
  const unavailableNow: PayAnswer = {
    kind: 'seeOther',
    location: routeUrl(page, { hash }, new URLSearchParams([[PAY_UNAVAILABLE_FLAG.name, PAY_UNAVAILABLE_FLAG.value]])),
  };

  const offer = await readOffer(api, target, hash);
  if (offer.kind === 'notFound') return { kind: 'notFound' };
  if (offer.kind === 'unavailable') return unavailableNow;
  if (offer.value === null) return back;

  try {
    const payment = await createPayment(api, hash, back.location);
    if (isBankUrl(payment.paymentUrl)) return { kind: 'seeOther', location: payment.paymentUrl };
    log.error('[order] payment: the bank page is no http(s) URL:', payment.paymentUrl);
    return unavailableNow;
  } catch (error) {
    const refusal = orderErrorOf(error);
    if (refusal?.code === ORDER_ERROR.notFound) return { kind: 'notFound' };
    // Paid (or made unpayable) since the page was shown: the page says how it stands now.
    if (refusal?.code === ORDER_ERROR.alreadyPaid || refusal?.code === ORDER_ERROR.notPaidOnline) return back;
    if (!isApiError(error)) throw error;
    log.error('[order] payment could not be started:', error.message);
    return unavailableNow;
  }
}

async function answer(context: APIContext, target: PayTarget): Promise<Response> {
  const { api, locale } = context.locals;
  const result = await startPayment(api, locale, target, context.params.hash);
  if (result.kind === 'notFound') return context.rewrite('/404');
  return new Response(null, { status: 303, headers: { Location: result.location, 'Cache-Control': 'no-store' } });
}

/** `POST /order/{hash}/pay` (and `/ua/order/{hash}/pay`). */
export const orderPayPost: APIRoute = (context) => answer(context, 'order');

/** `POST /certificate/{hash}/pay` (and `/ua/certificate/{hash}/pay`). */
export const certificatePayPost: APIRoute = (context) => answer(context, 'certificate');

/** `GET …/pay`: the pay form's address is no page (a typed or bookmarked URL): the shop's 404 page. */
export const payFormGet: APIRoute = (context) => context.rewrite('/404');
