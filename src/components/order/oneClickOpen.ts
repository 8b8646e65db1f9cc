import { attachPhoneMask } from '../form/phoneMask.ts';

/**
 * The one-click form once it is opened (OneClickForm.astro): the phone mask and its check on
 * leaving the field, and a signed-in shopper's phone in the empty field. Loaded on the first
 * opening, so a product page's first visit carries none of it (tests/e2e/jsBudget.spec.ts).
 */
export function enhanceOneClick(box: HTMLElement): void {
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
