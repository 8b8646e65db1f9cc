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
 * Opens the drawer; resolves once it is on screen. A failure to load it sends the shopper to the
 * basket page instead; offline it is not tried.
 */
export function openBasketDrawer(fallbackHref?: string): Promise<void> {
  if (mounting) {
    return mounting.then(() => {
      window.dispatchEvent(new CustomEvent(BASKET_OPEN_EVENT));
    });
  }
  // Offline (issue 27) the drawer's code is not asked for: a module that failed to load poisons the
  // chunks it shares (the check's client among them) for the rest of this page's life. The shopper
  // stays, the line is kept in the browser and checked when the network is back (stores/basket.ts).
  if (!navigator.onLine) return Promise.resolve();
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
