import { describe, expect, it } from 'vitest';
import { productQuerySchema } from '../../src/api/schemas/searchQuery.ts';
import {
  buildCatalogPath,
  buildFilterPath,
  canonicalizeRoute,
  catalogStateProblem,
  isIndexableFilterState,
  parseCatalogPath,
  robotsFor,
  ROUTE_LIMITS,
  toServiceQuery,
  type CatalogRoute,
  type CatalogState,
  type ServiceQueryInput,
} from '../../src/domain/catalog/routeGrammar.ts';

/** A route with defaults, so each case states only what it is about. */
function route(overrides: Partial<CatalogRoute> = {}): CatalogRoute {
  return {
    locale: 'ru',
    hadRuPrefix: false,
    folderCategory: 'odezhda',
    categories: [],
    filters: [],
    page: 1,
    sort: null,
    q: null,
    ...overrides,
  };
}

const repeat = (count: number, make: (i: number) => string): string[] =>
  Array.from({ length: count }, (_, i) => make(i));

describe('catalogue route grammar: paths that match (spec §2)', () => {
  it.each<[string, string, string | undefined, CatalogRoute]>([
    ['the folder category alone', '/odezhda', undefined, route()],
    ['a trailing slash', '/odezhda/', undefined, route()],
    ['a sub-category', '/odezhda/bodi', undefined, route({ categories: ['bodi'] })],
    [
      'sub-categories in order',
      '/odezhda/dlya-malyshey/bodi',
      undefined,
      route({ categories: ['dlya-malyshey', 'bodi'] }),
    ],
    ['the maximum depth of sub-categories', '/odezhda/a/b/c/d', undefined, route({ categories: ['a', 'b', 'c', 'd'] })],
    [
      'a filter group with one value',
      '/odezhda/color=belyy',
      undefined,
      route({ filters: [{ topic: 'color', values: ['belyy'] }] }),
    ],
    [
      'filter groups in path order, values in path order',
      '/odezhda/size=98,92/color=siniy,belyy',
      undefined,
      route({
        filters: [
          { topic: 'size', values: ['98', '92'] },
          { topic: 'color', values: ['siniy', 'belyy'] },
        ],
      }),
    ],
    [
      'categories then filters then page then sort',
      '/odezhda/bodi/color=belyy/page-3/sort-price-desc',
      undefined,
      route({
        categories: ['bodi'],
        filters: [{ topic: 'color', values: ['belyy'] }],
        page: 3,
        sort: { field: 'price', desc: true },
      }),
    ],
    ['a page without filters', '/odezhda/page-2', undefined, route({ page: 2 })],
    ['the last allowed page', '/odezhda/page-10000', undefined, route({ page: 10_000 })],
    ['an ascending sort', '/odezhda/sort-price', undefined, route({ sort: { field: 'price', desc: false } })],
    [
      'a sort after a page',
      '/odezhda/page-2/sort-new-desc',
      undefined,
      route({ page: 2, sort: { field: 'new', desc: true } }),
    ],
    [
      'an unknown sort field (the grammar only wants letters)',
      '/odezhda/sort-zzz',
      undefined,
      route({ sort: { field: 'zzz', desc: false } }),
    ],
    ['the sort field "desc"', '/odezhda/sort-desc', undefined, route({ sort: { field: 'desc', desc: false } })],
    [
      'the sort field "desc", descending',
      '/odezhda/sort-desc-desc',
      undefined,
      route({ sort: { field: 'desc', desc: true } }),
    ],
    [
      'a price range pair kept in order',
      '/odezhda/price=500,100',
      undefined,
      route({ filters: [{ topic: 'price', values: ['500', '100'] }] }),
    ],
    [
      'a price range with equal bounds',
      '/odezhda/price=500,500',
      undefined,
      route({ filters: [{ topic: 'price', values: ['500', '500'] }] }),
    ],
    ['the /ua prefix', '/ua/odezhda', undefined, route({ locale: 'uk' })],
    [
      'the /ua prefix with a trailing slash',
      '/ua/odezhda/bodi/',
      undefined,
      route({ locale: 'uk', categories: ['bodi'] }),
    ],
    ['the legacy /ru prefix', '/ru/odezhda', undefined, route({ hadRuPrefix: true })],
    [
      'ru and ua deeper in the path are plain slugs',
      '/odezhda/ru/ua/lang=ua,ru',
      undefined,
      route({ categories: ['ru', 'ua'], filters: [{ topic: 'lang', values: ['ua', 'ru'] }] }),
    ],
    ['uk as a folder category (it is no prefix)', '/uk', undefined, route({ folderCategory: 'uk' })],
    ['ua as a sub-category under /ua', '/ua/odezhda/ua', undefined, route({ locale: 'uk', categories: ['ua'] })],
    [
      'special slugs below the folder are plain slugs',
      '/odezhda/outlet/catalogs=search-result',
      undefined,
      route({ categories: ['outlet'], filters: [{ topic: 'catalogs', values: ['search-result'] }] }),
    ],
    [
      'page and sort look-alikes as filter values',
      '/odezhda/page=page-2,sort-price',
      undefined,
      route({ filters: [{ topic: 'page', values: ['page-2', 'sort-price'] }] }),
    ],
    [
      'filter topics that start like page or sort segments',
      '/odezhda/page-2=a/sort-price=b',
      undefined,
      route({
        filters: [
          { topic: 'page-2', values: ['a'] },
          { topic: 'sort-price', values: ['b'] },
        ],
      }),
    ],
    [
      'a category named page or sort without a hyphen',
      '/odezhda/page/sort',
      undefined,
      route({ categories: ['page', 'sort'] }),
    ],
    ['percent-encoded letters', '/%6Fdezhda/b%6Fdi', undefined, route({ categories: ['bodi'] })],
    [
      'percent-encoded = and ,',
      '/odezhda/color%3Dbelyy%2Csiniy',
      undefined,
      route({ filters: [{ topic: 'color', values: ['belyy', 'siniy'] }] }),
    ],
    [
      'a Cyrillic search text, encoded',
      '/odezhda',
      '?q=%D0%BA%D0%BE%D0%BB%D1%8F%D1%81%D0%BA%D0%B0',
      route({ q: 'коляска' }),
    ],
    ['a search text with + for spaces', '/odezhda', 'q=%D0%B1%D0%BE%D0%B4%D0%B8+92', route({ q: 'боди 92' })],
    ['a search text, trimmed', '/odezhda', '?q=%20%20bodi%20', route({ q: 'bodi' })],
    ['a blank search text is no search', '/odezhda', '?q=%20', route()],
    ['other query parameters are not state', '/odezhda', '?utm_source=x&page=3', route()],
    ['the first q wins', '/odezhda', '?q=one&q=two', route({ q: 'one' })],
    [
      'a 200-character search text',
      '/odezhda',
      `?q=${'я'.repeat(ROUTE_LIMITS.queryLength)}`,
      route({ q: 'я'.repeat(200) }),
    ],
  ])('%s: %s', (_name, path, search, expected) => {
    expect(parseCatalogPath(path, search)).toEqual(expected);
  });

  it('takes the search text from URLSearchParams too', () => {
    expect(parseCatalogPath('/ua/odezhda', new URLSearchParams({ q: 'боді' }))).toEqual(
      route({ locale: 'uk', q: 'боді' }),
    );
  });

  it('accepts the maximum number of filter groups and values', () => {
    const groups = repeat(ROUTE_LIMITS.filterGroups, (i) => `t${i}=${repeat(3, (j) => `v${j}`).join(',')}`);
    expect(parseCatalogPath(`/odezhda/${groups.join('/')}`)?.filters).toHaveLength(ROUTE_LIMITS.filterGroups);
    const values = repeat(ROUTE_LIMITS.filterValues, (i) => `v${i}`);
    expect(parseCatalogPath(`/odezhda/size=${values.join(',')}`)?.filters[0]?.values).toHaveLength(
      ROUTE_LIMITS.filterValues,
    );
  });
});

