import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * The answer of an image route for a generated photo, as an image host answers it: the bytes are
 * fixed for a name, so the ETag is their hash and the answer may be cached for a year (a matching
 * `If-None-Match` gets a 304 with the same headers).
 */
export function photoResponse(c: Context, bytes: Uint8Array): Response {
  const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
  const headers = {
    'Content-Type': 'image/jpeg',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  // A copy into a fresh ArrayBuffer: the stored bytes may be a view into a larger pooled buffer.
  return c.body(bytes.slice().buffer, 200, { ...headers, 'Content-Length': String(bytes.byteLength) });
}
