import type { Promotion } from './analyticsEvents.ts';

/**
 * Accounts spec §4: "analytics sessions store last selected promotion, sources and search terms".
 * Kept in sessionStorage (a visit's worth, and only after consent); the purchase and add-to-basket
 * events carry the last selected promotion.
 */

export interface TrafficSource {
  source: string;
  medium: string;
  campaign: string | null;
}

export interface AnalyticsSession {
  lastPromotion: Promotion | null;
  /** Where the visit came from, newest first, without repeats. */
  sources: TrafficSource[];
  /** What was searched, newest first, without repeats. */
  searchTerms: string[];
}

export const EMPTY_ANALYTICS_SESSION: AnalyticsSession = { lastPromotion: null, sources: [], searchTerms: [] };
const KEEP = 10;

/** The search page's path; its query is `q` (src/server/pages/searchPage.ts). */
const SEARCH_PATH = /^(?:\/ua)?\/search-result(?:\/|$)/;

/** utm_* first; else another site that linked here; a visit from the shop itself or typed in is none. */
export function trafficSource(url: URL, referrer: string): TrafficSource | null {
  const source = url.searchParams.get('utm_source')?.trim();
  if (source) {
    return {
      source,
      medium: url.searchParams.get('utm_medium')?.trim() || '(none)',
      campaign: url.searchParams.get('utm_campaign')?.trim() || null,
    };
  }
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  if (from.host === url.host) return null;
  return { source: from.hostname, medium: 'referral', campaign: null };
}

function newestFirst<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean): T[] {
  return [item, ...list.filter((other) => !same(other, item))].slice(0, KEEP);
}

/** The session after a page of `url` was opened from `referrer`. */
export function withVisit(session: AnalyticsSession, url: URL, referrer: string): AnalyticsSession {
  let next = session;
  const source = trafficSource(url, referrer);
  if (source) {
    const same = (a: TrafficSource, b: TrafficSource) =>
      a.source === b.source && a.medium === b.medium && a.campaign === b.campaign;
    next = { ...next, sources: newestFirst(next.sources, source, same) };
  }
  const term = SEARCH_PATH.test(url.pathname) ? (url.searchParams.get('q') ?? '').trim().slice(0, 100) : '';
  if (term !== '') {
    next = { ...next, searchTerms: newestFirst(next.searchTerms, term, (a, b) => a.toLowerCase() === b.toLowerCase()) };
  }
  return next;
}

export function withPromotion(session: AnalyticsSession, promotion: Promotion): AnalyticsSession {
  return { ...session, lastPromotion: promotion };
}

const text = (value: unknown): value is string => typeof value === 'string';

/** The stored session, or an empty one (sessionStorage is anyone's to write). */
export function parseAnalyticsSession(raw: string | null): AnalyticsSession {
  if (raw === null) return EMPTY_ANALYTICS_SESSION;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return EMPTY_ANALYTICS_SESSION;
    const promo = 'lastPromotion' in value ? value.lastPromotion : null;
    const lastPromotion =
      typeof promo === 'object' &&
      promo !== null &&
      'promotion_id' in promo &&
      'promotion_name' in promo &&
      text(promo.promotion_id) &&
      text(promo.promotion_name)
        ? { promotion_id: promo.promotion_id, promotion_name: promo.promotion_name }
        : null;
    const sources = ('sources' in value && Array.isArray(value.sources) ? value.sources : []).flatMap(
      (s: unknown): TrafficSource[] =>
        typeof s === 'object' && s !== null && 'source' in s && 'medium' in s && text(s.source) && text(s.medium)
          ? [{ source: s.source, medium: s.medium, campaign: 'campaign' in s && text(s.campaign) ? s.campaign : null }]
          : [],
    );
    const searchTerms = ('searchTerms' in value && Array.isArray(value.searchTerms) ? value.searchTerms : []).filter(
      text,
    );
    return { lastPromotion, sources: sources.slice(0, KEEP), searchTerms: searchTerms.slice(0, KEEP) };
  } catch {
    return EMPTY_ANALYTICS_SESSION;
  }
}
