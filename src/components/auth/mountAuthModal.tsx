import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Locale } from '../../api/schemas/common.ts';
import { pageLocale } from '../../stores/net.ts';
import { AuthModal } from './AuthModal.tsx';
import type { AuthOpenOptions } from './openAuthModal.ts';
import stylesheet from './auth.css?url';

/**
 * Mounts the auth modal's root into `container` (openAuthModal.ts imports this module on the first
 * open, so React, the forms and the session client load only then) and returns the function that
 * opens it, in the page's language unless told. Every open draws a fresh modal (new key: the forms
 * start empty); the first render is synchronous, so when `open` returns the dialog is on screen
 * and holds the focus.
 */
export function mountAuthModal(
  container: HTMLElement,
  locale: Locale = pageLocale(),
): (options: AuthOpenOptions) => void {
  // Its styles come with it, as a file of their own (see mountBasketDrawer.tsx for why not an import).
  if (!document.querySelector(`link[href="${stylesheet}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    document.head.append(link);
  }
  // No session read: every step that signs in answers with the session (the greeting reads it).
  const root = createRoot(container);
  let opened = 0;
  const close = () => root.render(null);
  return (options) => {
    opened += 1;
    flushSync(() => root.render(<AuthModal key={opened} locale={locale} options={options} onClose={close} />));
  };
}
