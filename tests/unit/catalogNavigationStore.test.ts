import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHtmlError, fetchPageHtml, type FetchedPage } from '../../src/api/pageHtml.ts';
import {
  $catalogNavigation,
  $loadingMore,
  $productsLoading,
  fallbackHref,
  fetchCatalogAhead,
  initCatalogNavigation,
  navigateCatalog,
  type CatalogRequest,
} from '../../src/stores/catalogNavigation.ts';

vi.mock(import('../../src/api/pageHtml.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchPageHtml: vi.fn(),
}));
const fetchPage = vi.mocked(fetchPageHtml);

/** A page answer the test settles by hand, recording the signal it was asked with. */
function pending() {
  let resolve!: (page: FetchedPage) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<FetchedPage>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const ORIGIN = 'https://shop.test';
const request = (path: string, overrides: Partial<CatalogRequest> = {}): CatalogRequest => ({
  href: `${ORIGIN}${path}`,
  mode: 'replace',
  push: true,
  focus: { kind: 'heading' },
  ...overrides,
});

beforeEach(() => {
  fetchPage.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  initCatalogNavigation(`${ORIGIN}/odezhda`);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('catalogue navigation store', () => {
  it('shows a page fetched ahead without asking again, once, and keeps two at most', async () => {
    const page2 = { url: `${ORIGIN}/odezhda/page-2`, html: '<html>2</html>' };
    fetchPage.mockImplementation((href) => Promise.resolve({ url: href, html: `<html>${href}</html>` }));
    fetchPage.mockResolvedValueOnce(page2);
    fetchCatalogAhead(page2.url);
    fetchCatalogAhead(page2.url);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await navigateCatalog(request('/odezhda/page-2', { mode: 'append', focus: { kind: 'firstNew' } }));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect($catalogNavigation.get()).toMatchObject({ status: 'ready', page: page2 });
    // Used once: the same page asked again is fetched anew.
    await navigateCatalog(request('/odezhda/page-2'));
    expect(fetchPage).toHaveBeenCalledTimes(2);

    for (const n of [3, 4, 5]) fetchCatalogAhead(`${ORIGIN}/odezhda/page-${n}`);
    expect(fetchPage).toHaveBeenCalledTimes(5);
    // The oldest of three went: page 3 is fetched again, pages 4 and 5 are shown from their copies.
    await navigateCatalog(request('/odezhda/page-3'));
    await navigateCatalog(request('/odezhda/page-4'));
    await navigateCatalog(request('/odezhda/page-5'));
    expect(fetchPage).toHaveBeenCalledTimes(6);
  });

  it('forgets a page fetched ahead that failed, and one older than 20 s', async () => {
    vi.useFakeTimers();
    try {
      fetchPage.mockRejectedValueOnce(new PageHtmlError('network', 'x', 0, 'offline'));
      fetchCatalogAhead(`${ORIGIN}/odezhda/page-2`);
      await vi.advanceTimersByTimeAsync(0);
      fetchPage.mockResolvedValue({ url: `${ORIGIN}/odezhda/page-2`, html: '<html></html>' });
      await navigateCatalog(request('/odezhda/page-2'));
      expect(fetchPage).toHaveBeenCalledTimes(2);
      expect($catalogNavigation.get()).toMatchObject({ status: 'ready' });

      fetchCatalogAhead(`${ORIGIN}/odezhda/page-3`);
      await vi.advanceTimersByTimeAsync(20_001);
      await navigateCatalog(request('/odezhda/page-3'));
      expect(fetchPage).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts idle on the page it was opened with', () => {
    expect($catalogNavigation.get()).toEqual({ status: 'idle', url: `${ORIGIN}/odezhda` });
    expect($productsLoading.get()).toBe(false);
    expect($loadingMore.get()).toBe(false);
  });

  it('shows the product loader while a new state loads, then has the page ready under its final URL', async () => {
    const answer = pending();
    fetchPage.mockReturnValueOnce(answer.promise);
    const done = navigateCatalog(request('/odezhda/size=92/color=belyy'));
    expect($catalogNavigation.get()).toMatchObject({ status: 'loading', url: `${ORIGIN}/odezhda` });
    expect($productsLoading.get()).toBe(true);
    expect($loadingMore.get()).toBe(false);

    // The server answers the canonical spelling after a 301.
    answer.resolve({ url: `${ORIGIN}/odezhda/color=belyy/size=92`, html: '<html></html>' });
    await done;
    const state = $catalogNavigation.get();
    expect(state).toMatchObject({ status: 'ready', url: `${ORIGIN}/odezhda/color=belyy/size=92` });
    expect($productsLoading.get()).toBe(false);
    expect(fallbackHref(state)).toBe(`${ORIGIN}/odezhda/color=belyy/size=92`);
  });

  it('"load more" has its own loader, separate from the product loader', async () => {
    const answer = pending();
    fetchPage.mockReturnValueOnce(answer.promise);
    const done = navigateCatalog(request('/odezhda/page-2', { mode: 'append', focus: { kind: 'firstNew' } }));
    expect($loadingMore.get()).toBe(true);
    expect($productsLoading.get()).toBe(false);
    answer.resolve({ url: `${ORIGIN}/odezhda/page-2`, html: '' });
    await done;
    expect($loadingMore.get()).toBe(false);
    expect($catalogNavigation.get()).toMatchObject({ status: 'ready', request: { mode: 'append' } });
  });

  it('ignores "load more" while anything is loading (its next page would belong to the old state)', async () => {
    const answer = pending();
    fetchPage.mockReturnValueOnce(answer.promise);
    const first = navigateCatalog(request('/odezhda/page-2', { mode: 'append' }));
    await navigateCatalog(request('/odezhda/page-2', { mode: 'append' }));
    const filtering = pending();
    fetchPage.mockReturnValueOnce(filtering.promise);
    const filter = navigateCatalog(request('/odezhda/color=belyy'));
    await navigateCatalog(request('/odezhda/color=belyy/page-2', { mode: 'append' }));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect($catalogNavigation.get()).toMatchObject({ status: 'loading', request: { mode: 'replace' } });
    filtering.resolve({ url: `${ORIGIN}/odezhda/color=belyy`, html: '' });
    answer.resolve({ url: `${ORIGIN}/odezhda/page-2`, html: '' });
    await Promise.all([first, filter]);
  });

  it('lets the newest state win: the older request is cancelled and its answer ignored', async () => {
    const older = pending();
    const newer = pending();
    fetchPage.mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const first = navigateCatalog(request('/odezhda/color=belyy'));
    const second = navigateCatalog(request('/odezhda/color=rozovyy'));
    const firstSignal = fetchPage.mock.calls[0]?.[1]?.signal;
    expect(firstSignal?.aborted).toBe(true);

    newer.resolve({ url: `${ORIGIN}/odezhda/color=rozovyy`, html: 'pink' });
    await second;
    older.resolve({ url: `${ORIGIN}/odezhda/color=belyy`, html: 'white' });
    await first;
    expect($catalogNavigation.get()).toMatchObject({ status: 'ready', url: `${ORIGIN}/odezhda/color=rozovyy` });
  });

  it('does not report a superseded request that fails (its own cancellation) as an error', async () => {
    const older = pending();
    const newer = pending();
    fetchPage.mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const first = navigateCatalog(request('/odezhda/color=belyy'));
    const second = navigateCatalog(request('/odezhda/color=rozovyy'));
    older.reject(new PageHtmlError('aborted', `${ORIGIN}/odezhda/color=belyy`, 0, 'cancelled'));
    await first;
    expect($catalogNavigation.get().status).toBe('loading');
    newer.resolve({ url: `${ORIGIN}/odezhda/color=rozovyy`, html: '' });
    await second;
    expect($catalogNavigation.get().status).toBe('ready');
  });

  it.each([
    ['a typed page error', new PageHtmlError('http', `${ORIGIN}/odezhda/page-2`, 404, 'HTTP 404'), 'http'],
    ['anything else', new TypeError('Failed to fetch'), 'network'],
  ])('on %s turns to error and points the fallback at the page asked for', async (_name, failure, kind) => {
    fetchPage.mockRejectedValueOnce(failure);
    await navigateCatalog(request('/odezhda/page-2'));
    const state = $catalogNavigation.get();
    expect(state).toMatchObject({ status: 'error', url: `${ORIGIN}/odezhda`, error: { kind } });
    expect(fallbackHref(state)).toBe(`${ORIGIN}/odezhda/page-2`);
    expect($productsLoading.get()).toBe(false);
  });

  it('has no fallback while idle or loading', () => {
    expect(fallbackHref($catalogNavigation.get())).toBeNull();
    fetchPage.mockReturnValueOnce(new Promise(() => {}));
    void navigateCatalog(request('/odezhda/page-2'));
    expect(fallbackHref($catalogNavigation.get())).toBeNull();
  });
});
