/**
 * Hand-over from `POST /api/revalidate` (inside the Astro bundle) to the wire cache (in the
 * launcher's HTTP server, src/server/cache/wireServer.ts): the two are separate module graphs, so
 * the server registers its invalidation on `globalThis`, like the embedded services' fetch
 * (src/api/embedded.ts). Without a registered one (the dev server, tests that render pages
 * alone) invalidating is a no-op: there is no wire cache to drop from.
 */

type Invalidate = (tags: readonly string[], paths: readonly string[]) => void;

const REGISTRY_KEY = Symbol.for('bbs.wireCacheInvalidate');

export function registerWireInvalidation(invalidate: Invalidate | null): void {
  if (invalidate === null) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
  else Reflect.set(globalThis, REGISTRY_KEY, invalidate);
}

export function invalidateWireCache(tags: readonly string[], paths: readonly string[]): void {
  const value: unknown = Reflect.get(globalThis, REGISTRY_KEY);
  if (typeof value === 'function') Reflect.apply(value, undefined, [tags, paths]);
}
