import { log } from '../../log/log.ts';
import memoryProvider from 'astro/cache/memory';
import type { MemoryCacheProviderOptions } from 'astro/cache/memory';
import type { CacheProvider } from 'astro';
import { REDIS_URL } from 'astro:env/server';
import { connectRevalidationBus } from './revalidationBus.ts';
import type { Revalidation } from './revalidationBus.ts';
import { recordRevalidation } from './revalidationLog.ts';
import { invalidateWireCache } from './wireInvalidation.ts';
import { UNKNOWN_HOST_HEADER } from '../launcher/launcherHeaders.ts';

/**
 * A request whose Host is not the site's (the launcher marks it, src/server/launcher/launcherHeaders.ts)
 * is rendered without the route cache: it is neither served a kept page nor kept. The entries are
 * keyed by origin, so each made-up Host would otherwise add entries that push real pages out.
 */
function withoutForeignHosts(provider: CacheProvider): CacheProvider {
  if (!provider.onRequest) return provider;
  return {
    ...provider,
    onRequest: (context, next) =>
      context.request.headers.has(UNKNOWN_HOST_HEADER) || !provider.onRequest
        ? next()
        : provider.onRequest(context, next),
  };
}

/**
 * The route cache (astro.config.mjs `cache.provider`): Astro's memory provider, and with
 * `REDIS_URL` set, its invalidations shared with every other process of the shop through Redis
 * (src/server/cache/revalidationBus.ts). `POST /api/revalidate` in one process drops the entries
 * there; the others drop theirs — route cache, wire cache and the editor's "live" log — when the
 * message arrives. Without Redis this is exactly the memory provider.
 */
export default function sharedCacheProvider(config: MemoryCacheProviderOptions | undefined): CacheProvider {
  const memory = withoutForeignHosts(memoryProvider(config));
  if (!REDIS_URL) return memory;
  const dropLocally = async ({ tags, paths }: Revalidation) => {
    if (tags.length > 0) await memory.invalidate({ tags });
    for (const path of paths) await memory.invalidate({ path });
    invalidateWireCache(tags, paths);
    recordRevalidation(tags, paths);
  };
  const bus = connectRevalidationBus(REDIS_URL, (change) => {
    dropLocally(change).catch((error: unknown) => log.error('[revalidate] a shared invalidation failed', error));
  });
  return {
    ...memory,
    name: 'memory, invalidations shared through Redis',
    async invalidate(options) {
      await memory.invalidate(options);
      const tags = options.tags === undefined ? [] : Array.isArray(options.tags) ? options.tags : [options.tags];
      bus.publish({ tags, paths: options.path === undefined ? [] : [options.path] });
    },
  };
}
