import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Locale } from '../../api/schemas/common.ts';
import { pageLocale } from '../../stores/net.ts';
import { BasketDrawer } from './BasketDrawer.tsx';
import stylesheet from './basket.css?url';

/**
 * Mounts the basket drawer, open, into `container` (openBasketDrawer.ts imports this module on the
 * first open, so React, the drawer and the basket's rules load only then), in the page's language
 * unless told. The first render is synchronous: when this returns the drawer is on screen and
 * holds the focus. Returns the unmount.
 */
export function mountBasketDrawer(container: HTMLElement, locale: Locale = pageLocale()): () => void {
  // The drawer's styles come with it, as a file of their own: a CSS import here would make every
  // page's header script carry Vite's CSS preloader (~1 KB) for a drawer that may never open.
  if (!document.querySelector(`link[href="${stylesheet}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    document.head.append(link);
  }
  const root = createRoot(container);
  flushSync(() => root.render(<BasketDrawer locale={locale} />));
  return () => root.unmount();
}
