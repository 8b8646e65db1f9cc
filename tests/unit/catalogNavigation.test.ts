import { describe, expect, it } from 'vitest';
import {
  CATALOG_REGIONS,
  focusAfter,
  linkKeyOf,
  loadMoreLink,
  needsRefetch,
  nextPageSize,
  planRegionSwap,
  sameLink,
  takeOverClick,
  type LinkClick,
} from '../../src/domain/catalog/catalogNavigation.ts';
import { pageLinks } from '../../src/domain/catalog/pagination.ts';

const CATALOG = [
  'heading',
  'banner',
  'count',
  'filterCount',
  'filters',
  'sort',
  'chips',
  'products',
  'loadMore',
  'pagination',
  'reviews',
  'description',
];
const LISTING = ['heading', 'count', 'sort', 'products', 'loadMore', 'pagination'];

describe('which regions a new state swaps', () => {
  it('replaces every region of a category page for a filter, sort or page change', () => {
    expect(planRegionSwap('replace', CATALOG, CATALOG)).toEqual({ replace: CATALOG, append: [] });
  });

  it('replaces in page order whatever order the regions were found in', () => {
    const shuffled = [...CATALOG].reverse();
    expect(planRegionSwap('replace', shuffled, CATALOG)?.replace).toEqual([...CATALOG_REGIONS]);
  });

  it('appends the cards and replaces only "load more" and the pagination for the next page', () => {
    expect(planRegionSwap('append', CATALOG, CATALOG)).toEqual({
      replace: ['loadMore', 'pagination'],
      append: ['products'],
    });
    expect(planRegionSwap('append', LISTING, LISTING)).toEqual({
      replace: ['loadMore', 'pagination'],
      append: ['products'],
    });
  });

  it.each([
    ['a flat listing answered for a category page', CATALOG, LISTING],
    ['a category page answered for a flat listing', LISTING, CATALOG],
    ['a page without regions (the 404 page)', CATALOG, []],
    ['a region twice on the page', [...LISTING, 'count'], LISTING],
    ['a region twice in the answer', LISTING, [...LISTING, 'sort']],
    ['no product grid on either side', ['heading', 'count'], ['heading', 'count']],
  ])('gives up (normal page load) for %s', (_name, current, incoming) => {
    expect(planRegionSwap('replace', current, incoming)).toBeNull();
    expect(planRegionSwap('append', current, incoming)).toBeNull();
  });

  it('ignores names it does not know on both sides alike', () => {
    expect(planRegionSwap('replace', [...LISTING, 'extra'], [...LISTING, 'extra'])?.replace).toEqual(LISTING);
  });
});

describe('which link clicks are loaded in place', () => {
  const here = 'https://shop.test/odezhda/color=belyy';
  const click = (overrides: Partial<LinkClick> = {}): LinkClick => ({
    button: 0,
    modified: false,
    defaultPrevented: false,
    target: '',
    download: false,
    href: '/odezhda/color=belyy/size=92',
    ...overrides,
  });

  it('takes over a plain left click on a link of the same origin', () => {
    expect(takeOverClick(click(), here)?.href).toBe('https://shop.test/odezhda/color=belyy/size=92');
    expect(takeOverClick(click({ target: '_self' }), here)).not.toBeNull();
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['a click with a modifier key (new tab or window)', { modified: true }],
    ['a click another script already handled', { defaultPrevented: true }],
    ['a link to another window', { target: '_blank' }],
    ['a download', { download: true }],
    ['another origin', { href: 'https://elsewhere.test/odezhda' }],
    ['another scheme', { href: 'mailto:shop@example.com' }],
    ['a jump within the page', { href: '/odezhda/color=belyy#main' }],
  ])('leaves %s to the browser', (_name, overrides) => {
    expect(takeOverClick(click(overrides), here)).toBeNull();
  });

  it('takes over a link to another state even when it carries a hash', () => {
    expect(takeOverClick(click({ href: '/odezhda/page-2#main' }), here)).not.toBeNull();
  });
});

