import { activeOwner, BASKET_OWNER_KEY, STORAGE_NAMES, storageKey } from '../domain/basket/basketKeys.ts';
import { mergeViewed, parseViewed, recordViewed } from '../domain/catalog/viewedItems.ts';
import { hasCustomerHint } from '../domain/session/customerHint.ts';

/**
 * The recently viewed list in local storage (`bbs_viewedItems_<customer|anon>`, spec §9), kept
 * for the shopper whose basket the browser uses. No nanostores, no zod: the product and main pages
 * load this with their viewed strip, a few hundred bytes.
 */

function read(key: string): number[] {
  try {
    return parseViewed(localStorage.getItem(key));
  } catch {
    return [];
  }
}

function write(key: string, ids: readonly number[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage refused (privacy mode, full): the strip simply has less to show.
  }
}

function currentKey(): string {
  let recorded: string | null = null;
  try {
    recorded = localStorage.getItem(BASKET_OWNER_KEY);
  } catch {
    // No storage: the anonymous key, which cannot be written either.
  }
  return storageKey(STORAGE_NAMES.viewedItems, activeOwner(hasCustomerHint(document.cookie), recorded));
}

/** The list, after recording `viewing` (the product page's own product) when given. */
export function viewedItems(viewing: number | null): number[] {
  const key = currentKey();
  const list = read(key);
  if (viewing === null) return list;
  const next = recordViewed(list, viewing);
  write(key, next);
  return next;
}

/** Spec §4 at sign-in: the anonymous list joins the customer's (first), and the anonymous copy goes. */
export function adoptAnonymousViewed(customer: string): void {
  const anonymous = storageKey(STORAGE_NAMES.viewedItems);
  const own = storageKey(STORAGE_NAMES.viewedItems, customer);
  const seen = read(anonymous);
  if (seen.length === 0) return;
  write(own, mergeViewed(read(own), seen));
  try {
    localStorage.removeItem(anonymous);
  } catch {
    // Nothing was kept then.
  }
}
