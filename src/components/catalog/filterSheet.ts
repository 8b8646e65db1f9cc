import {
  linkKeyOf,
  sameLink,
  takeOverClick,
  type FocusTarget,
  type LinkKey,
} from '../../domain/catalog/catalogNavigation.ts';
import { navigateCatalog, showCatalogPage } from '../../stores/catalogNavigation.ts';
import { $filterPreview, endFilterPreview, previewFilters, type FilterPreviewState } from '../../stores/filterSheet.ts';
import { keepTabInside, showModalDialog } from '../layout/modal.ts';
import { keepFacetGroups } from './facetGroups.ts';

/**
 * The filter sheet of a phone (issue 29), loaded on the first tap of «Фільтри» (the catalogue's
 * script before interaction stays small). The filter panel moves into the sheet's `<dialog>`; a
 * choice there (a value, the price form, «Скинути») fetches the state it leads to and shows that
 * state's panel in the sheet, with «Показати N товарів» from the fetched page, while the list
 * behind does not move. «Показати» shows that state on the page (history entry, head, regions:
 * the enhancer's own swap); closing the sheet any other way (×, Escape, the back gesture, a tap
 * on the dimmed list) puts back the panel of the list shown.
 */

const FILTERS = '[data-catalog-region="filters"]';

interface OpenSheet {
  dialog: HTMLDialogElement;
  body: HTMLElement;
  apply: HTMLButtonElement;
  details: HTMLDetailsElement;
  panel: HTMLElement;
  /** The panel's filters of the list shown, put back when the sheet closes without «Показати». */
  shown: HTMLElement | null;
  /** The choice being previewed, to give focus back to it in the new panel. */
  chosen: LinkKey | null;
  /** The sheet shows a previewed state's filters (not the list's). */
  previewed: boolean;
  release: () => void;
  unlisten: () => void;
}

let sheet: OpenSheet | null = null;

function showApplyLabel(apply: HTMLButtonElement, filters: HTMLElement | null, busy: boolean): void {
  const label = filters?.dataset.showLabel;
  if (label) apply.textContent = label;
  apply.setAttribute('aria-disabled', String(busy));
  if (busy) apply.setAttribute('aria-busy', 'true');
  else apply.removeAttribute('aria-busy');
}

function render(state: FilterPreviewState): void {
  if (!sheet) return;
  const current = sheet.body.querySelector<HTMLElement>(FILTERS);
  if (state.status === 'loading') {
    if (current) current.inert = true;
    showApplyLabel(sheet.apply, current, true);
  } else if (state.status === 'ready') {
    const incoming = new DOMParser().parseFromString(state.page.html, 'text/html').querySelector<HTMLElement>(FILTERS);
    if (!incoming || !current) {
      location.assign(state.page.url);
      return;
    }
    const next = document.adoptNode(incoming);
    keepFacetGroups(current, next);
    current.replaceWith(next);
    sheet.previewed = true;
    showApplyLabel(sheet.apply, next, false);
    const { chosen } = sheet;
    const again = Array.from(next.querySelectorAll<HTMLElement>('[data-catalog-link]')).find((element) => {
      const key = linkKeyOf(element.dataset);
      return chosen !== null && key !== null && sameLink(key, chosen);
    });
    (again ?? sheet.apply).focus();
  } else if (state.status === 'error') {
    // Never stuck: load the state the shopper asked for as a page.
    location.assign(state.href);
  }
}

/** Closes the sheet; without `applied` the panel of the list shown comes back. */
function closeSheet(applied: boolean): void {
  if (!sheet) return;
  const { details, panel, shown, previewed, release, unlisten, body } = sheet;
  sheet = null;
  unlisten();
  endFilterPreview();
  const current = body.querySelector<HTMLElement>(FILTERS);
  if (!applied && previewed && shown && current && current !== shown) {
    shown.inert = false;
    current.replaceWith(shown);
  }
  details.append(panel);
  release();
  if (!applied) details.querySelector('summary')?.focus();
}

/** The URL the price form's GET asks for (the page answers with a redirect to the state with the range). */
function priceFormHref(form: HTMLFormElement): string {
  const url = new URL(form.action, location.href);
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') url.searchParams.append(name, value);
  }
  return url.href;
}

