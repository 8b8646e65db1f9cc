import { useStore } from '@nanostores/react';
import type { Locale } from '../../api/schemas/common.ts';
import type { Branch } from '../../api/schemas/delivery.ts';
import { formatBranchLine } from '../../domain/checkout/addressFormat.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { fitsWeightLimit } from '../../domain/checkout/deliveryRules.ts';
import { localized } from '../../i18n/localized.ts';
import { $branchOptions, chooseBranch, searchBranches } from '../../stores/checkout/deliveryChoice.ts';
import { FieldMessage, fieldId } from './CheckoutField.tsx';
import type { CheckoutText } from './checkoutText.ts';

interface Props {
  form: CheckoutForm;
  error: string | null;
  /** The basket's delivery weight (kg): a branch that takes less is shown, not offered. */
  weight: number;
  locale: Locale;
  t: CheckoutText;
}

/**
 * The carrier's branches of the city, searched by the delivery service as the shopper types a
 * number or a street (the exact number first); the first BRANCH_LIST_LIMIT show, with how many
 * match, so a city of a thousand parcel lockers is one short list on a slow phone.
 */
export function BranchPicker({ form, error, weight, locale, t }: Props) {
  const options = useStore($branchOptions);
  const id = fieldId('deliveryBranchRef');
  const pick = (branch: Branch) => chooseBranch(branch);
  return (
    <div className={error ? 'checkout-field checkout-field-error' : 'checkout-field'}>
      <label htmlFor={id}>{t('branch')}</label>
      {form.deliveryBranchRef !== '' && (
        <p className="checkout-chosen-line">{t('branchChosen', { line: form.deliveryServiceOffice })}</p>
      )}
      <input
        id={id}
        type="search"
        autoComplete="off"
        inputMode="search"
        placeholder={t('branchPlaceholder')}
        value={options.query}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => searchBranches(event.currentTarget.value)}
      />
      <FieldMessage id={id} error={error} />
      <p className="checkout-hint" role="status">
        {options.status === 'loading' ? t('searching') : ''}
        {options.status === 'ready' && options.items.length === 0 ? t('nothingFound') : ''}
        {options.status === 'ready' && options.total > options.items.length
          ? t('branchesShown', { shown: options.items.length, total: options.total })
          : ''}
        {options.status === 'error' ? t('loadFailed') : ''}
      </p>
      <ul className="checkout-options checkout-branches" aria-label={t('branch')}>
        {options.items.map((branch) => {
          const fits = fitsWeightLimit(branch.maxWeight, weight);
          const chosen = branch.ref === form.deliveryBranchRef;
          return (
            <li key={branch.ref}>
              <button type="button" aria-pressed={chosen} disabled={!fits} onClick={() => pick(branch)}>
                <span className="checkout-option-title">{formatBranchLine(branch, locale)}</span>
                <span className="checkout-option-note">
                  {fits
                    ? localized(locale, branch.schedule, branch.scheduleUkr ?? branch.schedule)
                    : t('branchTooHeavy', { kg: branch.maxWeight ?? 0 })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
