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

export async function forwardPurge(
  target: { url: string | undefined; token: string | undefined },
  tags: readonly string[],
  paths: readonly string[],
): Promise<PurgeOutcome> {
  if (!target.url) return 'off';
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
    console.error(`[revalidate] the CDN purge answered ${response.status}`);
  } catch (error) {
    console.error('[revalidate] the CDN purge failed:', error instanceof Error ? error.message : error);
  }
  return 'failed';
}
