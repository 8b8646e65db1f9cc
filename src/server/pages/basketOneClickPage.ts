import { z } from 'zod';
import type { HttpClient } from '../../api/http.ts';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { BasketPageModel } from '../../domain/basket/basketPageModel.ts';
import type { BasketOneClickErrors, BasketOneClickValues } from '../../domain/order/basketOneClick.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { orderBasketInOneClick, placedOrderPath } from '../basket/basketOneClick.ts';
import { clearSessionBasket, readSessionBasket } from '../basket/sessionBasket.ts';
import type { SessionStore } from '../session/authContext.ts';
import { formFields } from '../request/formFields.ts';
import {
  personalPage,
  redirect,
  type PageOutcome,
  type PageRequest,
  type PersonalStatus,
} from '../request/pageOutcome.ts';
import { loadBasketPage } from './basketPage.ts';

/**
 * `POST /basket/one-click` (and `/ua/…`): the no-JavaScript basket page's «Купить в один клик».
 * The lines are the session's (src/server/basket/sessionBasket.ts), as the shopper saw them
 * (`version`); the order placed, the session's basket is emptied and the shopper goes 303 to the
 * order's page. A refusal is the basket page again with the form open, what was typed and the
 * messages by field. A GET (a bookmark, a reload of the refused page) goes to the basket.
 */

const typed = (max: number) =>
  z
    .string()
    .default('')
    .transform((text) => text.slice(0, max));

const postedSchema = z.object({
  phone: typed(40),
  firstName: typed(120),
  version: z.string().max(64).default(''),
  intent: z.string().refine(isIdempotencyKey).optional().catch(undefined),
});

/** Ours: the lines changed after the page showed them (another tab), so they are shown again first. */
const BASKET_CHANGED: Readonly<Record<Locale, string>> = {
  ru: 'Корзина изменилась. Проверьте её и отправьте заказ ещё раз',
  uk: 'Кошик змінився. Перевірте його та надішліть замовлення ще раз',
};

export interface BasketOneClickPoster {
  shopper: () => Promise<HttpClient | null>;
  clientIp: string | null;
  now?: () => Date;
}

type BasketSession = Pick<SessionStore, 'get' | 'set' | 'delete'>;

export async function loadBasketOneClickPage(
  request: PageRequest,
  httpRequest: Request,
  session: BasketSession,
  poster: BasketOneClickPoster,
): Promise<PageOutcome<BasketPageModel>> {
  const { locale } = request;
  const basketPage = routeUrl(routeName('basket-page', locale));
  if (httpRequest.method !== 'POST') return redirect(basketPage, 303);
  const { version, intent, ...values } = postedSchema.parse(await formFields(httpRequest));
  const basket = await readSessionBasket(session);
  if (basket.lines.length === 0) return redirect(basketPage, 303);

  const again = async (errors: BasketOneClickErrors, status: PersonalStatus, failed = false) =>
    personalPage(withForm(await loadBasketPage(request, session), values, errors, intent ?? '', failed), status);

  if (version !== basket.version) return again({ items: BASKET_CHANGED[locale] }, 409);
  const outcome = await orderBasketInOneClick({
    api: request.api,
    locale,
    own: await poster.shopper(),
    values,
    lines: basket.lines,
    intent,
    clientIp: poster.clientIp,
    now: poster.now?.() ?? new Date(),
  });
  if (outcome.kind === 'failed') return again({}, 503, true);
  if (outcome.kind === 'refused') return again(outcome.errors, outcome.status);
  // The order holds these lines now; a line added meanwhile in another tab would have changed the version.
  await clearSessionBasket(session, basket.version);
  return redirect(placedOrderPath(outcome.order, locale), 303);
}

function withForm(
  model: BasketPageModel,
  values: BasketOneClickValues,
  errors: BasketOneClickErrors,
  intent: string,
  failed: boolean,
): BasketPageModel {
  return model.oneClick ? { ...model, oneClick: { ...model.oneClick, values, errors, intent, failed } } : model;
}
