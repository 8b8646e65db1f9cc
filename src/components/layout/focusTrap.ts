import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** What Tab may land on inside a modal dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The keydown handler of a modal dialog's panel (the auth modal, the basket drawer): `aria-modal`
 * asks assistive technology to stay inside, and this keeps the keyboard inside too. Tab on the
 * last focusable element goes to the first; Shift+Tab on the first (or on the panel itself) goes to
 * the last. Any other key, or a panel with nothing to focus, is left alone.
 */
export function keepTabInside(event: ReactKeyboardEvent, panel: HTMLElement | null): void {
  if (event.key !== 'Tab' || !panel) return;
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
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
