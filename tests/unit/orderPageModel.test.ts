import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/api/schemas/common.ts';
import { orderPageModel, type OrderPageFacts } from '../../src/domain/order/orderPageModel.ts';
import { ORDER_HASH, checkout, order, orderLine } from './support/orderFixtures.ts';

/** The order page's model (`/order/{hash}`): what the view shows, decided from the order as read. */

function facts(overrides: Partial<OrderPageFacts> = {}): OrderPageFacts {
  return { locale: 'ru', placed: false, payUnavailable: false, payment: null, presentations: new Map(), ...overrides };
}

describe('the order page model', () => {
  it('heads with the number and the day in Kyiv, the status label and its spec §4 style class', () => {
    const model = orderPageModel(order({ status: 2 }), facts());
    expect(model).toMatchObject({
      number: '1000042',
      date: '24.11.2026',
      status: { label: 'Собирается', className: 'in-work-order' },
      placed: false,
      callBack: false,
    });
    expect(orderPageModel(order(), facts({ locale: 'uk', placed: true })).status.label).toBe('Нове замовлення');
    expect(orderPageModel(order(), facts({ placed: true })).placed).toBe(true);
  });

  it('lists the status history in the page’s language and the shopper’s zone; a repeat delivery names its order', () => {
    const moved = order({
      status: 5,
      statusHistory: [
        { status: 0, at: '2026-11-23T22:30:00.000Z' },
        { status: 2, at: '2026-11-24T09:00:00.000Z' },
        { status: 5, at: '2026-11-25T23:10:00.000Z' },
      ],
      repeatOf: '1000007',
    });
    const steps = (locale: Locale, timeZone: string | null) =>
      orderPageModel(moved, facts({ locale, timeZone })).statusHistory.map((s) => [s.status.label, s.date]);
    expect(steps('ru', null)).toEqual([
      ['Новый заказ', '24.11.2026'],
      ['Собирается', '24.11.2026'],
      ['Отменен', '26.11.2026'],
    ]);
    expect(steps('uk', 'Europe/London')).toEqual([
      ['Нове замовлення', '23.11.2026'],
      ['Збирається', '24.11.2026'],
      ['Скасовано', '25.11.2026'],
    ]);
    expect(orderPageModel(moved, facts()).repeatOf).toBe('1000007');
    expect(orderPageModel(order(), facts()).repeatOf).toBeNull();
  });

  it('shows every line in the page’s language, linked to its product, the gift marked', () => {
    const gift = orderLine({ internalId: 7, isGift: true, price: 0, totalPrice: 0, quantity: 1, slug: '' });
    const model = orderPageModel(order({ activeOrderItems: [orderLine(), gift] }), facts({ locale: 'uk' }));
    expect(model.lines[0]).toEqual({
      title: 'Комбінезон зимовий',
      href: '/ua/product/kombinezon-zimniy-100136',
      image: '/svc/search/public/images/p100136-sinii-1.svg',
      color: 'Синий',
      size: '86',
      article: '100136-01',
      quantity: 2,
      price: 1250,
      total: 2500,
      isGift: false,
      subscription: null,
      status: 'Новий',
    });
    expect(model.lines[1]).toMatchObject({ isGift: true, href: null, total: 0 });
  });

  it('shows a subscription line with its interval and first delivery (DD.MM.YYYY)', () => {
    const subscription = orderLine({ intervalDays: 30, startDate: '2026-12-01', price: 1125, totalPrice: 2250 });
    const [line] = orderPageModel(order({ activeOrderItems: [subscription] }), facts()).lines;
    expect(line).toMatchObject({ subscription: { intervalDays: 30, start: '01.12.2026' }, price: 1125 });
  });

  it('takes the catalogue’s Ukrainian colour and size when it answered', () => {
    const presentations = new Map([[500541, { color: 'Синій', size: null }]]);
    const [line] = orderPageModel(order(), facts({ locale: 'uk', presentations })).lines;
    expect(line).toMatchObject({ color: 'Синій', size: null });
  });

  it('adds up the money: goods before promo codes, less discount, certificates and bonuses, plus delivery', () => {
    const model = orderPageModel(
      order({
        price: 2300,
        discountAmount: 200,
        certificateAmount: 1000,
        usedBonuses: 50,
        deliveryPrice: 59,
        totalPrice: 1309,
      }),
      facts(),
    );
    const { goods, discount, certificates, bonuses, delivery, total } = model.sums;
    expect(model.sums).toEqual({
      goods: 2500,
      discount: 200,
      certificates: 1000,
      bonuses: 50,
      delivery: 59,
      total: 1309,
      paid: false,
    });
    expect(goods - discount - certificates - bonuses + (delivery ?? 0)).toBe(total);
  });

  it('names the delivery method and keeps the service’s address line', () => {
    expect(orderPageModel(order(), facts()).delivery).toEqual({
      method: 'Новая Почта: отделение',
      address: 'Киев, Новая Почта: отделение, Отделение №1, ул. Крещатик, 1',
    });
    expect(orderPageModel(order({ deliveryMethodSlug: 'im-courier' }), facts({ locale: 'uk' })).delivery?.method).toBe(
      'Кур’єр магазину',
    );
  });

  it('shows the recipient with the phone in the spec §9 format, and no e-mail row when there is none', () => {
    expect(orderPageModel(order(), facts()).contact).toEqual({
      name: 'Олена Коваль',
      firstName: 'Олена',
      phone: '+38 (050) 123-45-67',
      email: 'olena@example.com',
    });
    expect(orderPageModel(order({ email: '' }), facts()).contact.email).toBeNull();
  });

  it('card online, not paid: the type, «Ожидается оплата» and the pay form of the page’s language', () => {
    const model = orderPageModel(order(), facts({ locale: 'uk' }));
    expect(model.payment).toEqual({
      label: 'Карткою онлайн',
      parts: null,
      status: { kind: 'pending', text: 'Очікується оплата' },
    });
    expect(model.pay).toEqual({ retry: false, action: `/ua/order/${ORDER_HASH}/pay`, amount: 2559 });
  });

  it('cash shows no payment status and no pay form (spec §4)', () => {
    const model = orderPageModel(order({ paymentType: 1, paymentStatus: null }), facts());
    expect(model.payment).toEqual({ label: 'Наличными при получении', parts: null, status: null });
    expect(model.pay).toBeNull();
  });

  it('a type-10 payment left pending says it is awaited in monobank’s app (spec §4), with the parts', () => {
    const model = orderPageModel(order({ paymentType: 10, paymentParts: 4, paymentStatus: 2 }), facts());
    expect(model.payment).toEqual({
      label: 'Покупка частями monobank',
      // The bank is sent the total with delivery (2 559 грн): 4 payments of 640, not 2 500 / 4.
      parts: { count: 4, each: 640 },
      status: { kind: 'pending', text: 'Ожидается оплата в приложении monobank' },
    });
    expect(model.pay?.retry).toBe(true);
  });

  it('heads with what is due: awaiting an online payment, paid, or placed (paid on receipt)', () => {
    const due = orderPageModel(order(), facts({ placed: true }));
    expect(due).toMatchObject({ headline: 'awaitingPayment', sums: { paid: false }, pay: { amount: 2559 } });
    const paid = orderPageModel(order({ paymentStatus: 3 }), facts({ placed: true }));
    expect(paid).toMatchObject({ headline: 'paid', sums: { paid: true }, pay: null, paymentChoice: null });
    const cash = orderPageModel(order({ paymentType: 1, paymentStatus: null }), facts({ placed: true }));
    expect(cash).toMatchObject({ headline: 'placed', sums: { paid: false }, pay: null, paymentChoice: null });
    const canceled = orderPageModel(order({ status: 5 }), facts());
    expect(canceled).toMatchObject({ headline: 'placed', pay: null, paymentChoice: null });
  });

  it('offers the delivery’s other payment types while the order is unpaid and new, unfolded after a failure', () => {
    const model = orderPageModel(order({ paymentType: 8, paymentParts: 6, paymentStatus: 9 }), facts({ locale: 'uk' }));
    expect(model.paymentChoice).toEqual({
      action: `/ua/order/${ORDER_HASH}/payment-type`,
      types: [
        { type: 1, label: 'Готівкою при отриманні' },
        { type: 2, label: 'Карткою онлайн' },
        { type: 8, label: 'Оплата частинами ПриватБанк' },
        { type: 10, label: 'Покупка частинами monobank' },
      ],
      current: 8,
      parts: { options: [3, 4, 5, 6, 7, 8, 9, 10], selected: 6 },
      afterFailure: true,
    });
    // Under the instalment minimum (goods 250 грн): no instalments; pending: folded.
    const small = orderPageModel(order({ price: 250, totalPrice: 309 }), facts());
    expect(small.paymentChoice?.types.map((option) => option.type)).toEqual([1, 2]);
    expect(small.paymentChoice?.afterFailure).toBe(false);
    // In work (status 2) or one-click: the shop agrees payment by its call.
    expect(orderPageModel(order({ status: 2, paymentStatus: 4 }), facts()).paymentChoice).toBeNull();
    expect(orderPageModel(order({ kind: 'one-click', paymentType: null }), facts()).paymentChoice).toBeNull();
  });

  it('paid: «Оплачено» and no pay form; a declined payment offers another try', () => {
    const paid = orderPageModel(order({ paymentStatus: 3 }), facts());
    expect(paid.payment?.status).toEqual({ kind: 'success', text: 'Оплачено' });
    expect(paid.pay).toBeNull();
    expect(orderPageModel(order({ paymentStatus: 4 }), facts()).pay).toMatchObject({ retry: true });
  });

  it('shows the bank’s answer only for this order’s payment', () => {
    expect(orderPageModel(order(), facts({ payment: checkout({ status: 4 }) })).banner).toEqual({
      kind: 'failed',
      app: null,
    });
    const foreign = checkout({ orderHash: 'anotherOrderHash000000' });
    expect(orderPageModel(order(), facts({ payment: foreign })).banner).toBeNull();
  });

  it('says payment is unavailable only while there is something to pay', () => {
    expect(orderPageModel(order(), facts({ payUnavailable: true })).payUnavailable).toBe(true);
    expect(orderPageModel(order({ paymentStatus: 3 }), facts({ payUnavailable: true })).payUnavailable).toBe(false);
  });

  it('a one-click order: the shop calls back; no delivery or payment yet', () => {
    const model = orderPageModel(
      order({
        kind: 'one-click',
        paymentType: null,
        paymentStatus: null,
        deliveryType: null,
        deliveryMethodSlug: null,
        deliveryAddress: '',
      }),
      facts(),
    );
    expect(model).toMatchObject({ callBack: true, delivery: null, payment: null, pay: null });
    // Delivery is agreed on the call: no «free» delivery row.
    expect(model.sums.delivery).toBeNull();
  });

  it.each<Locale>(['ru', 'uk'])('every line of a canceled order reads canceled (%s)', (locale) => {
    const model = orderPageModel(order({ status: 5, activeOrderItems: [orderLine({ status: 2 })] }), facts({ locale }));
    expect(model.status.className).toBe('canceled-order');
    expect(model.lines[0]?.status).toBe(locale === 'ru' ? 'Отменен' : 'Скасовано');
    expect(model.pay).toBeNull();
  });
});

describe('the purchase for analytics (issue 29: card payers go straight to the bank)', () => {
  const back = {
    paymentHash: 'p1',
    kind: 'order',
    orderHash: 'h1',
    status: 1,
    paymentType: 2,
    paymentParts: 0,
    amount: 100,
  } as const;
  it('is on the page on arrival from the checkout or from the bank, not on a later visit', () => {
    expect(orderPageModel(order(), facts({ placed: true })).analyticsJson).not.toBeNull();
    expect(orderPageModel(order(), facts({ payment: back })).analyticsJson).not.toBeNull();
    expect(orderPageModel(order(), facts()).analyticsJson).toBeNull();
    expect(orderPageModel(order(), facts({ payment: { ...back, kind: 'certificate' } })).analyticsJson).toBeNull();
  });
});
