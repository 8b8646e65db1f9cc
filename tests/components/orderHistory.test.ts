import { describe, expect, it } from 'vitest';
import OrderHistory from '../../src/components/account/orders/OrderHistory.astro';
import { orderHistoryModel } from '../../src/domain/order/orderHistoryModel.ts';
import { order } from '../unit/support/orderFixtures.ts';
import { renderView } from './renderView.ts';

/** The account's order history view: a table of the shopper's orders, or what to do without any. */

describe('OrderHistory.astro', () => {
  it('lists each order with its link and the status badge the order page uses; pages when there are more', async () => {
    const model = orderHistoryModel(
      { items: [order({ number: '1000042', status: 5, totalPrice: 1649 })], total: 11 },
      2,
      'ru',
    );
    if (!model) throw new Error('no model');
    const { view, body } = await renderView(OrderHistory, { model });
    // The heading is the account layout's (AccountLayout.astro): the list brings none of its own.
    expect(view.queryByRole('heading', { level: 1 })).toBeNull();
    expect(view.getByText('Всего заказов: 11')).toBeTruthy();
    expect(view.getByRole('link', { name: '№ 1000042' }).getAttribute('href')).toBe('/profile/orders/1000042');
    const badge = body.querySelector('[data-order-status]');
    expect(badge?.textContent?.trim()).toBe('Отменен');
    expect(badge?.getAttribute('data-order-status')).toBe('canceled-order');
    expect(view.getByRole('cell', { name: '1 649 грн' })).toBeTruthy();
    expect(view.getByRole('navigation').querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/profile/orders');
  });

  it('says so when there is no order yet, in the page’s language', async () => {
    const model = orderHistoryModel({ items: [], total: 0 }, 1, 'uk');
    if (!model) throw new Error('no model');
    const { view, body } = await renderView(OrderHistory, { model }, 'http://127.0.0.1/ua/profile/orders');
    expect(body.querySelector('table')).toBeNull();
    expect(view.getByRole('link', { name: 'Перейти до покупок' }).getAttribute('href')).toBe('/ua/');
  });
});
