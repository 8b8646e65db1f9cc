import {
  HEAD_SELECTORS,
  focusAfter,
  linkKeyOf,
  needsRefetch,
  planRegionSwap,
  sameLink,
  takeOverClick,
  type FocusTarget,
  type NavigationMode,
} from '../../domain/catalog/catalogNavigation.ts';
import {
  $catalogNavigation,
  fallbackHref,
  fetchCatalogAhead,
  initCatalogNavigation,
  navigateCatalog,
  type CatalogNavigationState,
} from '../../stores/catalogNavigation.ts';
import { keepFacetGroups } from './facetGroups.ts';

/**
 * The DOM side of the catalogue's in-place navigation (HTML over the wire). Every filter, sort,
 * page and "load more" control is a server-rendered link that works without JavaScript; this
 * module only takes over their clicks, asks the store for the target page's HTML and swaps the
 * regions marked `data-catalog-region` (or, for "load more", appends the next page's cards). Any
 * failure, or a page of another shape, falls back to loading the URL normally.
 */

const LINK = '[data-catalog-link]';
const REGION = '[data-catalog-region]';
/** Regions whose links belong to the state being replaced: inert until the new ones arrive. */
const STALE_WHILE_LOADING: readonly string[] = ['filters', 'sort', 'chips', 'pagination', 'loadMore'];

interface Page {
  root: HTMLElement;
  live: HTMLElement | null;
}

const regionsOf = (root: ParentNode): HTMLElement[] => Array.from(root.querySelectorAll<HTMLElement>(REGION));
const regionName = (element: HTMLElement): string => element.dataset.catalogRegion ?? '';

/** Says `text` in the polite live region (a repeated text is made different so it is read again). */
function announce(live: HTMLElement | null, text: string | undefined): void {
  if (!live || !text) return;
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

/** Turns the server's "load more" link into a button that appends the next page (same attributes). */
function upgradeLoadMore(root: HTMLElement): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-catalog-link="loadMore"]')) {
    const button = document.createElement('button');
    button.type = 'button';
    for (const { name, value } of Array.from(link.attributes)) {
      if (name !== 'href') button.setAttribute(name, value);
    }
    button.dataset.href = link.href;
    button.append(...Array.from(link.childNodes));
    link.replaceWith(button);
  }
}

function showLoadMoreBusy(root: HTMLElement): void {
  const button = root.querySelector<HTMLElement>('button[data-catalog-link="loadMore"]');
  if (!button) return;
  button.setAttribute('aria-busy', 'true');
  button.setAttribute('aria-disabled', 'true');
  if (button.dataset.busyLabel) button.textContent = button.dataset.busyLabel;
}

/**
 * Stops the pictures still loading in cards that are about to go. Chromium goes on fetching an
 * `<img>` after it leaves the document, and over HTTP/1.1 six such pictures hold every connection
 * to the shop: the next state's HTML then waits behind pictures nobody will see (9 s measured,
 * cold pictures). A picture left without a source has nothing to load, and its request is cancelled.
 */
function stopPictureLoads(region: Element): void {
  for (const img of region.querySelectorAll('img')) {
    if (img.complete) continue;
    for (const source of img.closest('picture')?.querySelectorAll('source') ?? []) source.remove();
    img.removeAttribute('srcset');
    img.removeAttribute('src');
  }
}

/** Spec §4: a new state clears the products and the count and shows the product loader. */
function showProductLoader({ root, live }: Page): void {
  root.querySelector('[data-catalog-results]')?.setAttribute('aria-busy', 'true');
  for (const region of regionsOf(root)) {
    const name = regionName(region);
    if (name === 'products') {
      stopPictureLoads(region);
      region.replaceChildren();
    }
    // The count's text goes; `data-total` stays until the new count replaces the element.
    if (name === 'count') region.textContent = '';
    if (STALE_WHILE_LOADING.includes(name)) region.inert = true;
  }
  const loader = root.querySelector<HTMLElement>('[data-catalog-loader]');
  if (loader) loader.hidden = false;
  announce(live, live?.dataset.loadingLabel);
}

