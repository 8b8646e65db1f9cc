import { defineMiddleware } from 'astro:middleware';
import { ruPrefixRedirect } from './i18n/locale.ts';
import { ensureRequestLocals } from './server/http/requestLocals.ts';

/**
 * Per request: the `/ru` redirect, the locale, a fresh i18next instance and the request's service
 * client (`locals.api`), and a default
 * `Cache-Control` on HTML that did not set its own (error pages, anything personal).
 * Note: a route-cache hit is answered before middleware runs, with the headers stored at render
 * time — so anything set here is part of the cached response, not recomputed.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname, search } = context.url;
  const redirect = ruPrefixRedirect(pathname, search);
  if (redirect !== null) {
    return new Response(null, {
      status: 301,
      headers: { Location: redirect, 'Cache-Control': 'public, max-age=86400' },
    });
  }

  ensureRequestLocals(context.locals, context.url);

  const response = await next();
  const isHtml = response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
  if (isHtml && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'no-store');
  }
  return response;
});
