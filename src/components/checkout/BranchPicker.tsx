import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { Branch } from '../../api/schemas/delivery.ts';
import { formatBranchLine } from '../../domain/checkout/addressFormat.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { fitsWeightLimit } from '../../domain/checkout/deliveryRules.ts';
import { localized } from '../../i18n/localized.ts';
import { $checkoutContext } from '../../stores/checkout/checkoutContext.ts';
import { $branchOptions, $chosenBranch, chooseBranch, searchBranches } from '../../stores/checkout/deliveryChoice.ts';
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

/** A branch's hours and the heaviest parcel it takes (the limit the order page names later). */
function BranchNotes({ branch, fits, locale, t }: { branch: Branch; fits: boolean; locale: Locale; t: CheckoutText }) {
  if (!fits) return <span className="checkout-option-note">{t('branchTooHeavy', { kg: branch.maxWeight ?? 0 })}</span>;
  return (
    <>
      <span className="checkout-option-note">
        {localized(locale, branch.schedule, branch.scheduleUkr ?? branch.schedule)}
      </span>
      {branch.maxWeight !== null && branch.maxWeight > 0 && (
        <span className="checkout-option-note" data-branch-weight>
          {t('branchWeight', { kg: branch.maxWeight })}
        </span>
      )}
    </>
  );
}

/**
 * The carrier's branches of the city, searched by the delivery service as the shopper types a
 * number or a street (the exact number first); the first BRANCH_LIST_LIMIT show, with how many
 * match, so a city of a thousand parcel lockers is one short list on a slow phone. Where the city
 * offers several carriers' branches the list combines them (the chosen carrier first, each
 * carrier's count above), and a branch of another carrier chooses its method. Once a branch is
 * chosen the list folds to that branch's card with «Изменить».
 */
export function BranchPicker({ form, error, weight, locale, t }: Props) {
  const options = useStore($branchOptions);
  const chosenBranch = useStore($chosenBranch);
  const { methods } = useStore($checkoutContext);
  const [changing, setChanging] = useState(false);
  const id = fieldId('deliveryBranchRef');
  const pick = (branch: Branch) => {
    chooseBranch(branch);
    setChanging(false);
  };

  if (form.deliveryBranchRef !== '' && !changing) {
    const card = chosenBranch?.ref === form.deliveryBranchRef ? chosenBranch : null;
    return (
      <div className="checkout-field checkout-chosen" data-chosen-branch>
        <span className="checkout-label">{t('branch')}</span>
        <div className="checkout-chosen-card">
          <p className="checkout-chosen-line">{t('branchChosen', { line: form.deliveryServiceOffice })}</p>
          {card && <BranchNotes branch={card} fits={fitsWeightLimit(card.maxWeight, weight)} locale={locale} t={t} />}
          <button type="button" className="checkout-link" id={id} onClick={() => setChanging(true)}>
            {t('changeBranch')}
          </button>
        </div>
        <FieldMessage id={id} error={error} />
      </div>
    );
  }

  return (
    <div className={error ? 'checkout-field checkout-field-error' : 'checkout-field'}>
      <label htmlFor={id}>{t('branch')}</label>
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
      {options.carriers.length > 1 && (
        <p className="checkout-hint" data-branch-carriers>
          {t('branchCarriers', {
            list: options.carriers
              .map(({ deliverySlug, total }) => {
                const method = methods.find((m) => m.slug === deliverySlug);
                const title = method ? localized(locale, method.title, method.titleUkr) : deliverySlug;
                return t('branchCarrierCount', { title, total });
              })
              .join(', '),
          })}
        </p>
      )}
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
                <BranchNotes branch={branch} fits={fits} locale={locale} t={t} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
