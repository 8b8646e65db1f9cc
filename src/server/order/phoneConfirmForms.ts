import { log } from '../../log/log.ts';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { getAnonymousOrder, orderErrorOf } from '../../api/order.ts';
import { requestOrderPhoneCode } from '../../api/orderPageCalls.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { USER_ERROR } from '../../api/schemas/user.ts';
import { confirmPhone, userErrorOf } from '../../api/user.ts';
import { isOrderHash } from '../../domain/order/orderHash.ts';
import type { PhoneCodeState } from '../../domain/order/orderPageModel.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { redirectTo, refused } from '../endpoints/outcomes.ts';
import { addressed } from '../session/addressed.ts';
import type { AuthContext } from '../session/authContext.ts';
import { claimPhoneOrders } from '../session/orderClaim.ts';
import { signIn } from '../session/shopperTokens.ts';

/**
 * The order page's phone confirmation, one inline step (docs/decisions.md "Accounts: confirming the
 * phone of an order, inline"): plain HTML forms, no script, no dialog, no captcha, no password.
 *
 * - `POST /order/{hash}/phone-code`: the order service sends the code to the order's phone
 *   (never a phone the form could name); back to the page with `?phone-code=sent`.
 * - `POST /order/{hash}/confirm-phone` `{code}`: the user service's spec call
 *   (`/public/register/phone-confirm`) with the order's phone signs the shopper in to the account
 *   the order's name, surname and e-mail made (or the one the phone has); the orders of that
 *   phone become the account's (claimPhoneOrders), and the page says «Номер подтверждён». The
 *   password can be set later in the profile (or by recovery): it is not asked for here.
 */

/** What the page says about the step (`?phone-code=…`). */
export const PHONE_CODE_FLAG = 'phone-code';

const paramsSchema = z.object({ hash: z.string().refine(isOrderHash) });
const codeSchema = z.object({ code: z.string().trim().max(12) });

const LIMITS: readonly number[] = [
  USER_ERROR.registrationLimit,
  USER_ERROR.hourlyLimit,
  USER_ERROR.minuteLimit,
  USER_ERROR.requestLimit,
];

function back(ctx: AuthContext, hash: string, state: PhoneCodeState): string {
  const query = new URLSearchParams([[PHONE_CODE_FLAG, state]]);
  return `${routeUrl(routeName('order-page', ctx.locale), { hash }, query)}#confirm-phone`;
}

export const phoneCodeEndpoint = defineEndpoint({
  who: 'anyone',
  params: paramsSchema,
  async handle({ ctx, params }) {
    try {
      await requestOrderPhoneCode(ctx.clients.anonymous, params.hash, addressed(ctx));
      return redirectTo(back(ctx, params.hash, 'sent'));
    } catch (error) {
      if (!isApiError(error)) throw error;
      const order = orderErrorOf(error);
      if (order?.code === ORDER_ERROR.notFound) return refused(404, ctx.t('accountErrors.notFound'));
      // The order is an account's already: nothing to confirm; the page shows it as it is.
      if (error.kind === 'http' && error.status === 409) return redirectTo(back(ctx, params.hash, 'confirmed'));
      const user = userErrorOf(error);
      if ((user !== null && LIMITS.includes(user.code)) || (error.kind === 'http' && error.status === 429)) {
        return redirectTo(back(ctx, params.hash, 'limit'));
      }
      log.error('[order] the code for the order’s phone was not sent:', error.message);
      return redirectTo(back(ctx, params.hash, 'unavailable'));
    }
  },
});

export const confirmPhoneEndpoint = defineEndpoint({
  who: 'anyone',
  params: paramsSchema,
  body: { schema: codeSchema, form: (fields) => ({ code: fields['code'] ?? '' }) },
  async handle({ ctx, body, params }) {
    if (!/^\d{4,8}$/.test(body.code)) return redirectTo(back(ctx, params.hash, 'wrong'));
    let phone: string;
    try {
      const order = await getAnonymousOrder(ctx.clients.anonymous, params.hash);
      if (order.hasAccount) return redirectTo(back(ctx, params.hash, 'confirmed'));
      phone = order.phone;
    } catch (error) {
      if (orderErrorOf(error)?.code === ORDER_ERROR.notFound) return refused(404, ctx.t('accountErrors.notFound'));
      if (!isApiError(error)) throw error;
      return redirectTo(back(ctx, params.hash, 'unavailable'));
    }
    try {
      const { authorization } = await confirmPhone(ctx.clients.anonymous, { phone, token: body.code });
      await signIn(ctx, { ...authorization, customerId: authorization.profile.id });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const user = userErrorOf(error);
      if (user?.code === USER_ERROR.wrongCode) return redirectTo(back(ctx, params.hash, 'wrong'));
      if (user !== null && LIMITS.includes(user.code)) return redirectTo(back(ctx, params.hash, 'limit'));
      log.error('[order] the order’s phone could not be confirmed:', error.message);
      return redirectTo(back(ctx, params.hash, 'unavailable'));
    }
    await claimPhoneOrders(ctx);
    return redirectTo(back(ctx, params.hash, 'confirmed'));
  },
});
