import { log } from '../log/log.ts';
import { report } from '../log/report.ts';
import { atom } from 'nanostores';
import {
  oneClickLinesOf,
  type BasketOneClickErrors,
  type BasketOneClickValues,
} from '../domain/order/basketOneClickLines.ts';
import { $basket, clearBasket, scheduleCheck } from './basket.ts';
import { pageLocale } from './net.ts';

/**
 * «Купить в один клик» from the browser's basket (the drawer and the basket page): every line in
 * one one-click order through the shop's endpoint, which keys it by this form's intent (a resent
 * form orders once). The basket empties only once the order exists, as after the checkout, and the
 * shopper goes to the order's page.
 */

export type BasketOneClickState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'refused'; errors: BasketOneClickErrors }
  /** No answer, or one that is not the order's: nothing is known to be ordered; sending again is safe. */
  | { status: 'failed' }
  | { status: 'placed' };

export const $basketOneClick = atom<BasketOneClickState>({ status: 'idle' });

/** The intent of this page's form, made at the first send and kept for its retries. */
let intent: string | null = null;

export async function orderBasketInOneClick(values: BasketOneClickValues): Promise<void> {
  const state = $basketOneClick.get().status;
  if (state === 'sending' || state === 'placed') return;
  const basket = $basket.get();
  const lines = oneClickLinesOf(basket.items, basket.certificates.length);
  if (lines === null) return;
  // Without randomUUID (an insecure context) the server keys the order by address and time instead.
  intent ??= 'randomUUID' in crypto ? crypto.randomUUID() : '';
  $basketOneClick.set({ status: 'sending' });
  try {
    const { sendBasketOneClick } = await import('../api/basketOneClick.ts');
    const result = await sendBasketOneClick({ items: lines, ...values, ...(intent ? { intent } : {}) }, pageLocale());
    if (result.ok) {
      $basketOneClick.set({ status: 'placed' });
      clearBasket();
      window.location.assign(result.value.location);
      return;
    }
    const errors: BasketOneClickErrors = {};
    for (const { field, message } of result.refusal.fields) {
      const own = field === 'phone' || field === 'firstName' || field === 'items' ? field : null;
      if (own !== null) errors[own] ??= message;
    }
    if (Object.keys(errors).length === 0) {
      $basketOneClick.set({ status: 'failed' });
      return;
    }
    // The stock changed under the lines: the basket's next check shows what is left.
    if (result.status === 409) scheduleCheck(0);
    $basketOneClick.set({ status: 'refused', errors });
  } catch (error) {
    log.error('[basket one-click] not sent:', error instanceof Error ? error.message : error);
    report(error, { failure: 'order' });
    $basketOneClick.set({ status: 'failed' });
  }
}
