import type { APIRoute } from 'astro';
import { describeIssues } from '../../api/apiError.ts';
import { hasBearerToken } from '../../api/bearerToken.ts';
import { revalidateBodySchema } from '../../server/cache/revalidate.ts';
import { recordRevalidation } from '../../server/cache/revalidationLog.ts';
import { cdnPurge, revalidateSecret } from '../../server/config.ts';
import { forwardPurge } from '../../server/cache/cdnPurge.ts';
import { invalidateWireCache } from '../../server/cache/wireInvalidation.ts';

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * `POST /api/revalidate` with `Authorization: Bearer $REVALIDATE_SECRET` and
 * `{ "tags": [...], "paths": [...] }`: drops those entries from the route cache, so the next
 * request renders fresh. Called by the CMS and the search service when data changes. A path
 * matches the cached page of exactly that path and query (e.g. `/ua/`). The same purge drops the
 * wire cache's bytes and is forwarded to the CDN when `CDN_PURGE_URL` is set (`cdn` in the answer).
 */
export const POST: APIRoute = async ({ request, cache }) => {
  if (!hasBearerToken(request.headers.get('Authorization'), revalidateSecret)) {
    return json({ code: 401, message: 'A valid bearer token is required' }, 401);
  }
  const raw: unknown = await request.json().catch(() => undefined);
  const parsed = revalidateBodySchema.safeParse(raw);
  if (!parsed.success) return json({ code: 400, message: describeIssues(parsed.error.issues, 'request') }, 400);
  const { tags, paths } = parsed.data;
  if (tags.length > 0) await cache.invalidate({ tags });
  for (const path of paths) await cache.invalidate({ path });
  invalidateWireCache(tags, paths);
  recordRevalidation(tags, paths);
  const cdn = await forwardPurge(cdnPurge, tags, paths);
  return json({ invalidated: { tags, paths }, cdn }, 200);
};
