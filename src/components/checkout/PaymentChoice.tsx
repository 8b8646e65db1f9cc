import type { Locale } from '../../api/schemas/common.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import type { FieldError } from '../../domain/checkout/checkoutValidation.ts';
import {
  PAYMENT_PARTS,
  bankAmount,
  instalmentPayment,
  isInstalment,
  paymentOptions,
  paymentRefusalMessage,
  paymentTypeLabel,
  type PaymentFacts,
} from '../../domain/checkout/paymentRules.ts';
import { choosePayment, choosePaymentParts } from '../../stores/checkout/paymentChoice.ts';
import { ChoiceGroup, FieldMessage, errorOf, fieldId } from './CheckoutField.tsx';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  form: CheckoutForm;
  facts: PaymentFacts;
  /** The chosen delivery's price the shop charges (UAH), part of what the bank is sent. */
  deliveryPrice: number;
  errors: readonly FieldError[];
  locale: Locale;
  t: CheckoutText;
}

const PARTS = Array.from({ length: PAYMENT_PARTS.max - PAYMENT_PARTS.min + 1 }, (_, i) => PAYMENT_PARTS.min + i);

/**
 * The payment types the chosen delivery permits (src/domain/checkout/paymentRules.ts); one the
 * basket cannot use (an instalment under 300 UAH …) is shown disabled with the spec's message, so
 * the shopper learns why. Instalments ask for the number of payments (3–10).
 */
export function PaymentChoice({ form, facts, deliveryPrice, errors, locale, t }: Props) {
  if (form.deliveryType === null || form.deliveryMethodSlug === null) {
    return (
      <section className="checkout-section" aria-labelledby="checkout-payment-heading">
        <h2 id="checkout-payment-heading">{t('payment')}</h2>
        <p className="checkout-hint">{t('chooseDeliveryFirst')}</p>
      </section>
    );
  }
  const options = paymentOptions(form.deliveryType, form.deliveryMethodSlug, facts);
  const partsId = fieldId('paymentParts');
  const partsError = errorOf(errors, 'paymentParts');
  // The bank divides what it is sent: the goods to pay and the delivery.
  const toBank = bankAmount(facts.amount, deliveryPrice);
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment-heading">
      <h2 id="checkout-payment-heading">{t('payment')}</h2>
      <ChoiceGroup field="paymentType" legend={t('paymentType')} error={errorOf(errors, 'paymentType')}>
        {options.map(({ type, refusal }) => (
          <label key={type} className={refusal ? 'checkout-option checkout-option-off' : 'checkout-option'}>
            <input
              type="radio"
              name="paymentType"
              value={type}
              checked={form.paymentType === type}
              disabled={refusal !== null}
              onChange={() => choosePayment(type)}
            />
            <span className="checkout-option-text">
              <span className="checkout-option-title">{paymentTypeLabel(type, locale)}</span>
              {refusal && <span className="checkout-option-note">{paymentRefusalMessage(refusal, locale)}</span>}
            </span>
          </label>
        ))}
      </ChoiceGroup>
      {isInstalment(form.paymentType) && (
        <div className={partsError ? 'checkout-field checkout-field-error' : 'checkout-field'}>
          <label htmlFor={partsId}>{t('paymentParts')}</label>
          <select
            id={partsId}
            value={form.paymentParts}
            aria-invalid={partsError !== null}
            onChange={(event) => choosePaymentParts(Number(event.currentTarget.value))}
          >
            {PARTS.map((parts) => (
              <option key={parts} value={parts}>
                {t('parts', { count: parts, amount: instalmentPayment(toBank, parts) })}
              </option>
            ))}
          </select>
          <FieldMessage id={partsId} error={partsError} />
        </div>
      )}
    </section>
  );
}
