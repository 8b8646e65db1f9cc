import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { z } from 'zod';
import {
  getGiftCertificateOrder,
  getPaymentCheckout,
  orderErrorOf,
  purchaseCustomerGiftCertificate,
  purchaseGiftCertificate,
} from '../../api/order.ts';
import type { HttpClient } from '../../api/http.ts';
import { isApiError } from '../../api/apiError.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { certificatePageModel, type CertificatePageModel } from '../../domain/certificate/certificatePageModel.ts';
import {
  certificateFormModel,
  serviceFieldErrors,
  validateCertificateForm,
  type CertificatePurchasePageModel,
  type CertificateFormValues,
} from '../../domain/certificate/certificatePurchaseForm.ts';
import { isOrderHash } from '../../domain/order/orderHash.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import { formFields } from '../request/formFields.ts';
import type { PageRequest } from '../request/pageOutcome.ts';
import { notFound, personalPage, redirect, unavailable, type PageOutcome } from '../request/pageOutcome.ts';
import { criticalRead, optionalRead } from '../order/orderReads.ts';
import { PAY_UNAVAILABLE_FLAG } from '../order/payForms.ts';

/** Text as typed, cut at a length past any valid value (the field's rule then refuses it). */
const typed = (max: number) =>
  z
    .string()
    .default('')
    .transform((text) => text.slice(0, max));

const purchaseFormSchema = z.object({
  nominal: typed(40),
  firstName: typed(120),
  phone: typed(40),
  email: typed(320),
  // The form's script made it (a UUID); missing or of another shape, the purchase goes without a key.
  intent: z.string().refine(isIdempotencyKey).optional().catch(undefined),
});

/** The purchase page's model, status 400 (refused fields) or 503 (service failed) when not a plain form. */
function formPage(
  request: PageRequest,
  state: Parameters<typeof certificateFormModel>[1],
  status: 200 | 400 | 503 = 200,
): PageOutcome<CertificatePurchasePageModel> {
  return personalPage({ form: certificateFormModel(request.locale, state), failed: status === 503 }, status);
}

/**
 * `GET /certificate`: the purchase form. `POST /certificate`: the form checked field by field
 * (spec §5 messages; 400 with the typed values and each message by its field), then bought (303 to
 * the certificate's page). The `intent` the form's script made is the purchase's Idempotency-Key,
 * so a resent form answers the same purchase. Without JavaScript there is no key: a double submit
 * then makes two unpaid purchases, which costs the shopper nothing (only a paid one is a certificate).
 * A signed-in shopper buys through the signed-in call (spec storefront §6: the purchase is theirs);
 * `shopper` reads their client only for a POST (the form itself needs no session).
 */
export async function loadCertificatePurchase(
  request: PageRequest,
  httpRequest: Request,
  shopper: () => Promise<HttpClient | null> = () => Promise.resolve(null),
): Promise<PageOutcome<CertificatePurchasePageModel>> {
  if (httpRequest.method !== 'POST') return formPage(request, {});
  const parsed = purchaseFormSchema.safeParse(await formFields(httpRequest));
  if (!parsed.success) return formPage(request, {}, 400);
  const { intent, ...values } = parsed.data;
  const kept = { values, intent: intent ?? '' } satisfies { values: CertificateFormValues; intent: string };
  const checked = validateCertificateForm(values, request.locale);
  if (!checked.ok) return formPage(request, { ...kept, errors: checked.errors }, 400);

  const own = await shopper();
  const anonymously = (key: string | undefined) => purchaseGiftCertificate(request.api, checked.purchase, key);
  const buy = (key: string | undefined) =>
    own
      ? purchaseCustomerGiftCertificate(own, checked.purchase, key).catch((error: unknown) => {
          // The session died under the form (the refresh failed): the shopper still gets the certificate.
          if (isApiError(error) && error.kind === 'http' && error.status === 401) return anonymously(key);
          throw error;
        })
      : anonymously(key);
  let hash: string;
  try {
    hash = await buy(intent).catch((error: unknown) => {
      // The key bought something else: the shopper went back and changed the form, a new intent.
      if (intent !== undefined && orderErrorOf(error)?.code === ORDER_ERROR.keyReused) return buy(undefined);
      throw error;
    });
  } catch (error) {
    const refusal = orderErrorOf(error);
    const fieldErrors =
      refusal?.code === ORDER_ERROR.invalid ? serviceFieldErrors(refusal.fields, request.locale) : null;
    if (fieldErrors !== null) return formPage(request, { ...kept, errors: fieldErrors }, 400);
    if (!isApiError(error)) throw error;
    log.error('[certificate] purchase failed:', error.message);
    report(error, { failure: 'order' });
    return formPage(request, kept, 503);
  }
  return redirect(routeUrl(routeName('certificate-page', request.locale), { hash }), 303);
}

/** Optional reads wait no longer than this. */
const OPTIONAL_TIMEOUT_MS = 2500;

/**
 * `/certificate/{hash}`: the purchase, its payment and, once paid, the certificate's key (personal:
 * never stored, noindex). Critical: an unknown or malformed hash is the 404 page, an order service
 * that does not answer the 503 page. `?payment=` from the bank is optional.
 */
export async function loadCertificatePage(request: PageRequest): Promise<PageOutcome<CertificatePageModel>> {
  const { hash } = request.params;
  if (!isOrderHash(hash)) return notFound();
  const query = request.url.searchParams;
  const paymentHash = query.get('payment');
  const [read, payment] = await Promise.all([
    criticalRead('certificate purchase', getGiftCertificateOrder(request.api, hash)),
    isOrderHash(paymentHash)
      ? optionalRead('payment', getPaymentCheckout(request.api, paymentHash, { timeoutMs: OPTIONAL_TIMEOUT_MS }))
      : null,
  ]);
  if (read.kind === 'notFound') return notFound();
  if (read.kind === 'unavailable') return unavailable();
  return personalPage(
    certificatePageModel(read.value, {
      locale: request.locale,
      payUnavailable: query.has(PAY_UNAVAILABLE_FLAG.name, PAY_UNAVAILABLE_FLAG.value),
      payment,
      timeZone: request.timeZone ?? null,
    }),
  );
}
