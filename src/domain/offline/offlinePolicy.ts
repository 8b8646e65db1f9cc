/**
 * What the service worker (src/offline/serviceWorker.ts) may keep and serve when the network is
 * gone (issue 27), as pure rules. docs/decisions.md "Offline reading".
 *
 * - `asset`: the build's hashed files (`/_astro/*`): a name never changes its bytes, so the copy is
 *   served first and the network only asked for what is missing.
 * - `picture`: pictures the pages showed: network first, the kept copy when the network fails.
 * - `page`: a public page's HTML: network first (an editor's change is what an online shopper
 *   sees), the kept copy marked "offline" when the network fails or is too slow.
 * - `personal`: the basket, checkout, orders, account, wish lists, the editor: never kept; when the
 *   network fails the offline page says so, and nothing is sent.
 * - `network`: everything else (`/api/*`, `/svc/*`, fragments, posts): the browser's own way.
 */
export type OfflineStrategy = 'asset' | 'picture' | 'page' | 'personal' | 'network';

/** Paths (without the `/ua` prefix) whose pages show or change one shopper's data. */
const PERSONAL_PATHS = [
  '/basket',
  '/checkout',
  '/order',
  '/profile',
  '/wishlist',
  '/one-click',
  '/editor',
  '/email-confirm',
  '/delivery-city',
];
/** Never answered by the worker: the shop's own endpoints, the services, the worker's own script. */
const PASSING_PATHS = ['/api', '/svc'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const withoutLocale = (path: string) => (under(path, '/ua') ? path.slice(3) || '/' : path);

/** The worker's way with a same-origin GET of `path`; `navigate` for a page the browser opens, `image` for a picture. */
export function offlineStrategy(path: string, kind: 'navigate' | 'image' | 'other'): OfflineStrategy {
  if (path.startsWith('/_astro/')) return 'asset';
  const bare = withoutLocale(path);
  if (PASSING_PATHS.some((prefix) => under(path, prefix))) return 'network';
  if (kind === 'image') return 'picture';
  if (kind !== 'navigate') return 'network';
  return PERSONAL_PATHS.some((prefix) => under(bare, prefix)) ? 'personal' : 'page';
}

/**
 * Whether a page's answer may be kept for offline reading: a whole public page (the same answer a
 * CDN may keep for everyone) and nothing a shopper's session shaped (`private`, `no-store`).
 */
export function mayKeepPage(status: number, contentType: string | null, cacheControl: string | null): boolean {
  if (status !== 200 || !(contentType ?? '').startsWith('text/html')) return false;
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  return directives.includes('public') && !directives.includes('no-store') && !directives.includes('private');
}

/** The offline page in the language of `path` (a page never visited, or a personal one). */
export function offlinePagePath(path: string): string {
  return under(path, '/ua') ? '/ua/offline' : '/offline';
}

/** The attribute of the hidden notice every page carries (src/layouts/BaseLayout.astro). */
export const OFFLINE_NOTICE_ATTRIBUTE = 'data-offline-notice';

/**
 * A kept page as it is served offline: its own notice ("you are offline — prices and stock may have
 * changed", in the page's language) shown. The HTML is otherwise the page as it was kept.
 */
export function withOfflineNotice(html: string): string {
  return html.replace(`${OFFLINE_NOTICE_ATTRIBUTE} hidden`, OFFLINE_NOTICE_ATTRIBUTE);
}

/** The URLs of the layout's stylesheets and scripts a page names (kept with the offline page). */
export function layoutAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:href|src)="(\/_astro\/[^"?#]+\.(?:css|js))"/gu)].map((m) => m[1] ?? ''))];
}

/** How many answers each kind keeps (oldest dropped first): a few MB on a phone at most. */
export const OFFLINE_LIMITS = { page: 40, picture: 240, asset: 120 } as const;

/** How long a page waits for the network before it shows the kept copy, when it has one. */
export const PAGE_NETWORK_TIMEOUT_MS = 4000;
