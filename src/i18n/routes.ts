import type { Locale } from './locale.ts';
import { withLocale } from './locale.ts';

/**
 * Named routes. The spec's names carry a locale suffix after a double underscore
 * (`outlet-page__ru`, `outlet-page__uk`); `routeUrl` is the one place that turns a name and
 * params into a URL. Patterns are locale-free: the prefix comes from the suffix.
 */
export const ROUTE_PATTERNS = {
  'main-page': '/',
  'search-result-page': '/search-result',
  'outlet-page': '/outlet',
  'pakunok-malyuka-page': '/pakunok-malyuka',
  'custom-catalog-page': '/catalogs/:slug',
  'catalog-page': '/:folderCategory',
  'category-page': '/:folderCategory/:category',
  'product-page': '/product/:slug',
  'brand-page': '/brand/:slug',
  'promotions-page': '/promotions',
  'promotion-page': '/promotions/:slug',
  'basket-page': '/basket',
  'basket-add': '/basket/add',
  'basket-remove': '/basket/remove',
  'basket-one-click': '/basket/one-click',
  'checkout-page': '/checkout',
  'order-page': '/order/:hash',
  'order-pay': '/order/:hash/pay',
  'order-payment-type': '/order/:hash/payment-type',
  'order-phone-code': '/order/:hash/phone-code',
  'order-confirm-phone': '/order/:hash/confirm-phone',
  'one-click': '/one-click',
  'delivery-city': '/delivery-city',
  'product-delivery': '/product-delivery',
  'certificate-buy': '/certificate',
  'certificate-page': '/certificate/:hash',
  'certificate-pay': '/certificate/:hash/pay',
  'blog-page': '/blog',
  'blog-post-page': '/blog/:slug',
  'news-page': '/news',
  'news-post-page': '/news/:slug',
  'info-page': '/info/:slug',
  'profile-page': '/profile',
  'profile-bonus': '/profile/bonus',
  'viewed-fragment': '/viewed',
  'catalog-menu-fragment': '/catalog-menu',
  'home-strip-fragment': '/home-strip',
  'profile-orders': '/profile/orders',
  'profile-order': '/profile/orders/:number',
  'profile-wish-list': '/profile/wishlist',
  'wish-list-page': '/wishlist/:hash',
} as const satisfies Record<string, string>;

export type RouteBase = keyof typeof ROUTE_PATTERNS;
export type RouteName = `${RouteBase}__${Locale}`;

/** `routeName('outlet-page', 'uk')` → `'outlet-page__uk'`. */
export function routeName(base: RouteBase, locale: Locale): RouteName {
  return `${base}__${locale}`;
}

export function parseRouteName(name: RouteName): { base: RouteBase; locale: Locale } {
  const index = name.lastIndexOf('__');
  return { base: name.slice(0, index) as RouteBase, locale: name.slice(index + 2) as Locale };
}

/**
 * Builds the localized URL of a named route. Params are URL-encoded; a missing param throws,
 * because a silently broken link is worse than a failing render in development.
 */
export function routeUrl(
  name: RouteName,
  params: Record<string, string | number> = {},
  query?: URLSearchParams,
): string {
  const { base, locale } = parseRouteName(name);
  const path = ROUTE_PATTERNS[base].replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`routeUrl(${name}): missing param "${key}"`);
    return encodeURIComponent(String(value));
  });
  const qs = query?.toString();
  return `${withLocale(path, locale)}${qs ? `?${qs}` : ''}`;
}
