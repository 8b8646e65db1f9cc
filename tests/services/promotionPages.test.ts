import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { loadPromotionRoute, type PromotionRouteModel } from '../../src/server/pages/promotionPages.ts';
import type { PageOutcome, PageRequest } from '../../src/server/request/pageOutcome.ts';
import { createSomeServices, type SomeServices } from '../../src/services/index.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { productsPath } from './support.ts';

/**
 * The promotions pages (issue 25) over the embedded content and search services with the demo seed:
 * what the list and a promotion show, which addresses are 404s and 301s, and the cache tags an
 * editor's change purges (src/api/contentChanges.ts: `promotion:L`, `promotion:S:L`).
 */

let services: SomeServices;
beforeAll(async () => {
  services = await createSomeServices(['search', 'content'], {
    dataDir: ':memory:',
    seed: { seed: 42, products: 300 },
  });
});
afterAll(() => services.close());

function request(path: string, locale: Locale, fetch: typeof services.fetch = services.fetch): PageRequest {
  return {
    api: createHttpClient({ baseUrls: embeddedBaseUrls, fetch, locale }),
    locale,
    t: createT(locale),
    origin: 'https://shop.test',
    url: new URL(`https://shop.test${path}`),
    params: {},
  };
}

const load = (path: string, locale: Locale = path.startsWith('/ua/') ? 'uk' : 'ru') =>
  loadPromotionRoute(request(path, locale));

function shown(outcome: PageOutcome<PromotionRouteModel>): { model: PromotionRouteModel; tags: string[] } {
  if (outcome.kind !== 'page') throw new Error(`expected a page, got ${outcome.kind}`);
  return { model: outcome.model, tags: outcome.cache.tags };
}

