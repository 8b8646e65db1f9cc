import { describe, expect, it } from 'vitest';
import {
  layoutAssets,
  mayKeepPage,
  offlinePagePath,
  offlineStrategy,
  withOfflineNotice,
} from '../../src/domain/offline/offlinePolicy.ts';

describe('what the offline worker keeps', () => {
  it('answers the build’s files from its copy, pictures and public pages from the network first', () => {
    expect(offlineStrategy('/_astro/client.abc.js', 'other')).toBe('asset');
    expect(offlineStrategy('/img', 'image')).toBe('picture');
    expect(offlineStrategy('/', 'navigate')).toBe('page');
    expect(offlineStrategy('/ua/', 'navigate')).toBe('page');
    expect(offlineStrategy('/ua', 'navigate')).toBe('page');
    expect(offlineStrategy('/odezhda/color=belyy', 'navigate')).toBe('page');
    expect(offlineStrategy('/product/kurtka', 'navigate')).toBe('page');
    // A catalogue whose slug merely starts like a personal path is a page.
    expect(offlineStrategy('/ordena', 'navigate')).toBe('page');
  });

  it('never keeps personal pages, and leaves endpoints and services to the browser', () => {
    for (const path of ['/basket', '/ua/checkout', '/order/abc', '/profile/bonus', '/ua/wishlist', '/editor/page/x']) {
      expect(offlineStrategy(path, 'navigate'), path).toBe('personal');
    }
    expect(offlineStrategy('/api/basket', 'other')).toBe('network');
    expect(offlineStrategy('/svc/order/public/basket/check', 'other')).toBe('network');
    expect(offlineStrategy('/svc/content/public/images/a.svg', 'image')).toBe('network');
    expect(offlineStrategy('/viewed', 'other')).toBe('network');
  });

  it('keeps only whole public answers', () => {
    expect(mayKeepPage(200, 'text/html; charset=utf-8', 'public, max-age=0, must-revalidate')).toBe(true);
    expect(mayKeepPage(200, 'text/html', 'no-store')).toBe(false);
    expect(mayKeepPage(200, 'text/html', 'private, max-age=0')).toBe(false);
    expect(mayKeepPage(200, 'text/html', 'public, no-store')).toBe(false);
    expect(mayKeepPage(200, 'text/html', null)).toBe(false);
    expect(mayKeepPage(404, 'text/html', 'public')).toBe(false);
    expect(mayKeepPage(200, 'application/json', 'public')).toBe(false);
  });

  it('shows the page’s own hidden notice, and names the offline page in the page’s language', () => {
    const html = '<body><p class="offline-notice" role="status" data-offline-notice hidden>Нет соединения</p>';
    expect(withOfflineNotice(html)).toBe(
      '<body><p class="offline-notice" role="status" data-offline-notice>Нет соединения</p>',
    );
    expect(offlinePagePath('/ua/vzuttya')).toBe('/ua/offline');
    expect(offlinePagePath('/ua')).toBe('/ua/offline');
    expect(offlinePagePath('/uakids')).toBe('/offline');
    expect(offlinePagePath('/checkout')).toBe('/offline');
  });

  it('finds the layout’s files a page names', () => {
    const html =
      '<link rel="stylesheet" href="/_astro/a.B1.css"><script type="module" src="/_astro/b.C2.js"></script>' +
      '<link rel="stylesheet" href="/_astro/a.B1.css"><img src="/img?w=1">';
    expect(layoutAssets(html)).toEqual(['/_astro/a.B1.css', '/_astro/b.C2.js']);
  });
});
