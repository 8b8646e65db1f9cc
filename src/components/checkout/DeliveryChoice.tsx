import { useStore } from '@nanostores/react';
import type { Locale } from '../../api/schemas/common.ts';
import type { Shop } from '../../api/schemas/delivery.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import type { CheckoutContext, FieldError } from '../../domain/checkout/checkoutValidation.ts';
import { DELIVERY_TYPE } from '../../domain/checkout/deliveryRules.ts';
import { formatShopLine } from '../../domain/checkout/addressFormat.ts';
import { localized } from '../../i18n/localized.ts';
import { chooseDeliveryMethod, chooseShop } from '../../stores/checkout/deliveryChoice.ts';
import { $cityMethods } from '../../stores/checkout/deliveryFacts.ts';
import { AddressFields } from './AddressFields.tsx';
import { BranchPicker } from './BranchPicker.tsx';
import { ChoiceGroup, errorOf } from './CheckoutField.tsx';
import { CityPicker } from './CityPicker.tsx';
import { SaveLocation } from './SaveLocation.tsx';
import { SavedLocations } from './SavedLocations.tsx';
import { deliveryPriceText, type CheckoutText } from './checkoutText.ts';

interface Props {
  form: CheckoutForm;
  context: CheckoutContext;
  errors: readonly FieldError[];
  weight: number;
  locale: Locale;
  t: CheckoutText;
}

/**
 * The delivery: the city, then the methods spec §5 allows there for this basket (im-courier only
 * in Kyiv, np-courier and meest-courier only outside it, pickup only where a shop takes the
 * basket's weight), then what the chosen method needs: a branch, an address or a shop.
 */
export function DeliveryChoice({ form, context, errors, weight, locale, t }: Props) {
  const cityMethods = useStore($cityMethods);
  const methods = context.methods;
  return (
    <section className="checkout-section" aria-labelledby="checkout-delivery-heading">
      <h2 id="checkout-delivery-heading">{t('delivery')}</h2>
      <SavedLocations form={form} locale={locale} t={t} />
      <CityPicker city={form.city} error={errorOf(errors, 'city')} locale={locale} t={t} />
      {form.city !== null && cityMethods === null && <p className="checkout-hint">{t('methodsLoading')}</p>}
      {form.city !== null && cityMethods !== null && methods.length === 0 && (
        <p className="checkout-hint">{t('noMethods')}</p>
      )}
      {methods.length > 0 && (
        <ChoiceGroup field="deliveryMethodSlug" legend={t('method')} error={errorOf(errors, 'deliveryMethodSlug')}>
          {methods.map((method) => (
            <label key={method.slug} className="checkout-option">
              <input
                type="radio"
                name="deliveryMethod"
                value={method.slug}
                checked={form.deliveryMethodSlug === method.slug}
                onChange={() => chooseDeliveryMethod(method.slug)}
              />
              <span className="checkout-option-text">
                <span className="checkout-option-title">{localized(locale, method.title, method.titleUkr)}</span>
                <span className="checkout-option-note">
                  {localized(locale, method.shortDescription, method.shortDescriptionUkr)}
                </span>
              </span>
              <span className="checkout-option-price">{deliveryPriceText(method, context.freeDelivery, t)}</span>
            </label>
          ))}
        </ChoiceGroup>
      )}
      {form.deliveryType === DELIVERY_TYPE.branch && (
        <BranchPicker form={form} error={errorOf(errors, 'deliveryBranchRef')} weight={weight} locale={locale} t={t} />
      )}
      {form.deliveryType === DELIVERY_TYPE.address && (
        <AddressFields form={form} errors={errors} locale={locale} t={t} />
      )}
      {form.deliveryType === DELIVERY_TYPE.pickup && (
        <PickupShops
          shops={context.pickupPoints}
          chosen={form.shopRef}
          error={errorOf(errors, 'shopRef')}
          locale={locale}
          t={t}
        />
      )}
      <SaveLocation t={t} />
    </section>
  );
}

function PickupShops(props: {
  shops: readonly Shop[];
  chosen: string;
  error: string | null;
  locale: Locale;
  t: CheckoutText;
}) {
  const { locale, t } = props;
  return (
    <ChoiceGroup field="shopRef" legend={t('shop')} error={props.error}>
      {props.shops.map((shop) => (
        <label key={shop.ref} className="checkout-option">
          <input
            type="radio"
            name="pickupShop"
            value={shop.ref}
            checked={props.chosen === shop.ref}
            onChange={() => chooseShop(shop.ref)}
          />
          <span className="checkout-option-text">
            <span className="checkout-option-title">{formatShopLine(shop, locale)}</span>
            <span className="checkout-option-note">{localized(locale, shop.schedule, shop.scheduleUkr)}</span>
          </span>
        </label>
      ))}
    </ChoiceGroup>
  );
}
