import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import type { HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { cachePublicPage, type CacheHint } from './pageCache.ts';

/**
 * What a page loader decides, in one shape for every page: the page's model (with how long the
 * route cache may keep it), a redirect, or "not found". `respond` turns it into what a page's
 * frontmatter returns, so no route repeats the handling.
 */
export type PageOutcome<T> =
  | { kind: 'page'; model: T; cache: CacheHint }
  | { kind: 'redirect'; location: string; status: 301 | 302 | 303 }
  | { kind: 'notFound' };

export function page<T>(model: T, cache: CacheHint): PageOutcome<T> {
  return { kind: 'page', model, cache };
}

/** 301 for another spelling of the same page; 302/303 where the spec or a form asks for it. */
export function redirect(location: string, status: 301 | 302 | 303 = 301): PageOutcome<never> {
  return { kind: 'redirect', location, status };
}

export function notFound(): PageOutcome<never> {
  return { kind: 'notFound' };
}

/** What a loader may read of the request: no Astro global, so loaders run (and are tested) without Astro. */
export interface PageRequest {
  /** Path and query of this render. */
  url: URL;
  /** Origin the visitor used (absolute links: share, JSON-LD). */
  origin: string;
  locale: Locale;
  t: TFunction;
  api: HttpClient;
  /** The route's parameters (`slug`, `rest` …). */
  params: Readonly<Record<string, string | undefined>>;
}

export function pageRequest(astro: AstroGlobal): PageRequest {
  const { locale, t, api, requestUrl } = astro.locals;
  return { url: astro.url, origin: requestUrl.origin, locale, t, api, params: astro.params };
}

/**
 * The page's model, or the Response a frontmatter returns for a redirect or the 404 page.
 * Usage: `const model = await respond(Astro, loadX(pageRequest(Astro))); if (model instanceof Response) return model;`
 * The cache hint is set here, before the page renders: once Astro streams the body, headers and
 * route-cache hints are fixed.
 */
export async function respond<T>(astro: AstroGlobal, outcome: Promise<PageOutcome<T>>): Promise<T | Response> {
  const result = await outcome;
  if (result.kind === 'notFound') return astro.rewrite('/404');
  if (result.kind === 'redirect') return astro.redirect(result.location, result.status);
  cachePublicPage(astro, result.cache);
  return result.model;
}
