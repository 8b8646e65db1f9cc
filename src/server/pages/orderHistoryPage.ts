import { log } from '../../log/log.ts';
import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { getCustomerOrder, getCustomerOrders, orderErrorOf } from '../../api/order.ts';
import { ORDER_ERROR, orderNumberSchema } from '../../api/schemas/order.ts';
import {
  historyPageOf,
  ORDER_HISTORY_PAGE_SIZE,
  orderHistoryModel,
  orderHistoryUrl,
  type OrderHistoryModel,
} from '../../domain/order/orderHistoryModel.ts';
import { orderPageModel, type OrderPageModel } from '../../domain/order/orderPageModel.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { notFound, pageRequest, personalPage, redirect, unavailable, shopperTimeZone } from '../request/pageOutcome.ts';
import type { PageOutcome } from '../request/pageOutcome.ts';
import type { AuthContext } from '../session/authContext.ts';
import { authContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { ukrainianPresentations } from './orderPage.ts';

/**
 * The account's order pages (`/profile/orders?page=N`, `/profile/orders/{number}`), read from the
 * order service's signed-in calls with the session's shopper client, like the profile page
 * (profilePage.ts): nobody signed in, or tokens the refresh could not cure, is the main page with
 * the login form (`#login`); an outage is the 503 page, never a sign-out; an order that is not the
 * shopper's is the 404 page, as one that does not exist.
 */

/** The account order page: the order page's model (the same statuses, lines and sums) and the way back. */
export interface AccountOrderPageModel {
  order: OrderPageModel;
  /** The history's first page. */
  backHref: string;
}

type Signed<T> = { kind: 'read'; value: T } | { kind: 'outcome'; outcome: PageOutcome<never> };

/** Reads with the shopper's client, turning a missing session, a dead one or an outage into the page's outcome. */
async function signedInRead<T>(ctx: AuthContext, read: (api: HttpClient) => Promise<T>): Promise<Signed<T>> {
  const toLogin: Signed<T> = {
    kind: 'outcome',
    outcome: redirect(`${routeUrl(routeName('main-page', ctx.locale))}#login`, 303),
  };
  const shopper = await shopperClient(ctx);
  if (!shopper) return toLogin;
  try {
    return { kind: 'read', value: await read(shopper.api) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return toLogin;
    }
    if (orderErrorOf(error)?.code === ORDER_ERROR.notFound) return { kind: 'outcome', outcome: notFound() };
    log.error('[account] the order service cannot answer:', error.message);
    return { kind: 'outcome', outcome: unavailable() };
  }
}

/** `/profile/orders?page=N`: 10 orders a page, newest first; a malformed page or one past the last is a 404. */
export async function loadOrderHistoryPage(astro: AstroGlobal): Promise<PageOutcome<OrderHistoryModel>> {
  const ctx = authContext(astro);
  const page = historyPageOf(astro.url.searchParams);
  if (page === null) return notFound();
  const read = await signedInRead(ctx, (api) =>
    getCustomerOrders(api, { page: page - 1, limit: ORDER_HISTORY_PAGE_SIZE }),
  );
  if (read.kind === 'outcome') return read.outcome;
  const model = orderHistoryModel(read.value, page, ctx.locale, shopperTimeZone(astro));
  return model === null ? notFound() : personalPage(model);
}

/** `/profile/orders/{number}`: one of the shopper's orders, shown as the order page shows it. */
export async function loadAccountOrderPage(astro: AstroGlobal): Promise<PageOutcome<AccountOrderPageModel>> {
  const ctx = authContext(astro);
  const number = orderNumberSchema.safeParse(astro.params['number']);
  if (!number.success) return notFound();
  const read = await signedInRead(ctx, (api) => getCustomerOrder(api, number.data));
  if (read.kind === 'outcome') return read.outcome;
  const order = read.value;
  return personalPage({
    order: orderPageModel(order, {
      locale: ctx.locale,
      placed: false,
      payUnavailable: false,
      payment: null,
      // Optional: the catalogue's Ukrainian colour and size names, as on the order page.
      presentations: await ukrainianPresentations(pageRequest(astro), order),
      timeZone: shopperTimeZone(astro),
    }),
    backHref: orderHistoryUrl(ctx.locale),
  });
}
