import type { Locale } from '../../i18n/locale.ts';

/**
 * Catalogue route grammar (spec §2 "Screens and routes"):
 *
 *   [/ua | /ru] /{folderCategory} /{category...} /{topic}={v1,v2}... [/page-{n}] [/sort-{field}[-desc]] [?q=...]
 *
 * The parser is the gate between a URL and a catalogue page: whatever it rejects becomes a 404, so it
 * is strict and never throws. The builder is its inverse and always writes the ONE canonical URL of a
 * state (no `ru` prefix, filters in canonical order, no `page-1`), so a state has a single address for
 * search engines and caches; a page can answer 301 when `buildCatalogPath(route)` differs from the request.
 *
 * Decisions (see also docs/decisions.md when this is wired in):
 * - A slug is lowercase latin letters and digits in words joined by single hyphens
 *   (`/^[a-z0-9]+(-[a-z0-9]+)*$/`, at most 80 characters) — exactly what the shop's transliterating
 *   slugifier produces. Anything else (capitals, `_`, `.`, Cyrillic, a leading/trailing/double
 *   hyphen) is not a slug.
 * - Only the FIRST segment can be a language prefix, compared before decoding like `locale.ts`
 *   does; `ru`, `ua` and `uk` deeper in the path are ordinary slugs.
 * - The folder category may not be `ru` or `ua` (at the root it would read as a prefix, so it could
 *   never round-trip) nor one of the four special catalogue slugs, which have their own routes.
 * - Category slugs (folder and sub-categories) may not start with `page-` or `sort-`: those prefixes
 *   are reserved, so `page-01`, `page-1` or `sort-Price` are malformed segments, never categories.
 * - Segment order is fixed: categories, filter groups, optional page, optional sort.
 * - `page-1` parses as page 1, but page 1 has no page segment: the builder never writes it, so the
 *   page answers 301 to the URL without it (one rule for every listing, docs/decisions.md).
 * - `price` is an ordered range pair (spec §3): exactly two values, kept in order (never sorted)
 *   and allowed to be equal. `warehouses` keeps the order the shopper chose too, because only its
 *   first value is searched (spec §3 "warehouses (first one only)"). Every other group is a set:
 *   no duplicates, values sorted when built.
 * - Canonical filter order: groups by topic, values ascending (plain code-unit order, locale-free).
 *   The parser keeps path order; the builder sorts, so the page can 301 to the canonical URL.
 * - Segments are percent-decoded one by one (after splitting on `/`, so `%2F` never splits); a
 *   malformed escape makes the whole path invalid. A single trailing slash is tolerated.
 * - `q` is trimmed; an empty `q` is no search. Other query parameters are not part of the state.
 */

/** One filter group of a catalogue path: `topic=v1,v2`. */
export interface CatalogFilter {
  topic: string;
  values: string[];
}

/** Sort segment: `sort-price` is `{ field: 'price', desc: false }`, `sort-price-desc` is descending. */
export interface CatalogSort {
  field: string;
  desc: boolean;
}

/** A parsed catalogue URL. */
export interface CatalogRoute {
  /** `uk` under `/ua`, `ru` at the root or under the legacy `/ru` prefix. */
  locale: Locale;
  /** The request used the `/ru` prefix: the page answers 301 to the unprefixed URL. */
  hadRuPrefix: boolean;
  folderCategory: string;
  /** Sub-categories, outermost first. */
  categories: string[];
  /** Filter groups in path order (canonical order only after `canonicalizeRoute`). */
  filters: CatalogFilter[];
  /** 1-based UI page. */
  page: number;
  sort: CatalogSort | null;
  /** Search text, trimmed; null when absent or blank. */
  q: string | null;
}

/** What the builder needs: a route without request-only details. */
export type CatalogState = Omit<CatalogRoute, 'hadRuPrefix' | 'q'> & { q?: string | null };

/** Spec §2: "These four slugs are excluded from ordinary folder-category handling". */
export const SPECIAL_CATALOG_SLUGS: readonly string[] = ['catalogs', 'outlet', 'pakunok-malyuka', 'search-result'];

