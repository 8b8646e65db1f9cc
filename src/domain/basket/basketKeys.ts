/**
 * Names of basket lines and of what the browser keeps (storefront spec §3 "Item key", §6, §9
 * "Local storage keys").
 */

/**
 * The shop's short project code (DESIGN §1). It mirrors `PROJECT_CODE` of src/api/config.ts, which
 * business rules may not import (no transport in the domain); a unit test keeps the two equal.
 */
export const SHOP_PROJECT_CODE = 'bbs';

/** Spec §9: the suffix of a key kept for a shopper who is not signed in. */
export const ANONYMOUS_SUFFIX = 'anon';

/**
 * What the browser keeps per shopper. The spec names four (basket_subscription, viewed_gift_items,
 * viewedItems, order-hash); `basket` (the lines and codes, spec §6 "Basket … stored per customer"),
 * `wishList` (a guest's hearts until sign-in),
 * `basket_problems` (spec §4: the not-available and not-enough lists, in session storage) and
 * `basket_merged` (which versions of the server's lines this browser already took in) are ours.
 * `basket_subscription` holds the basket's subscription lines, beside `basket` (storedBasket.ts
 * serializeBasketParts; docs/decisions.md "Accounts: subscriptions").
 */
export const STORAGE_NAMES = {
  basket: 'basket',
  basketProblems: 'basket_problems',
  basketMerged: 'basket_merged',
  basketSubscription: 'basket_subscription',
  viewedGiftItems: 'viewed_gift_items',
  viewedItems: 'viewedItems',
  orderHash: 'order-hash',
  /** A guest's hearted products (src/domain/wishlist/guestWishes.ts); only ever `_anon`: an account's lists are the user service's. */
  wishList: 'wishList',
  /** The checkout's draft (src/domain/checkout/checkoutForm.ts checkoutDraftKey, the same rule). */
  checkoutDraft: 'checkout_draft',
} as const;

/** One of STORAGE_NAMES. */
export type StorageName = (typeof STORAGE_NAMES)[keyof typeof STORAGE_NAMES];

/**
 * The storage key `bbs_<name>_<customer>` (spec §9: prefixed with the project code, suffixed with
 * the customer id or `anon`), e.g. `bbs_basket_anon`, `bbs_basket_1042`. A missing or blank id is
 * the anonymous shopper; an id is URI-encoded so no id can spell another key.
 */
export function storageKey(name: StorageName, customerId?: string | number | null): string {
  const id = customerId === null || customerId === undefined ? '' : String(customerId).trim();
  return `${SHOP_PROJECT_CODE}_${name}_${id === '' ? ANONYMOUS_SUFFIX : encodeURIComponent(id)}`;
}

/**
 * Ours: the customer whose stored basket the browser uses (`bbs_basket_owner` = their id), written
 * at sign-in and removed at sign-out. Absent: the anonymous basket (`bbs_basket_anon`).
 */
export const BASKET_OWNER_KEY = `${SHOP_PROJECT_CODE}_basket_owner`;

/**
 * The customer id whose data the page uses, or null for the anonymous shopper: the recorded owner
 * while the customer hint cookie says this browser is signed in. Without the hint (the session
 * ended, the cookie expired) the page shows the anonymous basket until the session says otherwise.
 */
export function activeOwner(hint: boolean, recorded: string | null): string | null {
  if (!hint || recorded === null) return null;
  return /^[1-9]\d{0,15}$/.test(recorded) ? recorded : null;
}

/** What a line's key is made of. */
export interface LineIdentity {
  id: number;
  itemType: 'price' | 'subscription' | 'gift';
  intervalDays: number | null;
  giftPromoId: string | null;
}

/**
 * Spec §3: `id_itemType`, plus `_intervalDays` for a subscription and `_giftPromoId` for a gift:
 * `123_price`, `123_subscription_30`, `123_gift_spring-gift`. One variant may so be in the basket
 * bought once, on a subscription per interval, and as a gift of each promotion, each its own line.
 */
export function basketItemKey(line: LineIdentity): string {
  const base = `${line.id}_${line.itemType}`;
  if (line.itemType === 'subscription') return `${base}_${line.intervalDays ?? ''}`;
  if (line.itemType === 'gift') return `${base}_${line.giftPromoId ?? ''}`;
  return base;
}
