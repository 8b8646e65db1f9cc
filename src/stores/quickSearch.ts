import type { Locale } from '../api/schemas/common.ts';
import { atom } from 'nanostores';
import { quickSearch } from '../api/search.ts';
import { quickSuggestions, type Suggestions } from '../domain/catalog/quickSuggestions.ts';
import { browserApi } from '../api/browserClient.ts';
import { isSearchable } from '../domain/catalog/searchText.ts';

/** Spec §9: search is throttled to 500 ms (it starts at 2 characters: isSearchable). */
export const QUICK_SEARCH_THROTTLE_MS = 500;

/** The suggestions shown while typing; `loading` keeps the previous ones on screen. */
export type QuickSearchState =
  | { status: 'idle'; query: string }
  | { status: 'loading'; query: string; suggestions: Suggestions | null }
  | { status: 'ready'; query: string; suggestions: Suggestions }
  | { status: 'error'; query: string };

export const $quickSearch = atom<QuickSearchState>({ status: 'idle', query: '' });

let timer: ReturnType<typeof setTimeout> | undefined;
let lastSent = 0;
let sequence = 0;

async function run(query: string, locale: Locale): Promise<void> {
  const mine = ++sequence;
  lastSent = Date.now();
  try {
    const result = await quickSearch(browserApi(locale), query);
    // A slower answer to an older query must not overwrite a newer one.
    if (mine === sequence) $quickSearch.set({ status: 'ready', query, suggestions: quickSuggestions(result, locale) });
  } catch (error) {
    console.warn('[quick search] failed:', error instanceof Error ? error.message : error);
    if (mine === sequence) $quickSearch.set({ status: 'error', query });
  }
}

/**
 * The shopper typed `text`. Under 2 characters the suggestions close; otherwise a lookup runs at
 * most once per 500 ms (throttle with a trailing call, so the last text typed is always searched).
 */
export function typeQuickSearch(text: string, locale: Locale): void {
  const query = text.trim();
  clearTimeout(timer);
  if (!isSearchable(query)) {
    sequence++;
    $quickSearch.set({ status: 'idle', query });
    return;
  }
  const previous = $quickSearch.get();
  const shown = previous.status === 'ready' ? previous.suggestions : null;
  $quickSearch.set({ status: 'loading', query, suggestions: shown });
  const wait = Math.max(0, lastSent + QUICK_SEARCH_THROTTLE_MS - Date.now());
  timer = setTimeout(() => void run(query, locale), wait);
}

/** Closes the suggestions (Escape, a click elsewhere). */
export function closeQuickSearch(): void {
  clearTimeout(timer);
  sequence++;
  $quickSearch.set({ status: 'idle', query: $quickSearch.get().query });
}
