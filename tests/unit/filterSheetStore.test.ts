import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHtmlError, fetchPageHtml, type FetchedPage } from '../../src/api/pageHtml.ts';
import {
  $catalogNavigation,
  initCatalogNavigation,
  navigateCatalog,
  showCatalogPage,
} from '../../src/stores/catalogNavigation.ts';
import { $filterPreview, endFilterPreview, previewFilters } from '../../src/stores/filterSheet.ts';

vi.mock(import('../../src/api/pageHtml.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchPageHtml: vi.fn(),
}));
const fetchPage = vi.mocked(fetchPageHtml);

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

beforeEach(() => {
  fetchPage.mockReset();
  endFilterPreview();
  initCatalogNavigation(`${ORIGIN}/odezhda`);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the filter sheet preview', () => {
  it('loads the state a choice leads to, and the newest choice wins', async () => {
    const first = pending();
    const second = pending();
    fetchPage.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const one = previewFilters(`${ORIGIN}/odezhda/gender=girls`);
    expect($filterPreview.get()).toEqual({ status: 'loading', href: `${ORIGIN}/odezhda/gender=girls` });
    const two = previewFilters(`${ORIGIN}/odezhda/gender=boys`);
    second.resolve({ url: `${ORIGIN}/odezhda/gender=boys`, html: 'boys' });
    await two;
    first.resolve({ url: `${ORIGIN}/odezhda/gender=girls`, html: 'girls' });
    await one;
    expect($filterPreview.get()).toMatchObject({ status: 'ready', page: { html: 'boys' } });
    // The list behind the sheet did not move.
    expect($catalogNavigation.get()).toEqual({ status: 'idle', url: `${ORIGIN}/odezhda` });
  });

  it('records a failure with the state asked for (the sheet then loads it as a page)', async () => {
    fetchPage.mockRejectedValueOnce(new PageHtmlError('http', `${ORIGIN}/odezhda/x=y`, 404, 'not found'));
    await previewFilters(`${ORIGIN}/odezhda/x=y`);
    expect($filterPreview.get()).toMatchObject({ status: 'error', href: `${ORIGIN}/odezhda/x=y` });
  });

  it('words a failure that is not the page client’s own as a network failure of that state', async () => {
    fetchPage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await previewFilters(`${ORIGIN}/odezhda/a=b`);
    const state = $filterPreview.get();
    expect(state).toMatchObject({ status: 'error', href: `${ORIGIN}/odezhda/a=b` });
    expect(state.status === 'error' && state.error.kind).toBe('network');
    expect(state.status === 'error' && state.error.message).toContain('Failed to fetch');
    fetchPage.mockRejectedValueOnce('offline');
    await previewFilters(`${ORIGIN}/odezhda/c=d`);
    const next = $filterPreview.get();
    expect(next.status === 'error' && next.error.message).toContain('offline');
  });

  it('drops a failure still on its way when the sheet closes', async () => {
    const answer = pending();
    fetchPage.mockReturnValueOnce(answer.promise);
    const done = previewFilters(`${ORIGIN}/odezhda/gender=girls`);
    endFilterPreview();
    answer.reject(new Error('late'));
    await done;
    expect($filterPreview.get()).toEqual({ status: 'idle' });
  });

  it('drops an answer still on its way when the sheet closes', async () => {
    const answer = pending();
    fetchPage.mockReturnValueOnce(answer.promise);
    const done = previewFilters(`${ORIGIN}/odezhda/gender=girls`);
    endFilterPreview();
    answer.resolve({ url: `${ORIGIN}/odezhda/gender=girls`, html: '' });
    await done;
    expect($filterPreview.get()).toEqual({ status: 'idle' });
  });

  it('«Показати» shows the previewed page as the catalogue state, superseding a navigation in flight', async () => {
    const stale = pending();
    fetchPage.mockReturnValueOnce(stale.promise);
    const navigation = navigateCatalog({
      href: `${ORIGIN}/odezhda/page-2`,
      mode: 'replace',
      push: true,
      focus: { kind: 'heading' },
    });
    const page = { url: `${ORIGIN}/odezhda/gender=girls`, html: 'girls' };
    const request = { href: page.url, mode: 'replace', push: true, focus: { kind: 'heading' } } as const;
    showCatalogPage(request, page);
    stale.resolve({ url: `${ORIGIN}/odezhda/page-2`, html: 'stale' });
    await navigation;
    expect($catalogNavigation.get()).toEqual({ status: 'ready', url: page.url, request, page });
  });
});
