import { fireEvent } from '@testing-library/react';

/**
 * Escape as the browser presses it on a modal `<dialog>` (happy-dom has no close requests, so the
 * islands' tests play the platform's part): the keydown goes to the focused element; unless a
 * handler prevented it, the open modal dialog gets a cancelable `cancel` event, and closes unless
 * that was prevented too. The same key in Chromium is the e2e specs' (tests/e2e/authModal.spec.ts,
 * basket.spec.ts).
 */
export function pressEscape(): void {
  if (!fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })) return;
  // The topmost open dialog: the last one opened, which is the last in the document here.
  const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  if (!(dialog instanceof HTMLDialogElement)) return;
  if (fireEvent(dialog, new Event('cancel', { cancelable: true }))) dialog.close();
}