describe('catalogue route grammar: paths that fail validation are null, never an exception', () => {
  const long = (n: number) => 'a'.repeat(n);
  it.each<[string, string, string?]>([
    ['empty', ''],
    ['the root', '/'],
    ['no leading slash', 'odezhda'],
    ['only the /ua prefix', '/ua'],
    ['only the /ua prefix, trailing slash', '/ua/'],
    ['only the /ru prefix', '/ru/'],
    ['two prefixes', '/ua/ru/odezhda'],
    ['ua as a folder category after /ru', '/ru/ua/odezhda'],
    ['an encoded prefix (it is a folder ua, which is reserved)', '/%75a/odezhda'],
    ['two trailing slashes', '/odezhda//'],
    ['an empty segment', '/odezhda//bodi'],
    ['a double leading slash', '//odezhda'],
    ['capitals', '/Odezhda'],
    ['capitals in a sub-category', '/odezhda/Bodi'],
    ['an underscore', '/odezhda/bo_di'],
    ['a dot', '/odezhda/bodi.html'],
    ['a leading hyphen', '/-odezhda'],
    ['a trailing hyphen', '/odezhda/bodi-'],
    ['a double hyphen', '/odezhda/bo--di'],
    ['Cyrillic in the path', '/одежда'],
    ['encoded Cyrillic in the path', '/%D0%BE%D0%B4%D0%B5%D0%B6%D0%B4%D0%B0'],
    ['a space', '/odezhda/bo%20di'],
    ['an encoded slash', '/odezhda/bo%2Fdi'],
    ['a malformed escape', '/odezhda/%E0%A4%A'],
    ['a lone percent sign', '/odezhda/%'],
    ['an escape of invalid UTF-8', '/odezhda/%C0%AF'],
    ['a question mark in the pathname', '/odezhda?q=x'],
    ['a slug over 80 characters', `/${long(81)}`],
    ['the special catalogue catalogs', '/catalogs'],
    ['a custom catalogue', '/catalogs/letniy-sale'],
    ['the outlet', '/outlet'],
    ['the outlet under /ua', '/ua/outlet'],
    ['the baby bundle', '/pakunok-malyuka'],
    ['search results', '/search-result'],
    ['search results with text', '/search-result', '?q=bodi'],
    ['a filter instead of the folder category', '/color=belyy'],
    ['a page instead of the folder category', '/page-2'],
    ['a sort instead of the folder category', '/sort-price'],
    ['page-0', '/odezhda/page-0'],
    ['a page with a leading zero', '/odezhda/page-02'],
    ['a negative page', '/odezhda/page--2'],
    ['a page that is not a number', '/odezhda/page-two'],
    ['a page past the limit', '/odezhda/page-10001'],
    ['a huge page', `/odezhda/page-${'9'.repeat(40)}`],
    ['an empty page', '/odezhda/page-'],
    ['a category starting with page-', '/odezhda/page-boy'],
    ['a category starting with sort-', '/odezhda/sort-of-hats'],
    ['an empty sort', '/odezhda/sort-'],
    ['a sort with digits', '/odezhda/sort-price2'],
    ['a sort with capitals', '/odezhda/sort-Price'],
    ['an ascending suffix', '/odezhda/sort-price-asc'],
    ['a doubled desc suffix beyond one', '/odezhda/sort-price-desc-desc'],
    ['a sort with a hyphenated field', '/odezhda/sort-new-price'],
    ['a category after a filter', '/odezhda/color=belyy/bodi'],
    ['a filter after the page', '/odezhda/page-2/color=belyy'],
    ['a filter after the sort', '/odezhda/sort-price/color=belyy'],
    ['the page after the sort', '/odezhda/sort-price/page-2'],
    ['two pages', '/odezhda/page-2/page-3'],
    ['two sorts', '/odezhda/sort-price/sort-new'],
    ['a category after the page', '/odezhda/page-2/bodi'],
    ['an empty topic', '/odezhda/=belyy'],
    ['no values', '/odezhda/color='],
    ['an empty value at the end', '/odezhda/color=belyy,'],
    ['an empty value at the start', '/odezhda/color=,belyy'],
    ['an empty value in the middle', '/odezhda/color=belyy,,siniy'],
    ['a second equals sign', '/odezhda/color=belyy=siniy'],
    ['a doubled equals sign', '/odezhda/color==belyy'],
    ['a value with capitals', '/odezhda/color=Belyy'],
    ['a topic with capitals', '/odezhda/Color=belyy'],
    ['a repeated value', '/odezhda/color=belyy,belyy'],
    ['a repeated topic', '/odezhda/color=belyy/color=siniy'],
    ['a price with one value', '/odezhda/price=100'],
    ['a price with three values', '/odezhda/price=100,200,300'],
    ['too many sub-categories', '/odezhda/a/b/c/d/e'],
    ['too many filter groups', `/odezhda/${repeat(ROUTE_LIMITS.filterGroups + 1, (i) => `t${i}=v`).join('/')}`],
    ['too many values', `/odezhda/size=${repeat(ROUTE_LIMITS.filterValues + 1, (i) => `v${i}`).join(',')}`],
    ['a path over 2048 characters', `/odezhda/size=${repeat(400, (i) => `value${i}`).join(',')}`],
    ['a very long path', `/${'a/'.repeat(100_000)}`],
    ['a search text over 200 characters', '/odezhda', `?q=${'я'.repeat(ROUTE_LIMITS.queryLength + 1)}`],
  ])('%s: %s', (_name, path, search) => {
    expect(parseCatalogPath(path, search)).toBeNull();
  });
});