function hideProductLoader(root: HTMLElement): void {
  root.querySelector('[data-catalog-results]')?.removeAttribute('aria-busy');
  const loader = root.querySelector<HTMLElement>('[data-catalog-loader]');
  if (loader) loader.hidden = true;
}

/** Title, description, robots, canonical, hreflang and prev/next follow the state shown. */
function syncHead(incoming: Document): void {
  document.title = incoming.title;
  for (const selector of HEAD_SELECTORS) {
    for (const element of document.head.querySelectorAll(selector)) element.remove();
    for (const element of incoming.head.querySelectorAll(selector)) document.head.append(document.adoptNode(element));
  }
}

function moveFocus(target: FocusTarget, root: HTMLElement, firstNew: Element | null): void {
  if (target.kind === 'none') return;
  if (target.kind === 'firstNew') {
    firstNew?.querySelector<HTMLElement>('a[href]')?.focus();
    return;
  }
  if (target.kind === 'link') {
    const same = Array.from(root.querySelectorAll<HTMLElement>(LINK)).find((element) => {
      const key = linkKeyOf(element.dataset);
      return key !== null && sameLink(key, target.key);
    });
    if (same) {
      same.focus();
      return;
    }
  }
  root.querySelector<HTMLElement>('[data-catalog-region="heading"]')?.focus();
}

/** Shows a fetched page in place, or loads it normally when its regions do not match this page's. */
function showPage(state: Extract<CatalogNavigationState, { status: 'ready' }>, { root, live }: Page): void {
  const { request, page } = state;
  const incoming = new DOMParser().parseFromString(page.html, 'text/html');
  const incomingRoot = incoming.querySelector<HTMLElement>('[data-catalog-root]');
  const here = regionsOf(root);
  const there = incomingRoot ? regionsOf(incomingRoot) : [];
  const plan = planRegionSwap(request.mode, here.map(regionName), there.map(regionName));
  if (!plan) {
    location.assign(fallbackHref(state) ?? request.href);
    return;
  }
  const hereByName = new Map(here.map((element) => [regionName(element), element]));
  const thereByName = new Map(there.map((element) => [regionName(element), element]));
  const loadedLabel = root.querySelector<HTMLElement>('[data-catalog-link="loadMore"]')?.dataset.loadedLabel;

  let firstNew: Element | null = null;
  for (const name of plan.append) {
    const items = Array.from(thereByName.get(name)?.children ?? []);
    firstNew ??= items[0] ?? null;
    hereByName.get(name)?.append(...items.map((item) => document.adoptNode(item)));
  }
  for (const name of plan.replace) {
    const next = thereByName.get(name);
    const shown = hereByName.get(name);
    if (!next || !shown) continue;
    keepFacetGroups(shown, next);
    shown.replaceWith(document.adoptNode(next));
  }
  syncHead(incoming);
  hideProductLoader(root);
  upgradeLoadMore(root);

  if (request.push) {
    // Remember where this entry was scrolled, so back/forward can return there.
    history.replaceState({ ...(history.state as object | null), catalogScrollY: window.scrollY }, '');
    history.pushState({ catalogScrollY: null }, '', page.url);
  } else {
    const saved = (history.state as { catalogScrollY?: number | null } | null)?.catalogScrollY;
    if (typeof saved === 'number') window.scrollTo(0, saved);
  }
  moveFocus(request.focus, root, firstNew);
  const count = root.querySelector('[data-catalog-region="count"]')?.textContent?.trim();
  announce(live, request.mode === 'append' ? loadedLabel : count);
}

function render(state: CatalogNavigationState, page: Page): void {
  if (state.status === 'loading') {
    if (state.request.mode === 'append') showLoadMoreBusy(page.root);
    else showProductLoader(page);
  } else if (state.status === 'ready') {
    showPage(state, page);
  } else if (state.status === 'error') {
    // Never leave the shopper stuck: load the page the browser would have loaded without us.
    location.assign(fallbackHref(state) ?? state.request.href);
  }
}

/** Below this width the filters open as a sheet over the list (issue 29); wider, they stand beside it. */
const SHEET_MEDIA = '(max-width: 1023.98px)';

/**
 * «Фільтри» on a phone: the sheet, whose code loads on this first tap (filterSheet.ts). If it cannot
 * load or the page has no sheet, the panel opens in place as without JavaScript.
 */
