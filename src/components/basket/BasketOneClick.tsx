import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { oneClickLinesOf, type BasketOneClickField } from '../../domain/order/basketOneClickLines.ts';
import { $basket } from '../../stores/basket.ts';
import { $basketOneClick, orderBasketInOneClick } from '../../stores/basketOneClick.ts';
import type { BasketText } from './basketText.ts';

/**
 * «Купить в один клик» under the basket's totals (drawer and page): a fold with the phone and a
 * name, ordering every line at once (src/stores/basketOneClick.ts). Offered only while the basket
 * holds goods alone (oneClickLinesOf). The name field is hidden by CSS from a signed-in shopper
 * (`<html data-signed-in>`): their account names the order. What was typed stays in the fields
 * after a refusal; the messages sit by their fields.
 */
export function BasketOneClick({ t }: { t: BasketText }) {
  const basket = useStore($basket);
  const state = useStore($basketOneClick);
  const [phone, setPhone] = useState('');
  const [firstName, setFirstName] = useState('');
  const id = useId();
  if (oneClickLinesOf(basket.items, basket.certificates.length) === null) return null;

  const errors = state.status === 'refused' ? state.errors : {};
  const busy = state.status === 'sending' || state.status === 'placed';
  const fieldId = (field: BasketOneClickField, part = '') => `${id}-${field}${part}`;
  const errorOf = (field: BasketOneClickField) =>
    errors[field] ? (
      <p id={fieldId(field, '-error')} className="basket-one-click-error" data-field-error={field}>
        {errors[field]}
      </p>
    ) : null;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void orderBasketInOneClick({ phone, firstName });
  };

  return (
    <details className="basket-one-click" open={state.status === 'refused' || state.status === 'failed' || undefined}>
      <summary>{t('oneClickTitle')}</summary>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <p className="basket-note">{t('oneClickIntro')}</p>
        {state.status === 'failed' && (
          <p className="basket-one-click-error" role="alert">
            {t('oneClickFailed')}
          </p>
        )}
        {errors.items && (
          <p className="basket-one-click-error" role="alert" data-field-error="items">
            {errors.items}
          </p>
        )}
        <label htmlFor={fieldId('phone')}>{t('oneClickPhone')}</label>
        <input
          id={fieldId('phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          placeholder="+380 __ ___ __ __"
          value={phone}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? fieldId('phone', '-error') : undefined}
          onChange={(event) => setPhone(event.currentTarget.value)}
        />
        {errorOf('phone')}
        <div className="basket-one-click-name">
          <label htmlFor={fieldId('firstName')}>{t('oneClickName')}</label>
          <input
            id={fieldId('firstName')}
            name="firstName"
            type="text"
            autoComplete="given-name"
            maxLength={60}
            value={firstName}
            aria-invalid={errors.firstName ? true : undefined}
            aria-describedby={errors.firstName ? fieldId('firstName', '-error') : undefined}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          {errorOf('firstName')}
        </div>
        <button type="submit" aria-disabled={busy}>
          {busy ? t('oneClickSending') : t('oneClickSubmit')}
        </button>
      </form>
    </details>
  );
}
