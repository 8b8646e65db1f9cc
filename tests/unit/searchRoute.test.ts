import { describe, expect, it } from 'vitest';
import { buildSearchPath, parseSearchPath } from '../../src/domain/catalog/searchRoute.ts';

describe('search results in the catalogue grammar (issue 29)', () => {
  it('reads filters, page and sort after the results path, with q', () => {
    expect(parseSearchPath('/ua/search-result/season=zima/page-2/sort-price-desc', '?q=комбінезон')).toEqual({
      locale: 'uk',
      filters: [{ topic: 'season', values: ['zima'] }],
      page: 2,
      sort: { field: 'price', desc: true },
      q: 'комбінезон',
    });
    expect(parseSearchPath('/search-result', '?q=lego')).toMatchObject({ locale: 'ru', filters: [], page: 1 });
  });

  it('refuses what is no results path', () => {
    expect(parseSearchPath('/search-result/odezhda', '?q=x')).toBeNull();
    expect(parseSearchPath('/ru/search-result', '?q=x')).toBeNull();
    expect(parseSearchPath('/odezhda', '?q=x')).toBeNull();
    expect(parseSearchPath('/search-results', '?q=x')).toBeNull();
  });

  it('writes the one canonical URL (filters in order, no page-1)', () => {
    const state = {
      locale: 'uk' as const,
      filters: [
        { topic: 'size', values: ['86', '80'] },
        { topic: 'color', values: ['belyy'] },
      ],
      page: 1,
      sort: { field: 'price', desc: false },
      q: 'комбінезон 80',
    };
    const path = buildSearchPath(state);
    expect(path).toBe(`/ua/search-result/color=belyy/size=80,86/sort-price?q=${encodeURIComponent('комбінезон 80')}`);
    const [pathname, search] = path.split('?');
    expect(parseSearchPath(pathname ?? '', `?${search}`)).toMatchObject({
      ...state,
      filters: [state.filters[1], { topic: 'size', values: ['80', '86'] }],
    });
    expect(buildSearchPath({ ...state, locale: 'ru', filters: [], sort: null, q: null })).toBe('/search-result');
  });
});
