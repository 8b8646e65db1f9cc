/**
 * What the auth modal and the basket drawer, both native `<dialog>`s shown with showModal(), need
 * beyond the platform. The platform gives the top layer, the page behind made inert (no click, no
 * focus, hidden from assistive technology), and the close request (Escape, a phone's back gesture)
 * as a `cancel` event each dialog answers by closing itself. It does not hold the page's scroll,
 * and Tab past the last control leaves the page for the browser's own toolbar: these two are here.
 */

/** What Tab may land on inside a modal dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), details > summary';

/**
 * Whether Tab can land on `element`: not hidden, and not inside a closed `<details>` (whose own
 * summary it may be). A fold's form (the basket's one-click) must not count as the last control
 * while it is closed: focusing it would do nothing and let Tab out of the dialog.
 */
function reachable(element: HTMLElement): boolean {
  if (element.closest('[hidden]')) return false;
  const closed = element.closest('details:not([open])');
  return closed === null || (element.tagName === 'SUMMARY' && element.parentElement === closed);
}

/**
 * Shows `dialog` as a modal and holds the page still behind it (the scrollbar's width becomes
 * padding, so the page does not jump sideways). Returns what closes it and gives the scroll back.
 */
export function showModalDialog(dialog: HTMLDialogElement): () => void {
  const { style, clientWidth } = document.documentElement;
  const { overflow, paddingRight } = style;
  const scrollbar = innerWidth - clientWidth;
  style.overflow = 'hidden';
  if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
  dialog.showModal();
  return () => {
    dialog.close();
    style.overflow = overflow;
    style.paddingRight = paddingRight;
  };
}

/** What keepTabInside reads of a keydown: a React event fits, and so does a DOM one with its panel. */
export interface TabKeyEvent {
  key: string;
  shiftKey: boolean;
  currentTarget: HTMLElement;
  preventDefault(): void;
}

/**
 * The keydown handler of a modal dialog's panel (the element it is set on): Tab on the last
 * focusable element goes to the first; Shift+Tab on the first (or on the panel itself) goes to
 * the last. Any other key, or a panel with nothing to focus, is left alone.
 */
export function keepTabInside(event: TabKeyEvent): void {
  const panel = event.currentTarget;
  if (event.key !== 'Tab') return;
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(reachable);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
