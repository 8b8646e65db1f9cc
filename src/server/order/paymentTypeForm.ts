import { log } from '../../log/log.ts';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { orderErrorOf } from '../../api/order.ts';
import { changeOrderPaymentType } from '../../api/orderPageCalls.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { paymentTypeChangeSchema } from '../../api/schemas/paymentTypeChange.ts';
import { isInstalment, paymentTypeOf } from '../../domain/checkout/paymentRules.ts';
import { isOrderHash } from '../../domain/order/orderHash.ts';
import { orderPayOffer } from '../../domain/order/paymentOutcome.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { redirectTo, refused } from '../endpoints/outcomes.ts';
import { PAY_UNAVAILABLE_FLAG, startPayment } from './payForms.ts';

/** The query flag the order page reads to say the chosen type was not taken. */
export const PAYMENT_TYPE_REFUSED_FLAG = { name: 'payment-type', value: 'refused' } as const;

const paramsSchema = z.object({ hash: z.string().refine(isOrderHash) });

/**
 * `POST /order/{hash}/payment-type` (and `/ua/…`): the order page's «choose another way to pay»
 * form, a plain HTML form (no script). The order service judges the choice
 * (`POST /public/anon/order/{hash}/payment-type`); an online type then goes straight to the bank,
 * as «Оплатить» would, a type paid on receipt back to the order page, which says so. A refusal
 * (the order was paid, canceled or taken into work meanwhile) goes back with
 * `?payment-type=refused`; a service that cannot be reached with `?pay=unavailable`.
 */
export const paymentTypeEndpoint = defineEndpoint({
  who: 'anyone',
  params: paramsSchema,
  body: {
    schema: paymentTypeChangeSchema,
    // The parts' select is on the form whatever the type: it counts only for an instalment.
    form: (fields) => {
      const type = paymentTypeOf(Number(fields['paymentType']));
      return {
        paymentType: type ?? fields['paymentType'],
        paymentParts: type !== null && isInstalment(type) ? Number(fields['paymentParts']) : 0,
      };
    },
  },
  async handle({ ctx, body, params }) {
    const page = routeName('order-page', ctx.locale);
    const back = (flag?: { name: string; value: string }) =>
      routeUrl(page, { hash: params.hash }, flag ? new URLSearchParams([[flag.name, flag.value]]) : undefined);
    let order;
    try {
      order = await changeOrderPaymentType(ctx.clients.anonymous, params.hash, body);
    } catch (error) {
      const refusal = orderErrorOf(error);
      if (refusal?.code === ORDER_ERROR.notFound) return refused(404, ctx.t('accountErrors.notFound'));
      if (refusal !== null && refusal.code !== ORDER_ERROR.unavailable) {
        return redirectTo(back(PAYMENT_TYPE_REFUSED_FLAG));
      }
      if (!isApiError(error)) throw error;
      log.error('[order] the payment type could not be changed:', error.message);
      return redirectTo(back(PAY_UNAVAILABLE_FLAG));
    }
    if (orderPayOffer(order) === null) return redirectTo(back());
    const payment = await startPayment(ctx.clients.anonymous, ctx.locale, 'order', params.hash);
    return payment.kind === 'seeOther' ? redirectTo(payment.location) : redirectTo(back());
  },
});
