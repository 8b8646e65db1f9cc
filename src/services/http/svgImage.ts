import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * Content hash of a generated picture's bytes: the ETag value of the image routes, and the stored
 * `hash` of a rotating (360°) frame, which therefore always names the bytes the route answers.
 */
export function svgHash(svg: string): string {
  return createHash('sha1').update(svg).digest('base64url').slice(0, 20);
}

/**
 * The answer of an image route for a generated SVG. Same name, same bytes, so it may be cached for
 * a year; a matching `If-None-Match` gets a 304 with the same headers.
 */
export function svgResponse(c: Context, svg: string): Response {
  const etag = `"${svgHash(svg)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened on its own is a document: it may not run or load anything.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  return c.body(svg, 200, headers);
}