describe('page-1 and the order of warehouses', () => {
  it('parses page-1 as page 1, whose canonical URL has no page segment (the page answers 301)', () => {
    const route = parseCatalogPath('/odezhda/page-1');
    expect(route?.page).toBe(1);
    expect(route && buildCatalogPath(route)).toBe('/odezhda');
  });
  it('keeps the warehouses in the order chosen, like the price range', () => {
    const route = parseCatalogPath('/odezhda/warehouses=7,12');
    expect(route && buildCatalogPath(route)).toBe('/odezhda/warehouses=7,12');
  });
});

describe('canonical catalogue URL of a state', () => {
  it.each<[string, CatalogState, string]>([
    ['folder only', route(), '/odezhda'],
    ['uk under /ua', route({ locale: 'uk' }), '/ua/odezhda'],
    ['no ru prefix even after a /ru request', route({ hadRuPrefix: true }), '/odezhda'],
    ['sub-categories in order', route({ categories: ['dlya-malyshey', 'bodi'] }), '/odezhda/dlya-malyshey/bodi'],
    [
      'filters sorted by topic, values ascending',
      route({
        filters: [
          { topic: 'size', values: ['98', '92'] },
          { topic: 'color', values: ['siniy', 'belyy'] },
        ],
      }),
      '/odezhda/color=belyy,siniy/size=92,98',
    ],
    [
      'the price pair keeps its order',
      route({
        filters: [
          { topic: 'price', values: ['500', '100'] },
          { topic: 'age', values: ['1-god'] },
        ],
      }),
      '/odezhda/age=1-god/price=500,100',
    ],
    ['no page-1 segment', route({ page: 1 }), '/odezhda'],
    ['a page segment beyond page 1', route({ page: 2 }), '/odezhda/page-2'],
    ['a descending sort', route({ sort: { field: 'price', desc: true } }), '/odezhda/sort-price-desc'],
    ['an ascending sort', route({ sort: { field: 'new', desc: false } }), '/odezhda/sort-new'],
    [
      'every part in grammar order',
      route({
        locale: 'uk',
        categories: ['bodi'],
        filters: [{ topic: 'color', values: ['belyy'] }],
        page: 4,
        sort: { field: 'price', desc: false },
      }),
      '/ua/odezhda/bodi/color=belyy/page-4/sort-price',
    ],
    ['search text, encoded', route({ q: 'коляска' }), '/odezhda?q=%D0%BA%D0%BE%D0%BB%D1%8F%D1%81%D0%BA%D0%B0'],
    ['search text with reserved characters', route({ q: 'a&b=c+d e' }), '/odezhda?q=a%26b%3Dc%2Bd%20e'],
    ['search text trimmed', route({ q: '  bodi ' }), '/odezhda?q=bodi'],
    ['blank search text dropped', route({ q: '   ' }), '/odezhda'],
    [
      'no search text given',
      { locale: 'ru', folderCategory: 'odezhda', categories: [], filters: [], page: 1, sort: null },
      '/odezhda',
    ],
    ['a lone surrogate replaced', route({ q: 'a\uD800' }), '/odezhda?q=a%EF%BF%BD'],
  ])('%s', (_name, state, expected) => {
    expect(buildCatalogPath(state)).toBe(expected);
  });

  it('parses its own output back to the canonical state', () => {
    const state = route({
      locale: 'uk',
      categories: ['ru'],
      filters: [
        { topic: 'size', values: ['98', '92'] },
        { topic: 'price', values: ['900', '0'] },
      ],
      page: 7,
      sort: { field: 'title', desc: true },
      q: ' боді ',
    });
    const url = new URL(buildCatalogPath(state), 'https://shop.example');
    expect(parseCatalogPath(url.pathname, url.search)).toEqual(canonicalizeRoute(state));
  });

  it.each<[string, CatalogState, RegExp]>([
    ['a reserved folder category', route({ folderCategory: 'outlet' }), /folder category "outlet"/],
    ['a language folder category', route({ folderCategory: 'ua' }), /folder category "ua"/],
    ['a folder category that is no slug', route({ folderCategory: 'Odezhda' }), /folder category/],
    ['a category with a reserved prefix', route({ categories: ['page-2'] }), /category "page-2"/],
    ['too many sub-categories', route({ categories: ['a', 'b', 'c', 'd', 'e'] }), /too many sub-categories/],
    ['a group without values', route({ filters: [{ topic: 'color', values: [] }] }), /no values/],
    ['a value that is no slug', route({ filters: [{ topic: 'color', values: ['a,b'] }] }), /not a slug/],
    ['a repeated value', route({ filters: [{ topic: 'color', values: ['a', 'a'] }] }), /repeats a value/],
    [
      'a repeated topic',
      route({
        filters: [
          { topic: 'color', values: ['a'] },
          { topic: 'color', values: ['b'] },
        ],
      }),
      /is repeated/,
    ],
    ['a price with one value', route({ filters: [{ topic: 'price', values: ['100'] }] }), /exactly two values/],
    ['page 0', route({ page: 0 }), /page 0/],
    ['a fractional page', route({ page: 1.5 }), /page 1.5/],
    ['a page past the limit', route({ page: 10_001 }), /page 10001/],
    ['a sort field with digits', route({ sort: { field: 'price2', desc: false } }), /sort field/],
    ['a search text over 200 characters', route({ q: 'я'.repeat(201) }), /too long/],
    [
      'a path over 2048 characters',
      route({ filters: [{ topic: 'size', values: repeat(50, (i) => `${'v'.repeat(40)}${i}`) }] }),
      /path is too long/,
    ],
  ])('has no URL for %s', (_name, state, message) => {
    expect(catalogStateProblem(state)).toMatch(message);
    expect(() => buildCatalogPath(state)).toThrow(message);
  });
});

