import { defineMiddleware } from 'astro:middleware';
import { ruPrefixRedirect } from './i18n/locale.ts';
import { ensureRequestLocals } from './server/request/requestLocals.ts';
import { crossSiteRefusal } from './server/request/sameOrigin.ts';
import { allowCaptchaProvider } from './server/request/captchaCsp.ts';
import { allowErrorCollector } from './server/errors/collectorCsp.ts';
import { nextWithinSessionBound } from './server/sessionStore/sessionCreationGuard.ts';
import { externalizeIslandRuntime } from './server/islands/externalizeIslandRuntime.ts';
import { inlineCriticalCss } from './server/styles/inlineCriticalCss.ts';
import { readBuildStylesheet } from './server/styles/buildStylesheets.ts';
import { publicPageTail } from './server/request/publicPageTail.ts';

/**
 * Per request: the same-origin rule for every non-GET request, the `/ru` redirect, the locale, a fresh
 * i18next instance and the request's service client (`locals.api`), and on HTML a default
 * `Cache-Control` (error pages, anything personal) and the charset.
 * Note: a route-cache hit is answered before middleware runs, with the headers stored at render
 * time — so anything set here is part of the cached response, not recomputed.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // DESIGN §7b: the one same-origin rule, for every request but a GET (the shop's endpoints, its
  // forms, the editor's), before anything runs. Astro's own checkOrigin covers form posts only and
  // compares with the URL the server sees, which behind a TLS proxy is http:// while the shopper's
  // page is https:// (astro.config.mjs turns it off for this one).
  const crossSite = crossSiteRefusal(context.request, context.url);
  if (crossSite) return crossSite;
  const { pathname, search } = context.url;
  const redirect = ruPrefixRedirect(pathname, search);
  if (redirect !== null) {
    return new Response(null, {
      status: 301,
      headers: { Location: redirect, 'Cache-Control': 'public, max-age=86400' },
    });
  }

  ensureRequestLocals(context.locals, context.url);
  // Set by the launcher on every request (src/server/launcher/requestLog.ts); read, never echoed
  // here: a response Astro's route cache keeps must not carry one request's id to the next.
  const requestId = context.request.headers.get('x-request-id');
  if (requestId) context.locals.requestId = requestId;

  // A new session past the per-address bound is not stored: 429 instead (sessionCreationGuard.ts).
  const response = await nextWithinSessionBound(context, next);
  const type = response.headers.get('Content-Type');
  if (type?.startsWith('text/html')) {
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
    // Without a charset a browser that meets the body before <meta charset> may guess another.
    if (!/charset=/i.test(type)) response.headers.set('Content-Type', 'text/html; charset=utf-8');
    allowCaptchaProvider(response);
    allowErrorCollector(response);
    // A public page's first screen's CSS inline, the rest deferred: no stylesheet holds its first
    // paint (issue 27). Personal pages keep their links: the shopper has those files by then, and
    // they are never cached, so the matching would run on every request.
    const isPublic = /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '');
    const styled = isPublic ? await inlineCriticalCss(response, readBuildStylesheet) : response;
    // Astro's island runtime as a cached file instead of 3.9 KB in every page (issue 27).
    const page = externalizeIslandRuntime(styled);
    // Its script files after its first picture, its policy with only its own hashes (issue 27).
    return isPublic ? publicPageTail(page) : page;
  }
  return response;
});
