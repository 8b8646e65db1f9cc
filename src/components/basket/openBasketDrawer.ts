/**
 * Opens the basket drawer. Its code (React, the drawer, the check's client) is loaded on the first
 * open, not with the page (issue 9: "Its code loads on first open"); later opens only announce the
 * event the mounted drawer listens to.
 */
import { log } from '../../log/log.ts';

/** The window event that opens a mounted drawer. */
export const BASKET_OPEN_EVENT = 'bbs:basket-open';

let mounting: Promise<void> | null = null;

/**
 * Opens the drawer; resolves once it is on screen. A failure to load it (offline) leaves the
 * shopper where they are and sends them to the basket page instead.
 */
export function openBasketDrawer(fallbackHref?: string): Promise<void> {
  if (mounting) {
    return mounting.then(() => {
      window.dispatchEvent(new CustomEvent(BASKET_OPEN_EVENT));
    });
  }
  mounting = import('./mountBasketDrawer.tsx').then(({ mountBasketDrawer }) => {
    const container = document.createElement('div');
    document.body.append(container);
    mountBasketDrawer(container);
  });
  return mounting.catch((error: unknown) => {
    log.warn('[basket] the drawer could not be loaded:', error instanceof Error ? error.message : error);
    mounting = null;
    if (fallbackHref) window.location.assign(fallbackHref);
  });
}