describe('filter path for content and landing links (spec §2 rule)', () => {
  it.each<[string, CatalogRoute['filters'], string | null]>([
    ['no groups', [], ''],
    ['one group, one value', [{ topic: 'color', values: ['belyy'] }], 'color=belyy'],
    [
      'three groups of one value, canonical order',
      [
        { topic: 'size', values: ['92'] },
        { topic: 'color', values: ['belyy'] },
        { topic: 'age', values: ['1-god'] },
      ],
      'age=1-god/color=belyy/size=92',
    ],
    [
      'more than 3 groups yields nothing',
      [
        { topic: 'a', values: ['1'] },
        { topic: 'b', values: ['1'] },
        { topic: 'c', values: ['1'] },
        { topic: 'd', values: ['1'] },
      ],
      null,
    ],
    ['a group with more than one value yields nothing', [{ topic: 'color', values: ['belyy', 'siniy'] }], null],
    ['a price range (two values) yields nothing', [{ topic: 'price', values: ['100', '500'] }], null],
    ['an empty group yields nothing', [{ topic: 'color', values: [] }], null],
    ['a value that is no slug yields nothing', [{ topic: 'color', values: ['Belyy'] }], null],
    [
      'a repeated topic yields nothing',
      [
        { topic: 'color', values: ['a'] },
        { topic: 'color', values: ['b'] },
      ],
      null,
    ],
  ])('%s', (_name, filters, expected) => {
    expect(buildFilterPath(filters)).toBe(expected);
  });
});

