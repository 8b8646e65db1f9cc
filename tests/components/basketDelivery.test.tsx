/** @vitest-environment happy-dom */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BasketContents } from '../../src/components/basket/BasketContents.tsx';
import { FALLBACK_DELIVERY_METHODS } from '../../src/api/deliveryFallback.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { basketCheckRequestSchema } from '../../src/api/schemas/basket.ts';
import { runCheck, setBasketPhone } from '../../src/stores/basket.ts';
import { DELIVERY_CITY_COOKIE } from '../../src/domain/delivery/deliveryCity.ts';
import { checkResponse, line, lineInput, resetBasket, setBasket } from './basketFixtures.ts';

/**
 * Issue 25: the basket check sends the shopper's phone and asks for the delivery list of the
 * remembered city (spec §7), and the basket shows the methods it answers with their prices.
 */

const LVIV = 4321;
const lvivMethods = [
  { ...FALLBACK_DELIVERY_METHODS[2]!, price: 89 },
  {
    ...FALLBACK_DELIVERY_METHODS[2]!,
    slug: 'np-warehouse' as const,
    type: 1 as const,
    price: 0,
    title: 'Новая Почта: отделение',
    titleUkr: 'Нова Пошта: відділення',
  },
];

function stubServices() {
  const checks: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input instanceof URL ? input.href : input, init);
      const url = request.url;
      if (url.includes('/public/basket/check')) {
        checks.push(JSON.parse(await request.text()));
        return Response.json(checkResponse({ deliveryMethods: lvivMethods }));
      }
      if (url.includes(`/public/settlement/${LVIV}`)) {
        return Response.json({
          id: LVIV,
          ref: 'lviv',
          name: 'Львов',
          nameUkr: 'Львів',
          type: 'город',
          typeUkr: 'місто',
          regionName: 'Львовская',
          regionNameUkr: 'Львівська',
          districtName: null,
          districtNameUkr: null,
          latitude: 49.84,
          longitude: 24.03,
        });
      }
      throw new TypeError('no network');
    }),
  );
  return checks;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetBasket();
  document.cookie = `${DELIVERY_CITY_COOKIE}=${LVIV}; path=/`;
});
afterEach(() => {
  cleanup();
  setBasketPhone(null);
  document.cookie = `${DELIVERY_CITY_COOKIE}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function checked(locale: Locale) {
  const checks = stubServices();
  setBasket([line(lineInput(), 1)]);
  render(<BasketContents locale={locale} variant="page" />);
  await act(() => runCheck());
  return checks;
}

describe('the basket and the delivery city', () => {
  it('asks for the delivery list of the remembered city with the shopper’s phone', async () => {
    setBasketPhone('+38 (067) 123-45-67');
    const [sent] = await checked('ru');
    const body = basketCheckRequestSchema.parse(sent);
    expect(body).toMatchObject({ withDeliveryList: true, cityId: LVIV, phone: '380671234567' });
  });

  it('sends no phone while none is known (a half-typed one neither)', async () => {
    setBasketPhone('+38 (067) 12');
    const [sent] = await checked('ru');
    expect(basketCheckRequestSchema.parse(sent).phone).toBeUndefined();
  });

  it.each([
    ['ru', 'Доставка в Львов', 'Курьер Новой Почты', '89 грн', 'бесплатно'],
    ['uk', 'Доставка в Львів', 'Кур’єр Нової Пошти', '89 грн', 'безкоштовно'],
  ] as const)(
    'shows the methods the check answered, with prices (%s)',
    async (locale, heading, courier, price, free) => {
      await checked(locale);
      expect(await screen.findByText(heading)).toBeTruthy();
      const methods = document.querySelector('.basket-delivery');
      if (!(methods instanceof HTMLElement)) throw new Error('no delivery block');
      const courierRow = methods.querySelector('[data-delivery-method="np-courier"]');
      expect(courierRow?.textContent).toContain(courier);
      expect(courierRow?.textContent).toContain(price);
      // A free-delivery branch at 0 once the goods (1 999 грн) reach the threshold reads free.
      expect(within(methods).getByText(free)).toBeTruthy();
    },
  );
});
