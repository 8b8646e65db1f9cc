import { describe, expect, it } from 'vitest';
import {
  promotionAnalytics,
  promotionCard,
  promotionPeriod,
  productPromotionCards,
  productPromotionSlug,
} from '../../src/domain/promotion/promotionCard.ts';
import {
  buildPromotionPath,
  parsePromotionsPath,
  promotionListPath,
  promotionStateProblem,
} from '../../src/domain/promotion/promotionRoute.ts';

describe('promotion addresses (issue 25)', () => {
  it('reads the list and its pages in both languages', () => {
    expect(parsePromotionsPath('/promotions')).toEqual({ kind: 'list', locale: 'ru', page: 1 });
    expect(parsePromotionsPath('/ua/promotions/')).toEqual({ kind: 'list', locale: 'uk', page: 1 });
    expect(parsePromotionsPath('/ua/promotions/page-3')).toEqual({ kind: 'list', locale: 'uk', page: 3 });
    expect(parsePromotionsPath('/promotions/page-1')).toEqual({ kind: 'firstPage', locale: 'ru' });
  });

  it('reads a promotion with the catalogue grammar after its slug', () => {
    expect(parsePromotionsPath('/ua/promotions/skidki-do-50/color=belyy/page-2/sort-price-desc')).toEqual({
      kind: 'promotion',
      state: {
        locale: 'uk',
        slug: 'skidki-do-50',
        filters: [{ topic: 'color', values: ['belyy'] }],
        page: 2,
        sort: { field: 'price', desc: true },
      },
    });
    expect(parsePromotionsPath('/promotions/skidki-do-50')).toMatchObject({
      kind: 'promotion',
      state: { locale: 'ru', slug: 'skidki-do-50', filters: [], page: 1, sort: null },
    });
  });

  it('names nothing outside the grammar', () => {
    for (const path of [
      '/promotion',
      '/promotionsx',
      '/ru/promotions',
      '/promotions/page-0',
      '/promotions/page-02',
      '/promotions/page-2/extra',
      '/promotions/Skidki',
      '/promotions/skidki/odezhda',
      '/promotions/skidki/color',
      '/promotions/skidki/sort-',
      '/promotions/skidki/page-x',
      '/odezhda/promotions',
    ]) {
      expect(parsePromotionsPath(path), path).toBeNull();
    }
  });

  it('writes one canonical URL per state (filters in order, no page-1), which reads back', () => {
    const state = {
      locale: 'uk' as const,
      slug: 'tretiy-tovar-v-podarok',
      filters: [
        { topic: 'size', values: ['86', '80'] },
        { topic: 'color', values: ['belyy'] },
      ],
      page: 1,
      sort: { field: 'price', desc: false },
    };
    const path = buildPromotionPath(state);
    expect(path).toBe('/ua/promotions/tretiy-tovar-v-podarok/color=belyy/size=80,86/sort-price');
    expect(parsePromotionsPath(path)).toEqual({
      kind: 'promotion',
      state: { ...state, filters: [state.filters[1], { topic: 'size', values: ['80', '86'] }] },
    });
    expect(buildPromotionPath({ ...state, locale: 'ru', filters: [], sort: null, page: 2 })).toBe(
      '/promotions/tretiy-tovar-v-podarok/page-2',
    );
  });

  it('list pages: the list itself for page 1', () => {
    expect(promotionListPath('ru')).toBe('/promotions');
    expect(promotionListPath('uk', 1)).toBe('/ua/promotions');
    expect(promotionListPath('uk', 2)).toBe('/ua/promotions/page-2');
  });

  it('a state with a slug that would read as a list page, or too many filter groups, has no URL', () => {
    const base = { locale: 'ru' as const, filters: [], page: 1, sort: null };
    expect(promotionStateProblem({ ...base, slug: 'skidki-do-50' })).toBeNull();
    expect(promotionStateProblem({ ...base, slug: 'page-2' })).not.toBeNull();
    expect(promotionStateProblem({ ...base, slug: 'Bad slug' })).not.toBeNull();
  });
});

describe('a promotion as the shopper sees it', () => {
  it('words its period from the dates it has (Kyiv days)', () => {
    // 21:59 UTC on 30 Nov is already 1 Dec in Kyiv (UTC+2 in winter).
    expect(promotionPeriod('2026-11-01T08:00:00.000Z', '2026-11-30T22:30:00.000Z')).toEqual({
      kind: 'range',
      from: '01.11.2026',
      to: '01.12.2026',
    });
    expect(promotionPeriod('2026-11-01T08:00:00.000Z', null)).toEqual({ kind: 'from', from: '01.11.2026' });
    expect(promotionPeriod(null, '2026-12-31')).toEqual({ kind: 'until', to: '31.12.2026' });
    expect(promotionPeriod(null, null)).toEqual({ kind: 'none' });
    expect(promotionPeriod('not a date', null)).toEqual({ kind: 'none' });
  });

  it('carries the analytics facts: id = slug, the title, and the place with the position', () => {
    expect(promotionAnalytics({ slug: 'skidki-do-50', title: 'Знижки до −50%' }, 'product-page', 2)).toEqual({
      id: 'skidki-do-50',
      name: 'Знижки до −50%',
      slot: 'product-page-2',
    });
  });

  it('links the page of its language and drops a picture that is not safe to load', () => {
    const source = {
      slug: 'skidki-do-50',
      title: 'Знижки',
      description: '',
      image: 'javascript:alert(1)',
      startsAt: null,
      endsAt: null,
    };
    const card = promotionCard('uk', source, 'promotions-list', 1);
    expect(card.href).toBe('/ua/promotions/skidki-do-50');
    expect(card.image).toBeNull();
    expect(promotionCard('ru', { ...source, image: '/svc/content/images/promo.svg' }, 'x', 1).image).toBe(
      '/svc/content/images/promo.svg',
    );
  });
});

describe('the promotions a product page links', () => {
  const promotion = (slug: string, filterSlug: string | null) => ({
    slug,
    title: slug.toUpperCase(),
    description: '',
    image: '/p.svg',
    startsAt: null,
    endsAt: null,
    filterSlug,
  });

  it('reads the product’s promotion slug from its promotions filter (spec §3)', () => {
    expect(
      productPromotionSlug([
        { topic: 'color', slug: 'belyy' },
        { topic: 'promotions', slug: 'skidki-do-50' },
      ]),
    ).toBe('skidki-do-50');
    expect(productPromotionSlug([{ topic: 'color', slug: 'belyy' }])).toBeNull();
  });

  it('puts the promotion of the product’s own filter first, then the editors’ order, slots by position', () => {
    const cards = productPromotionCards(
      'ru',
      [promotion('dvoynoy-keshbek', null), promotion('chernaya-pyatnica', 'chernaya-pyatnica')],
      [{ topic: 'promotions', slug: 'chernaya-pyatnica' }],
    );
    expect(cards.map((card) => [card.slug, card.analytics.slot])).toEqual([
      ['chernaya-pyatnica', 'product-page-1'],
      ['dvoynoy-keshbek', 'product-page-2'],
    ]);
    expect(
      productPromotionCards('uk', [promotion('a', null), promotion('b', 'b')], []).map((card) => card.href),
    ).toEqual(['/ua/promotions/a', '/ua/promotions/b']);
  });
});
