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
