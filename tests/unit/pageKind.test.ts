import { describe, expect, it } from 'vitest';
import { PAGE_KINDS, pageKind } from '../../src/log/pageKind.ts';

/** Issue 26: the page kind of a request, the bounded label of `/metrics`. */
describe('pageKind', () => {
  it.each([
    ['/', 'main'],
    ['/ua/', 'main'],
    ['/ua', 'main'],
    ['/?utm_source=x', 'main'],
    ['/catalogs/igrushki/', 'catalog'],
    ['/igrushki/page-2/sort-price-desc', 'catalog'],
    ['/ua/outlet/', 'catalog'],
    ['/promotions/spring', 'catalog'],
    ['/product/kolyaska-123', 'product'],
    ['/ua/product/kolyaska-123?variant=2', 'product'],
    ['/brand/chicco/', 'brand'],
    ['/search-result/?q=soska', 'search'],
    ['/blog/some-post', 'content'],
    ['/ua/news/', 'content'],
    ['/info/delivery', 'content'],
    ['/profile', 'account'],
    ['/ua/profile/orders/123', 'account'],
    ['/wishlist/abc', 'account'],
    ['/checkout', 'checkout'],
    ['/order/abc/pay', 'checkout'],
    ['/one-click', 'checkout'],
    ['/basket', 'basket'],
    ['/ua/basket/add', 'basket'],
    ['/api/auth/login', 'api'],
    ['/api', 'api'],
    ['/svc/search/public/products', 'svc'],
    ['/editor/page/about/ru', 'editor'],
    ['/img?src=%2Fsvc%2Fsearch%2Fimg.jpg&w=320&f=avif', 'image'],
    ['/_astro/client.abc123.js', 'static'],
    ['/favicon.svg', 'static'],
    ['/wp-login.php', 'static'],
    ['/healthz', 'other'],
    ['/readyz', 'other'],
    ['/metrics', 'other'],
    ['/robots.txt', 'other'],
    ['/sitemap-products-1.xml', 'other'],
    ['*', 'other'],
  ])('%s is %s', (target, kind) => {
    expect(pageKind(target)).toBe(kind);
  });

  it('answers only kinds of its closed list, whatever the path', () => {
    for (const target of ['/constructor', '/__proto__/x', '/toString', '/ua/hasOwnProperty', '//x', '', '/%ZZ']) {
      expect(PAGE_KINDS).toContain(pageKind(target));
    }
  });
});
