import { attachPhoneMask } from '../form/phoneMask.ts';

/**
 * The one-click form's script (OneClickForm.astro) once the form is open: the order's intent
 * (src/server/order/oneClickKey.ts: a resent form orders once), the phone mask with its check on
 * leaving the field, and a signed-in shopper's phone in the empty field. The product page loads it
 * when the shopper unfolds the form (its picker's script), so a first visit carries none of it
 * (tests/e2e/jsBudget.spec.ts); the one-click page runs it at once.
 */
export function enhanceOneClick(box: HTMLElement): void {
  const intent = box.querySelector<HTMLInputElement>('input[name="intent"]');
  if (intent && !intent.value && 'randomUUID' in crypto) intent.value = crypto.randomUUID();
  const phone = box.querySelector<HTMLInputElement>('input[data-phone-mask]');
  if (!phone || phone.dataset['masked'] !== undefined) return;
  phone.dataset['masked'] = '';
  attachPhoneMask(phone);
  // `<html data-signed-in>` (the header's script, from the hint cookie): their phone, if they have one.
  if (phone.value || !document.documentElement.hasAttribute('data-signed-in')) return;
  void import('../../stores/stockNotify.ts')
    .then(({ signedInContact }) => signedInContact())
    .then((contact) => {
      if (contact?.startsWith('+') && !phone.value) phone.value = contact;
    });
}
