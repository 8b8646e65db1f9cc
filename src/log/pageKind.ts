/**
 * The kind of page (or endpoint) a path is, by its first segment (the `/ua` prefix aside): a
 * short, fixed word for error reports' `page_kind` tag, so a tracker groups a failure by where it
 * happened without a URL (which may hold a token or a phone). Anything unknown is 'catalog': the
 * catalogue's category paths are the shop's catch-all route.
 */

const BY_FIRST_SEGMENT: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '': 'home',
    product: 'product',
    'product-delivery': 'product',
    catalogs: 'catalog',
    outlet: 'catalog',
    'pakunok-malyuka': 'catalog',
    'search-result': 'search',
    brand: 'brand',
    promotions: 'promotion',
    blog: 'content',
    news: 'content',
    info: 'content',
    basket: 'basket',
    checkout: 'checkout',
    'one-click': 'checkout',
    'delivery-city': 'checkout',
    order: 'order',
    certificate: 'certificate',
    profile: 'account',
    wishlist: 'account',
    viewed: 'account',
    'email-confirm': 'account',
    editor: 'editor',
    api: 'api',
    svc: 'service',
    img: 'image',
    'robots.txt': 'seo',
    _astro: 'asset',
  }),
);

export function pageKindOf(pathname: string): string {
  const segments = pathname.split('?')[0]?.split('/') ?? [];
  const first = segments[1] === 'ua' ? (segments[2] ?? '') : (segments[1] ?? '');
  if (first.startsWith('sitemap')) return 'seo';
  return BY_FIRST_SEGMENT.get(first) ?? 'catalog';
}
