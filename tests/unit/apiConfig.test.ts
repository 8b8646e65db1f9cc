import { describe, expect, it } from 'vitest';
import { anyEmbedded, DEFAULT_TIMEOUT_MS, PROJECT_CODE, SERVICE_NAMES, serviceBaseUrls } from '../../src/api/config.ts';

describe('serviceBaseUrls: a base URL per service, embedded when unset', () => {
  it('makes every service embedded when no variable is set', () => {
    const urls = serviceBaseUrls({});
    expect(SERVICE_NAMES.map((name) => urls[name])).toEqual([
      { url: 'http://embedded.local/svc/search', embedded: true },
      { url: 'http://embedded.local/svc/user', embedded: true },
      { url: 'http://embedded.local/svc/content', embedded: true },
      { url: 'http://embedded.local/svc/order', embedded: true },
      { url: 'http://embedded.local/svc/delivery', embedded: true },
    ]);
    expect(anyEmbedded(urls)).toBe(true);
  });

  it.each([
    ['SEARCH_API_URL', 'search', 'https://search.example.com/', 'https://search.example.com'],
    ['USER_API_URL', 'user', 'https://api.example.com/user//', 'https://api.example.com/user'],
    ['CONTENT_API_URL', 'content', 'http://localhost:4001', 'http://localhost:4001'],
    ['ORDER_API_URL', 'order', ' https://order.example.com/v1 ', 'https://order.example.com/v1'],
    ['DELIVERY_API_URL', 'delivery', 'https://delivery.example.com', 'https://delivery.example.com'],
  ] as const)('reads %s for %s and trims the trailing slash', (variable, service, value, expected) => {
    const urls = serviceBaseUrls({ [variable]: value });
    expect(urls[service]).toEqual({ url: expected, embedded: false });
    expect(SERVICE_NAMES.filter((name) => urls[name].embedded)).toHaveLength(4);
  });

  it('treats a blank variable as unset', () => {
    expect(serviceBaseUrls({ SEARCH_API_URL: '  ' }).search).toEqual({
      url: 'http://embedded.local/svc/search',
      embedded: true,
    });
  });

  it('reports no embedded service when all five are configured', () => {
    const urls = serviceBaseUrls({
      SEARCH_API_URL: 'https://a.test',
      USER_API_URL: 'https://b.test',
      CONTENT_API_URL: 'https://c.test',
      ORDER_API_URL: 'https://d.test',
      DELIVERY_API_URL: 'https://e.test',
    });
    expect(anyEmbedded(urls)).toBe(false);
  });

  it.each([['search.example.com'], ['localhost:4000'], ['ftp://search.example.com'], ['not a url']])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => serviceBaseUrls({ SEARCH_API_URL: value })).toThrow(
        /^SEARCH_API_URL must be an absolute http\(s\) URL/,
      );
    },
  );

  it('exposes the project code and a default timeout', () => {
    expect(PROJECT_CODE).toBe('bbs');
    expect(DEFAULT_TIMEOUT_MS).toBeGreaterThan(0);
  });
});
