import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickSearchResult } from '../../src/api/search.ts';
import { quickSearch } from '../../src/api/search.ts';
import {
  $quickSearch,
  closeQuickSearch,
  QUICK_SEARCH_THROTTLE_MS,
  typeQuickSearch,
} from '../../src/stores/quickSearch.ts';

/**
 * The header's quick-search store (src/stores/quickSearch.ts, spec §9): from 2 characters, at most
 * one lookup per 500 ms with the last text always searched, the previous suggestions kept while the
 * next load, and an older answer never shown over a newer one.
 */

vi.mock(import('../../src/api/search.ts'), () => ({ quickSearch: vi.fn() }));
// The client stands for the page's language only: the lookup above is the fake that receives it.
vi.mock('../../src/api/browserClient.ts', () => ({ browserApi: vi.fn((locale: string) => ({ locale })) }));
const lookUp = vi.mocked(quickSearch);

/** What the service answers for `text`: one category named after it. */
function found(text: string): QuickSearchResult {
  return {
    products: [],
    categories: [
      { id: text.length, slug: 'kurtki', title: `Куртки ${text}`, titleUkr: `Куртки ${text}`, parent: null, count: 5 },
    ],
  };
}

/** Answers the test settles by hand, in any order. */
function pendingAnswers() {
  const waiting = new Map<string, (result: QuickSearchResult) => void>();
  lookUp.mockImplementation((_client, text) => new Promise<QuickSearchResult>((resolve) => waiting.set(text, resolve)));
  return (text: string) => waiting.get(text)?.(found(text));
}

const shownTitles = () => {
  const state = $quickSearch.get();
  return state.status === 'ready' || state.status === 'loading'
    ? (state.suggestions?.categories.map((c) => c.text) ?? null)
    : null;
};

// One fake clock for the file: the throttle remembers when the last lookup went out, so time only moves on.
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(() => {
  lookUp.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  closeQuickSearch();
  // The throttle's clock starts afresh: the last lookup of the previous test is long past.
  vi.advanceTimersByTime(10 * QUICK_SEARCH_THROTTLE_MS);
  $quickSearch.set({ status: 'idle', query: '' });
});
afterEach(() => vi.restoreAllMocks());

describe('quick search store', () => {
  it('stays closed under 2 characters and asks nothing', async () => {
    typeQuickSearch(' к ');
    await vi.runAllTimersAsync();
    expect($quickSearch.get()).toEqual({ status: 'idle', query: 'к' });
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('looks up the trimmed text at once, in the page’s language, and shows the suggestions', async () => {
    lookUp.mockResolvedValueOnce(found('ку'));
    typeQuickSearch(' ку ');
    expect($quickSearch.get()).toEqual({ status: 'loading', query: 'ку', suggestions: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(lookUp).toHaveBeenCalledWith({ locale: 'ru' }, 'ку');
    expect($quickSearch.get()).toMatchObject({ status: 'ready', query: 'ку' });
    expect(shownTitles()).toEqual(['Куртки ку']);
  });

  it('throttles to one lookup per 500 ms, and the last text typed is always searched', async () => {
    const answer = pendingAnswers();
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    typeQuickSearch('кур');
    typeQuickSearch('курт');
    await vi.advanceTimersByTimeAsync(QUICK_SEARCH_THROTTLE_MS - 1);
    expect(lookUp.mock.calls.map(([, text]) => text)).toEqual(['ку']);
    await vi.advanceTimersByTimeAsync(1);
    expect(lookUp.mock.calls.map(([, text]) => text)).toEqual(['ку', 'курт']);
    answer('курт');
    await vi.advanceTimersByTimeAsync(0);
    expect($quickSearch.get()).toMatchObject({ status: 'ready', query: 'курт' });
  });

  it('keeps the previous suggestions on screen while the next ones load', async () => {
    lookUp.mockResolvedValueOnce(found('ку'));
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    pendingAnswers();
    typeQuickSearch('кур');
    expect($quickSearch.get().status).toBe('loading');
    expect(shownTitles()).toEqual(['Куртки ку']);
  });

  it('shows an older answer that lands before the next lookup starts (the list follows the typing)', async () => {
    const answer = pendingAnswers();
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    typeQuickSearch('кур');
    answer('ку');
    await vi.advanceTimersByTimeAsync(0);
    expect(shownTitles()).toEqual(['Куртки ку']);
  });

  it('never shows an older answer once a newer lookup has started', async () => {
    const answer = pendingAnswers();
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    typeQuickSearch('кур');
    await vi.advanceTimersByTimeAsync(QUICK_SEARCH_THROTTLE_MS);
    answer('кур');
    await vi.advanceTimersByTimeAsync(0);
    answer('ку');
    await vi.advanceTimersByTimeAsync(0);
    expect($quickSearch.get()).toMatchObject({ status: 'ready', query: 'кур' });
    expect(shownTitles()).toEqual(['Куртки кур']);
  });

  it('closes on Escape or a click elsewhere: a lookup on its way or waiting is dropped', async () => {
    const answer = pendingAnswers();
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    typeQuickSearch('кур');
    closeQuickSearch();
    answer('ку');
    await vi.advanceTimersByTimeAsync(10 * QUICK_SEARCH_THROTTLE_MS);
    expect($quickSearch.get()).toEqual({ status: 'idle', query: 'кур' });
    expect(lookUp).toHaveBeenCalledTimes(1);
  });

  it('going under 2 characters drops the lookup on its way', async () => {
    const answer = pendingAnswers();
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    typeQuickSearch('к');
    answer('ку');
    await vi.advanceTimersByTimeAsync(0);
    expect($quickSearch.get()).toEqual({ status: 'idle', query: 'к' });
  });

  it('turns to error when the lookup fails, and says so in the console', async () => {
    lookUp.mockRejectedValueOnce(new Error('search 503'));
    typeQuickSearch('ку');
    await vi.advanceTimersByTimeAsync(0);
    expect($quickSearch.get()).toEqual({ status: 'error', query: 'ку' });
    expect(console.warn).toHaveBeenCalledWith('[quick search] failed:', 'search 503');
  });
});
