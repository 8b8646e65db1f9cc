import { useEffect, useState } from 'react';
import { AUTH_CHANGE, signedInAfter, signedInHint } from '../../domain/auth/authEntry.ts';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  phone: string;
  firstName: string;
  t: CheckoutText;
}

/**
 * «Уже покупали? Войти» above the contact fields of an anonymous shopper: opens the auth modal
 * (its code loads then) with the phone and name typed so far and the checkout flag (spec §2), so a
 * sign-in just closes it (spec §4). Gone once the browser is signed in.
 */
export function CheckoutLogin({ phone, firstName, t }: Props) {
  const [signedIn, setSignedIn] = useState(() => signedInHint(document.cookie));
  useEffect(() => {
    const onChange = (event: Event) =>
      setSignedIn(signedInAfter(event instanceof CustomEvent ? event.detail : null, document.cookie));
    window.addEventListener(AUTH_CHANGE, onChange);
    return () => window.removeEventListener(AUTH_CHANGE, onChange);
  }, []);
  if (signedIn) return null;
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
