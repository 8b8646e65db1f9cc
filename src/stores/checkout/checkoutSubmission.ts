import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { atom } from 'nanostores';
import type { Order } from '../../api/schemas/order.ts';
import { resetCheckout } from '../../domain/checkout/checkoutForm.ts';
import type { FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { buildOrderPayload } from '../../domain/checkout/orderPayload.ts';
import {
  ORDER_ATTEMPT_TIMEOUT_MS,
  ORDER_RETRY_DELAYS_MS,
  intentFor,
  isRetryable,
  refusalErrors,
} from '../../domain/checkout/orderSubmission.ts';
import { localizeSpecText } from '../../domain/validation/specMessages.ts';
import { hasCustomerHint } from '../../domain/session/customerHint.ts';
import { $basket, clearBasket, scheduleCheck } from '../basket.ts';
import type { OrderRefusal } from '../checkoutClients.ts';
import { pageLocale } from '../net.ts';
import { $checkoutContext } from './checkoutContext.ts';
import { readIntent, saveDraft, saveIntent } from './checkoutDraft.ts';
import { clearRefusal, showRefusal, showRuleMessages } from './checkoutErrors.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { readShopper } from './checkoutShopper.ts';
import { leaveForOrder } from './placedOrder.ts';
import { keepLocation, locationToKeep } from './savedLocations.ts';
import { checkoutClients } from './serviceClients.ts';
import { confirmShortage } from './stockShortage.ts';

/** Where sending the order is. */
export type Submission =
  | { status: 'idle' }
  /** Sending; `attempt` 0 is the first try, later ones are automatic retries with the same key. */
  | { status: 'sending'; attempt: number }
  /** The last try got no answer; the next one goes out after a pause. */
  | { status: 'waiting'; attempt: number }
  /** The service refused the order: these messages belong to no field (the fields have theirs). */
  | { status: 'refused'; messages: string[] }
  /** No answer after every retry: the shopper may send again, safely (same key). */
  | { status: 'offline' }
  | { status: 'placed'; order: Order };

export const $submission = atom<Submission>({ status: 'idle' });

/** Sending, waiting to retry, or placed and on the way to the order's page: the button does nothing. */
export function isSubmitting(submission: Submission): boolean {
  return submission.status === 'sending' || submission.status === 'waiting' || submission.status === 'placed';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function focusFirst(errors: readonly FieldError[]): void {
  const first = errors[0];
  if (!first) return;
  // After React has drawn the messages.
  requestAnimationFrame(() => document.getElementById(`checkout-${first.field}`)?.focus());
}

/**
 * The order exists: the basket empties now (not before), the draft keeps only who the shopper is
 * (`placed` first: the draft is no longer saved from the form); the place is saved to the account
 * when the shopper asked; then the bank, or the order page.
 */
async function placed(order: Order): Promise<void> {
  // «Save this address»: the place as chosen, before the reset forgets it.
  const place = locationToKeep();
  saveIntent(null);
  $submission.set({ status: 'placed', order });
  saveDraft(resetCheckout($checkoutForm.get()));
  clearBasket();
  if (place !== null) await keepLocation(place);
  leaveForOrder(order);
}

function refused(refusal: OrderRefusal): void {
  const locale = pageLocale();
  const { errors, general } = refusalErrors(refusal.fields, locale);
  // The balance may have changed since it was read (another tab's order): read it again.
  if (errors.some((e) => e.field === 'usedBonuses')) void readShopper();
  // The lines changed under the shopper: the basket's next check shows what is left.
  if (refusal.basketChanged) scheduleCheck(0);
  // A changed basket changes the order; a key the service knows for another order is spent.
  if (refusal.keyReused || refusal.basketChanged) saveIntent(null);
  showRefusal(errors);
  const messages =
    general.length > 0 || errors.length > 0 ? general : [localizeSpecText(refusal.message, locale) ?? refusal.message];
  $submission.set({ status: 'refused', messages });
  focusFirst(errors);
}

/**
 * Sends the order (`shownShortage`: the shortage the button showed, which tapping it confirms):
 * the rules first (messages next to the fields, the first focused), then the
 * order service with this intent's key; a lost answer is retried after a pause with the same key,
 * so the order is placed once however often it is sent. The basket empties only once the order exists.
 */
export async function submitOrder(shownShortage: string | null = null): Promise<void> {
  if (isSubmitting($submission.get())) return;
  // Stock ran out meanwhile: the smaller order goes only once the shopper saw and confirmed it.
  if (!confirmShortage(shownShortage)) return;
  const form = $checkoutForm.get();
  const built = buildOrderPayload(form, $basket.get(), $checkoutContext.get());
  if (!built.ok) {
    showRuleMessages();
    $submission.set({ status: 'idle' });
    focusFirst(built.errors);
    return;
  }
  clearRefusal();
  // Offline (issue 27): the browser knows there is no network, so nothing is sent and the page says so.
  if (!navigator.onLine) {
    $submission.set({ status: 'offline' });
    return;
  }
  const intent = intentFor(readIntent(), JSON.stringify(built.payload), () => crypto.randomUUID());
  saveIntent(intent);
  const locale = pageLocale();
  $submission.set({ status: 'sending', attempt: 0 });
  let clients: Awaited<ReturnType<typeof checkoutClients>>;
  try {
    clients = await checkoutClients();
  } catch (error) {
    // The clients' code could not load (offline): nothing went out; the shopper may send again.
    log.warn('[checkout] the order could not be sent:', error instanceof Error ? error.message : error);
    $submission.set({ status: 'offline' });
    return;
  }
  const { attemptFailure, browserApi, createAccountOrder, createAnonymousOrder, orderRefusal } = clients;
  // Spec §6: a signed-in shopper's order goes through the shop's own endpoint, which adds their
  // bearer (the browser holds none); chosen once, so every retry of this intent goes the same way.
  const send = hasCustomerHint(document.cookie)
    ? () => createAccountOrder(built.payload, intent.key, locale, { timeoutMs: ORDER_ATTEMPT_TIMEOUT_MS })
    : () =>
        createAnonymousOrder(browserApi(locale), built.payload, intent.key, { timeoutMs: ORDER_ATTEMPT_TIMEOUT_MS });
  for (let attempt = 0; ; attempt++) {
    $submission.set({ status: 'sending', attempt });
    try {
      const order = await send();
      await placed(order);
      return;
    } catch (error) {
      const failure = attemptFailure(error);
      const delay = ORDER_RETRY_DELAYS_MS[attempt];
      if (failure !== null && isRetryable(failure) && delay !== undefined) {
        log.warn(`[checkout] attempt ${attempt + 1} got no answer (${failure.kind} ${failure.status}); retrying`);
        $submission.set({ status: 'waiting', attempt: attempt + 1 });
        await sleep(delay);
        continue;
      }
      const refusal = orderRefusal(error);
      if (refusal === null) report(error, { failure: 'order' });
      if (refusal !== null) refused(refusal);
      else $submission.set({ status: 'offline' });
      return;
    }
  }
}
