/// <reference lib="webworker" />
import {
  layoutAssets,
  mayKeepPage,
  OFFLINE_LIMITS,
  offlinePagePath,
  offlineStrategy,
  PAGE_NETWORK_TIMEOUT_MS,
  withOfflineNotice,
} from '../domain/offline/offlinePolicy.ts';

/**
 * The shop's service worker (issue 27): pages a shopper visited, the layout's files and the pictures
 * they showed, served when the network is gone; an offline page for the rest. The rules are in
 * src/domain/offline/offlinePolicy.ts; docs/decisions.md "Offline reading" says why.
 *
 * Built by Vite from this file (`?worker&url` in src/components/layout/offlineWorker.ts): each build
 * names it anew, so a new build registers a new worker, which takes over at once. That is safe
 * because nothing of a build is kept ahead of use but the offline page and its files: pages are
 * asked of the network first, and a hashed file is the same bytes under its name in every build.
 */

declare const self: ServiceWorkerGlobalScope;

/** This build's name for the offline pages' cache: the worker's own URL carries the build's hash. */
const OFFLINE_CACHE = `bbs-offline-${new URL(self.location.href).pathname.replace(/\W+/gu, '-')}`;
const CACHES = { page: 'bbs-pages', picture: 'bbs-pictures', asset: 'bbs-assets' } as const;
const OFFLINE_PAGES = ['/offline', '/ua/offline'];

self.addEventListener('install', (event) => {
  event.waitUntil(keepOfflinePages().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('bbs-offline-') && n !== OFFLINE_CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim())
      .then(keepOpenPages),
  );
});

/**
 * The page that registered the worker came before it: kept now, so the first page a shopper opened
 * reads offline too. The browser's HTTP cache answers most of it (pages revalidate with their ETag).
 */
async function keepOpenPages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const { url } of windows) {
    if (offlineStrategy(new URL(url).pathname, 'navigate') !== 'page') continue;
    const response = await fetch(url).catch(() => null);
    const { status, headers } = response ?? { status: 0, headers: new Headers() };
    if (response && mayKeepPage(status, headers.get('content-type'), headers.get('cache-control'))) {
      await keep(CACHES.page, OFFLINE_LIMITS.page, pageKey(new Request(url)), response);
    }
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const kind = request.mode === 'navigate' ? 'navigate' : request.destination === 'image' ? 'image' : 'other';
  const strategy = offlineStrategy(url.pathname, kind);
  if (strategy === 'asset') event.respondWith(assetFirstFromCache(request));
  else if (strategy === 'picture') event.respondWith(pictureFromNetwork(request));
  else if (strategy === 'page') event.respondWith(pageFromNetwork(request, url.pathname));
  else if (strategy === 'personal') event.respondWith(fetch(request).catch(() => offlinePage(url.pathname)));
});

// The page that registered the worker sends what it loaded before (src/components/layout/offlineWorker.ts).
self.addEventListener('message', (event) => {
  const { assets, pictures } = loadedFilesOf(event.data);
  event.waitUntil(Promise.all([keepFiles(CACHES.asset, assets), keepFiles(CACHES.picture, pictures)]));
});

/** The page's message read strictly: same-origin URLs only, each in its place; anything else is nothing. */
function loadedFilesOf(data: unknown): { assets: string[]; pictures: string[] } {
  const urls = (key: string, kind: 'image' | 'other') => {
    const list: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined;
    if (!Array.isArray(list)) return [];
    return list.filter((url): url is string => {
      if (typeof url !== 'string' || !URL.canParse(url)) return false;
      const parsed = new URL(url);
      const strategy = offlineStrategy(parsed.pathname, kind);
      return parsed.origin === self.location.origin && strategy === (kind === 'image' ? 'picture' : 'asset');
    });
  };
  return { assets: urls('assets', 'other'), pictures: urls('pictures', 'image') };
}

async function keepFiles(name: (typeof CACHES)[keyof typeof CACHES], urls: string[]): Promise<void> {
  const cache = await caches.open(name);
  for (const url of urls) {
    if (await cache.match(url)) continue;
    const response = await fetch(url).catch(() => null);
    if (response?.ok)
      await keep(name, name === CACHES.asset ? OFFLINE_LIMITS.asset : OFFLINE_LIMITS.picture, url, response);
  }
}

async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.addAll(OFFLINE_PAGES);
  const assets = await caches.open(CACHES.asset);
  for (const path of OFFLINE_PAGES) {
    const page = await cache.match(path);
    if (!page) continue;
    const missing: string[] = [];
    for (const asset of layoutAssets(await page.text())) if (!(await assets.match(asset))) missing.push(asset);
    await assets.addAll(missing);
  }
}

async function offlinePage(path: string): Promise<Response> {
  const kept = await caches.match(offlinePagePath(path), { cacheName: OFFLINE_CACHE });
  return kept ?? Response.error();
}

/** Keeps `response` (a copy) under `request`, dropping the oldest beyond the kind's limit. */
async function keep(
  name: (typeof CACHES)[keyof typeof CACHES],
  limit: number,
  request: Request | string,
  response: Response,
) {
  const cache = await caches.open(name);
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

async function assetFirstFromCache(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: CACHES.asset });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) void keep(CACHES.asset, OFFLINE_LIMITS.asset, request, response.clone());
  return response;
}

async function pictureFromNetwork(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) void keep(CACHES.picture, OFFLINE_LIMITS.picture, request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CACHES.picture });
    if (kept) return kept;
    throw error;
  }
}

/**
 * Network first; a page it answers publicly is kept. When the network fails (or keeps a page with
 * a kept copy waiting past the timeout), the kept copy with its offline notice, else the offline page.
 */
async function pageFromNetwork(request: Request, path: string): Promise<Response> {
  const fromNetwork = fetch(request).then((response) => {
    const { status, headers } = response;
    if (mayKeepPage(status, headers.get('content-type'), headers.get('cache-control'))) {
      void keep(CACHES.page, OFFLINE_LIMITS.page, pageKey(request), response.clone());
    }
    return response;
  });
  const kept = await caches.match(pageKey(request), { cacheName: CACHES.page });
  if (!kept) return fromNetwork.catch(() => offlinePage(path));
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), PAGE_NETWORK_TIMEOUT_MS));
  const first = await Promise.race([fromNetwork.catch(() => 'failed' as const), late]);
  if (first !== 'late' && first !== 'failed') return first;
  const html = await kept.text();
  return new Response(withOfflineNotice(html), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** A page is kept by its URL alone: the browser's navigation request carries modes the cache need not see. */
function pageKey(request: Request): string {
  return request.url.split('#')[0] ?? request.url;
}
