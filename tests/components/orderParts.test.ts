import { describe, expect, it } from 'vitest';
import OrderLines from '../../src/components/order/OrderLines.astro';
import OrderSums from '../../src/components/order/OrderSums.astro';
import PayForm from '../../src/components/order/PayForm.astro';
import PaymentBanner from '../../src/components/order/PaymentBanner.astro';
import { renderView } from './renderView.ts';

describe('OrderSums.astro', () => {
  it('leaves delivery out of a one-click order, whose delivery is agreed on the call', async () => {
    const sums = { goods: 500, discount: 0, certificates: 0, bonuses: 0, delivery: null, total: 500 };
    const { body } = await renderView(OrderSums, { sums });
    expect([...body.querySelectorAll('dt')].map((dt) => dt.textContent?.trim())).toEqual(['Товары', 'К оплате']);
  });

  it('shows only the rows that took something off, amounts with a space between thousands', async () => {
    const sums = { goods: 12500, discount: 0, certificates: 1000, bonuses: 0, delivery: 0, total: 11500 };
    const { body } = await renderView(OrderSums, { sums });
    const rows = [...body.querySelectorAll('dl div')].map(
      (row) => `${row.querySelector('dt')?.textContent?.trim()} ${row.querySelector('dd')?.textContent?.trim()}`,
    );
    expect(rows).toEqual([
      'Товары 12 500 грн',
      'Подарочные сертификаты −1 000 грн',
      'Доставка бесплатно',
      'К оплате 11 500 грн',
    ]);
  });
});

describe('OrderLines.astro', () => {
  const line = {
    title: 'Влажные салфетки',
    href: '/product/salfetki',
    image: null,
    color: null,
    size: null,
    article: 'A-1',
    quantity: 2,
    price: 90,
    total: 180,
    isGift: false,
    status: 'Новый',
  };

  it('shows a subscription line’s interval and first delivery; a line bought once has none', async () => {
    const { body } = await renderView(OrderLines, {
      lines: [
        { ...line, subscription: null },
        { ...line, subscription: { intervalDays: 30, start: '01.07.2025' } },
      ],
    });
    const [once, subscribed] = [...body.querySelectorAll('[data-order-line]')];
    expect(once?.querySelector('[data-order-subscription]')).toBeNull();
    const terms = subscribed?.querySelector('[data-order-subscription="30"]');
    expect(terms?.querySelector('dt')?.textContent?.trim()).toBe('Подписка');
    expect(terms?.querySelector('dd')?.textContent?.trim()).toBe('раз в 30 дней, первая доставка 01.07.2025');
  });

  it('in Ukrainian', async () => {
    const { body } = await renderView(
      OrderLines,
      { lines: [{ ...line, subscription: { intervalDays: 14, start: '01.07.2025' } }] },
      'http://127.0.0.1/ua/order/h',
    );
    expect(body.querySelector('[data-order-subscription] dd')?.textContent?.trim()).toBe(
      'раз на 14 днів, перша доставка 01.07.2025',
    );
  });
});

describe('PayForm.astro', () => {
  it('a first payment names the amount; after a failed one it offers another try; a plain post', async () => {
    const first = await renderView(PayForm, {
      action: '/order/h/pay',
      retry: false,
      amount: 1648,
      payLabel: 'orderPage.pay',
    });
    expect(first.view.getByRole('button').textContent?.trim()).toBe('Оплатить 1 648 грн');
    expect(first.body.querySelector('form')?.getAttribute('method')).toBe('post');
    const again = await renderView(
      PayForm,
      { action: '/ua/order/h/pay', retry: true, amount: 1648, payLabel: 'orderPage.pay' },
      'http://127.0.0.1/ua/order/h',
    );
    expect(again.view.getByRole('button').textContent?.trim()).toBe('Сплатити ще раз');
  });
});

describe('PaymentBanner.astro', () => {
  it('says what the bank answered, as a status', async () => {
    const { view } = await renderView(PaymentBanner, {
      banner: { kind: 'waitingInApp', app: 'monobank' },
      payUnavailable: false,
    });
    expect(view.getByRole('status').textContent?.trim()).toBe(
      'Подтвердите покупку в приложении monobank, затем обновите эту страницу.',
    );
  });

  it('says payment is unavailable now, in the page’s language', async () => {
    const { view } = await renderView(PaymentBanner, { banner: null, payUnavailable: true }, 'http://127.0.0.1/ua/');
    expect(view.getByRole('status').textContent?.trim()).toBe('Оплата зараз недоступна, спробуйте пізніше');
  });

  it('renders nothing when there is nothing to say', async () => {
    const { html } = await renderView(PaymentBanner, { banner: null, payUnavailable: false });
    expect(html.trim()).toBe('');
  });
});
