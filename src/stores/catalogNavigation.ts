import { log } from '../log/log.ts';
import { atom, computed } from 'nanostores';
import { fetchPageHtml, PageHtmlError, type FetchedPage } from '../api/pageHtml.ts';
import type { FocusTarget, NavigationMode } from '../domain/catalog/catalogNavigation.ts';
import { newestAnswer } from './net.ts';

/**
 * The catalogue's in-place navigation (spec §4 "Catalogue loading"): a filter, sort or page link
 * fetches the next state and replaces the listing, with the product loader; "load more" appends
 * the next page, with its own loader. Only the newest request counts (net.ts newestAnswer). The DOM side
 * (src/components/catalog/catalogEnhancer.ts) shows each state and falls back to a normal page
 * load on `error`, so the shopper is never stuck.
 */

export interface CatalogRequest {
  /** Absolute URL of the state to show. */
  href: string;
  mode: NavigationMode;
  /** Add a history entry once shown: true for clicks, false for back/forward (the browser has moved already). */
  push: boolean;
  focus: FocusTarget;
}

export type CatalogNavigationState =
  | { status: 'idle'; url: string }
  | { status: 'loading'; url: string; request: CatalogRequest }
  | { status: 'ready'; url: string; request: CatalogRequest; page: FetchedPage }
  | { status: 'error'; url: string; request: CatalogRequest; error: PageHtmlError };

/** `url` is always the state the page shows (or, when `ready`, is about to show). */
export const $catalogNavigation = atom<CatalogNavigationState>({ status: 'idle', url: '' });

/** The product loader is up: a new state replaces the listing (the grid is cleared meanwhile). */
export const $productsLoading = computed(
  $catalogNavigation,
  (state) => state.status === 'loading' && state.request.mode === 'replace',
);

/** "Load more" is busy: the next page is on its way. */
export const $loadingMore = computed(
  $catalogNavigation,
  (state) => state.status === 'loading' && state.request.mode === 'append',
);

const pages = newestAnswer();

/**
 * Pages fetched ahead (issue 27): the next page or "load more" a finger or pointer is on. A tap
 * within FETCHED_AHEAD_MS shows that copy; two at most, so the budget is two listings' HTML
 * (≤ 16 KB brotli each) in flight at any time.
 */
const FETCHED_AHEAD_MS = 20_000;
const FETCHED_AHEAD_MAX = 2;
const fetchedAhead = new Map<string, { at: number; page: Promise<FetchedPage> }>();

/** Fetches `href` ahead of a likely tap (the caller checked the shopper's connection allows it). */
export function fetchCatalogAhead(href: string): void {
  const kept = fetchedAhead.get(href);
  if (kept && Date.now() - kept.at < FETCHED_AHEAD_MS) return;
  const page = fetchPageHtml(href);
  // A failed fetch ahead is forgotten: the tap then asks again, and its failure is handled there.
  page.catch(() => fetchedAhead.delete(href));
  fetchedAhead.set(href, { at: Date.now(), page });
  for (const oldest of fetchedAhead.keys()) {
    if (fetchedAhead.size <= FETCHED_AHEAD_MAX) break;
    fetchedAhead.delete(oldest);
  }
}

/** The copy fetched ahead of `href`, once, while it is fresh. */
function takeFetchedAhead(href: string): Promise<FetchedPage> | null {
  const kept = fetchedAhead.get(href);
  fetchedAhead.delete(href);
  return kept && Date.now() - kept.at < FETCHED_AHEAD_MS ? kept.page : null;
}

/** Starts tracking a listing page at `url` (page load); cancels whatever was in flight. */
export function initCatalogNavigation(url: string): void {
  pages.cancel();
  fetchedAhead.clear();
  $catalogNavigation.set({ status: 'idle', url });
}

/**
 * Loads the state at `request.href`. A newer request cancels an older one, except that "load more"
 * is ignored while anything is loading (its next page would belong to a state being replaced).
 * Resolves when this request settled or was superseded; never rejects.
 */
export function navigateCatalog(request: CatalogRequest): Promise<void> {
  const before = $catalogNavigation.get();
  if (request.mode === 'append' && before.status === 'loading') return Promise.resolve();
  const { url } = before;
  $catalogNavigation.set({ status: 'loading', url, request });
  return pages.run(async (signal) => {
    try {
      const page = await (takeFetchedAhead(request.href) ?? fetchPageHtml(request.href, { signal }));
      if (!signal.aborted) $catalogNavigation.set({ status: 'ready', url: page.url, request, page });
    } catch (error) {
      // A superseded request's failure (usually its own cancellation) says nothing about the page.
      if (signal.aborted) return;
      const failure =
        error instanceof PageHtmlError
          ? error
          : new PageHtmlError('network', request.href, 0, error instanceof Error ? error.message : String(error));
      log.warn('[catalog] in-place navigation failed, loading the page instead:', failure.message);
      $catalogNavigation.set({ status: 'error', url, request, error: failure });
    }
  });
}

/**
 * Shows a state already fetched elsewhere (the filter sheet's preview, issue 29) as if `request`
 * had just loaded it; whatever was in flight is superseded.
 */
export function showCatalogPage(request: CatalogRequest, page: FetchedPage): void {
  pages.cancel();
  $catalogNavigation.set({ status: 'ready', url: page.url, request, page });
}

/** Where to send the browser when the in-place navigation cannot complete: the page it asked for. */
export function fallbackHref(state: CatalogNavigationState): string | null {
  if (state.status === 'error') return state.request.href;
  if (state.status === 'ready') return state.page.url;
  return null;
}
