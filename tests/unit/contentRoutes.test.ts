import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isContentSlug, listPagePath, MAX_LIST_PAGE, parsePostSegment } from '../../src/domain/content/postRoute.ts';
import { routeName, routeUrl } from '../../src/i18n/routes.ts';

describe('the segment after /blog/ or /news/', () => {
  it.each([
    ['page-2', { kind: 'list', page: 2 }],
    ['page-15', { kind: 'list', page: 15 }],
    [`page-${MAX_LIST_PAGE}`, { kind: 'list', page: MAX_LIST_PAGE }],
    ['page-1', { kind: 'firstPage' }],
    ['kak-vybrat-kolyasku', { kind: 'post', slug: 'kak-vybrat-kolyasku' }],
    ['novyy-magazin-2', { kind: 'post', slug: 'novyy-magazin-2' }],
    ['post_2026', { kind: 'post', slug: 'post_2026' }],
    ['pages-2', { kind: 'post', slug: 'pages-2' }],
  ])('%s names %j', (segment, expected) => {
    expect(parsePostSegment(segment)).toEqual(expected);
  });

  it.each([
    ['page-0'],
    ['page-02'],
    ['page-'],
    ['page-x'],
    ['page-2.5'],
    [`page-${MAX_LIST_PAGE + 1}`],
    ['page-99999999999999999999'],
    ['Kak-Vybrat'],
    ['-lead'],
    ['trail-'],
    ['кириллица'],
    ['a b'],
    ['a/b'],
    ['..'],
    [''],
    ['x'.repeat(201)],
  ])('%s names nothing', (segment) => {
    expect(parsePostSegment(segment)).toEqual({ kind: 'invalid' });
  });

  it('reads back every page number it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: MAX_LIST_PAGE }), (page) => {
        const path = listPagePath('/ua/news', page);
        expect(parsePostSegment(path.split('/').at(-1))).toEqual({ kind: 'list', page });
      }),
    );
  });
});

describe('list page paths', () => {
  it.each([
    ['/blog', 1, '/blog'],
    ['/blog', 2, '/blog/page-2'],
    ['/ua/news', 3, '/ua/news/page-3'],
  ])('%s page %d is %s', (base, page, expected) => {
    expect(listPagePath(base, page)).toBe(expected);
  });
});

describe('content slugs', () => {
  it.each([
    ['bonus-rules', true],
    ['delivery', true],
    ['main_description', true],
    ['Bonus-Rules', false],
    ['bonus rules', false],
    ['', false],
  ])('%s → %s', (slug, ok) => {
    expect(isContentSlug(slug)).toBe(ok);
  });
});

describe('named routes of posts', () => {
  it.each([
    [routeName('blog-post-page', 'ru'), 'kak-vybrat', '/blog/kak-vybrat'],
    [routeName('blog-post-page', 'uk'), 'kak-vybrat', '/ua/blog/kak-vybrat'],
    [routeName('news-post-page', 'ru'), 'novyy-brend', '/news/novyy-brend'],
    [routeName('news-post-page', 'uk'), 'novyy-brend', '/ua/news/novyy-brend'],
  ])('%s with %s is %s', (name, slug, expected) => {
    expect(routeUrl(name, { slug })).toBe(expected);
  });
});
