import { describe, expect, it } from 'vitest';
import type { PaymentType } from '../../src/api/schemas/order.ts';
import {
  certificatePayOffer,
  orderPayOffer,
  paymentBanner,
  type PaymentBannerKind,
} from '../../src/domain/order/paymentOutcome.ts';
import { CERTIFICATE_HASH, ORDER_HASH, checkout } from './support/orderFixtures.ts';

/** What the order and certificate pages say after the bank, and when they offer to pay (spec §4). */

describe('the banner for the payment the bank sent the shopper back with', () => {
  it.each<[number, PaymentType, PaymentBannerKind]>([
    [3, 2, 'paid'],
    [4, 2, 'failed'],
    [5, 2, 'failed'],
    [6, 8, 'failed'],
    [7, 2, 'failed'],
    [8, 2, 'error'],
    [9, 8, 'notBankClient'],
    [9, 10, 'notBankClient'],
    [0, 2, 'processing'],
    [1, 8, 'processing'],
    [2, 10, 'waitingInApp'],
    [1, 10, 'waitingInApp'],
  ])('status %i of a type-%i payment reads %s', (status, paymentType, kind) => {
    const banner = paymentBanner(checkout({ status, paymentType }), { kind: 'order', hash: ORDER_HASH, paid: false });
    expect(banner?.kind).toBe(kind);
  });

  it('names monobank’s app for a type-10 payment left waiting (spec §4), and no app otherwise', () => {
    const subject = { kind: 'order', hash: ORDER_HASH, paid: false } as const;
    expect(paymentBanner(checkout({ status: 2, paymentType: 10 }), subject)).toEqual({
      kind: 'waitingInApp',
      app: 'monobank',
    });
    expect(paymentBanner(checkout({ status: 3 }), subject)?.app).toBeNull();
  });

  it('says nothing of another order’s payment, nor of a certificate’s on an order page', () => {
    expect(
      paymentBanner(checkout({ orderHash: 'someoneElsesOrder12345' }), {
        kind: 'order',
        hash: ORDER_HASH,
        paid: false,
      }),
    ).toBe(null);
    expect(
      paymentBanner(checkout({ kind: 'certificate', orderHash: ORDER_HASH }), {
        kind: 'order',
        hash: ORDER_HASH,
        paid: false,
      }),
    ).toBeNull();
    expect(
      paymentBanner(checkout({ kind: 'certificate', orderHash: CERTIFICATE_HASH }), {
        kind: 'certificate',
        hash: CERTIFICATE_HASH,
        paid: true,
      }),
    ).toEqual({ kind: 'paid', app: null });
  });
});

it('once paid, an older attempt that did not pay is no news; the paying one still says paid', () => {
  const paid = { kind: 'order', hash: ORDER_HASH, paid: true } as const;
  expect(paymentBanner(checkout({ status: 5 }), paid)).toBeNull();
  expect(paymentBanner(checkout({ status: 1 }), paid)).toBeNull();
  expect(paymentBanner(checkout({ status: 3 }), paid)).toEqual({ kind: 'paid', app: null });
});

describe('the pay button of an order', () => {
  const unpaid = { paymentType: 2 as PaymentType, paymentStatus: 0, status: 0, totalPrice: 648 };

  it.each<PaymentType>([2, 6, 7, 8, 9, 10])('is offered for online type %i before the first payment', (type) => {
    expect(orderPayOffer({ ...unpaid, paymentType: type })).toEqual({ retry: false });
  });

  it.each<PaymentType>([1, 3, 5])('is never offered for type %i, paid on receipt', (type) => {
    expect(orderPayOffer({ ...unpaid, paymentType: type, paymentStatus: null })).toBeNull();
  });

  it('offers another try after a payment that did not pay, or one left unfinished', () => {
    for (const status of [1, 2, 4, 5, 6, 7, 8, 9]) {
      expect(orderPayOffer({ ...unpaid, paymentStatus: status })).toEqual({ retry: true });
    }
  });

  it('is gone once paid, for a canceled order, with nothing to pay, and for a one-click order', () => {
    expect(orderPayOffer({ ...unpaid, paymentStatus: 3 })).toBeNull();
    expect(orderPayOffer({ ...unpaid, status: 5 })).toBeNull();
    expect(orderPayOffer({ ...unpaid, totalPrice: 0 })).toBeNull();
    expect(orderPayOffer({ ...unpaid, paymentType: null, paymentStatus: null })).toBeNull();
  });
});

describe('the pay button of a certificate purchase', () => {
  it('is offered until the purchase is paid, as another try after a failed payment', () => {
    expect(certificatePayOffer(0)).toEqual({ retry: false });
    expect(certificatePayOffer(4)).toEqual({ retry: true });
    expect(certificatePayOffer(3)).toBeNull();
  });
});
