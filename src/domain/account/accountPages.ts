import type { Locale } from '../../api/schemas/common.ts';

/**
 * The account area's pages (issue 11) and their paths: Russian at the root, Ukrainian under /ua.
 * The bonus and orders pages are other issues' work; the account nav links them.
 */
export const ACCOUNT_PAGES = {
  profile: '/profile',
  locations: '/profile/locations',
  children: '/profile/children',
  bonus: '/profile/bonus',
  orders: '/profile/orders',
  reviews: '/profile/reviews',
  wishList: '/profile/wishlist',
} as const;
export type AccountPage = keyof typeof ACCOUNT_PAGES;

export function accountPagePath(page: AccountPage, locale: Locale): string {
  return `${locale === 'uk' ? '/ua' : ''}${ACCOUNT_PAGES[page]}`;
}

/**
 * An account endpoint's address for a form of a page in `locale` (its answers are in that
 * language). Here, not beside the account pages' loader, so the product page's review forms take
 * it without the session's server modules.
 */
export function actionUrl(path: string, locale: Locale): string {
  return locale === 'uk' ? `${path}?locale=uk` : path;
}
