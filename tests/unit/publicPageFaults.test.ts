import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import { createT } from '../../src/i18n/i18n.ts';
import type { PageOutcome, PageRequest } from '../../src/server/request/pageOutcome.ts';
import { loadBrandPage } from '../../src/server/pages/brandPage.ts';
import { loadCatalogPage } from '../../src/server/pages/catalogPage.ts';
import { loadProductPage } from '../../src/server/pages/productPage.ts';
import { loadSearchPage } from '../../src/server/pages/searchPage.ts';
import { loadSpecialCatalog } from '../../src/server/pages/specialCatalogPage.ts';
import { fakeFetch, json, waitForAbort, type Sent } from './support/fakeFetch.ts';

/**
 * Public pages when the search service fails (issue 13, DESIGN §7): a 404 only when the service
 * says the thing does not exist (its contract's `{code: 404}`); an error status, a gateway's bare
 * 404, a body that is not the contract, or no answer within the page's budget is the 503 page.
 */

const baseUrls = serviceBaseUrls({ SEARCH_API_URL: 'https://search.test', CONTENT_API_URL: 'https://content.test' });

function request(
  handler: (sent: Sent, raw: Request) => Response | Promise<Response>,
  path: string,
  params: Record<string, string>,
) {
  const fake = fakeFetch(handler);
  const api = createHttpClient({ baseUrls, fetch: fake.fetch, locale: 'ru' });
  const req: PageRequest = {
    api,
    locale: 'ru',
    t: createT('ru'),
    origin: 'https://shop.test',
    url: new URL(`https://shop.test${path}`),
    params,
  };
  return req;
}

const FAULTS: [string, () => Response][] = [
  ['an error status with the contract’s body', () => json({ code: 500, message: 'boom' }, 500)],
  ['a gateway’s bare 404', () => new Response('<html>Not Found</html>', { status: 404 })],
  ['a 502 from a proxy', () => new Response('Bad Gateway', { status: 502 })],
  ['a 200 whose body is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
  ['a 200 whose JSON is not the contract', () => json({ items: 'nope' })],
];
const serviceSays404 = () => json({ code: 404, message: 'No such thing' }, 404);

const kind = (outcome: PageOutcome<unknown>) => outcome.kind;

afterEach(() => vi.restoreAllMocks());
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe.each(FAULTS)('the search service answers %s', (_name, fault) => {
  it('a catalogue page is the 503 page, not a 404', async () => {
    quiet();
    expect(kind(await loadCatalogPage(request(fault, '/odezhda', { path: 'odezhda' })))).toBe('unavailable');
  });

  it('a product page is the 503 page', async () => {
    quiet();
    expect(kind(await loadProductPage(request(fault, '/product/shapka', { slug: 'shapka' })))).toBe('unavailable');
  });

  it('a brand page is the 503 page', async () => {
    quiet();
    expect(kind(await loadBrandPage(request(fault, '/brand/reima', { slug: 'reima' })))).toBe('unavailable');
  });

  it('search results are the 503 page', async () => {
    quiet();
    expect(kind(await loadSearchPage(request(fault, '/search-result?q=шапка', {})))).toBe('unavailable');
  });

  it('the outlet and a custom catalogue are the 503 page', async () => {
    quiet();
    expect(kind(await loadSpecialCatalog(request(fault, '/outlet', {}), 'outlet'))).toBe('unavailable');
    expect(kind(await loadSpecialCatalog(request(fault, '/catalogs/leto', { slug: 'leto' }), 'custom'))).toBe(
      'unavailable',
    );
  });
});

describe('only the service’s own 404 is "not found"', () => {
  it.each([
    ['product', () => loadProductPage(request(serviceSays404, '/product/nope', { slug: 'nope' }))],
    ['brand', () => loadBrandPage(request(serviceSays404, '/brand/nope', { slug: 'nope' }))],
    [
      'custom catalogue',
      () => loadSpecialCatalog(request(serviceSays404, '/catalogs/nope', { slug: 'nope' }), 'custom'),
    ],
  ])('%s', async (_what, load) => {
    expect(kind(await load())).toBe('notFound');
  });
});

describe('a service that hangs', () => {
  it('gives the 503 page within about a second, not the transport’s default 5 s', async () => {
    quiet();
    const started = performance.now();
    const outcome = await loadProductPage(
      request((_sent, raw) => waitForAbort(raw), '/product/shapka', { slug: 'shapka' }),
    );
    const took = performance.now() - started;
    expect(kind(outcome)).toBe('unavailable');
    expect(took).toBeLessThan(2500);
    expect(took).toBeGreaterThanOrEqual(900);
  });
});
