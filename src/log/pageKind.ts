/**
 * The kind of page a request path asks for: the one label of `/metrics`, and the `page_kind` tag of error reports, that says which part of
 * the shop a request was (issue 26). A closed list, so a scanner's random paths or a product's
 * slug never become a label of their own. Ukrainian pages (`/ua/...`) are the same kinds as the
 * Russian ones. A path the root catch-all answers (the catalogue's grammar, src/pages/[...catalog].astro)
 * is `catalog`, a 404 included: the status label tells those apart.
 */

export const PAGE_KINDS = [
  'main',
  'catalog',
  'product',
  'brand',
  'search',
  'content',
  'account',
  'checkout',
  'basket',
  'api',
  'svc',
  'editor',
  'image',
  'static',
  'other',
] as const;

export type PageKind = (typeof PAGE_KINDS)[number];

/** First path segment → kind, for the segments that name a route of their own (src/pages). */
const BY_SEGMENT: ReadonlyMap<string, PageKind> = new Map(
  Object.entries({
    catalogs: 'catalog',
    'catalog-sort': 'catalog',
    outlet: 'catalog',
    promotions: 'catalog',
    'pakunok-malyuka': 'catalog',
    product: 'product',
    'product-delivery': 'product',
    brand: 'brand',
    'search-result': 'search',
    blog: 'content',
    news: 'content',
    info: 'content',
    profile: 'account',
    wishlist: 'account',
    viewed: 'account',
    'email-confirm': 'account',
    checkout: 'checkout',
    'one-click': 'checkout',
    order: 'checkout',
    certificate: 'checkout',
    'delivery-city': 'checkout',
    basket: 'basket',
    editor: 'editor',
    img: 'image',
    _astro: 'static',
    assets: 'static',
  } satisfies Record<string, PageKind>),
);

/** Paths that are not pages of the catalogue though the catch-all would take them: probes, test routes, feeds. */
const OTHER = /^\/(?:healthz|readyz|metrics|e2e-fault|robots\.txt|sitemap[\w-]*\.xml|__malformed-url__)$/;

/** A file name (an extension on the last segment): the build's assets and the public folder. */
const FILE = /\/[^/]+\.[a-z0-9]{1,11}$/i;

/** The kind of `target` (a request target: path with or without its query). */
export function pageKind(target: string): PageKind {
  const path = target.split(/[?#]/, 1)[0] ?? '/';
  // /api/... and /svc/... exist only at the root; /ua/ prefixes the pages.
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path === '/svc' || path.startsWith('/svc/')) return 'svc';
  const page = path === '/ua' || path.startsWith('/ua/') ? path.slice(3) || '/' : path;
  if (page === '/' || page === '') return 'main';
  if (OTHER.test(page)) return 'other';
  const segment = page.split('/')[1] ?? '';
  const named = BY_SEGMENT.get(segment);
  if (named) return named;
  if (FILE.test(page)) return 'static';
  return path.startsWith('/') ? 'catalog' : 'other';
}