describe('search-engine robots (spec §5)', () => {
  it.each<[string, CatalogRoute, boolean, 'index,follow' | 'noindex,nofollow']>([
    ['a plain category page', route(), false, 'index,follow'],
    ['a sub-category page', route({ categories: ['bodi'] }), false, 'index,follow'],
    ['page 2 of an ordinary catalogue', route({ page: 2 }), false, 'index,follow'],
    [
      'a filter path (one value of a topic)',
      route({ filters: [{ topic: 'color', values: ['belyy'] }] }),
      false,
      'index,follow',
    ],
    [
      'a filter path of 3 groups, page 2',
      route({ page: 2, filters: ['color', 'gender', 'season'].map((topic) => ({ topic, values: ['x'] })) }),
      false,
      'index,follow',
    ],
    [
      'two values of a topic (not a filter path)',
      route({ filters: [{ topic: 'color', values: ['belyy', 'chernyy'] }] }),
      false,
      'noindex,nofollow',
    ],
    [
      'four filter groups (not a filter path)',
      route({ filters: ['brand', 'color', 'gender', 'season'].map((topic) => ({ topic, values: ['x'] })) }),
      false,
      'noindex,nofollow',
    ],
    [
      'a filter path with a sort',
      route({ filters: [{ topic: 'color', values: ['belyy'] }], sort: { field: 'price', desc: false } }),
      false,
      'noindex,nofollow',
    ],
    ['a price range', route({ filters: [{ topic: 'price', values: ['1', '2'] }] }), false, 'noindex,nofollow'],
    ['a sort', route({ sort: { field: 'price', desc: false } }), false, 'noindex,nofollow'],
    ['search text', route({ q: 'bodi' }), false, 'noindex,nofollow'],
    ['a promo page 1', route(), true, 'index,follow'],
    ['a promo page 2', route({ page: 2 }), true, 'noindex,nofollow'],
    ['a promo page with a sort', route({ sort: { field: 'new', desc: true } }), true, 'noindex,nofollow'],
  ])('%s', (_name, state, isPromo, expected) => {
    expect(robotsFor(state, { isPromo })).toBe(expected);
    // The filter/sort/q part of the rule alone: promo pages add "only page 1".
    expect(isIndexableFilterState(state)).toBe(expected === 'index,follow' || (isPromo && state.sort === null));
  });

  it('treats a page without promo options as an ordinary catalogue', () => {
    expect(robotsFor(route({ page: 3 }))).toBe('index,follow');
  });

  it('counts blank search text as no search text', () => {
    expect(isIndexableFilterState({ filters: [], sort: null, q: '  ' })).toBe(true);
  });
});

