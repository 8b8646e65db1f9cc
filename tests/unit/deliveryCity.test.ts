import { describe, expect, it } from 'vitest';
import { FALLBACK_DELIVERY_METHODS } from '../../src/api/deliveryFallback.ts';
import {
  backPath,
  deliveryCityCookie,
  deliveryCityInCookies,
  deliveryCityOf,
} from '../../src/domain/delivery/deliveryCity.ts';
import { deliveryMethodRows } from '../../src/domain/delivery/deliveryMethodRows.ts';

describe('the remembered delivery city (issue 25)', () => {
  it.each([
    ['9812', 9812],
    ['1', 1],
    ['0', null],
    ['-5', null],
    ['12a', null],
    ['1234567890', null],
    ['', null],
    [undefined, null],
  ])('reads the cookie value %j as %j', (value, expected) => {
    expect(deliveryCityOf(value)).toBe(expected);
  });

  it('finds the city among other cookies, and nothing without it', () => {
    expect(deliveryCityInCookies('bbs_tz=Europe/Kyiv; bbs_city=4321; x=1')).toBe(4321);
    expect(deliveryCityInCookies('bbs_city_old=4321')).toBeNull();
    expect(deliveryCityInCookies('')).toBeNull();
  });

  it('writes a year-long, site-wide, script-readable cookie only for a settlement id', () => {
    expect(deliveryCityCookie(4321)).toBe('bbs_city=4321; path=/; max-age=31536000; samesite=lax');
    expect(deliveryCityCookie(0)).toBeNull();
    expect(deliveryCityCookie(1.5)).toBeNull();
  });

  it.each([
    ['/product/kolyaska?color=red', '/product/kolyaska?color=red'],
    ['/ua/basket', '/ua/basket'],
    ['https://evil.test/', '/'],
    ['//evil.test/', '/'],
    ['/\\evil.test', '/'],
    ['', '/'],
    [null, '/'],
  ])('goes back to %j only on this site (%j)', (value, expected) => {
    expect(backPath(value, '/')).toBe(expected);
  });
});

describe('delivery method rows', () => {
  const [shopCourier, meest] = FALLBACK_DELIVERY_METHODS;
  const branch = {
    ...meest!,
    slug: 'np-warehouse' as const,
    type: 1 as const,
    price: 0,
    title: 'НП',
    titleUkr: 'НП уk',
  };
  const pickup = { ...meest!, slug: 'pick-and-collect' as const, type: 3 as const, price: 0 };

  it('names each method in the page’s language with its time and price', () => {
    expect(deliveryMethodRows([shopCourier!], 'uk', false)).toEqual([
      { slug: 'im-courier', title: 'Кур’єр магазину', time: '1-2 дні', charge: 'amount', price: 69 },
    ]);
    expect(deliveryMethodRows([shopCourier!], 'ru', false)[0]).toMatchObject({
      title: 'Курьер магазина',
      time: '1-2 дня',
    });
  });

  it('reads a free method at 0 as free once the goods reach free delivery, else the carrier’s tariff; pickup is free', () => {
    expect(deliveryMethodRows([branch, pickup], 'ru', false).map((r) => r.charge)).toEqual(['carrier', 'free']);
    expect(deliveryMethodRows([branch, pickup], 'ru', true).map((r) => r.charge)).toEqual(['free', 'free']);
  });

  it('leaves out what the parcel does not fit, keeping the service’s order', () => {
    const rows = deliveryMethodRows(
      [{ ...meest!, available: false }, { ...shopCourier!, available: true }, branch],
      'ru',
      false,
    );
    expect(rows.map((r) => r.slug)).toEqual(['im-courier', 'np-warehouse']);
  });
});