/** The price form's URL when the shopper typed a range but did not send it, else null. */
function typedPriceHref(body: HTMLElement): string | null {
  const form = body.querySelector<HTMLFormElement>('form[data-price-form]');
  if (!form) return null;
  const typed = Array.from(form.querySelectorAll('input')).some(
    (input) => input.type !== 'hidden' && input.value !== input.defaultValue,
  );
  return typed ? priceFormHref(form) : null;
}

/**
 * «Показати N товарів»: the previewed state becomes the page's, fetched again only if still on its
 * way. A range typed into the price form and not yet sent is part of what the shopper chose.
 */
function applySheet(): void {
  if (!sheet) return;
  const typed = typedPriceHref(sheet.body);
  const state = $filterPreview.get();
  closeSheet(true);
  // The new list is read from its top: heading, count, chips.
  const focus: FocusTarget = { kind: 'heading' };
  if (typed !== null) {
    void navigateCatalog({ href: typed, mode: 'replace', push: true, focus });
  } else if (state.status === 'ready') {
    showCatalogPage({ href: state.page.url, mode: 'replace', push: true, focus }, state.page);
  } else if (state.status === 'loading') {
    void navigateCatalog({ href: state.href, mode: 'replace', push: true, focus });
  }
}

function preview(href: string, chosen: LinkKey | null): void {
  if (!sheet) return;
  sheet.chosen = chosen;
  void previewFilters(href);
}

function onClick(event: MouseEvent, dialog: HTMLDialogElement): void {
  if (!sheet || !(event.target instanceof Element)) return;
  // A tap on the dimmed page around the sheet lands on the dialog itself.
  if (event.target === dialog || event.target.closest('[data-sheet-close]')) {
    closeSheet(false);
    return;
  }
  // While a count is on its way «Показати» still works: the list asked for is loaded as a page state.
  if (event.target.closest('[data-sheet-apply]')) {
    applySheet();
    return;
  }
  const link = event.target.closest<HTMLAnchorElement>('a[data-catalog-link]');
  const key = link ? linkKeyOf(link.dataset) : null;
  if (!link || !key || (key.role !== 'filter' && key.role !== 'reset')) return;
  const url = takeOverClick(
    {
      button: event.button,
      modified: event.ctrlKey || event.metaKey || event.shiftKey || event.altKey,
      defaultPrevented: event.defaultPrevented,
      target: link.target,
      download: link.hasAttribute('download'),
      href: link.href,
    },
    location.href,
  );
  if (!url) return;
  // The catalogue enhancer's own listener sees the click as taken.
  event.preventDefault();
  preview(url.href, key);
}

/** The price form in the sheet: its GET is previewed like any choice. */
function onSubmit(event: SubmitEvent): void {
  if (!sheet || !(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  preview(priceFormHref(event.target), null);
}

function wire(dialog: HTMLDialogElement): void {
  if (dialog.dataset.sheetWired === 'true') return;
  dialog.dataset.sheetWired = 'true';
  dialog.addEventListener('click', (event) => onClick(event, dialog));
  dialog.addEventListener('submit', onSubmit);
  // Escape or a phone's back gesture closed the dialog: the rest of closing, as if by ×.
  dialog.addEventListener('close', () => closeSheet(false));
  dialog.addEventListener('keydown', (event) =>
    keepTabInside({
      key: event.key,
      shiftKey: event.shiftKey,
      currentTarget: dialog,
      preventDefault: () => event.preventDefault(),
    }),
  );
}

/** Opens the sheet over the list of `root`; false when the page has none (the caller opens the panel in place). */
export function openFilterSheet(root: HTMLElement): boolean {
  if (sheet) return true;
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-filter-sheet]');
  const details = root.querySelector<HTMLDetailsElement>('details[data-filters]');
  const panel = details?.querySelector<HTMLElement>('[data-filters-panel]');
  const body = dialog?.querySelector<HTMLElement>('[data-sheet-body]');
  const apply = dialog?.querySelector<HTMLButtonElement>('[data-sheet-apply]');
  if (!dialog || !details || !panel || !body || !apply) return false;
  wire(dialog);
  const shown = panel.querySelector<HTMLElement>(FILTERS);
  details.open = false;
  body.append(panel);
  body.scrollTop = 0;
  showApplyLabel(apply, shown, false);
  sheet = {
    dialog,
    body,
    apply,
    details,
    panel,
    shown,
    chosen: null,
    previewed: false,
    release: showModalDialog(dialog),
    unlisten: $filterPreview.listen(render),
  };
  return true;
}
