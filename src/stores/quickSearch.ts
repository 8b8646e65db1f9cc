import { log } from '../log/log.ts';
import { atom } from 'nanostores';
import { quickSearch } from '../api/search.ts';
import { quickSuggestions, type Suggestions } from '../domain/catalog/quickSuggestions.ts';
import { browserApi } from '../api/browserClient.ts';
import { isSearchable } from '../api/searchText.ts';
import { newestAnswer, pageLocale } from './net.ts';

/** Spec §9: search is throttled to 500 ms (it starts at 2 characters: isSearchable). */
export const QUICK_SEARCH_THROTTLE_MS = 500;

/** The suggestions shown while typing; `loading` keeps the previous ones on screen. */
export type QuickSearchState =
  | { status: 'idle'; query: string }
  | { status: 'loading'; query: string; suggestions: Suggestions | null }
  | { status: 'ready'; query: string; suggestions: Suggestions }
  | { status: 'error'; query: string };

export const $quickSearch = atom<QuickSearchState>({ status: 'idle', query: '' });

const lookups = newestAnswer();
/** When the last lookup went out: the throttle's clock. */
let lastSent = 0;

function lookUp(query: string) {
  return async (signal: AbortSignal): Promise<void> => {
    lastSent = Date.now();
    const locale = pageLocale();
    try {
      const result = await quickSearch(browserApi(locale), query);
      if (!signal.aborted) $quickSearch.set({ status: 'ready', query, suggestions: quickSuggestions(result, locale) });
    } catch (error) {
      log.warn('[quick search] failed:', error instanceof Error ? error.message : error);
      if (!signal.aborted) $quickSearch.set({ status: 'error', query });
    }
  };
}

/**
 * The shopper typed `text`. Under 2 characters the suggestions close; otherwise a lookup runs at
 * most once per 500 ms (throttle with a trailing call, so the last text typed is always searched).
 * A lookup already out still lands until the next one starts, so the list follows the typing.
 */
export function typeQuickSearch(text: string): void {
  const query = text.trim();
  if (!isSearchable(query)) {
    lookups.cancel();
    $quickSearch.set({ status: 'idle', query });
    return;
  }
  const previous = $quickSearch.get();
  const shown = previous.status === 'ready' ? previous.suggestions : null;
  $quickSearch.set({ status: 'loading', query, suggestions: shown });
  lookups.later(Math.max(0, lastSent + QUICK_SEARCH_THROTTLE_MS - Date.now()), lookUp(query));
}

/** Closes the suggestions (Escape, a click elsewhere). */
export function closeQuickSearch(): void {
  lookups.cancel();
  $quickSearch.set({ status: 'idle', query: $quickSearch.get().query });
}
