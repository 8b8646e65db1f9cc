import { getAnonymousOrder, getPaymentCheckout } from '../../api/order.ts';
import type { Order } from '../../api/schemas/order.ts';
import { getProductsByIds } from '../../api/search.ts';
import { isOrderHash } from '../../domain/order/orderHash.ts';
import { orderPageModel, phoneCodeStateOf, type OrderPageModel } from '../../domain/order/orderPageModel.ts';
import { titleIn } from '../../i18n/localized.ts';
import type { PageRequest } from '../request/pageOutcome.ts';
import { notFound, personalPage, unavailable, type PageOutcome } from '../request/pageOutcome.ts';
import { criticalRead, optionalRead } from '../order/orderReads.ts';
import { PAY_UNAVAILABLE_FLAG } from '../order/payForms.ts';
import { PAYMENT_TYPE_REFUSED_FLAG } from '../order/paymentTypeForm.ts';
import { PHONE_CODE_FLAG } from '../order/phoneConfirmForms.ts';

/** Optional reads (the payment of `?payment=`, the catalogue's Ukrainian names) wait no longer than this. */
const OPTIONAL_TIMEOUT_MS = 2500;

type Presentations = Map<number, { color: string | null; size: string | null }>;

/**
 * The colour and size of the order's variants in Ukrainian, from the catalogue: an order line keeps
 * them in Russian only. Optional: without an answer the lines show the order's own words.
 */
export async function ukrainianPresentations(request: PageRequest, order: Order): Promise<Presentations> {
  const shown: Presentations = new Map();
  if (request.locale !== 'uk' || order.activeOrderItems.length === 0) return shown;
  const products = await optionalRead(
    'catalogue names',
    getProductsByIds(
      request.api,
      order.activeOrderItems.map((line) => line.productId),
      {},
      { timeoutMs: OPTIONAL_TIMEOUT_MS },
    ),
  );
  for (const product of products ?? []) {
    for (const variant of product.nomenclature) {
      shown.set(variant.id, {
        color: variant.colorPresentation ? titleIn('uk', variant.colorPresentation) : null,
        size: variant.sizePresentation ? titleIn('uk', variant.sizePresentation) : null,
      });
    }
  }
  return shown;
}

/**
 * `/order/{hash}`: the shopper's order (personal: never stored, noindex), with `?placed=1` from the
 * checkout, `?payment=<paymentHash>` from the bank and `?pay=unavailable` from the pay form. The
 * order is critical: an unknown or malformed hash is the 404 page, an order service that does not
 * answer the 503 page. The payment the bank returned with is optional.
 */
export async function loadOrderPage(request: PageRequest): Promise<PageOutcome<OrderPageModel>> {
  const { hash } = request.params;
  if (!isOrderHash(hash)) return notFound();
  const query = request.url.searchParams;
  const paymentHash = query.get('payment');
  const [read, payment] = await Promise.all([
    criticalRead('order', getAnonymousOrder(request.api, hash)),
    isOrderHash(paymentHash)
      ? optionalRead('payment', getPaymentCheckout(request.api, paymentHash, { timeoutMs: OPTIONAL_TIMEOUT_MS }))
      : null,
  ]);
  if (read.kind === 'notFound') return notFound();
  if (read.kind === 'unavailable') return unavailable();
  const order = read.value;
  return personalPage(
    orderPageModel(order, {
      locale: request.locale,
      placed: query.get('placed') === '1',
      payUnavailable: query.has(PAY_UNAVAILABLE_FLAG.name, PAY_UNAVAILABLE_FLAG.value),
      paymentTypeRefused: query.has(PAYMENT_TYPE_REFUSED_FLAG.name, PAYMENT_TYPE_REFUSED_FLAG.value),
      phoneCode: phoneCodeStateOf(query.get(PHONE_CODE_FLAG)),
      payment,
      presentations: await ukrainianPresentations(request, order),
      timeZone: request.timeZone ?? null,
    }),
  );
}
