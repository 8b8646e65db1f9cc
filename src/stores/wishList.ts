import { log } from '../log/log.ts';
import { atom } from 'nanostores';
import type { WishCallResult } from '../api/wishListCalls.ts';
import { STORAGE_NAMES, storageKey } from '../domain/basket/basketKeys.ts';
import { customerHintOf, hasCustomerHint } from '../domain/session/customerHint.ts';
import { parseGuestWishes, withoutProduct, withWish, type Wish } from '../domain/wishlist/guestWishes.ts';
import { newestAnswer, pageLocale } from './net.ts';

/**
 * The wished products as the hearts show them (accounts spec §3 "State also holds the list and the
 * set of product ids", §4 "after loading, the list and product ids are stored and a data-updated
 * event is emitted"). A signed-in shopper's set comes from their lists through the storefront's
 * endpoints; a guest's from this browser (`bbs_wishList_anon`), merged into the account's default
 * list at sign-in. Whether anyone is signed in is the customer hint cookie's word, so a guest's
 * heart needs neither the session's code nor a request.
 */

/** The products in any of the shopper's lists (or the guest's). */
export const $wished = atom<ReadonlySet<number>>(new Set());
/** The remote state of `$wished` (idle until the first load; a guest's is ready at once). */
export const $wishStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

/** Window event after every change of `$wished` (spec §4's data-updated event). */
export const WISH_LIST_CHANGE_EVENT = 'bbs:wish-list-change';

export const GUEST_WISHES_KEY = storageKey(STORAGE_NAMES.wishList);

/** What a heart's click came to, for the page to say. */
export type WishOutcome =
  { ok: true; wished: boolean; guest: boolean; message: string | null } | { ok: false; message: string | null };

function set(ids: Iterable<number>): void {
  $wished.set(new Set(ids));
  dispatchEvent(new CustomEvent(WISH_LIST_CHANGE_EVENT));
}

function readGuest(): Wish[] {
  try {
    return parseGuestWishes(localStorage.getItem(GUEST_WISHES_KEY));
  } catch {
    return [];
  }
}

function writeGuest(wishes: readonly Wish[]): void {
  try {
    if (wishes.length === 0) localStorage.removeItem(GUEST_WISHES_KEY);
    else localStorage.setItem(GUEST_WISHES_KEY, JSON.stringify(wishes));
  } catch {
    // Storage refused (privacy mode, full): the heart holds for this page only.
  }
}

const signedIn = () => hasCustomerHint(document.cookie);
type Calls = typeof import('../api/wishListCalls.ts');

/** An endpoint's call; its code loads only for a signed-in shopper (a guest's hearts never need it). */
async function remote(call: (calls: Calls) => Promise<WishCallResult>): Promise<WishCallResult> {
  try {
    return await call(await import('../api/wishListCalls.ts'));
  } catch {
    // The module could not load (offline): as any call without an answer.
    return { ok: false, status: 0, message: null };
  }
}

/** A guest's heart, kept in this browser. */
function guestToggle(wish: Wish, wished: boolean): WishOutcome {
  const next = wished ? withWish(readGuest(), wish) : withoutProduct(readGuest(), wish.productId);
  writeGuest(next);
  set(next.map((w) => w.productId));
  return { ok: true, wished, guest: true, message: null };
}

let merging: Promise<boolean> | null = null;

/**
 * At sign-in (and at any later page while a guest's hearts are left): they join the account's
 * default list, and this browser's copy goes. One at a time; false when they could not be sent
 * (they stay for the next try).
 */
export function adoptGuestWishes(): Promise<boolean> {
  merging ??= (async () => {
    const guest = readGuest();
    if (guest.length === 0) return true;
    const answer = await remote((calls) => calls.postGuestWishes(guest, pageLocale()));
    if (!answer.ok) {
      log.warn('[wish-list] Add To WishList Error:', answer.message ?? answer.status);
      return false;
    }
    writeGuest([]);
    set(answer.productIds);
    return true;
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/** A heart's click supersedes a load under way (its answer predates the click). */
const loads = newestAnswer();
/** Whose wishes the last load read: the customer hint's tag, or '' for a guest. */
let loadedFor: string | null = null;

/**
 * Reads the wished products: the guest's from this browser, a signed-in shopper's from their lists.
 * `onlyIfChanged`: not again for the same sign-in (a session change event of the sign-in this page
 * already read).
 */
export function loadWishes(onlyIfChanged = false): Promise<void> {
  const whose = customerHintOf(document.cookie) ?? '';
  if (onlyIfChanged && whose === loadedFor && $wishStatus.get() !== 'error') return Promise.resolve();
  loadedFor = whose;
  return loads.run((signal) => readWishes(signal));
}

async function readWishes(signal: AbortSignal): Promise<void> {
  if (!signedIn()) {
    set(readGuest().map((w) => w.productId));
    $wishStatus.set('ready');
    return;
  }
  $wishStatus.set('loading');
  await adoptGuestWishes();
  const answer = await remote((calls) => calls.readWished(pageLocale()));
  if (signal.aborted) return;
  if (answer.ok) {
    set(answer.productIds);
    $wishStatus.set('ready');
  } else if (answer.status === 401) {
    // The session is gone (the server has cleared the hint): the guest's hearts again.
    set(readGuest().map((w) => w.productId));
    $wishStatus.set('ready');
  } else {
    log.warn('[wish-list] Get User WishList Error:', answer.message ?? answer.status);
    $wishStatus.set('error');
  }
}

/**
 * A heart's click: the product is wished (into the default list, in the variant shown) unless it
 * already is, in which case it leaves every list. Shown at once, undone if the shop refuses.
 */
export async function toggleWish(wish: Wish): Promise<WishOutcome> {
  const before = $wished.get();
  const wished = !before.has(wish.productId);
  if (!signedIn()) return guestToggle(wish, wished);
  const optimistic = new Set(before);
  if (wished) optimistic.add(wish.productId);
  else optimistic.delete(wish.productId);
  $wished.set(optimistic);
  loads.cancel();
  const answer = await remote((calls) => calls.postHeart({ ...wish, wished }, pageLocale()));
  if (answer.ok) {
    set(answer.productIds);
    return { ok: true, wished, guest: false, message: answer.message };
  }
  // Signed out meanwhile: kept in this browser, for the next sign-in.
  if (answer.status === 401) return guestToggle(wish, wished);
  log.warn(`[wish-list] ${wished ? 'Add To WishList Error' : 'Delete From WishList Error'}:`, answer.status);
  set(before);
  return { ok: false, message: answer.message };
}
