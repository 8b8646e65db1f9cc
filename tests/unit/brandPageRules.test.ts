import { describe, expect, it } from 'vitest';
import type { Shop } from '../../src/api/schemas/delivery.ts';
import { brandShopList } from '../../src/domain/catalog/brandShops.ts';
import type { Facet } from '../../src/domain/catalog/facets.ts';
import { linkFacets, listingControls } from '../../src/domain/catalog/listingControls.ts';
import { buildListingPath, parseListingPath, type ListingState } from '../../src/domain/catalog/listingRoute.ts';
import { priceFormState } from '../../src/domain/catalog/priceRange.ts';
import { LVIV, shop as fixtureShop } from './support/checkoutStoreFixtures.ts';

/** A brand's page (issue 25): its address grammar, its controls and its shop list. */

const BASE = '/brand/reima';

describe('a brand page’s address: the catalogue grammar after the brand’s path', () => {
  it('reads filters, page and sort after the brand, in both languages', () => {
    expect(parseListingPath(BASE, '/ua/brand/reima/gender=boys/page-2/sort-price-desc', '')).toEqual({
      locale: 'uk',
      filters: [{ topic: 'gender', values: ['boys'] }],
      page: 2,
      sort: { field: 'price', desc: true },
      q: null,
    });
    expect(parseListingPath(BASE, '/brand/reima', '')).toMatchObject({ locale: 'ru', filters: [], page: 1 });
  });

  it('refuses what is not one of its paths', () => {
    expect(parseListingPath(BASE, '/brand/reima/odezhda', '')).toBeNull();
    expect(parseListingPath(BASE, '/brand/reimax', '')).toBeNull();
    expect(parseListingPath(BASE, '/ru/brand/reima', '')).toBeNull();
    expect(parseListingPath(BASE, '/brand/reima/page-0', '')).toBeNull();
    expect(parseListingPath(BASE, '/brand/reima/sort-price/page-2', '')).toBeNull();
  });

  it('writes the one canonical URL: filters in order, no page-1, the language prefix', () => {
    const state: ListingState = {
      locale: 'uk',
      filters: [
        { topic: 'size', values: ['86', '80'] },
        { topic: 'color', values: ['belyy'] },
      ],
      page: 1,
      sort: { field: 'price', desc: false },
      q: null,
    };
    expect(buildListingPath(BASE, state)).toBe('/ua/brand/reima/color=belyy/size=80,86/sort-price');
    expect(buildListingPath(BASE, { ...state, locale: 'ru', filters: [], sort: null, page: 3 })).toBe(
      '/brand/reima/page-3',
    );
    // A hand-written page-1 parses, so the page can answer 301 to the path without it.
    const parsed = parseListingPath(BASE, '/brand/reima/page-1', '');
    expect(parsed && buildListingPath(BASE, parsed)).toBe('/brand/reima');
  });

  it('the price form’s GET becomes the path state with the range, page 1', () => {
    const state = parseListingPath(BASE, '/brand/reima/page-3', '');
    if (!state) throw new Error('parsed');
    const priced = priceFormState(new URLSearchParams('priceFrom=900&priceTo=100'), state);
    expect(priced && buildListingPath(BASE, priced)).toBe('/brand/reima/price=100,900');
    expect(priceFormState(new URLSearchParams(''), state)).toBeNull();
  });
});

describe('the controls of a listing (shared by categories, search results and brands)', () => {
  const facets: Facet[] = [
    {
      slug: 'color',
      title: 'Цвет',
      values: [
        { slug: 'belyy', title: 'Белый', count: 3, active: true, next: [] },
        {
          slug: 'chernyy',
          title: 'Чёрный',
          count: 2,
          active: false,
          next: [{ topic: 'color', values: ['belyy', 'chernyy'] }],
        },
        { slug: 'seryy', title: 'Серый', count: 1, active: false, next: [{ topic: 'color', values: ['seryy'] }] },
      ],
    },
  ];
  const state: ListingState = {
    locale: 'ru',
    filters: [
      { topic: 'color', values: ['belyy'] },
      { topic: 'price', values: ['100', '500'] },
    ],
    page: 2,
    sort: null,
    q: null,
  };
  const at = (changes: Partial<ListingState>) => buildListingPath(BASE, { ...state, ...changes });

  it('links each value to its selection; a value without an address gets none; several values are nofollow', () => {
    const linked = linkFacets(facets, (filters) =>
      filters.some((group) => group.values.includes('seryy')) ? null : at({ filters, page: 1 }),
    );
    expect(linked[0]?.values.map((value) => [value.slug, value.href, value.nofollow])).toEqual([
      ['belyy', '/brand/reima', false],
      ['chernyy', '/brand/reima/color=belyy,chernyy', true],
    ]);
  });

  it('sort, pages, reset, chips and the price form all stay on the brand’s path', () => {
    const linked = linkFacets(facets, (filters) => at({ filters, page: 1 }));
    const controls = listingControls(state, linked, 3, at);
    expect(controls.sorts.find((sort) => sort.key === 'price')?.href).toBe(
      '/brand/reima/color=belyy/price=100,500/sort-price',
    );
    expect(controls.prevHref).toBe('/brand/reima/color=belyy/price=100,500');
    expect(controls.nextHref).toBe('/brand/reima/color=belyy/price=100,500/page-3');
    expect(controls.resetHref).toBe('/brand/reima');
    // The price chip first (the state without the range), then each chosen value's own link.
    expect(controls.chips.map((chip) => chip.href)).toEqual(['/brand/reima/color=belyy', '/brand/reima']);
    expect(controls.price).toEqual({ from: 100, to: 500, action: '/brand/reima/color=belyy/price=100,500', q: null });
  });
});

describe('the brand shop list on a brand page (spec §5)', () => {
  const shop = (id: number, over: Partial<Shop> = {}): Shop =>
    fixtureShop({
      id,
      title: `Магазин ${id}`,
      titleUkr: `Магазин ${id} (uk)`,
      schedule: 'Пн–Вс 10:00–21:00',
      scheduleUkr: 'Пн–Нд 10:00–21:00',
      phone: '380441234567',
      ...over,
    });

  it('lists the own shops without warehouses or partners, by city, in the page’s language', () => {
    const list = brandShopList(
      {
        warehouseList: [
          shop(1),
          shop(2, { cityId: LVIV.id, city: 'Львов', cityUkr: 'Львів' }),
          shop(3, { additionalConfig: { type: 'warehouse' } }),
          shop(4),
        ],
        partnerShopList: [shop(5, { additionalConfig: { type: 'partner' } })],
      },
      'uk',
    );
    expect(list.map((s) => [s.id, s.city])).toEqual([
      [1, 'Київ'],
      [4, 'Київ'],
      [2, 'Львів'],
    ]);
    expect(list[0]).toMatchObject({
      title: 'Магазин 1 (uk)',
      schedule: 'Пн–Нд 10:00–21:00',
      phone: '+38 (044) 123-45-67',
      phoneHref: 'tel:+380441234567',
    });
  });

  it('a shop without a phone number has no link to dial', () => {
    const [only] = brandShopList({ warehouseList: [shop(1, { phone: '' })], partnerShopList: [] }, 'ru');
    expect(only?.phoneHref).toBeNull();
  });
});
