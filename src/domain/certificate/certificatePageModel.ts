import type { Locale } from '../../api/schemas/common.ts';
import type { CertificateOrder, PaymentCheckout } from '../../api/schemas/order.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { paymentStatusView, type PaymentStatusView } from '../checkout/orderStatus.ts';
import { PAYMENT_TYPE } from '../checkout/paymentRules.ts';
import { formatDate } from '../format/date.ts';
import { ORDER_HASH_STORAGE_KEY } from './certificatePurchaseForm.ts';
import { certificatePayOffer, paymentBanner, type PaymentBanner, type PayOffer } from '../order/paymentOutcome.ts';

/** An issued certificate: what the shopper enters in the basket, and what is left on it. */
export interface IssuedCertificateView {
  key: string;
  balance: number;
  /** DD.MM.YYYY (spec §9), or '' when the service gave no date. */
  validUntil: string;
}

/** The certificate page (`/certificate/{hash}`) as its view renders it. */
export interface CertificatePageModel {
  hash: string;
  nominal: number;
  /** Spec §4: certificates are paid by card online (type 2), so the status always shows. */
  status: PaymentStatusView | null;
  /** Once paid. */
  certificate: IssuedCertificateView | null;
  /** Until paid. */
  pay: (PayOffer & { action: string }) | null;
  banner: PaymentBanner | null;
  /** `?pay=unavailable` while still unpaid. */
  payUnavailable: boolean;
  /** Where the page's script keeps the purchase's hash (spec §4 `order-hash`, §9 key rule). */
  storageKey: string;
  /** The purchase form, to buy another. */
  buyHref: string;
}

/** What the page knows besides the purchase. */
export interface CertificatePageFacts {
  locale: Locale;
  payUnavailable: boolean;
  payment: PaymentCheckout | null;
  /** The shopper's time zone for the page's dates (null or absent: Kyiv). */
  timeZone?: string | null;
}

/** The certificate page's model. */
export function certificatePageModel(purchase: CertificateOrder, facts: CertificatePageFacts): CertificatePageModel {
  const { locale } = facts;
  const offer = certificatePayOffer(purchase.paymentStatus);
  return {
    hash: purchase.hash,
    nominal: purchase.nominal,
    status: paymentStatusView(PAYMENT_TYPE.cardOnline, purchase.paymentStatus, locale),
    certificate:
      purchase.key === null
        ? null
        : {
            key: purchase.key,
            balance: purchase.balance,
            validUntil: purchase.validUntil === null ? '' : formatDate(purchase.validUntil, facts.timeZone),
          },
    pay: offer && { ...offer, action: routeUrl(routeName('certificate-pay', locale), { hash: purchase.hash }) },
    banner:
      facts.payment && paymentBanner(facts.payment, { kind: 'certificate', hash: purchase.hash, paid: offer === null }),
    payUnavailable: facts.payUnavailable && offer !== null,
    storageKey: ORDER_HASH_STORAGE_KEY,
    buyHref: routeUrl(routeName('certificate-buy', locale)),
  };
}
