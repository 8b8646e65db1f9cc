import { atom, computed } from 'nanostores';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { validateCheckout, type FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { $basket } from '../basket.ts';
import { $checkoutContext } from './checkoutContext.ts';
import { $checkoutForm } from './checkoutForm.ts';

/**
 * Where the messages next to the fields come from: none until the shopper first tries to send the
 * order; then the rules' (src/domain/checkout/checkoutValidation.ts), following every change; or
 * the order service's refusal, shown until the form changes.
 */
type MessageSource =
  { kind: 'none' } | { kind: 'rules' } | { kind: 'refusal'; errors: FieldError[]; form: CheckoutForm };

const $messageSource = atom<MessageSource>({ kind: 'none' });
const NONE: FieldError[] = [];

/** The messages shown next to the fields, at most one per field, in the order the page shows them. */
export const $checkoutErrors = computed(
  [$messageSource, $checkoutForm, $basket, $checkoutContext],
  (source, form, basket, context): FieldError[] => {
    if (source.kind === 'none') return NONE;
    if (source.kind === 'refusal' && source.form === form) return source.errors;
    return validateCheckout(form, basket, context);
  },
);

/** The shopper tried to send: from now on the rules' messages follow every change. */
export function showRuleMessages(): void {
  $messageSource.set({ kind: 'rules' });
}

/** The order service refused these fields: their messages stay until the shopper changes the form. */
export function showRefusal(errors: FieldError[]): void {
  $messageSource.set({ kind: 'refusal', errors, form: $checkoutForm.get() });
}

/** The form passed the rules and goes out again: a refusal's messages go (the rules' stay on, if shown). */
export function clearRefusal(): void {
  if ($messageSource.get().kind === 'refusal') showRuleMessages();
}
