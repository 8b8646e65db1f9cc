import { log } from '../log/log.ts';
import { isApiError } from './apiError.ts';
import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import {
  BRANCH_PAGE_LIMIT,
  SETTLEMENT_PAGE_LIMIT,
  branchListSchema,
  combinedBranchListSchema,
  deliveryCalculationSchema,
  settlementListSchema,
  settlementSchema,
  shopConfigsSchema,
  streetListSchema,
} from './schemas/delivery.ts';
import type {
  Branch,
  BranchDeliverySlug,
  BranchList,
  BranchSearchRequest,
  BranchSort,
  CombinedBranchList,
  CombinedBranchSearchRequest,
  DeliveryCalculation,
  DeliveryCalculationRequest,
  Settlement,
  SettlementList,
  ShopConfigs,
  StreetList,
} from './schemas/delivery.ts';
import type { CallOptions } from './search.ts';

/** Typed calls of the delivery service (storefront spec §7 "Delivery service"; wire shapes in schemas/delivery.ts). */

/** Zero-based page and its size, for the settlement and street searches (service defaults: 0 and 20). */
export interface Paging {
  page?: number;
  limit?: number;
}

/**
 * `GET /public/settlement?searchName&page&limit`: settlements whose name (Russian or Ukrainian, or a
 * later word of it) starts with `searchName`, folded (case, ё/е, і/и, apostrophes): the exact name
 * first, then names starting with it, then later-word matches, bigger places first within each.
 * Without delivery methods; a blank search finds nothing.
 */
export function searchSettlements(
  client: HttpClient,
  searchName: string,
  paging: Paging = {},
  opts: CallOptions = {},
): Promise<SettlementList> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: '/public/settlement',
    query: { searchName, ...paging },
    project: true,
    schema: settlementListSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/settlement/with-delivery-methods`: as searchSettlements, each with its `deliveryMethods`. */
export function searchSettlementsWithDeliveryMethods(
  client: HttpClient,
  searchName: string,
  paging: Paging = {},
  opts: CallOptions = {},
): Promise<SettlementList> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: '/public/settlement/with-delivery-methods',
    query: { searchName, ...paging },
    project: true,
    schema: settlementListSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/settlement/often-used/with-delivery-methods`: the cities shoppers pick most (Kyiv,
 * Kharkiv, Odesa, Dnipro, Lviv, Zaporizhzhia, …) in the shop's order, each with its methods; for the
 * city picker before anything is typed. `limit` (1-50) beyond the shop's list adds the biggest others.
 */
export function getOftenUsedSettlements(
  client: HttpClient,
  limit?: number,
  opts: CallOptions = {},
): Promise<SettlementList> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: '/public/settlement/often-used/with-delivery-methods',
    query: { limit },
    project: true,
    schema: settlementListSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/settlement/{id}?project=bbs`: a settlement (city) with the delivery methods offered
 * there (`deliveryMethods`, spec §5: im-courier only in Kyiv, np-courier and meest-courier only
 * outside it). An unknown id rejects with an ApiError of status 404.
 */
export function getSettlement(client: HttpClient, id: number, opts: CallOptions = {}): Promise<Settlement> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: encodePath`/public/settlement/${id}`,
    project: true,
    schema: settlementSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/settlement/{id}/meest/street?searchName`: streets of the settlement whose words start
 * with every word of `searchName` ("вул шевч", "шевченка"), names starting with it first, then by
 * name; a blank search lists them by name. An unknown settlement rejects with a 404.
 */
export function searchStreets(
  client: HttpClient,
  settlementId: number,
  searchName: string,
  paging: Paging = {},
  opts: CallOptions = {},
): Promise<StreetList> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: encodePath`/public/settlement/${settlementId}/meest/street`,
    query: { searchName, ...paging },
    project: true,
    schema: streetListSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/settlement/{id}/warehouse`: one page of one carrier's branches in the settlement
 * (spec §7 body {searchName, deliverySlug, sort, limit, page}; sort by number ascending and limit 500
 * unless given). Rejects with an ApiError; getAllBranches is the list a page shows.
 */
export function getBranches(
  client: HttpClient,
  settlementId: number,
  request: BranchSearchRequest,
  opts: CallOptions = {},
): Promise<BranchList> {
  return client.request({
    service: 'delivery',
    method: 'POST',
    path: encodePath`/public/settlement/${settlementId}/warehouse`,
    body: { sort: NUMBER_ASC, limit: BRANCH_PAGE_LIMIT, ...request },
    project: true,
    schema: branchListSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/settlement/{id}/warehouse/combined`: one page of the branches of several carriers
 * (default all) of the settlement together, with the matches per carrier. Rejects with an ApiError.
 */
export function getCombinedBranches(
  client: HttpClient,
  settlementId: number,
  request: CombinedBranchSearchRequest = {},
  opts: CallOptions = {},
): Promise<CombinedBranchList> {
  return client.request({
    service: 'delivery',
    method: 'POST',
    path: encodePath`/public/settlement/${settlementId}/warehouse/combined`,
    body: { sort: NUMBER_ASC, limit: BRANCH_PAGE_LIMIT, ...request },
    project: true,
    schema: combinedBranchListSchema,
    ...callOptions(opts),
  });
}

/**
 * Every branch of a carrier in the settlement matching `searchName` (spec §7): the first page of
 * 500, then the remaining pages in parallel, merged in order. Never rejects: a failed fetch (any
 * page) is logged and gives `{ items: [], total: 0 }` (spec §8), so the checkout shows "no branches"
 * rather than an error. Kyiv's 1,181 Nova Poshta lockers are three calls.
 */
