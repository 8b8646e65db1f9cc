import { log } from '../../log/log.ts';
import { headerTag } from '../../api/cacheTags.ts';

/**
 * Forwards a purge to the CDN in front of the shop, so a page an editor changed is not served from
 * the CDN's copy for the rest of its `CDN-Cache-Control` lifetime. One generic form, because every
 * CDN's purge API differs and a small adapter (a worker, a function) in front of it is the usual
 * glue: `POST $CDN_PURGE_URL` with `{ "tags": [...], "paths": [...] }` (tags in their header form,
 * as the pages sent them in `Cache-Tag`) and `Authorization: Bearer $CDN_PURGE_TOKEN` when set.
 */

export type PurgeOutcome = 'off' | 'purged' | 'failed';

/** A purge that takes longer than this is reported as failed; the CDN's lifetime bounds the damage. */
const PURGE_TIMEOUT_MS = 3_000;

/** `json`: the generic POST above; `varnish`: Varnish with xkey (deploy/varnish/shop.vcl). */
export type PurgeMode = 'json' | 'varnish';

export async function forwardPurge(
  target: { url: string | undefined; token: string | undefined; mode?: PurgeMode },
  tags: readonly string[],
  paths: readonly string[],
): Promise<PurgeOutcome> {
  if (!target.url) return 'off';
  if (target.mode === 'varnish') return purgeVarnish(target.url, tags, paths);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(target.token ? { Authorization: `Bearer ${target.token}` } : {}),
      },
      body: JSON.stringify({ tags: tags.map(headerTag), paths }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    if (response.ok) return 'purged';
    log.error(`[revalidate] the CDN purge answered ${response.status}`);
  } catch (error) {
    log.error('[revalidate] the CDN purge failed:', error instanceof Error ? error.message : error);
  }
  return 'failed';
}

/**
 * Varnish (deploy/varnish/shop.vcl): one `PURGE` with the tags in `xkey-purge` (space-separated, as
 * the pages sent them in `Surrogate-Key`), and one `PURGE` of each path. Varnish lets only the
 * shop's addresses purge (the VCL's `purgers` ACL), so no token travels.
 */
async function purgeVarnish(url: string, tags: readonly string[], paths: readonly string[]): Promise<PurgeOutcome> {
  const origin = new URL(url).origin;
  const purges = [
    ...(tags.length > 0 ? [{ target: `${origin}/`, headers: { 'xkey-purge': tags.map(headerTag).join(' ') } }] : []),
    ...paths.map((path) => ({ target: `${origin}${path}`, headers: {} })),
  ];
  try {
    const answers = await Promise.all(
      purges.map(({ target, headers }) =>
        fetch(target, { method: 'PURGE', headers, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) }),
      ),
    );
    const refused = answers.find((answer) => !answer.ok);
    if (!refused) return 'purged';
    log.error(`[revalidate] Varnish answered the purge with ${refused.status}`);
  } catch (error) {
    log.error('[revalidate] the Varnish purge failed:', error instanceof Error ? error.message : error);
  }
  return 'failed';
}
