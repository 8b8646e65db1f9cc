import { atom } from 'nanostores';
import { initialCheckoutForm, type CheckoutForm } from '../../domain/checkout/checkoutForm.ts';

/**
 * The checkout form (storefront spec §3 "Checkout order fields", issue 10) as the shopper fills it.
 * Its rules are src/domain/checkout's; the choices that need the services (city, branch, street,
 * payment) are the actions of deliveryChoice.ts and paymentChoice.ts.
 */
export const $checkoutForm = atom<CheckoutForm>(initialCheckoutForm());

/** The fields the shopper types or ticks as they are. */
export type EditableField =
  | 'phone'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'building'
  | 'apartment'
  | 'comment'
  | 'callBack'
  | 'otherRecipient'
  | 'recipientPhone'
  | 'recipientFirstName'
  | 'recipientLastName'
  | 'tryClothes';

/** A field typed or ticked: names, phones, e-mail, address parts, comment, call-back, recipient, try-on. */
export function updateField<K extends EditableField>(field: K, value: CheckoutForm[K]): void {
  $checkoutForm.set({ ...$checkoutForm.get(), [field]: value });
}
