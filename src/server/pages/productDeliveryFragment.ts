import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import { productTag } from '../../api/cacheTags.ts';
import { calculateDelivery, getSettlement } from '../../api/delivery.ts';
import { isSlug } from '../../api/schemas/common.ts';
import { getProduct } from '../../api/search.ts';
import { deliveryCityOf } from '../../domain/delivery/deliveryCity.ts';
import { deliveryMethodRows, type DeliveryMethodRow } from '../../domain/delivery/deliveryMethodRows.ts';
import { deliveryWeight } from '../../domain/delivery/weight.ts';
import { localized } from '../../i18n/localized.ts';
import { notFound, page, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

export interface ProductDeliveryModel {
  cityId: number;
  /** The city in the page's language. */
  city: string;
  /** Null: the delivery service could not answer (the block says so, briefly cached). */
  rows: DeliveryMethodRow[] | null;
}

const QUICK = { timeoutMs: 2500 };
/** Methods and prices change seldom; an answer without them is retried soon. */
const MAX_AGE = 600;
const DEGRADED_MAX_AGE = 30;

/**
 * `/product-delivery?slug=&city=` (and `/ua/…`, issue 25): the product page's delivery block for
 * one city, an HTML fragment its script fetches for the browser's remembered city (the product page
 * itself stays the same for everyone). The methods offered in the city priced for the product's
 * parcel (spec §7 `POST /public/delivery/product/{id}/calculate`, the heaviest variant's delivery
 * weight, spec §9), those the parcel does not fit left out. The same for everyone who asks for the
 * same product and city, so cached like a page and dropped with the product.
 */
export async function loadProductDelivery(request: PageRequest): Promise<PageOutcome<ProductDeliveryModel>> {
  const { url, api, locale } = request;
  const slug = url.searchParams.get('slug') ?? undefined;
  const cityId = deliveryCityOf(url.searchParams.get('city'));
  if (!isSlug(slug) || cityId === null) return notFound();
  let product;
  let settlement;
  try {
    [product, settlement] = await Promise.all([
      getProduct(api, slug, { withPrice: true }, QUICK),
      getSettlement(api, cityId, QUICK),
    ]);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404) return notFound();
    log.error('[product delivery] read failed:', error instanceof Error ? error.message : error);
    return page({ cityId, city: '', rows: null }, { tags: [], maxAge: DEGRADED_MAX_AGE });
  }
  const weight = Math.max(0, ...product.nomenclature.map((variant) => deliveryWeight(variant)));
  const city = localized(locale, settlement.name, settlement.nameUkr);
  try {
    const quote = await calculateDelivery(api, product.id, { settlementId: cityId, weight }, QUICK);
    return page(
      { cityId, city, rows: deliveryMethodRows(quote.methods, locale, false) },
      { tags: [productTag(product.id)], maxAge: MAX_AGE },
    );
  } catch (error) {
    log.error('[product delivery] calculation failed:', error instanceof Error ? error.message : error);
    return page({ cityId, city, rows: null }, { tags: [productTag(product.id)], maxAge: DEGRADED_MAX_AGE });
  }
}
