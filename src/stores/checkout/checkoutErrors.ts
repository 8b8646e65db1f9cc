import { atom, computed } from 'nanostores';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { validateCheckout, type CheckoutField, type FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { $basket } from '../basket.ts';
import { $checkoutContext } from './checkoutContext.ts';
import { $checkoutForm } from './checkoutForm.ts';

/**
 * Where the messages next to the fields come from: before the shopper first tries to send the
 * order, the rules' for the fields she has left after typing (issue 29: a phone is judged as she
 * leaves it, not only on submit); then the rules' for every field
 * (src/domain/checkout/checkoutValidation.ts), following every change; or the order service's
 * refusal, shown until the form changes.
 */
type MessageSource =
  { kind: 'none' } | { kind: 'rules' } | { kind: 'refusal'; errors: FieldError[]; form: CheckoutForm };

const $messageSource = atom<MessageSource>({ kind: 'none' });
/** The typed fields the shopper has left with something in them (they are judged from then on). */
const $leftFields = atom<ReadonlySet<CheckoutField>>(new Set());
const NONE: FieldError[] = [];

/** The messages shown next to the fields, at most one per field, in the order the page shows them. */
export const $checkoutErrors = computed(
  [$messageSource, $leftFields, $checkoutForm, $basket, $checkoutContext],
  (source, left, form, basket, context): FieldError[] => {
    if (source.kind === 'none') {
      if (left.size === 0) return NONE;
      return validateCheckout(form, basket, context).filter((error) => left.has(error.field));
    }
    if (source.kind === 'refusal' && source.form === form) return source.errors;
    return validateCheckout(form, basket, context);
  },
);

/**
 * The shopper left a typed field: with something typed it is judged from now on (an empty field
 * passed on the way down the form says nothing until the order is sent, or until it had text).
 */
export function leaveField(field: CheckoutField, value: string): void {
  const left = $leftFields.get();
  if (left.has(field) || value.trim() === '') return;
  $leftFields.set(new Set([...left, field]));
}

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
