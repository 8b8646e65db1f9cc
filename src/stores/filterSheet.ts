import { atom } from 'nanostores';
import { fetchPageHtml, PageHtmlError, type FetchedPage } from '../api/pageHtml.ts';
import { newestAnswer } from './net.ts';

/**
 * The filter sheet's preview (issue 29): on a phone each choice in the sheet fetches the state it
 * leads to (the same server-rendered page the catalogue enhancer uses), so the sheet shows that
 * state's filters and «Показати N товарів» while the list behind stays as it is. «Показати»
 * then shows the fetched state (catalogNavigation.ts `showCatalogPage`). The newest choice wins.
 */
export type FilterPreviewState =
  | { status: 'idle' }
  | { status: 'loading'; href: string }
  | { status: 'ready'; href: string; page: FetchedPage }
  | { status: 'error'; href: string; error: PageHtmlError };

export const $filterPreview = atom<FilterPreviewState>({ status: 'idle' });

const previews = newestAnswer();

/** Fetches the state at `href` for the sheet; resolves when settled or superseded, never rejects. */
export function previewFilters(href: string): Promise<void> {
  $filterPreview.set({ status: 'loading', href });
  return previews.run(async (signal) => {
    try {
      const page = await fetchPageHtml(href, { signal });
      if (!signal.aborted) $filterPreview.set({ status: 'ready', href, page });
    } catch (error) {
      if (signal.aborted) return;
      const failure =
        error instanceof PageHtmlError
          ? error
          : new PageHtmlError('network', href, 0, error instanceof Error ? error.message : String(error));
      $filterPreview.set({ status: 'error', href, error: failure });
    }
  });
}

/** Forgets the preview (the sheet closed, or its state is being shown): an answer still on its way is dropped. */
export function endFilterPreview(): void {
  previews.cancel();
  $filterPreview.set({ status: 'idle' });
}
