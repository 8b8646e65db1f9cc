import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import type { FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { NAME_MAX_LENGTH } from '../../domain/checkout/checkoutValidation.ts';
import { phoneFieldText } from '../../domain/checkout/phoneField.ts';
import { leaveField } from '../../stores/checkout/checkoutErrors.ts';
import { updateField } from '../../stores/checkout/checkoutForm.ts';
import { CheckoutLogin } from './CheckoutLogin.tsx';
import { errorOf, FieldMessage, TextField } from './CheckoutField.tsx';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  form: CheckoutForm;
  errors: readonly FieldError[];
  t: CheckoutText;
}

/**
 * Who orders: phone (spec §5: +380 and 12 digits, masked as typed), first and last name, e-mail
 * (optional); each judged as the shopper leaves it.
 */
export function ContactFields({ form, errors, t }: Props) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-contact-heading">
      <h2 id="checkout-contact-heading">{t('contact')}</h2>
      <CheckoutLogin phone={form.phone} firstName={form.firstName} t={t} />
      <div className="checkout-grid">
        <TextField
          field="phone"
          label={t('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+380 __ ___ __ __"
          value={form.phone}
          error={errorOf(errors, 'phone')}
          onChange={(value) => updateField('phone', phoneFieldText(value))}
          onBlur={(value) => leaveField('phone', value)}
        />
        <TextField
          field="firstName"
          label={t('firstName')}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH + 20}
          value={form.firstName}
          error={errorOf(errors, 'firstName')}
          onChange={(value) => updateField('firstName', value)}
          onBlur={(value) => leaveField('firstName', value)}
        />
        <TextField
          field="lastName"
          label={t('lastName')}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH + 20}
          value={form.lastName}
          error={errorOf(errors, 'lastName')}
          onChange={(value) => updateField('lastName', value)}
          onBlur={(value) => leaveField('lastName', value)}
        />
        <TextField
          field="email"
          label={t('email')}
          note={t('optional')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          error={errorOf(errors, 'email')}
          onChange={(value) => updateField('email', value)}
          onBlur={(value) => leaveField('email', value)}
        />
      </div>
    </section>
  );
}

/** Someone else receives the order (spec §3 otherRecipient with phone and names), the call-back wish, the comment. */
export function RecipientAndComment({ form, errors, t }: Props) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-recipient-heading">
      <h2 id="checkout-recipient-heading">{t('recipient')}</h2>
      <label className="checkout-check">
        <input
          type="checkbox"
          checked={form.otherRecipient}
          onChange={(event) => updateField('otherRecipient', event.currentTarget.checked)}
        />
        {t('otherRecipient')}
      </label>
      {form.otherRecipient && (
        <div className="checkout-grid">
          <TextField
            field="recipientPhone"
            label={t('recipientPhone')}
            type="tel"
            inputMode="tel"
            placeholder="+380 __ ___ __ __"
            value={form.recipientPhone}
            error={errorOf(errors, 'recipientPhone')}
            onChange={(value) => updateField('recipientPhone', phoneFieldText(value))}
            onBlur={(value) => leaveField('recipientPhone', value)}
          />
          <TextField
            field="recipientFirstName"
            label={t('recipientFirstName')}
            value={form.recipientFirstName}
            error={errorOf(errors, 'recipientFirstName')}
            onChange={(value) => updateField('recipientFirstName', value)}
            onBlur={(value) => leaveField('recipientFirstName', value)}
          />
          <TextField
            field="recipientLastName"
            label={t('recipientLastName')}
            value={form.recipientLastName}
            error={errorOf(errors, 'recipientLastName')}
            onChange={(value) => updateField('recipientLastName', value)}
            onBlur={(value) => leaveField('recipientLastName', value)}
          />
        </div>
      )}
      <label className="checkout-check">
        <input
          type="checkbox"
          checked={form.callBack}
          onChange={(event) => updateField('callBack', event.currentTarget.checked)}
        />
        {t('callBack')}
      </label>
      <div className="checkout-field">
        <label htmlFor="checkout-comment">{t('comment')}</label>
        <textarea
          id="checkout-comment"
          rows={3}
          value={form.comment}
          aria-invalid={errorOf(errors, 'comment') !== null}
          aria-describedby={errorOf(errors, 'comment') ? 'checkout-comment-error' : undefined}
          onChange={(event) => updateField('comment', event.currentTarget.value)}
        />
        <FieldMessage id="checkout-comment" error={errorOf(errors, 'comment')} />
      </div>
    </section>
  );
}
