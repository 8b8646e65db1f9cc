import type { Locale } from '../../api/schemas/common.ts';
import type { BonusInputNote } from '../../domain/checkout/bonusPayment.ts';
import { ownMessage } from '../../domain/checkout/checkoutMessages.ts';
import type { FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { payMaxWithBonuses, typeBonuses } from '../../stores/checkout/paymentChoice.ts';
import { FieldMessage, errorOf, fieldId } from './CheckoutField.tsx';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  usedBonuses: number;
  /** The most that may be paid with points now: the smaller of the balance and the goods' limit. */
  usable: number;
  note: BonusInputNote | null;
  errors: readonly FieldError[];
  locale: Locale;
  t: CheckoutText;
}

/**
 * «Оплатить бонусами» (spec §6: a signed-in member; docs/decisions.md "Accounts: paying with
 * bonuses"): whole hryvnias up to what may be spent, typed or the maximum at once. What cannot be
 * taken as typed is changed at once and said why (a fraction stays as it was, too much comes down
 * to the most); the island shows it only when there is something to spend, or an amount to undo.
 */
export function BonusPayment({ usedBonuses, usable, note, errors, locale, t }: Props) {
  const id = fieldId('usedBonuses');
  const error = errorOf(errors, 'usedBonuses');
  const noteText =
    note === 'whole'
      ? ownMessage('bonusWhole', locale)
      : note === 'clamped'
        ? t('bonusClamped', { amount: usable })
        : '';
  const describedBy = [`${id}-available`, error ? `${id}-error` : `${id}-note`].join(' ');
  return (
    <section className="checkout-section" aria-labelledby="checkout-bonus-heading">
      <h2 id="checkout-bonus-heading">{t('bonusHeading')}</h2>
      <div className={error ? 'checkout-field checkout-field-error' : 'checkout-field'}>
        <label htmlFor={id}>{t('bonusPay')}</label>
        <div className="checkout-bonus">
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={usedBonuses > 0 ? String(usedBonuses) : ''}
            placeholder="0"
            aria-invalid={error !== null}
            aria-describedby={describedBy}
            onChange={(event) => typeBonuses(event.currentTarget.value)}
          />
          <span aria-hidden="true">{t('bonusUnit')}</span>
          <button
            type="button"
            className="checkout-link"
            disabled={usable === 0 || usedBonuses === usable}
            onClick={payMaxWithBonuses}
          >
            {t('bonusMax')}
          </button>
        </div>
        <p className="checkout-hint" id={`${id}-available`}>
          {t('bonusAvailable', { amount: usable })}
        </p>
        {error === null && (
          <p className="checkout-hint" id={`${id}-note`} role="status">
            {noteText}
          </p>
        )}
        <FieldMessage id={id} error={error} />
      </div>
    </section>
  );
}
