import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import type { HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { cachePublicPage, noStore, type CacheHint } from '../cache/pageCache.ts';
import { TIME_ZONE_COOKIE, timeZoneOf } from '../../domain/format/timeZone.ts';

/**
 * What a page loader decides, in one shape for every page: the page's model (with how long the
 * route cache may keep it), a shopper's own page (never stored, with its status: a form sent back
 * with its errors is a 400), a redirect, "not found", or "a service it cannot live without did not
 * answer" (503, DESIGN §7: never a 404). `respond` turns it into what a page's frontmatter
 * returns, so no route repeats the handling.
 */
export type PageOutcome<T> =
  | { kind: 'page'; model: T; cache: CacheHint }
  | { kind: 'personal'; model: T; status: PersonalStatus }
  | { kind: 'redirect'; location: string; status: 301 | 302 | 303 }
  | { kind: 'notFound' }
  | { kind: 'unavailable' };

export function page<T>(model: T, cache: CacheHint): PageOutcome<T> {
  return { kind: 'page', model, cache };
}

/** A personal page's status: a form sent back with its errors is a 400 (409: the stock it asked for is gone). */
export type PersonalStatus = 200 | 400 | 409 | 503;

/** A page of one shopper (an order, a form they sent): no-store, never in the route cache. */
export function personalPage<T>(model: T, status: PersonalStatus = 200): PageOutcome<T> {
  return { kind: 'personal', model, status };
}

/** A critical service failed (an error status, a timeout, no connection): the 503 page, with Retry-After. */
export function unavailable(): PageOutcome<never> {
  return { kind: 'unavailable' };
}

/** 301 for another spelling of the same page; 302/303 where the spec or a form asks for it. */
export function redirect(location: string, status: 301 | 302 | 303 = 301): PageOutcome<never> {
  return { kind: 'redirect', location, status };
}

export function notFound(): PageOutcome<never> {
  return { kind: 'notFound' };
}

/** The page a rewrite shows when a service is unavailable (src/pages/503.astro; a direct visit is a 404). */
export const SERVICE_UNAVAILABLE_PATH = '/503';

/** What a loader may read of the request: no Astro global, so loaders run (and are tested) without Astro. */
export interface PageRequest {
  /** Path and query of this render. */
  url: URL;
  /** The site's origin (SITE_URL) for absolute links: share, JSON-LD. Never the request's Host. */
  origin: string;
  locale: Locale;
  t: TFunction;
  api: HttpClient;
  /** The route's parameters (`slug`, `rest` …). */
  params: Readonly<Record<string, string | undefined>>;
  /** The zone the browser named (src/domain/format/timeZone.ts), for personal pages' dates; null: Kyiv. */
  timeZone?: string | null;
}

export function pageRequest(astro: AstroGlobal): PageRequest {
  const { locale, t, api, siteOrigin } = astro.locals;
  return {
    url: astro.url,
    origin: siteOrigin,
    locale,
    t,
    api,
    params: astro.params,
    timeZone: shopperTimeZone(astro),
  };
}

/** The zone the shopper's browser named, for a personal page's dates; null: Kyiv. */
export function shopperTimeZone(astro: Pick<AstroGlobal, 'cookies'>): string | null {
  return timeZoneOf(astro.cookies.get(TIME_ZONE_COOKIE)?.value);
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
  // src/pages/503.astro sets its status, Retry-After and no-store itself (a rewrite starts at 200).
  if (result.kind === 'unavailable') return astro.rewrite(SERVICE_UNAVAILABLE_PATH);
  if (result.kind === 'redirect') return astro.redirect(result.location, result.status);
  if (result.kind === 'personal') {
    noStore(astro);
    astro.response.status = result.status;
    return result.model;
  }
  cachePublicPage(astro, result.cache);
  return result.model;
}