describe('search-service query of a route (spec §3 "Catalogue query built from them")', () => {
  it.each<[string, CatalogRoute, ReturnType<typeof toServiceQuery>]>([
    ['page 1 is server page 0', route(), { page: 0, limit: 24, category: 'odezhda', filters: [] }],
    ['UI page minus 1', route({ page: 5 }), { page: 4, limit: 24, category: 'odezhda', filters: [] }],
    [
      'the deepest category',
      route({ categories: ['dlya-malyshey', 'bodi'] }),
      { page: 0, limit: 24, category: 'bodi', filters: [] },
    ],
    [
      'filters as {topic, values}, canonical order',
      route({
        filters: [
          { topic: 'size', values: ['98', '92'] },
          { topic: 'color', values: ['belyy'] },
        ],
      }),
      {
        page: 0,
        limit: 24,
        category: 'odezhda',
        filters: [
          { topic: 'color', values: ['belyy'] },
          { topic: 'size', values: ['92', '98'] },
        ],
      },
    ],
    [
      'the category topic stays a filter',
      route({ filters: [{ topic: 'category', values: ['bodi', 'polzunki'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [{ topic: 'category', values: ['bodi', 'polzunki'] }] },
    ],
    [
      'a price pair split into priceFrom and priceTo',
      route({ filters: [{ topic: 'price', values: ['100', '500'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], priceFrom: 100, priceTo: 500 },
    ],
    [
      'a zero lower bound dropped',
      route({ filters: [{ topic: 'price', values: ['0', '500'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], priceTo: 500 },
    ],
    [
      'a zero upper bound dropped',
      route({ filters: [{ topic: 'price', values: ['100', '0'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], priceFrom: 100 },
    ],
    [
      'a non-integer bound dropped',
      route({ filters: [{ topic: 'price', values: ['abc', '12a'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [] },
    ],
    [
      'a bound past the safe integers dropped',
      route({ filters: [{ topic: 'price', values: ['1', '99999999999999999999'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], priceFrom: 1 },
    ],
    [
      'the first warehouse only, as its own parameter',
      route({ filters: [{ topic: 'warehouses', values: ['12', '7'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], warehouses: 12 },
    ],
    [
      'the warehouse the shopper chose first, not the first after sorting',
      route({ filters: [{ topic: 'warehouses', values: ['7', '12'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], warehouses: 7 },
    ],
    [
      'a non-numeric warehouse dropped',
      route({ filters: [{ topic: 'warehouses', values: ['kyiv'] }] }),
      { page: 0, limit: 24, category: 'odezhda', filters: [] },
    ],
    [
      'a known sort field, descending',
      route({ sort: { field: 'price', desc: true } }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], orderBy: 'price', order: 'desc' },
    ],
    [
      'a known sort field, ascending',
      route({ sort: { field: 'new', desc: false } }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], orderBy: 'new', order: 'asc' },
    ],
    [
      'an unknown sort field dropped with its order',
      route({ sort: { field: 'zzz', desc: true } }),
      { page: 0, limit: 24, category: 'odezhda', filters: [] },
    ],
    [
      'search text of 2 characters',
      route({ q: 'бо' }),
      { page: 0, limit: 24, category: 'odezhda', filters: [], title: 'бо' },
    ],
    [
      'search text of 1 character is not sent',
      route({ q: 'б' }),
      { page: 0, limit: 24, category: 'odezhda', filters: [] },
    ],
    [
      'one astral character is one character',
      route({ q: '\u{1F476}' }),
      { page: 0, limit: 24, category: 'odezhda', filters: [] },
    ],
  ])('%s', (_name, state, expected) => {
    expect(toServiceQuery(state)).toEqual(expected);
  });

  it('takes the page size from the caller', () => {
    expect(toServiceQuery(route(), { limit: 48 }).limit).toBe(48);
  });

  it.each([0, 101, 1.5])('refuses a page size of %s', (limit) => {
    expect(() => toServiceQuery(route(), { limit })).toThrow(RangeError);
  });

  it.each([
    '/odezhda',
    '/ua/odezhda/bodi/color=belyy,siniy/size=92/page-3/sort-price-desc',
    '/odezhda/price=0,0/warehouses=abc/sort-zzz',
    '/odezhda/price=100,500/warehouses=3/category=bodi/sort-discount',
  ])('builds a query the service schema accepts for %s', (path) => {
    const parsed = parseCatalogPath(path, '?q=%D0%B1%D0%BE%D0%B4%D0%B8');
    expect(parsed).not.toBeNull();
    if (parsed === null) return;
    // Type-level check: the output is an input of the shared schema.
    const input: ServiceQueryInput = toServiceQuery(parsed);
    expect(() => productQuerySchema.parse(input)).not.toThrow();
  });
});
