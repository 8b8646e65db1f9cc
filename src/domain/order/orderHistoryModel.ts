import type { Locale } from '../../api/schemas/common.ts';
import type { Order } from '../../api/schemas/order.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { pageCount, pageLinks, type PageLinks } from '../catalog/pagination.ts';
import { orderStatusView, type OrderStatusView } from '../checkout/orderStatus.ts';
import { formatDate } from '../format/date.ts';
import { statusHistoryView } from './statusHistory.ts';

/**
 * The signed-in shopper's order history (`/profile/orders?page=N`, spec §9 "Order list page size
 * 10"): one row per order, newest first, with the spec §4 status label and class the order page
 * shows, and the pages' links. Pure: the loader hands in the service's page.
 */

/** Spec §9 "Order list page size 10". */
export const ORDER_HISTORY_PAGE_SIZE = 10;

/** Pages a shopper could ask for: far more than anyone orders, few enough to stay a safe integer offset. */
const MAX_PAGE = 100_000;

/**
 * The page the query asks for: none is page 1; anything but a plain positive number (`0`, `01`,
 * `1.5`, `x`, several `page`s) is not a page of this list (a 404, as a malformed URL elsewhere).
 */
export function historyPageOf(query: URLSearchParams): number | null {
  const values = query.getAll('page');
  if (values.length === 0) return 1;
  const [value] = values;
  if (values.length > 1 || value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_PAGE ? page : null;
}

/** One order as its row reads. */
export interface OrderHistoryRow {
  number: string;
  /** The order's own page in the account. */
  href: string;
  /** DD.MM.YYYY in Kyiv (spec §9). */
  date: string;
  status: OrderStatusView;
  /** DD.MM.YYYY (shopper's zone) the current status was set, once it is not the one the order was placed with. */
  statusSince: string | null;
  /** What the shopper pays, UAH. */
  total: number;
  /** Units of goods in the order, gifts included. */
  units: number;
  /** A one-click order: the shop calls back to agree delivery and payment. */
  callBack: boolean;
}

export interface OrderHistoryModel {
  page: number;
  /** How many orders the shopper has placed signed in. */
  total: number;
  rows: OrderHistoryRow[];
  links: PageLinks;
}

/** The URL of page `page` of the history (page 1 without a query). */
export function orderHistoryUrl(locale: Locale, page = 1): string {
  const name = routeName('profile-orders', locale);
  return page === 1 ? routeUrl(name) : routeUrl(name, {}, new URLSearchParams({ page: String(page) }));
}

/** The URL of one order in the account. */
export function accountOrderUrl(locale: Locale, number: string): string {
  return routeUrl(routeName('profile-order', locale), { number });
}

/**
 * The history page's model, or null when `page` lies beyond the last page (a 404: only page 1
 * exists for a shopper with no orders, and it says so).
 */
export function orderHistoryModel(
  list: { items: readonly Order[]; total: number },
  page: number,
  locale: Locale,
  timeZone: string | null = null,
): OrderHistoryModel | null {
  const count = pageCount(list.total, ORDER_HISTORY_PAGE_SIZE);
  if (page > count) return null;
  return {
    page,
    total: list.total,
    rows: list.items.map((order) => ({
      number: order.number,
      href: accountOrderUrl(locale, order.number),
      date: formatDate(order.createdAt, timeZone),
      status: orderStatusView(order.status, locale),
      statusSince: statusSince(order, locale, timeZone),
      total: order.totalPrice,
      units: order.activeOrderItems.reduce((sum, line) => sum + line.quantity, 0),
      callBack: order.kind === 'one-click',
    })),
    links: pageLinks(page, count, (p) => orderHistoryUrl(locale, p)),
  };
}

/** When the order's current status was set, or null while it reads as placed (a single step). */
function statusSince(order: Order, locale: Locale, timeZone: string | null): string | null {
  const steps = statusHistoryView(order.statusHistory, locale, timeZone);
  return steps.length > 1 ? (steps.at(-1)?.date ?? null) : null;
}
