import { describe, expect, it } from 'vitest';
import {
  accountOrderUrl,
  historyPageOf,
  orderHistoryModel,
  orderHistoryUrl,
} from '../../src/domain/order/orderHistoryModel.ts';
import { order, orderLine } from './support/orderFixtures.ts';

/** The account's order history (`/profile/orders?page=N`, spec §9 "Order list page size 10"). */

describe('the page a query asks for', () => {
  it.each([
    ['', 1],
    ['page=1', 1],
    ['page=2', 2],
    ['page=100000', 100000],
  ])('%s → page %s', (query, page) => {
    expect(historyPageOf(new URLSearchParams(query))).toBe(page);
  });

  it.each(['page=0', 'page=-1', 'page=01', 'page=1.5', 'page=x', 'page=', 'page=1&page=2', 'page=1000000', 'page=+1'])(
    '%s is no page (a 404)',
    (query) => {
      expect(historyPageOf(new URLSearchParams(query))).toBeNull();
    },
  );
});

describe('the history model', () => {
  const list = (count: number, total = count) => ({
    items: Array.from({ length: count }, (_, i) => order({ number: String(1000100 - i), hash: `hash-${i}` })),
    total,
  });

  it('a row per order: its link, the day in Kyiv, the spec §4 status label and class, units and total', () => {
    const placed = order({
      number: '1000042',
      status: 3,
      totalPrice: 1649,
      activeOrderItems: [orderLine({ quantity: 2 }), orderLine({ internalId: 9, quantity: 1, isGift: true })],
      statusHistory: [
        { status: 0, at: '2026-11-23T22:30:00.000Z' },
        { status: 2, at: '2026-11-24T09:00:00.000Z' },
        { status: 3, at: '2026-11-25T21:30:00.000Z' },
      ],
    });
    const model = orderHistoryModel({ items: [placed], total: 1 }, 1, 'ru');
    expect(model?.rows).toEqual([
      {
        number: '1000042',
        href: '/profile/orders/1000042',
        date: '24.11.2026',
        status: { label: 'Передан на доставку', className: 'in-work-order' },
        statusSince: '25.11.2026',
        total: 1649,
        units: 3,
        callBack: false,
      },
    ]);
    const uk = orderHistoryModel({ items: [order({ status: 6, kind: 'one-click' })], total: 1 }, 1, 'uk');
    expect(uk?.rows[0]).toMatchObject({
      href: '/ua/profile/orders/1000042',
      status: { label: 'Доставлено', className: 'done-order' },
      // Only placed (the fixture's history): no date of its own beside the status.
      statusSince: null,
      callBack: true,
    });
    // The day the status was set, in the shopper's zone.
    const inNewYork = orderHistoryModel({ items: [placed], total: 1 }, 1, 'ru', 'America/New_York');
    expect(inNewYork?.rows[0]?.statusSince).toBe('25.11.2026');
    const inTokyo = orderHistoryModel({ items: [placed], total: 1 }, 1, 'uk', 'Asia/Tokyo');
    expect(inTokyo?.rows[0]?.statusSince).toBe('26.11.2026');
  });

  it('pages of 10: links to the others, page 1 without a query', () => {
    const model = orderHistoryModel(list(10, 23), 2, 'ru');
    expect(model?.links.prevHref).toBe('/profile/orders');
    expect(model?.links.nextHref).toBe('/profile/orders?page=3');
    expect(model?.links.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(orderHistoryModel(list(3, 23), 3, 'uk')?.links.nextHref).toBeNull();
  });

  it('a page past the last is none (404); page 1 of nobody’s orders is the empty history', () => {
    expect(orderHistoryModel(list(0, 23), 4, 'ru')).toBeNull();
    expect(orderHistoryModel(list(0), 2, 'ru')).toBeNull();
    expect(orderHistoryModel(list(0), 1, 'ru')).toMatchObject({ rows: [], total: 0 });
  });

  it('builds the account URLs in both languages', () => {
    expect(orderHistoryUrl('ru')).toBe('/profile/orders');
    expect(orderHistoryUrl('uk', 2)).toBe('/ua/profile/orders?page=2');
    expect(accountOrderUrl('uk', '1000001')).toBe('/ua/profile/orders/1000001');
  });
});
