import { atom } from 'nanostores';
import type { PaymentType } from '../../api/schemas/order.ts';
import { FUNNEL_STEP } from '../../domain/analytics/checkoutFunnel.ts';
import { bonusInput, settledBonuses, type BonusInputNote } from '../../domain/checkout/bonusPayment.ts';
import { withAllowedPayment, withPaymentType, type CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { track } from '../analytics.ts';
import { $usableBonuses, paymentFactsOf } from './checkoutContext.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { $checkoutShopper } from './checkoutShopper.ts';

/**
 * The payment as the shopper chooses it (src/domain/checkout/paymentRules.ts): the type the
 * delivery and the basket allow, the number of instalments, and the points spent (bonusPayment.ts).
 * A change of what is allowed (the basket checked again, the balance read) settles the choice.
 */

/** Why the last amount typed in the bonus field was changed; null when it was taken as typed. */
export const $bonusNote = atom<BonusInputNote | null>(null);

export function choosePayment(type: PaymentType): void {
  $checkoutForm.set(withPaymentType($checkoutForm.get(), type));
  track({ kind: 'checkoutStep', step: FUNNEL_STEP.payment, option: String(type) });
}

export function choosePaymentParts(parts: number): void {
  $checkoutForm.set({ ...$checkoutForm.get(), paymentParts: parts });
}

/** The form with `usedBonuses`, and a payment type the new amount to pay still allows (else cash). */
function withBonuses(form: CheckoutForm, usedBonuses: number): CheckoutForm {
  const next = { ...form, usedBonuses };
  return withAllowedPayment(next, paymentFactsOf(next));
}

/**
 * The bonus field's text: whole hryvnias up to what may be spent (src/domain/checkout/
 * bonusPayment.ts); what cannot be taken as typed is changed and `$bonusNote` says why.
 */
export function typeBonuses(text: string): void {
  const form = $checkoutForm.get();
  const { value, note } = bonusInput(text, form.usedBonuses, $usableBonuses.get());
  $bonusNote.set(note);
  $checkoutForm.set(withBonuses(form, value));
}

/** Pays as much as may be paid with points. */
export function payMaxWithBonuses(): void {
  $bonusNote.set(null);
  $checkoutForm.set(withBonuses($checkoutForm.get(), $usableBonuses.get()));
}

/**
 * What may be spent changed (the basket was checked again, the balance was read, the shopper signed
 * out): an amount above it comes down to it. Only once the shopper is known, so a draft's amount
 * waits for the balance instead of being dropped while it loads.
 */
export function settleBonuses(): void {
  if (!$checkoutShopper.get().known) return;
  const form = $checkoutForm.get();
  const usedBonuses = settledBonuses(form.usedBonuses, $usableBonuses.get());
  if (usedBonuses !== form.usedBonuses) $checkoutForm.set(withBonuses(form, usedBonuses));
}

/** A payment type the basket no longer allows (its amount changed, it is no longer a baby bundle) falls back to cash. */
export function settlePayment(): void {
  const form = $checkoutForm.get();
  const next = withAllowedPayment(form, paymentFactsOf(form));
  if (next !== form) $checkoutForm.set(next);
}
