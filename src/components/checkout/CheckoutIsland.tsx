import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { Settlement, ShopConfigs } from '../../api/schemas/delivery.ts';
import { isOrderedLine } from '../../domain/checkout/checkoutValidation.ts';
import type { PlacedOrder } from '../../domain/checkout/placedOrder.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { $basket, $basketCheck } from '../../stores/basket.ts';
import {
  $checkoutContext,
  $chosenMethod,
  $deliveryWeight,
  $paymentFacts,
  $usableBonuses,
} from '../../stores/checkout/checkoutContext.ts';
import { $checkoutErrors } from '../../stores/checkout/checkoutErrors.ts';
import { $checkoutForm } from '../../stores/checkout/checkoutForm.ts';
import { $submission, submitOrder } from '../../stores/checkout/checkoutSubmission.ts';
import { $bonusNote } from '../../stores/checkout/paymentChoice.ts';
import { $unpaidOrder } from '../../stores/checkout/placedOrder.ts';
import { $orderBonus } from '../../stores/orderBonus.ts';
import { startCheckout } from '../../stores/checkout/startCheckout.ts';
import { $shortageToConfirm, $stockShortage } from '../../stores/checkout/stockShortage.ts';
import { BonusPayment } from './BonusPayment.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { ContactFields, RecipientAndComment } from './ContactFields.tsx';
import { DeliveryChoice } from './DeliveryChoice.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { checkoutText, type CheckoutText } from './checkoutText.ts';
import './checkout.css';

/** «У вас є неоплачене замовлення №N — сплатити»: the order this tab placed, still waiting for its payment. */
function UnpaidOrder({ order, locale, t }: { order: PlacedOrder; locale: Locale; t: CheckoutText }) {
  return (
    <p className="checkout-unpaid" role="status" data-unpaid-order>
      {t('unpaid', { number: order.number })} —{' '}
      <a href={routeUrl(routeName('order-page', locale), { hash: order.hash })}>{t('unpaidPay')}</a>
    </p>
  );
}

export interface CheckoutIslandProps {
  locale: Locale;
  oftenUsed: Settlement[];
  shops: ShopConfigs | null;
}

/**
 * The checkout form (client:only: the basket and the draft live in the browser). It renders the
 * stores of src/stores/checkout and calls their actions; the rules are src/domain/checkout's.
 */
export function CheckoutIsland({ locale, oftenUsed, shops }: CheckoutIslandProps) {
  useEffect(() => startCheckout({ oftenUsed, shops }), [oftenUsed, shops]);
  const t = useMemo(() => checkoutText(locale), [locale]);
  const basket = useStore($basket);
  const check = useStore($basketCheck);
  const form = useStore($checkoutForm);
  const errors = useStore($checkoutErrors);
  const submission = useStore($submission);
  const bonusNote = useStore($bonusNote);
  const context = useStore($checkoutContext);
  const facts = useStore($paymentFacts);
  const weight = useStore($deliveryWeight);
  const method = useStore($chosenMethod);
  // Spec §6: a signed-in member with points the goods may be paid with (or an amount to take back).
  const usable = useStore($usableBonuses);
  const offersBonuses = usable > 0 || form.usedBonuses > 0;
  const shortage = useStore($stockShortage);
  const shortageToConfirm = useStore($shortageToConfirm);
  const unpaid = useStore($unpaidOrder);
  const orderBonus = useStore($orderBonus);
  const unpaidNote = unpaid && <UnpaidOrder order={unpaid} locale={locale} t={t} />;

  if (!basket.items.some(isOrderedLine) && submission.status !== 'placed') {
    // Every line ran out (or the basket is empty): say which, and where to find another size.
    const soldOut = shortage.lines;
    return (
      <div className="checkout-empty">
        {unpaidNote}
        {soldOut.length > 0 ? (
          <div data-all-sold-out>
            <p>
              <strong>{t('allSoldOut')}</strong>
            </p>
            <ul>
              {soldOut.map((line) => (
                <li key={line.key}>
                  <a href={line.href}>{[line.title, line.colour, line.size].filter(Boolean).join(', ')}</a>
                </li>
              ))}
            </ul>
            <p>{t('allSoldOutHint')}</p>
            <p>
              <a href={routeUrl(routeName('main-page', locale))}>{t('toShopping')}</a>
            </p>
          </div>
        ) : (
          <>
            <p>{t('empty')}</p>
            <p>
              <a href={routeUrl(routeName('main-page', locale))}>{t('toShopping')}</a>
            </p>
          </>
        )}
      </div>
    );
  }

  return (
    <form
      className="checkout"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submitOrder(shortageToConfirm);
      }}
    >
      {unpaidNote}
      <div className="checkout-form">
        <ContactFields form={form} errors={errors} t={t} />
        <DeliveryChoice form={form} context={context} errors={errors} weight={weight} locale={locale} t={t} />
        <PaymentChoice
          form={form}
          facts={facts}
          deliveryPrice={method?.price ?? 0}
          errors={errors}
          locale={locale}
          t={t}
        />
        {offersBonuses && (
          <BonusPayment
            usedBonuses={form.usedBonuses}
            usable={usable}
            note={bonusNote}
            errors={errors}
            locale={locale}
            t={t}
          />
        )}
        <RecipientAndComment form={form} errors={errors} t={t} />
        <p>
          <a href={routeUrl(routeName('basket-page', locale))}>{t('toBasket')}</a>
        </p>
      </div>
      <CheckoutSummary
        items={basket.items}
        certificates={basket.certificates}
        usedBonuses={form.usedBonuses}
        orderBonus={orderBonus}
        method={method}
        freeDelivery={context.freeDelivery}
        checking={check.status === 'checking'}
        submission={submission}
        hasErrors={errors.length > 0}
        shortLines={shortage.lines}
        shortageToConfirm={shortageToConfirm}
        locale={locale}
        t={t}
      />
    </form>
  );
}
