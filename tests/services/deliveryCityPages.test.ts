import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { loadDeliveryCityPage, type DeliveryCityOutcome } from '../../src/server/pages/deliveryCityPage.ts';
import { loadProductDelivery } from '../../src/server/pages/productDeliveryFragment.ts';
import type { PageRequest } from '../../src/server/request/pageOutcome.ts';
import { createSomeServices, type SomeServices } from '../../src/services/index.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { productsPath } from './support.ts';

/**
 * Issue 25, the delivery city over the embedded search and delivery services: the picker page
 * (search, choice, the way back) and the product page's delivery fragment for a city.
 */

const KYIV = 9812;
let services: SomeServices;
let slug: string;
beforeAll(async () => {
  services = await createSomeServices(['search', 'delivery'], {
    dataDir: ':memory:',
    seed: { seed: 42, products: 60 },
  });
  const response = await services.fetch(new Request(`http://shop.test${productsPath({ limit: 1, withPrice: 1 })}`));
  const product = productListSchema.parse(await response.json()).items[0];
  if (!product) throw new Error('no product');
  slug = product.slug;
});
afterAll(() => services.close());

function request(path: string, locale: Locale): PageRequest {
  return {
    api: createHttpClient({ baseUrls: embeddedBaseUrls, fetch: services.fetch, locale }),
    locale,
    t: createT(locale),
    origin: 'https://shop.test',
    url: new URL(`https://shop.test${path}`),
    params: {},
  };
}

function form(outcome: DeliveryCityOutcome) {
  if (outcome.kind !== 'personal') throw new Error(`expected the form, got ${outcome.kind}`);
  return outcome.model;
}

describe('the delivery city picker', () => {
  it('offers the often used cities first, the current one named, in the page’s language', async () => {
    const model = form(await loadDeliveryCityPage(request('/ua/delivery-city?back=/ua/basket', 'uk'), null, KYIV));
    expect(model).toMatchObject({ list: 'often', back: '/ua/basket', current: { id: KYIV, name: 'Київ' } });
    expect(model.cities.map((c) => c.name)).toContain('Львів');
  });

  it('finds cities by the start of their name', async () => {
    const model = form(await loadDeliveryCityPage(request('/delivery-city?q=%D0%BB%D1%8C%D0%B2', 'ru'), null, null));
    expect(model.list).toBe('found');
    expect(model.cities[0]).toMatchObject({ name: 'Львов' });
    expect(model.cities[0]?.where).toContain('Львовская обл.');
  });

  it('remembers a chosen city and goes back, never to another site', async () => {
    const lvivId = form(await loadDeliveryCityPage(request('/delivery-city?q=львов', 'ru'), null, null)).cities[0]?.id;
    const chosen = await loadDeliveryCityPage(
      request('/delivery-city', 'ru'),
      new URLSearchParams({ city: String(lvivId), back: '/product/x?color=red' }),
      null,
    );
    expect(chosen).toEqual({ kind: 'chosen', cityId: lvivId, location: '/product/x?color=red' });
    const elsewhere = await loadDeliveryCityPage(
      request('/delivery-city', 'ru'),
      new URLSearchParams({ city: String(KYIV), back: '//evil.test/' }),
      null,
    );
    expect(elsewhere).toEqual({ kind: 'chosen', cityId: KYIV, location: '/' });
  });

  it('sends an unknown or malformed city back to the form', async () => {
    for (const city of ['987654321', 'kyiv']) {
      const outcome = await loadDeliveryCityPage(
        request('/delivery-city', 'ru'),
        new URLSearchParams({ city, back: '/basket' }),
        null,
      );
      expect(outcome).toEqual({ kind: 'redirect', location: '/delivery-city?back=%2Fbasket', status: 303 });
    }
  });
});

describe('the product page’s delivery fragment', () => {
  it('lists Kyiv’s methods for the product, the shop’s courier among them, tagged with the product', async () => {
    const outcome = await loadProductDelivery(request(`/ua/product-delivery?slug=${slug}&city=${KYIV}`, 'uk'));
    if (outcome.kind !== 'page') throw new Error(outcome.kind);
    expect(outcome.model.city).toBe('Київ');
    expect(outcome.model.rows?.map((r) => r.slug)).toContain('im-courier');
    expect(outcome.cache.tags).toEqual([expect.stringMatching(/^product:\d+$/)]);
  });

  it('lists another city’s methods without the shop’s courier (spec §5)', async () => {
    const lvivId = form(await loadDeliveryCityPage(request('/delivery-city?q=львов', 'ru'), null, null)).cities[0]?.id;
    const outcome = await loadProductDelivery(request(`/product-delivery?slug=${slug}&city=${lvivId}`, 'ru'));
    if (outcome.kind !== 'page') throw new Error(outcome.kind);
    expect(outcome.model.city).toBe('Львов');
    const slugs = outcome.model.rows?.map((r) => r.slug) ?? [];
    expect(slugs).toContain('np-courier');
    expect(slugs).not.toContain('im-courier');
  });

  it('is the 404 page for a malformed or unknown product or city', async () => {
    for (const path of [
      `/product-delivery?slug=${slug}`,
      `/product-delivery?slug=${slug}&city=0`,
      `/product-delivery?slug=no-such-product-x&city=${KYIV}`,
      `/product-delivery?slug=${slug}&city=987654321`,
    ]) {
      expect((await loadProductDelivery(request(path, 'ru'))).kind).toBe('notFound');
    }
  });
});