describe('the promotions list', () => {
  it('shows every active promotion with its picture, dates and link, tagged for the editor’s changes', async () => {
    const { model, tags } = shown(await load('/ua/promotions'));
    if (model.kind !== 'list') throw new Error(model.kind);
    expect(tags).toEqual(['promotion:uk']);
    expect(model.data.heading).toBe('Акції');
    expect(model.data.canonicalPath).toBe('/ua/promotions');
    const slugs = model.data.promotions.map((card) => card.slug);
    expect(slugs).toContain('skidki-do-50');
    expect(slugs).toContain('dvoynoy-keshbek');
    // An inactive promotion is not offered.
    expect(slugs).not.toContain('letniy-sale-2025');
    const first = model.data.promotions[0];
    expect(first).toMatchObject({
      href: `/ua/promotions/${first?.slug}`,
      period: { kind: 'range' },
      analytics: { id: first?.slug, name: first?.title, slot: 'promotions-list-1' },
    });
    expect(first?.image).toMatch(/^\//);
    expect(model.data.jsonLd).toContain('BreadcrumbList');
  });

  it('page-1 is the list (301); a page past the last is not found', async () => {
    expect(await load('/promotions/page-1')).toEqual({ kind: 'redirect', location: '/promotions', status: 301 });
    expect(await load('/promotions/page-2')).toEqual({ kind: 'notFound' });
  });

  it('a content service that cannot answer is the 503 page, never an empty list', async () => {
    const down = () => Promise.reject(new TypeError('fetch failed'));
    expect(await loadPromotionRoute(request('/promotions', 'ru', down))).toEqual({ kind: 'unavailable' });
    expect(await loadPromotionRoute(request('/promotions/skidki-do-50', 'ru', down))).toEqual({
      kind: 'unavailable',
    });
  });
});

describe('a promotion’s page', () => {
  it('lists the goods of its `promotions` filter value as a catalogue, in the page’s language', async () => {
    const { model, tags } = shown(await load('/ua/promotions/skidki-do-50'));
    if (model.kind !== 'catalog') throw new Error(model.kind);
    expect(tags).toEqual(['promotion:skidki-do-50:uk', 'catalog', 'category-config']);
    const direct = productListSchema.parse(
      await (
        await services.fetch(
          new Request(
            `http://shop.test${productsPath({ filters: [{ topic: 'promotions', values: ['skidki-do-50'] }], hasImage: 1, withPrice: 1, limit: 1 })}`,
          ),
        )
      ).json(),
    );
    expect(model.catalog.total).toBe(direct.pagination.total);
    expect(model.catalog.total).toBeGreaterThan(0);
    expect(model.catalog).toMatchObject({
      heading: 'Знижки до −50%',
      robots: 'index,follow',
      canonicalPath: '/ua/promotions/skidki-do-50',
      trail: { crumbs: [{ href: '/ua/' }, { title: 'Акції', href: '/ua/promotions' }], current: 'Знижки до −50%' },
    });
    expect(model.intro.html).toContain('<li>');
    // The categories of its goods narrow it, most goods first.
    expect(model.catalog.children.length).toBeGreaterThan(1);
    expect(model.catalog.children[0]?.href).toMatch(/^\/ua\/promotions\/skidki-do-50\/category=[a-z-]+$/);
    expect(model.catalog.children[0]?.title).toMatch(/ \(\d+\)$/);
    const narrowed = shown(await load(model.catalog.children[0]?.href ?? '')).model;
    if (narrowed.kind !== 'catalog') throw new Error(narrowed.kind);
    expect(`(${narrowed.catalog.total})`).toBe(/\(\d+\)$/.exec(model.catalog.children[0]?.title ?? '')?.[0]);
    expect(narrowed.catalog.children).toEqual([]);
    // The promotion itself is the page, not one of its filters; every filter link stays under it.
    expect(model.catalog.facets.map((facet) => facet.slug)).not.toContain('promotions');
    expect(model.catalog.facets.length).toBeGreaterThan(0);
    for (const facet of model.catalog.facets) {
      for (const value of facet.values) expect(value.href).toMatch(/^\/ua\/promotions\/skidki-do-50\/[a-z-]+=/);
    }
  });

  it('filters, sorts and pages within the promotion; only page 1 without a sort is indexed', async () => {
    const { model: first } = shown(await load('/promotions/skidki-do-50'));
    if (first.kind !== 'catalog') throw new Error(first.kind);
    const colour = first.catalog.facets.find((facet) => facet.slug === 'color')?.values[0];
    if (!colour) throw new Error('no colour among the promotion’s goods');
    const { model: filtered } = shown(await load(colour.href));
    if (filtered.kind !== 'catalog') throw new Error(filtered.kind);
    expect(filtered.catalog.total).toBe(colour.count);
    const { model: sorted } = shown(await load('/promotions/skidki-do-50/sort-price'));
    if (sorted.kind !== 'catalog') throw new Error(sorted.kind);
    expect(sorted.catalog).toMatchObject({ robots: 'noindex,nofollow', canonicalPath: null });
    const prices = sorted.catalog.products.map((card) => card.price?.final ?? 0);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
  });

  it('answers 404 for what does not exist and 301 for another spelling', async () => {
    for (const path of [
      '/promotions/nosuchpromotion',
      '/promotions/letniy-sale-2025',
      '/promotions/skidki-do-50/promotions=skidki-do-50',
      '/promotions/skidki-do-50/color=nosuchcolour',
      '/promotions/skidki-do-50/page-999',
      '/promotions/dvoynoy-keshbek/page-2',
      '/promotions/Skidki',
    ]) {
      expect(await load(path), path).toEqual({ kind: 'notFound' });
    }
    // A Ukrainian path asked for in Russian (and back) names nothing.
    expect(await load('/ua/promotions', 'ru')).toEqual({ kind: 'notFound' });
    // The price form works without JavaScript: its GET answers 303 to the path with the range.
    expect(await load('/promotions/skidki-do-50?priceFrom=100&priceTo=500')).toEqual({
      kind: 'redirect',
      location: '/promotions/skidki-do-50/price=100,500',
      status: 303,
    });
    expect(await load('/promotions/skidki-do-50/page-1')).toEqual({
      kind: 'redirect',
      location: '/promotions/skidki-do-50',
      status: 301,
    });
  });

  it('a promotion that names no filter shows its text alone', async () => {
    const { model, tags } = shown(await load('/promotions/dvoynoy-keshbek'));
    if (model.kind !== 'text') throw new Error(model.kind);
    expect(tags).toEqual(['promotion:dvoynoy-keshbek:ru']);
    expect(model.page.canonicalPath).toBe('/promotions/dvoynoy-keshbek');
    expect(model.intro.title).toBe('Двойной кешбэк на собственный импорт');
  });
});
