import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import { getOftenUsedSettlements, getSettlement, searchSettlements } from '../../api/delivery.ts';
import type { Settlement } from '../../api/schemas/delivery.ts';
import { backPath, deliveryCityOf } from '../../domain/delivery/deliveryCity.ts';
import { localized } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { personalPage, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** A city the picker offers. */
export interface CityChoice {
  id: number;
  name: string;
  /** Oblast (and raion) to tell places of one name apart. */
  where: string;
}

export interface DeliveryCityPageModel {
  action: string;
  back: string;
  query: string;
  current: CityChoice | null;
  /** 'often': nothing typed yet, the often used cities; 'found': matches of `query`. */
  list: 'often' | 'found';
  cities: CityChoice[];
}

/** What the page does next: the form to show, or the city to remember and where to go (303). */
export type DeliveryCityOutcome =
  PageOutcome<DeliveryCityPageModel> | { kind: 'chosen'; cityId: number; location: string };

const QUERY_MAX = 60;
const FOUND_LIMIT = 20;
const QUICK = { timeoutMs: 2500 };

function choice(settlement: Settlement, request: PageRequest): CityChoice {
  const { locale } = request;
  const region = localized(locale, settlement.regionName, settlement.regionNameUkr);
  const district = localized(locale, settlement.districtName ?? '', settlement.districtNameUkr ?? '');
  return {
    id: settlement.id,
    name: localized(locale, settlement.name, settlement.nameUkr),
    // Spec §9 address words: 'обл.', 'р-н' (the same in both languages).
    where: [region && `${region} обл.`, district && `${district} р-н`].filter(Boolean).join(', '),
  };
}

/**
 * `/delivery-city` (and `/ua/…`, issue 25): the shopper's delivery city picker, reached from the
 * product page's delivery block and the basket. GET searches the delivery service's settlements by
 * name (the checkout's city search, spec §7 `GET /public/settlement`), the often used cities before
 * anything is typed; a chosen city (a form post of `city`) is remembered and the shopper goes back to
 * `back` (a path of this shop). Plain forms: it works without JavaScript. Personal (it shows the
 * shopper's city), so never cached.
 */
export async function loadDeliveryCityPage(
  request: PageRequest,
  post: URLSearchParams | null,
  currentCityId: number | null,
): Promise<DeliveryCityOutcome> {
  const { url, api, locale } = request;
  const fallback = routeUrl(routeName('main-page', locale));
  const params = post ?? url.searchParams;
  const back = backPath(params.get('back'), fallback);
  if (post) {
    const cityId = deliveryCityOf(post.get('city'));
    if (cityId === null) return redirect(`${url.pathname}?${new URLSearchParams({ back })}`, 303);
    try {
      await getSettlement(api, cityId, QUICK);
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 404) {
        return redirect(`${url.pathname}?${new URLSearchParams({ back })}`, 303);
      }
      return unavailable();
    }
    return { kind: 'chosen', cityId, location: back };
  }
  const query = (params.get('q') ?? '').trim().slice(0, QUERY_MAX);
  const optional = <T>(pending: Promise<T>): Promise<T | null> =>
    pending.catch((error: unknown) => {
      log.error('[delivery city] a read failed:', error instanceof Error ? error.message : error);
      return null;
    });
  const [current, list] = await Promise.all([
    currentCityId === null ? null : optional(getSettlement(api, currentCityId, QUICK)),
    query.length >= 2
      ? optional(searchSettlements(api, query, { limit: FOUND_LIMIT }, QUICK))
      : optional(getOftenUsedSettlements(api, undefined, QUICK)),
  ]);
  if (list === null) return unavailable();
  return personalPage({
    action: url.pathname,
    back,
    query,
    current: current ? choice(current, request) : null,
    list: query.length >= 2 ? 'found' : 'often',
    cities: list.items.map((settlement) => choice(settlement, request)),
  });
}