function openFilters(event: MouseEvent, root: HTMLElement): boolean {
  if (!(event.target instanceof Element)) return false;
  const summary = event.target.closest('details[data-filters] > summary');
  const details = summary?.parentElement;
  if (!(details instanceof HTMLDetailsElement) || details.open || !matchMedia(SHEET_MEDIA).matches) return false;
  event.preventDefault();
  import('./filterSheet.ts')
    .then(({ openFilterSheet }) => {
      if (!openFilterSheet(root)) details.open = true;
    })
    .catch(() => {
      details.open = true;
    });
  return true;
}

/** The sort select: a change loads the chosen sort in place (its option's value is that sort's URL). */
function onSortChange(event: Event): void {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || select.dataset.catalogLink !== 'sort') return;
  const sort = select.selectedOptions[0]?.dataset.sort;
  const url = new URL(select.value, location.href);
  if (url.origin !== location.origin) return;
  void navigateCatalog({
    href: url.href,
    mode: 'replace',
    push: true,
    focus: focusAfter('replace', { role: 'sort', sort }),
  });
}

function onClick(event: MouseEvent, root: HTMLElement): void {
  if (!(event.target instanceof Element)) return;
  if (openFilters(event, root)) return;
  const control = event.target.closest<HTMLElement>(LINK);
  if (!control || !root.contains(control)) return;
  const key = linkKeyOf(control.dataset);
  const anchor = control instanceof HTMLAnchorElement ? control : null;
  const href = anchor ? anchor.href : control.dataset.href;
  if (!key || !href) return;
  const url = takeOverClick(
    {
      button: event.button,
      // A modified click on a link opens a tab or window as usual; the upgraded button has no such meaning.
      modified: anchor !== null && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey),
      defaultPrevented: event.defaultPrevented,
      target: anchor?.target ?? '',
      download: anchor?.hasAttribute('download') ?? false,
      href,
    },
    location.href,
  );
  if (!url) return;
  event.preventDefault();
  const mode: NavigationMode = key.role === 'loadMore' ? 'append' : 'replace';
  void navigateCatalog({ href: url.href, mode, push: true, focus: focusAfter(mode, key) });
}

/**
 * The next page or "load more" a pointer rests on, a finger touches or the keyboard reaches is
 * fetched ahead (issue 27): the tap then shows it at once. Never on Save-Data or 2G.
 */
function onIntent(event: Event, root: HTMLElement): void {
  if (!(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>('[data-catalog-link="page"], [data-catalog-link="loadMore"]');
  // The layout's script decided whether this visit may fetch ahead (src/components/layout/nextPages.ts).
  if (!control || !root.contains(control) || !('fetchAhead' in document.documentElement.dataset)) return;
  const href = control instanceof HTMLAnchorElement ? control.href : control.dataset.href;
  if (href && new URL(href, location.href).origin === location.origin) fetchCatalogAhead(href);
}

/** Back/forward between states of this page: the catalogue refetches when the URL's state changes. */
function onPopState(): void {
  const state = $catalogNavigation.get();
  // While loading, the page is about to show another state than the address bar's: always refetch.
  if (state.status !== 'loading' && !needsRefetch(state.url, location.href)) return;
  void navigateCatalog({ href: location.href, mode: 'replace', push: false, focus: focusAfter('replace', null) });
}

/** Enhances the listing marked `data-catalog-root`, once; a page without one is left alone. */
export function enhanceCatalog(): void {
  const root = document.querySelector<HTMLElement>('[data-catalog-root]');
  if (!root || root.dataset.catalogEnhanced === 'true') return;
  const page: Page = { root, live: document.querySelector<HTMLElement>('[data-catalog-live]') };
  initCatalogNavigation(location.href);
  upgradeLoadMore(root);
  root.addEventListener('click', (event) => onClick(event, root));
  root.addEventListener('change', onSortChange);
  for (const type of ['pointerover', 'touchstart', 'focusin']) {
    root.addEventListener(type, (event) => onIntent(event, root), { passive: true });
  }
  window.addEventListener('popstate', onPopState);
  $catalogNavigation.listen((state) => render(state, page));
  root.dataset.catalogEnhanced = 'true';
}
