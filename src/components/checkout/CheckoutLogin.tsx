import type { CheckoutText } from './checkoutText.ts';

interface Props {
  phone: string;
  firstName: string;
  t: CheckoutText;
}

/**
 * «Уже покупали? Войти» above the contact fields: opens the auth modal (its code loads then) with
 * the phone and name typed so far and the checkout flag (spec §2), so a sign-in just closes it
 * (spec §4). Hidden by CSS once the header's script marks the page signed in
 * (`<html data-signed-in>`, src/components/layout/AccountLink.astro), so the checkout carries no
 * copy of the session hint.
 */
export function CheckoutLogin({ phone, firstName, t }: Props) {
  return (
    <p className="checkout-login">
      {t('alreadyBought')}{' '}
      <button
        type="button"
        className="checkout-link"
        aria-haspopup="dialog"
        onClick={(event) => {
          const returnFocus = event.currentTarget;
          void import('../auth/openAuthModal.ts').then(({ openAuthModal }) =>
            openAuthModal({ mode: 'login', phone, name: firstName, checkout: true, returnFocus }),
          );
        }}
      >
        {t('logIn')}
      </button>
    </p>
  );
}