export async function getAllBranches(
  client: HttpClient,
  settlementId: number,
  deliverySlug: BranchDeliverySlug,
  searchName = '',
  opts: CallOptions = {},
): Promise<BranchList> {
  try {
    return await readAllPages(opts, (page, signal) =>
      getBranches(client, settlementId, { deliverySlug, searchName, page }, { ...opts, signal }),
    );
  } catch (error) {
    logFailure(`branches (${deliverySlug}) of settlement ${settlementId}`, error);
    return { items: [], total: 0 };
  }
}

/**
 * Every branch of several carriers (default all) in the settlement, read as getAllBranches reads
 * them; a failed fetch is logged and gives an empty list with total 0 and no carriers (spec §8).
 */
export async function getAllCombinedBranches(
  client: HttpClient,
  settlementId: number,
  request: Omit<CombinedBranchSearchRequest, 'page' | 'limit'> = {},
  opts: CallOptions = {},
): Promise<CombinedBranchList> {
  try {
    return await readAllPages(opts, (page, signal) =>
      getCombinedBranches(client, settlementId, { ...request, page }, { ...opts, signal }),
    );
  } catch (error) {
    logFailure(`combined branches of settlement ${settlementId}`, error);
    return { items: [], total: 0, carriers: [] };
  }
}

/**
 * The branch with `ref` among a carrier's branches in the settlement, or null when it has none (or
 * the settlement is unknown): one search narrowed to the ref, so a city of a thousand branches costs
 * one small answer. Rejects with the ApiError when the service cannot answer: a caller that must be
 * sure (placing an order) must not take an outage for "no such branch".
 */
export async function findBranch(
  client: HttpClient,
  settlementId: number,
  deliverySlug: BranchDeliverySlug,
  ref: string,
  opts: CallOptions = {},
): Promise<Branch | null> {
  try {
    const { items } = await getBranches(client, settlementId, { deliverySlug, ref, limit: 1 }, opts);
    // The service narrows by ref; the check here keeps a service that ignores the field from
    // passing off another branch as the chosen one.
    return items.find((branch) => branch.ref === ref) ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Pages of a settlement search findSettlementByRef reads at most: a name shared by more places is not a shopper's. */
const REF_SEARCH_PAGES = 5;

/**
 * The settlement whose `ref` is `ref`, found by its `name` as a payload carries both (spec §3 saved
 * location and order: `city`, `cityRef`): the delivery contract finds settlements by id or by
 * name, so the name's search is read page by page (exact names first) until the ref turns up.
 * Null when it does not (an unknown ref, or one that is not this name's); rejects on an outage.
 */
export async function findSettlementByRef(
  client: HttpClient,
  name: string,
  ref: string,
  opts: CallOptions = {},
): Promise<Settlement | null> {
  const searchName = name.trim();
  if (searchName === '' || ref === '') return null;
  for (let page = 0; page < REF_SEARCH_PAGES; page++) {
    const { items, total } = await searchSettlements(client, searchName, { page, limit: SETTLEMENT_PAGE_LIMIT }, opts);
    const found = items.find((settlement) => settlement.ref === ref);
    if (found) return found;
    if (items.length < SETTLEMENT_PAGE_LIMIT || (page + 1) * SETTLEMENT_PAGE_LIMIT >= total) return null;
  }
  return null;
}

/**
 * `POST /public/delivery/product/{id}/calculate?project=bbs`: the price and terms of delivering a
 * parcel of `weight` kg (spec §9 delivery weight times the count) to the settlement, per method
 * offered there (or for `deliverySlug` only), with whether the parcel fits each. A 404 for an unknown
 * settlement.
 */
export function calculateDelivery(
  client: HttpClient,
  productId: number,
  request: DeliveryCalculationRequest,
  opts: CallOptions = {},
): Promise<DeliveryCalculation> {
  return client.request({
    service: 'delivery',
    method: 'POST',
    path: encodePath`/public/delivery/product/${productId}/calculate`,
    body: request,
    project: true,
    schema: deliveryCalculationSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/shop/configs?project=bbs`: the shop's own stores and warehouses (`warehouseList`)
 * and partner shops (`partnerShopList`). Their ids are the warehouse ids of variant stock.
 */
export function getShopConfigs(client: HttpClient, opts: CallOptions = {}): Promise<ShopConfigs> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: '/public/shop/configs',
    project: true,
    schema: shopConfigsSchema,
    ...callOptions(opts),
  });
}

/** Spec §7: warehouses come sorted by number ascending. */
const NUMBER_ASC: BranchSort = { field: 'number', order: 'asc' };

/** A service that pages wrongly must not make a client read forever: 100 pages are 50,000 branches. */
const MAX_PAGES = 100;

/**
 * Reads page 0, then every other page in parallel (spec §7), and merges the items in page order.
 * The page size is what the first page held (a service may cap the limit asked for). One failed page
 * fails the whole read and cancels the pages still in flight.
 */
async function readAllPages<L extends BranchList>(
  opts: CallOptions,
  read: (page: number, signal: AbortSignal) => Promise<L>,
): Promise<L> {
  const controller = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
  const first = await read(0, signal);
  const pageSize = first.items.length;
  if (pageSize === 0 || pageSize >= first.total) return first;
  const pages = Math.min(Math.ceil(first.total / pageSize), MAX_PAGES);
  try {
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => read(i + 1, signal)));
    return { ...first, items: [first, ...rest].flatMap((p) => p.items) };
  } catch (error) {
    controller.abort();
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404;
}

function logFailure(what: string, error: unknown): void {
  log.warn(`[delivery] ${what} could not be read; showing none:`, error instanceof Error ? error.message : error);
}

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}