/** The range topic of spec §3 ("price as a two-value range"). */
export const PRICE_TOPIC = 'price';

/** The special topic whose first value becomes the service's `warehouses` parameter (spec §3). */
export const WAREHOUSES_TOPIC = 'warehouses';

/** Groups whose values keep their order (a range; a list whose first value counts). */
const ORDERED_TOPICS: readonly string[] = [PRICE_TOPIC, WAREHOUSES_TOPIC];

/**
 * Bounds that keep parsing cheap and URLs sane; beyond them a path is a 404. Filter groups are above
 * the 10 one might guess: the shop has 9 topics plus `category` and `price`, all selectable at once.
 */
export const ROUTE_LIMITS = {
  pathLength: 2048,
  slugLength: 80,
  subcategories: 4,
  filterGroups: 16,
  filterValues: 50,
  page: 10_000,
  /** In code points, after trimming. */
  queryLength: 200,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Greedy field, optional suffix: `sort-desc` is the field `desc`, `sort-desc-desc` that field descending.
const SORT_SEGMENT = /^sort-([a-z]+)(-desc)?$/;
const SORT_FIELD = /^[a-z]+$/;
const PAGE_SEGMENT = /^page-([1-9][0-9]{0,4})$/;
const LANGUAGE_SEGMENTS: readonly string[] = ['ru', 'ua'];
// Upper bound on segments a valid path can have: prefix, folder, sub-categories, filters, page, sort.
const MAX_SEGMENTS = 2 + ROUTE_LIMITS.subcategories + ROUTE_LIMITS.filterGroups + 2;

const isSlug = (text: string): boolean => text.length <= ROUTE_LIMITS.slugLength && SLUG.test(text);

const isCategorySlug = (text: string): boolean =>
  isSlug(text) && !text.startsWith('page-') && !text.startsWith('sort-');

const isFolderSlug = (text: string): boolean =>
  isCategorySlug(text) && !LANGUAGE_SEGMENTS.includes(text) && !SPECIAL_CATALOG_SLUGS.includes(text);

const isSortField = (text: string): boolean => text.length <= ROUTE_LIMITS.slugLength && SORT_FIELD.test(text);

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Trimmed search text or null; lone surrogates are replaced so the text can always be encoded. */
function normalizeQuery(q: string | null | undefined): string | null {
  const text = (q ?? '').toWellFormed().trim();
  return text === '' ? null : text;
}

const codePoints = (text: string): number => Array.from(text).length;

/** Problem with one filter group, or null; shared by parser and builder so they agree exactly. */
function filterGroupProblem(group: CatalogFilter): string | null {
  if (!isSlug(group.topic)) return `filter topic "${group.topic}" is not a slug`;
  const { values } = group;
  if (values.length === 0) return `filter "${group.topic}" has no values`;
  if (values.length > ROUTE_LIMITS.filterValues) return `filter "${group.topic}" has too many values`;
  const bad = values.find((value) => !isSlug(value));
  if (bad !== undefined) return `filter "${group.topic}" value "${bad}" is not a slug`;
  if (group.topic === PRICE_TOPIC) {
    return values.length === 2 ? null : `filter "${PRICE_TOPIC}" needs exactly two values (from,to)`;
  }
  return new Set(values).size === values.length ? null : `filter "${group.topic}" repeats a value`;
}

/** Problem with the filter list as a whole (count, repeated topics, each group), or null. */
function filtersProblem(filters: readonly CatalogFilter[]): string | null {
  if (filters.length > ROUTE_LIMITS.filterGroups) return 'too many filter groups';
  const topics = new Set<string>();
  for (const group of filters) {
    const problem = filterGroupProblem(group);
    if (problem !== null) return problem;
    if (topics.has(group.topic)) return `filter topic "${group.topic}" is repeated`;
    topics.add(group.topic);
  }
  return null;
}

/** Filter groups in canonical order: by topic, values ascending except in the ordered groups. */
function canonicalFilters(filters: readonly CatalogFilter[]): CatalogFilter[] {
  return filters
    .map(({ topic, values }) => ({
      topic,
      values: ORDERED_TOPICS.includes(topic) ? [...values] : values.toSorted(compareText),
    }))
    .sort((a, b) => compareText(a.topic, b.topic));
}

const filterSegment = ({ topic, values }: CatalogFilter): string => `${topic}=${values.join(',')}`;

/** Percent-decodes one segment; null instead of the URIError a malformed escape throws. */
function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Parses `topic=v1,v2`; null when it is not a well-formed group. */
function parseFilterSegment(segment: string): CatalogFilter | null {
  const eq = segment.indexOf('=');
  const group = { topic: segment.slice(0, eq), values: segment.slice(eq + 1).split(',') };
  return filterGroupProblem(group) === null ? group : null;
}

/** The search text of a query string; undefined when it is too long to be a real search. */
function parseSearch(search: string | URLSearchParams | undefined): string | null | undefined {
  if (search === undefined) return null;
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = normalizeQuery(params.get('q'));
  return q !== null && codePoints(q) > ROUTE_LIMITS.queryLength ? undefined : q;
}

/** Parses a catalogue pathname (and its query) by the spec §2 grammar; null means 404, never throws. */
export function parseCatalogPath(pathname: string, search?: string | URLSearchParams): CatalogRoute | null {
  if (typeof pathname !== 'string' || pathname.length > ROUTE_LIMITS.pathLength || !pathname.startsWith('/')) {
    return null;
  }
  const body = pathname.endsWith('/') ? pathname.slice(1, -1) : pathname.slice(1);
  if (body === '') return null;
  const raw = body.split('/');
  if (raw.length > MAX_SEGMENTS) return null;

  let locale: Locale = 'ru';
  let hadRuPrefix = false;
  if (raw[0] === 'ua') {
    locale = 'uk';
    raw.shift();
  } else if (raw[0] === 'ru') {
    hadRuPrefix = true;
    raw.shift();
  }

  const segments: string[] = [];
  for (const segment of raw) {
    const decoded = decodeSegment(segment);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  const [folderCategory, ...rest] = segments;
  if (folderCategory === undefined || !isFolderSlug(folderCategory)) return null;

  const categories: string[] = [];
  const filters: CatalogFilter[] = [];
  let page = 1;
  let sort: CatalogSort | null = null;
  // 0 categories, 1 filters, 2 page seen, 3 sort seen: a segment may never go back a phase.
  let phase = 0;
  for (const segment of rest) {
    // `=` first: a filter topic may itself start with page- or sort- (`page-2=x` is a filter).
    if (segment.includes('=')) {
      const group = parseFilterSegment(segment);
      if (phase > 1 || group === null || filters.some((f) => f.topic === group.topic)) return null;
      if (filters.length === ROUTE_LIMITS.filterGroups) return null;
      filters.push(group);
      phase = 1;
    } else if (segment.startsWith('sort-')) {
      const match = SORT_SEGMENT.exec(segment);
      const field = match?.[1];
      if (phase >= 3 || field === undefined || !isSortField(field)) return null;
      sort = { field, desc: match?.[2] !== undefined };
      phase = 3;
    } else if (segment.startsWith('page-')) {
      const digits = PAGE_SEGMENT.exec(segment)?.[1];
      const n = Number(digits);
      if (phase >= 2 || digits === undefined || n < 1 || n > ROUTE_LIMITS.page) return null;
      page = n;
      phase = 2;
    } else {
      if (phase > 0 || !isCategorySlug(segment) || categories.length === ROUTE_LIMITS.subcategories) return null;
      categories.push(segment);
    }
  }

  const q = parseSearch(search);
  if (q === undefined) return null;
  return { locale, hadRuPrefix, folderCategory, categories, filters, page, sort, q };
}

/** The canonical form of a state: what parsing its canonical URL gives back. */
export function canonicalizeRoute(state: CatalogState): CatalogRoute {
  return {
    locale: state.locale,
    hadRuPrefix: false,
    folderCategory: state.folderCategory,
    categories: [...state.categories],
    filters: canonicalFilters(state.filters),
    page: state.page,
    sort: state.sort === null ? null : { field: state.sort.field, desc: state.sort.desc },
    q: normalizeQuery(state.q),
  };
}

/** Writes the path and query of an already canonical, valid route. */
function render(route: CatalogRoute): string {
  const segments = [route.folderCategory, ...route.categories, ...route.filters.map(filterSegment)];
  if (route.page > 1) segments.push(`page-${route.page}`);
  if (route.sort !== null) segments.push(`sort-${route.sort.field}${route.sort.desc ? '-desc' : ''}`);
  const path = `${route.locale === 'uk' ? '/ua' : ''}/${segments.join('/')}`;
  return route.q === null ? path : `${path}?q=${encodeURIComponent(route.q)}`;
}

/** Why a state has no URL (one readable message), or null when `buildCatalogPath` can write it. */
export function catalogStateProblem(state: CatalogState): string | null {
  if (state.locale !== 'ru' && state.locale !== 'uk') return `unknown locale "${String(state.locale)}"`;
  if (!isFolderSlug(state.folderCategory)) return `folder category "${state.folderCategory}" is not allowed`;
  if (state.categories.length > ROUTE_LIMITS.subcategories) return 'too many sub-categories';
  const badCategory = state.categories.find((slug) => !isCategorySlug(slug));
  if (badCategory !== undefined) return `category "${badCategory}" is not allowed`;
  const filters = filtersProblem(state.filters);
  if (filters !== null) return filters;
  if (!Number.isInteger(state.page) || state.page < 1 || state.page > ROUTE_LIMITS.page) {
    return `page ${state.page} is out of range`;
  }
  if (state.sort !== null && !isSortField(state.sort.field)) return `sort field "${state.sort.field}" is not allowed`;
  const q = normalizeQuery(state.q);
  if (q !== null && codePoints(q) > ROUTE_LIMITS.queryLength) return 'search text is too long';
  const path = render(canonicalizeRoute(state)).split('?')[0] ?? '';
  return path.length > ROUTE_LIMITS.pathLength ? 'path is too long' : null;
}

/**
 * The one canonical URL of a catalogue state (path plus `?q=`). Throws on a state that has none
 * (check `catalogStateProblem` first when the state comes from user choices): a silently broken
 * link is worse than a failing render.
 */
export function buildCatalogPath(state: CatalogState): string {
  const problem = catalogStateProblem(state);
  if (problem !== null) throw new RangeError(`buildCatalogPath: ${problem}`);
  return render(canonicalizeRoute(state));
}

/**
 * Spec §2: the filter part of a path (`color=red/size=92`, canonical order, '' for none), or null
 * when there are more than 3 groups, a group with more than one value, or an invalid group.
 */
export function buildFilterPath(filters: readonly CatalogFilter[]): string | null {
  if (filters.length > 3 || filters.some((group) => group.values.length !== 1)) return null;
  if (filtersProblem(filters) !== null) return null;
  return canonicalFilters(filters).map(filterSegment).join('/');
}

/**
 * Spec §2 and §5 read together (docs/decisions.md "Filter paths"): a filter selection that
 * `buildFilterPath` can write (at most 3 groups of one value each) is part of the category's own
 * address, a landing page with its own smart meta and description; any other selection is an
 * "extra parameter". A state is indexable without extra parameters, a sort or search text.
 */
export function isIndexableFilterState(state: Pick<CatalogState, 'filters' | 'sort' | 'q'>): boolean {
  return isFilterPath(state.filters) && state.sort === null && normalizeQuery(state.q) === null;
}

/** True when the selection is a filter path (or empty): links to it may be followed. */
export function isFilterPath(filters: readonly CatalogFilter[]): boolean {
  return buildFilterPath(filters) !== null;
}

/** Spec §5 robots meta: noindex,nofollow for extra parameters, and for promo pages beyond page 1. */
export function robotsFor(
  state: Pick<CatalogState, 'filters' | 'sort' | 'q' | 'page'>,
  opts: { isPromo?: boolean } = {},
): 'index,follow' | 'noindex,nofollow' {
  if (!isIndexableFilterState(state)) return 'noindex,nofollow';
  return opts.isPromo === true && state.page !== 1 ? 'noindex,nofollow' : 'index,follow';
}
