import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import type { SessionStore } from '../session/authContext.ts';
import { checkBasket } from '../../api/order.ts';
import { BASKET_ITEM_ERROR, type BasketCheckItem, type BasketCheckResponse } from '../../api/schemas/basket.ts';
import type { WireProduct } from '../../api/schemas/product.ts';
import { getProductsByIds } from '../../api/search.ts';
import { basketItemInput } from '../../domain/basket/basketItemSource.ts';
import type { BasketPageModel, ServerBasketLineView, ServerLineWarning } from '../../domain/basket/basketPageModel.ts';
import type { BasketItemInput } from '../../domain/basket/basketItem.ts';
import { productTitle } from '../../domain/catalog/productTitle.ts';
import { shownPrice } from '../../domain/catalog/variants.ts';
import { EMPTY_BASKET_ONE_CLICK } from '../../domain/order/basketOneClick.ts';
import { localized, titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import type { PageRequest } from '../request/pageOutcome.ts';
import { readSessionBasket, type SessionBasketLine } from '../basket/sessionBasket.ts';
import { getSettlement } from '../../api/delivery.ts';
import { freeDeliveryVerdict } from '../../api/freeDelivery.ts';
import { deliveryMethodRows } from '../../domain/delivery/deliveryMethodRows.ts';
import { DEFAULT_DELIVERY_CITY } from '../../domain/delivery/deliveryCity.ts';

/** The basket page waits this long for prices; after that it shows the lines without them. */
const CHECK_TIMEOUT_MS = 3000;

const WARNINGS: Record<number, ServerLineWarning> = {
  [BASKET_ITEM_ERROR.unknown]: 'unknown',
  [BASKET_ITEM_ERROR.archival]: 'archival',
  [BASKET_ITEM_ERROR.unpriced]: 'unpriced',
  [BASKET_ITEM_ERROR.outOfStock]: 'outOfStock',
  [BASKET_ITEM_ERROR.giftNotAvailable]: 'giftNotAvailable',
};

function warningOf(checked: BasketCheckItem | undefined, line: SessionBasketLine): ServerLineWarning | null {
  if (!checked) return null;
  if (checked.errorCode !== 0) return WARNINGS[checked.errorCode] ?? 'unknown';
  return checked.checked.quantity < line.quantity ? 'notEnough' : null;
}

function lineView(
  request: PageRequest,
  line: SessionBasketLine,
  product: WireProduct | undefined,
  input: BasketItemInput | null,
  checked: BasketCheckItem | undefined,
): ServerBasketLineView {
  const { locale } = request;
  const variant = product?.nomenclature.find((v) => v.id === line.internalId);
  const href =
    product && variant
      ? `${routeUrl(routeName('product-page', locale), { slug: product.slug })}?${new URLSearchParams({
          color: variant.colorPresentation?.slug ?? 'without-color',
          ...(variant.sizePresentation ? { size: variant.sizePresentation.slug } : {}),
        }).toString()}`
      : null;
  const price =
    checked && checked.recommendedPrice !== null && checked.errorCode === 0
      ? shownPrice(checked.recommendedPrice, checked.checked.price)
      : null;
  return {
    internalId: line.internalId,
    title: product
      ? productTitle(titleIn(locale, product))
      : checked
        ? localized(locale, checked.title, checked.titleUkr)
        : '—',
    href,
    image: input?.currentImage ?? null,
    color: variant?.colorPresentation ? titleIn(locale, variant.colorPresentation) : null,
    size: variant?.sizePresentation ? titleIn(locale, variant.sizePresentation) : null,
    wanted: line.quantity,
    quantity: checked?.checked.quantity ?? line.quantity,
    unitPrice: price?.final ?? null,
    oldUnitPrice: price?.old ?? null,
    cost: checked && checked.errorCode === 0 ? checked.checked.cost : null,
    warning: warningOf(checked, line),
  };
}

/**
 * `/basket`: the lines the server keeps for this shopper (posted without JavaScript), priced by the
 * order service, and the same lines as catalogue data for the browser's basket to take in. The
 * page is personal: never cached, noindex. Optional data: if the order or search service fails, the
 * lines show without prices or pictures rather than the page failing.
 */
export async function loadBasketPage(
  request: PageRequest,
  session: Pick<SessionStore, 'get'>,
  cityId: number | null = null,
): Promise<BasketPageModel> {
  const removeAction = routeUrl(routeName('basket-remove', request.locale));
  const basket = await readSessionBasket(session);
  if (basket.lines.length === 0) {
    return { lines: [], total: null, bonus: null, removeAction, oneClick: null, serverLines: null };
  }
  const optional = <T>(what: string, pending: Promise<T>): Promise<T | null> =>
    pending.catch((error: unknown) => {
      log.error(`[basket] ${what} failed:`, error instanceof Error ? error.message : error);
      report(error, { failure: `[basket] ${what}` });
      return null;
    });
  const [check, products, city] = await Promise.all([
    optional<BasketCheckResponse>(
      'basket check',
      checkBasket(
        request.api,
        {
          items: basket.lines.map(({ internalId, productId, quantity }) => ({ internalId, productId, quantity })),
          // Spec §7: the delivery list, for the shopper's remembered city (issue 25).
          withDeliveryList: true,
          ...(cityId === null ? {} : { cityId }),
        },
        { timeoutMs: CHECK_TIMEOUT_MS },
      ),
    ),
    optional(
      'products',
      getProductsByIds(
        request.api,
        basket.lines.map((l) => l.productId),
        {},
        { timeoutMs: CHECK_TIMEOUT_MS },
      ),
    ),
    optional(
      'delivery city',
      getSettlement(request.api, cityId ?? DEFAULT_DELIVERY_CITY, { timeoutMs: CHECK_TIMEOUT_MS }),
    ),
  ]);
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const checkedById = new Map((check?.basketItems ?? []).map((item) => [item.internalId, item]));
  const inputs = basket.lines.map((line) => {
    const product = byId.get(line.productId);
    return product ? basketItemInput(product, line.internalId) : null;
  });
  return {
    lines: basket.lines.map((line, i) =>
      lineView(request, line, byId.get(line.productId), inputs[i] ?? null, checkedById.get(line.internalId)),
    ),
    total: check?.cost ?? null,
    bonus: check?.bonusAmount ?? null,
    removeAction,
    oneClick: {
      action: routeUrl(routeName('basket-one-click', request.locale)),
      version: basket.version,
      values: EMPTY_BASKET_ONE_CLICK,
      errors: {},
      intent: '',
      failed: false,
    },
    delivery: check && {
      city: city ? localized(request.locale, city.name, city.nameUkr) : '',
      rows: deliveryMethodRows(
        check.deliveryMethods,
        request.locale,
        freeDeliveryVerdict({
          lines: check.basketItems.reduce((sum, item) => sum + item.checked.cost, 0),
          offTheOrder: [],
        }).free,
      ),
      picker: routeUrl(
        routeName('delivery-city', request.locale),
        {},
        new URLSearchParams({ back: routeUrl(routeName('basket-page', request.locale)) }),
      ),
    },
    serverLines: {
      version: basket.version,
      lines: basket.lines.flatMap((line, i) => {
        const input = inputs[i];
        return input ? [{ input, count: line.quantity }] : [];
      }),
    },
  };
}
