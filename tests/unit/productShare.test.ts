import { describe, expect, it } from 'vitest';
import { SHARE_FALLBACK_BASE, shareFallbackUrl } from '../../src/domain/product/share.ts';

describe('share fallback URL (spec §8)', () => {
  it.each([
    ['https://shop.ua/product/bodi', 'https://shop.ua/product/bodi'],
    ['https://shop.ua/ua/product/bodi?color=red&size=62', 'https://shop.ua/ua/product/bodi?color=red&size=62'],
    ['https://shop.ua/product/bodi?color=без цвета', 'https://shop.ua/product/bodi?color=без цвета'],
  ])('carries %s as the shared address, query and all', (url, shared) => {
    const fallback = new URL(shareFallbackUrl(url));
    expect(`${fallback.origin}${fallback.pathname}`).toBe(SHARE_FALLBACK_BASE);
    expect(fallback.searchParams.get('u')).toBe(shared);
    expect([...fallback.searchParams.keys()]).toEqual(['u']);
  });
});
