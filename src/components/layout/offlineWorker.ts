import workerUrl from '../../offline/serviceWorker.ts?worker&url';

/**
 * Registers the offline worker (src/offline/serviceWorker.ts) once the page has loaded and the
 * browser is idle: a first visit spends nothing on it before the page is usable. The worker's URL
 * is under /_astro/ (a new name each build); the server allows it the whole site as its scope.
 */
export function registerOfflineWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(workerUrl, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then(({ active }) => active?.postMessage(loadedFiles()))
      .catch(() => {
        // A private window or a refusing browser: the shop works online as before.
      });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 1));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/**
 * What this page loaded before the worker existed (its scripts, styles and pictures), for the worker
 * to keep: most come from the browser's own cache, and the first page then reads offline whole.
 */
function loadedFiles(): { assets: string[]; pictures: string[] } {
  const files = performance
    .getEntriesByType('resource')
    .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
    .filter((entry) => new URL(entry.name).origin === location.origin);
  return {
    assets: files.map((entry) => entry.name).filter((name) => new URL(name).pathname.startsWith('/_astro/')),
    pictures: files.filter((entry) => entry.initiatorType === 'img').map((entry) => entry.name),
  };
}
