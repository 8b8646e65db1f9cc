import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import { orderErrorOf } from '../../api/order.ts';
import { ORDER_ERROR, type Order } from '../../api/schemas/order.ts';
import type { WireProduct } from '../../api/schemas/product.ts';
import { getProductsByIds } from '../../api/search.ts';
import { basketItemInput } from '../../domain/basket/basketItemSource.ts';
import { productTitle } from '../../domain/catalog/productTitle.ts';
import { shownPrice } from '../../domain/catalog/variants.ts';
import {
  EMPTY_ONE_CLICK,
  oneClickFormModel,
  serviceErrors,
  validateOneClick,
  type OneClickErrors,
  type OneClickLine,
  type OneClickLineView,
  type OneClickPageModel,
  type OneClickValues,
} from '../../domain/order/oneClickForm.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { oneClickKey } from '../order/oneClickKey.ts';
import { accountName, placeOneClick } from '../order/placeOneClick.ts';
import { formFields } from '../request/formFields.ts';
import type { PageRequest } from '../request/pageOutcome.ts';
import {
  notFound,
  personalPage,
  redirect,
  unavailable,
  type PageOutcome,
  type PersonalStatus,
} from '../request/pageOutcome.ts';

/**
 * `/one-click` (storefront spec §6, §7 one-click order), the product page's «Купить в один клик»
 * form's own page. `POST`: the form checked field by field (the phone rule, a name when anonymous),
 * then the order placed through the anonymous or the signed-in call with its Idempotency-Key
 * (src/server/order/oneClickKey.ts), 303 to the order's page with its thank-you, as the checkout
 * leads there. A refusal (a field, the variant sold out or short, the phone's open orders) is the
 * form again with what was typed and the message by its field (400, 409 for the stock). `GET`
 * with `productId`, `internalId` and `quantity`: the same form for that variant. The order service
 * is the authority on price and stock; the catalogue only names the variant above the form.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Text as typed, cut at a length past any valid value (the field's rule then refuses it). */
const typed = (max: number) =>
  z
    .string()
    .default('')
    .transform((text) => text.slice(0, max));

const lineSchema = z.object({ productId: id, internalId: id });
const postedSchema = lineSchema.extend({
  phone: typed(40),
  firstName: typed(120),
  quantity: typed(10),
  // The form's script made it (a UUID); missing or of another shape, the key comes from the order (oneClickKey.ts).
  intent: z.string().refine(isIdempotencyKey).optional().catch(undefined),
});

/** The catalogue read waits no longer than this: the page names the variant with it. */
const PRODUCT_TIMEOUT_MS = 3000;

/** Who posts: the signed-in shopper's client (else null), the address for the key without a script, the clock. */
export interface OneClickPoster {
  shopper: () => Promise<HttpClient | null>;
  clientIp: string | null;
  now?: () => Date;
}

type ProductRead = { kind: 'found'; product: WireProduct } | { kind: 'missing' } | { kind: 'unavailable' };

async function readProduct(request: PageRequest, productId: number): Promise<ProductRead> {
  try {
    const [product] = await getProductsByIds(request.api, [productId], {}, { timeoutMs: PRODUCT_TIMEOUT_MS });
    return product?.id === productId ? { kind: 'found', product } : { kind: 'missing' };
  } catch (error) {
    log.error('[one-click] product read failed:', error instanceof Error ? error.message : error);
    return { kind: 'unavailable' };
  }
}

/** The variant as the page shows it; null when the product has no such variant for sale. */
function lineView(request: PageRequest, product: WireProduct, internalId: number): OneClickLineView | null {
  const input = basketItemInput(product, internalId);
  const variant = product.nomenclature.find((v) => v.id === internalId);
  if (!input || !variant) return null;
  const { locale } = request;
  const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
  if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
  return {
    title: productTitle(titleIn(locale, product)),
    href: `${routeUrl(routeName('product-page', locale), { slug: product.slug })}?${query.toString()}`,
    color: variant.colorPresentation ? titleIn(locale, variant.colorPresentation) : null,
    size: variant.sizePresentation ? titleIn(locale, variant.sizePresentation) : null,
    article: input.displayArticle,
    image: input.currentImage,
    price: shownPrice(input.recommendedPrice, input.sellingPrice).final,
  };
}

interface FormState {
  values?: OneClickValues;
  errors?: OneClickErrors;
  intent?: string;
}

function formPage(
  request: PageRequest,
  line: OneClickLine,
  view: OneClickLineView,
  max: number,
  state: FormState,
  status: PersonalStatus = 200,
): PageOutcome<OneClickPageModel> {
  const action = routeUrl(routeName('one-click', request.locale));
  return personalPage(
    { line: view, form: oneClickFormModel(action, line, max, state), failed: status === 503 },
    status,
  );
}

export async function loadOneClickPage(
  request: PageRequest,
  httpRequest: Request,
  poster: OneClickPoster,
): Promise<PageOutcome<OneClickPageModel>> {
  const isPost = httpRequest.method === 'POST';
  const fields = isPost ? await formFields(httpRequest) : Object.fromEntries(request.url.searchParams);
  const parsed = postedSchema.safeParse(fields);
  if (!parsed.success) return notFound();
  const { productId, internalId, intent, ...values } = parsed.data;
  const line: OneClickLine = { productId, internalId };
  const read = await readProduct(request, productId);
  if (read.kind === 'unavailable') return unavailable();
  const view = read.kind === 'found' ? lineView(request, read.product, internalId) : null;
  if (view === null || read.kind !== 'found') return notFound();
  const stock = read.product.nomenclature.find((v) => v.id === internalId)?.totalAmount ?? 0;
  const show = (state: FormState, status?: PersonalStatus) => formPage(request, line, view, stock, state, status);

  if (!isPost) return show({ values: { ...EMPTY_ONE_CLICK, quantity: values.quantity || '1' } });
  const kept = { values, intent: intent ?? '' };
  const own = await poster.shopper();
  const checked = validateOneClick(values, line, { signedIn: own !== null, locale: request.locale });
  if (!checked.ok) return show({ ...kept, errors: checked.errors }, 400);

  const payload = { ...checked.payload };
  if (own && !payload.firstName) payload.firstName = await accountName(own);
  const now = poster.now?.() ?? new Date();
  const key = oneClickKey(payload, { intent, clientIp: poster.clientIp, now });
  let order: Order;
  try {
    order = await placeOneClick(request.api, own, payload, key);
  } catch (error) {
    const refusal = orderErrorOf(error);
    const errors = refusal ? serviceErrors(refusal.fields, request.locale) : null;
    if (refusal && errors !== null) {
      const stockChanged = refusal.code === ORDER_ERROR.basketChanged;
      return show({ ...kept, errors }, stockChanged ? 409 : 400);
    }
    if (!isApiError(error)) throw error;
    log.error('[one-click] the order could not be placed:', error.message);
    report(error, { failure: 'order' });
    return show(kept, 503);
  }
  const placed = new URLSearchParams({ placed: '1' });
  return redirect(routeUrl(routeName('order-page', request.locale), { hash: order.hash }, placed), 303);
}
