import { describe, expect, it } from 'vitest';
import { awaitsOnlinePayment, parsePlacedOrder, placedOrderOf } from '../../src/domain/checkout/placedOrder.ts';
import { shortageKey, shortLines } from '../../src/domain/checkout/stockShortage.ts';
import { isOnSavedLocation, savedLocationLine } from '../../src/domain/checkout/savedLocationChoice.ts';
import type { SavedLocation } from '../../src/api/schemas/user.ts';
import { initialCheckoutForm } from '../../src/domain/checkout/checkoutForm.ts';
import { lines } from './support/checkoutStoreFixtures.ts';

/** The checkout's issue-29 rules: the placed order kept for this tab, stock shortage lines, saved locations. */

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';

describe('the placed order kept for this tab', () => {
  it('reads back what it wrote, and nothing else', () => {
    const kept = placedOrderOf({ hash: HASH, number: '1000042' });
    expect(parsePlacedOrder(JSON.stringify(kept))).toEqual({ hash: HASH, number: '1000042' });
    for (const raw of [null, '', 'x', '[]', '{"hash":"short","number":"1"}', `{"hash":"${HASH}","number":7}`]) {
      expect(parsePlacedOrder(raw)).toBeNull();
    }
  });

  it('goes to the bank only for an online type not yet paid, with something to pay', () => {
    const order = { paymentType: 2 as const, paymentStatus: 0, status: 0, totalPrice: 500 };
    expect(awaitsOnlinePayment(order)).toBe(true);
    expect(awaitsOnlinePayment({ ...order, paymentType: 10 })).toBe(true);
    expect(awaitsOnlinePayment({ ...order, paymentType: 1, paymentStatus: null })).toBe(false);
    expect(awaitsOnlinePayment({ ...order, paymentStatus: 3 })).toBe(false);
    expect(awaitsOnlinePayment({ ...order, totalPrice: 0 })).toBe(false);
  });
});

describe('lines the stock no longer fills', () => {
  it('names a sold-out line and one that shrank, with the product page of its variant', () => {
    const [gone, shrunk, fine] = lines(
      {
        input: {
          id: 1,
          title: 'Боди',
          titleUkr: 'Боді',
          slug: 'bodi',
          sizePresentationValue: '74',
          sizePresentationTitle: '74 см',
        },
      },
      { input: { id: 2, title: 'Шапка', titleUkr: 'Шапка', slug: 'shapka' }, count: 2 },
      { input: { id: 3, title: 'Носки', slug: 'noski' } },
    );
    if (!gone || !shrunk || !fine) throw new Error('no lines');
    const items = [
      { ...gone, errorCode: 4 as const, isAvailableForOrder: false, count: 0 },
      { ...shrunk, count: 1, expectedCount: 2 },
      fine,
    ];
    const short = shortLines(items, 'uk');
    expect(short.map((l) => [l.title, l.size, l.left, l.asked])).toEqual([
      ['Боді', '74 см', 0, 1],
      ['Шапка', null, 1, 2],
    ]);
    expect(short[0]?.href).toBe('/ua/product/bodi?size=74');
    expect(shortageKey(short)).not.toBe(shortageKey(short.slice(0, 1)));
    expect(shortLines([fine], 'ru')).toEqual([]);
  });
});

describe('saved locations as choices', () => {
  const branch: SavedLocation = {
    id: 1,
    isDefault: true,
    city: 'Київ',
    cityRef: 'ref',
    cityId: 9812,
    region: '',
    district: '',
    type: 1,
    deliveryMethodSlug: 'np-warehouse',
    carrier: 1,
    street: '',
    streetRef: '',
    streetTypeName: '',
    building: '',
    apartment: '',
    branchRef: 'b17',
    branch: 'Нова Пошта №17: вул. Ярмаркова, 233',
    shopRef: '',
  };

  it('reads as the city, the method and the branch', () => {
    expect(savedLocationLine(branch, 'uk', null)).toBe(
      'Київ · Нова Пошта: відділення · Нова Пошта №17: вул. Ярмаркова, 233',
    );
  });

  it('is marked while the form is on its city, method and branch', () => {
    const form = initialCheckoutForm();
    expect(isOnSavedLocation(form, branch)).toBe(false);
    const on = {
      ...form,
      city: {
        id: 9812,
        ref: 'ref',
        name: 'Киев',
        nameUkr: 'Київ',
        type: '',
        typeUkr: '',
        regionName: '',
        regionNameUkr: '',
        districtName: null,
        districtNameUkr: null,
      },
      deliveryMethodSlug: 'np-warehouse' as const,
      deliveryType: 1 as const,
      deliveryBranchRef: 'b17',
    };
    expect(isOnSavedLocation(on, branch)).toBe(true);
    expect(isOnSavedLocation({ ...on, deliveryBranchRef: 'b21' }, branch)).toBe(false);
  });
});
