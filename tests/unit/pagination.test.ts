import { describe, expect, it } from 'vitest';
import { pageCount, pageLinks } from '../../src/domain/catalog/pagination.ts';

describe('pagination', () => {
  it.each([
    [0, 24, 1],
    [1, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [1950, 24, 82],
  ])('%d items of %d a page make %d pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it.each([
    { current: 1, count: 1, pages: [1], prev: null, next: null },
    { current: 1, count: 10, pages: [1, 2, 3, 10], prev: null, next: '/p2' },
    { current: 5, count: 10, pages: [1, 3, 4, 5, 6, 7, 10], prev: '/p4', next: '/p6' },
    { current: 10, count: 10, pages: [1, 8, 9, 10], prev: '/p9', next: null },
  ])('page $current of $count', ({ current, count, pages, prev, next }) => {
    const links = pageLinks(current, count, (p) => `/p${p}`);
    expect(links.pages.map((p) => p.page)).toEqual(pages);
    expect(links.pages.filter((p) => p.current).map((p) => p.page)).toEqual([current]);
    expect(links.prevHref).toBe(prev);
    expect(links.nextHref).toBe(next);
  });
});