describe('back and forward', () => {
  it.each([
    ['/odezhda/page-2', '/odezhda', true],
    ['/odezhda?q=боди', '/odezhda', true],
    ['/odezhda', '/odezhda#main', false],
    ['/odezhda/page-2', '/odezhda/page-2', false],
  ])('shown %s, address bar %s: refetch %s', (shown, now, expected) => {
    expect(needsRefetch(`https://shop.test${shown}`, `https://shop.test${now}`)).toBe(expected);
  });
});

describe('where keyboard focus goes after a swap', () => {
  const filter = { role: 'filter', topic: 'color', value: 'belyy' } as const;

  it('stays on the same filter value or sort choice, so the shopper goes on choosing', () => {
    expect(focusAfter('replace', filter)).toEqual({ kind: 'link', key: filter });
    expect(focusAfter('replace', { role: 'sort', sort: 'price' })).toEqual({
      kind: 'link',
      key: { role: 'sort', sort: 'price' },
    });
  });

  it('goes to the heading after a page change or a reset (new content, the link is gone)', () => {
    expect(focusAfter('replace', { role: 'page' })).toEqual({ kind: 'heading' });
    expect(focusAfter('replace', { role: 'reset' })).toEqual({ kind: 'heading' });
    // A removed chip is gone from the new page: the list is read again from its heading (issue 29).
    expect(focusAfter('replace', { role: 'chip', topic: 'color', value: 'sinij' })).toEqual({ kind: 'heading' });
  });

  it('goes to the first appended card after "load more"', () => {
    expect(focusAfter('append', { role: 'loadMore' })).toEqual({ kind: 'firstNew' });
  });

  it('stays put on back/forward', () => {
    expect(focusAfter('replace', null)).toEqual({ kind: 'none' });
  });

  it('recognises the same link on the new page by its data attributes', () => {
    const key = linkKeyOf({ catalogLink: 'filter', topic: 'color', value: 'belyy' });
    expect(key).not.toBeNull();
    expect(sameLink(key!, filter)).toBe(true);
    expect(sameLink(key!, { ...filter, value: 'rozovyy' })).toBe(false);
    expect(sameLink({ role: 'sort', sort: 'price' }, { role: 'sort', sort: 'price-desc' })).toBe(false);
  });

  it('knows no key for links the enhancer does not handle', () => {
    expect(linkKeyOf({})).toBeNull();
    expect(linkKeyOf({ catalogLink: 'subcategory' })).toBeNull();
  });
});

describe('"load more"', () => {
  it.each([
    [605, 1, 24],
    [605, 24, 24],
    [605, 25, 5],
    [605, 26, 0],
    [48, 1, 24],
    [48, 2, 0],
    [0, 1, 0],
  ])('%d items, page %d: the next page brings %d cards', (total, page, count) => {
    expect(nextPageSize(total, page, 24)).toBe(count);
  });

  it('links to the next page (the server page index is the UI page minus 1: page-3 asks page 2)', () => {
    const links = pageLinks(2, 26, (p) => (p === 1 ? '/odezhda' : `/odezhda/page-${p}`));
    expect(loadMoreLink(links, 605, 24)).toEqual({ href: '/odezhda/page-3', count: 24 });
  });

  it('brings the remainder on the page before the last and is gone on the last page', () => {
    const at = (page: number) => pageLinks(page, 26, (p) => `/odezhda/page-${p}`);
    expect(loadMoreLink(at(25), 605, 24)).toEqual({ href: '/odezhda/page-26', count: 5 });
    expect(loadMoreLink(at(26), 605, 24)).toBeNull();
    expect(
      loadMoreLink(
        pageLinks(1, 1, () => '/odezhda'),
        10,
        24,
      ),
    ).toBeNull();
  });
});
