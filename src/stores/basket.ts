import { log } from '../log/log.ts';
import { report } from '../log/report.ts';
import { atom } from 'nanostores';
import type { BasketCheckResponse, CertificateType, GiftItem } from '../api/schemas/basket.ts';
import {
  enterCertificate,
  removeCertificate,
  type BasketCertificate,
  type EnterCertificateResult,
} from '../domain/basket/basketCertificates.ts';
import {
  BASKET_CHECK_DEBOUNCE_MS,
  basketCheckRequest,
  checkedBasket,
  giftLine,
  type BasketProblem,
} from '../domain/basket/basketCheck.ts';
import { newBasketItem, type BasketItemInput, type LineChoice } from '../domain/basket/basketItem.ts';
import { BASKET_OWNER_KEY, STORAGE_NAMES, activeOwner, storageKey } from '../domain/basket/basketKeys.ts';
import { mergeAnonymousBasket } from '../domain/basket/basketLogin.ts';
import { hasCustomerHint } from '../domain/session/customerHint.ts';
import {
  addToBasket,
  mergeBaskets,
  removeLine,
  removeOneUnit,
  setQuantity,
  type AddResult,
  type SetQuantityResult,
} from '../domain/basket/basketRules.ts';
import {
  emptyBasket,
  parseStoredBasketParts,
  parseStoredProblems,
  serializeBasketParts,
  serializeProblems,
  type StoredBasket,
} from '../domain/basket/storedBasket.ts';
import { withCurrentStarts } from '../domain/basket/subscription.ts';
import { kyivToday } from '../domain/account/kyivDate.ts';
import { switchableStorage, type StorageLayout } from './switchableStorage.ts';
import { productOfLine } from '../domain/analytics/analyticsItems.ts';
import { track } from './analytics.ts';
import { newestAnswer, pageLocale } from './net.ts';
import { DELIVERY_CITY_EVENT, loadDeliveryCityNames, rememberedDeliveryCity } from './deliveryCity.ts';
import { DEFAULT_DELIVERY_CITY } from '../domain/delivery/deliveryCity.ts';

/**
 * The basket (storefront spec §4 "Basket flow"): local-first. Every change is saved at once in
 * localStorage (`bbs_basket_anon`, or `bbs_basket_<customer id>` while signed in: spec §6, §9; the
 * subscription lines of a signed-in customer beside it, under `bbs_basket_subscription_<id>`),
 * shared by every island and every tab (the store follows other tabs' writes), and a server check runs 1 s after the last change. The check's
 * answer is the only authority on prices, stock, gifts and discounts: it is laid on the lines by the
 * rules of src/domain/basket. The check's code (the order client, zod and the schemas) is loaded
 * when the first check runs, so a page that only shows an add button does not download it.
 */

/** Window events other scripts listen to: the header count, analytics. */
export const BASKET_CHANGE_EVENT = 'bbs:basket-change';
/** Spec §4: "the checked event", emitted after every check, failed ones included. */
export const BASKET_CHECKED_EVENT = 'bbs:basket-checked';

/** The customer whose basket this page shows (null: anonymous), as the page starts. */
function ownerAtStart(): string | null {
  try {
    return activeOwner(hasCustomerHint(document.cookie), localStorage.getItem(BASKET_OWNER_KEY));
  } catch {
    // On the server, or storage refused: the anonymous basket.
    return null;
  }
}

/** The basket's two keys (storedBasket.ts serializeBasketParts): its lines and codes, its subscription lines. */
const BASKET_LAYOUT: StorageLayout<StoredBasket> = {
  keys: (owner) => [storageKey(STORAGE_NAMES.basket, owner), storageKey(STORAGE_NAMES.basketSubscription, owner)],
  encode: serializeBasketParts,
  decode: parseStoredBasketParts,
};

const kept = switchableStorage<StoredBasket>(BASKET_LAYOUT, typeof window === 'undefined' ? null : ownerAtStart());

export const $basket = kept.store;

/** The last check: what it answered beyond the lines (gift lists, totals, codes), with an explicit status. */
export type BasketCheckState =
  | { status: 'idle' }
  | { status: 'checking'; last: BasketCheckResponse | null }
  | { status: 'ready'; response: BasketCheckResponse; refused: BasketCertificate[] }
  | { status: 'error'; last: BasketCheckResponse | null };

export const $basketCheck = atom<BasketCheckState>({ status: 'idle' });

/** Spec §5: the not-available and not-enough lists, kept in session storage (spec §4). */
export const $basketProblems = atom<{ notAvailable: BasketProblem[]; notEnough: BasketProblem[] }>(readProblems());

function readProblems(): { notAvailable: BasketProblem[]; notEnough: BasketProblem[] } {
  if (typeof sessionStorage === 'undefined') return { notAvailable: [], notEnough: [] };
  try {
    return parseStoredProblems(sessionStorage.getItem(storageKey(STORAGE_NAMES.basketProblems)));
  } catch {
    // Storage refused (privacy mode): the lists live only in this page.
    return { notAvailable: [], notEnough: [] };
  }
}

function saveProblems(problems: { notAvailable: BasketProblem[]; notEnough: BasketProblem[] }): void {
  $basketProblems.set(problems);
  try {
    sessionStorage.setItem(storageKey(STORAGE_NAMES.basketProblems), serializeProblems(problems));
  } catch {
    // As above: without storage the lists still show on this page.
  }
}

function announce(name: string): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(name));
}

function change(basket: StoredBasket): void {
  $basket.set(basket);
  announce(BASKET_CHANGE_EVENT);
  track({ kind: 'cart', products: basket.items.map(productOfLine) });
  scheduleCheck();
}

/** Adds a variant (spec §5 rules: within stock across the product's variants); the caller shows a refusal. */
export function addItem(input: BasketItemInput, choice: LineChoice): AddResult {
  const basket = $basket.get();
  const line = newBasketItem(input, choice);
  const result = addToBasket(basket.items, line);
  if (result.ok) {
    track({ kind: 'addToBasket', product: productOfLine(line) });
    change({ ...basket, items: result.items });
  }
  return result;
}

/** Removes one unit (only while the count is above 1, spec §5). */
export function removeOne(key: string): void {
  const basket = $basket.get();
  change({ ...basket, items: removeOneUnit(basket.items, key) });
}

/** Removes a line. */
export function removeItem(key: string): void {
  const basket = $basket.get();
  change({ ...basket, items: removeLine(basket.items, key) });
}

/** Sets a line's quantity, clamped to what may be bought (the result says whether it was). */
export function changeQuantity(key: string, quantity: number): SetQuantityResult {
  const basket = $basket.get();
  const result = setQuantity(basket.items, key, quantity);
  if (result.ok) change({ ...basket, items: result.items });
  return result;
}

/** Enters a promo code (type 0) or a certificate (type 1); the check says whether it applies. */
export function enterCode(type: CertificateType, key: string): EnterCertificateResult {
  const basket = $basket.get();
  const result = enterCertificate(basket.certificates, type, key);
  if (result.ok) change({ ...basket, certificates: result.certificates });
  return result;
}

/** Removes a code. */
export function removeCode(type: CertificateType, key: string): void {
  const basket = $basket.get();
  change({ ...basket, certificates: removeCertificate(basket.certificates, type, key) });
}

/** The shopper picks a gift of a gift list (one gift per list: it replaces another of the same list). */
export function chooseGift(listId: string, gift: GiftItem): AddResult {
  const basket = $basket.get();
  const result = addToBasket(basket.items, giftLine(gift, listId));
  if (result.ok) change({ ...basket, items: result.items });
  return result;
}

/** Empties the basket: lines and codes (the order that holds them exists, spec §4). */
export function clearBasket(): void {
  change(emptyBasket());
}

/** Lines kept by the server for a shopper without JavaScript, taken into this basket (counts add up). */
export function mergeLines(lines: readonly { input: BasketItemInput; count: number }[]): void {
  const basket = $basket.get();
  const incoming = lines.map(({ input, count }) => newBasketItem(input, { count }));
  change({ ...basket, items: mergeBaskets(basket.items, incoming) });
}

/** The lines the server keeps for this shopper (the basket page hands them over), with their version. */
export interface ServerBasketLines {
  version: string;
  lines: { input: BasketItemInput; count: number }[];
}

const MERGED_KEPT = 10;
/** Versions taken in during this page's life: the memo when storage refuses to keep one (privacy mode). */
const mergedHere = new Set<string>();

function mergedVersions(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(STORAGE_NAMES.basketMerged)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function rememberMerged(version: string): void {
  mergedHere.add(version);
  try {
    const versions = [...mergedVersions().filter((v) => v !== version), version].slice(-MERGED_KEPT);
    localStorage.setItem(storageKey(STORAGE_NAMES.basketMerged), JSON.stringify(versions));
  } catch {
    // Storage refused: this page still remembers, and the server forgets the lines below.
  }
}

/**
 * Takes the server's lines into the browser's basket, once per version (a reload, a second tab or
 * a double effect never adds them twice), then has the server forget them; a failure to reach the
 * server is logged, and the memo keeps the lines from being added again.
 */
export function takeServerLines(server: ServerBasketLines | null): void {
  if (!server || server.lines.length === 0) return;
  if (mergedHere.has(server.version) || mergedVersions().includes(server.version)) return;
  mergeLines(server.lines);
  rememberMerged(server.version);
  void import('../api/basketSession.ts')
    .then(({ forgetServerBasket }) => forgetServerBasket(server.version))
    .catch((error: unknown) => {
      log.warn("[basket] the server's basket was not cleared:", error instanceof Error ? error.message : error);
    });
}

/**
 * The shopper's phone for the check (spec §7: "the user's phone"): the signed-in shopper's
 * (sessionEffects.ts) or the one typed at the checkout; basketCheckRequest sends it only when whole.
 */
let checkPhone: string | null = null;

/** Sets the phone the check sends (null: none known); a new phone checks again. */
export function setBasketPhone(phone: string | null): void {
  if (phone === checkPhone) return;
  checkPhone = phone;
  if ($basket.get().items.length > 0) scheduleCheck();
}

// Another remembered city (the picker, the checkout, a sign-in): the methods of that city.
if (typeof window !== 'undefined') {
  window.addEventListener(DELIVERY_CITY_EVENT, () => {
    if ($basket.get().items.length > 0) scheduleCheck(0);
  });
}

/** The checks: a newer one supersedes the one before (net.ts newestAnswer). */
const checks = newestAnswer();

/** Spec §4: a check 1 s after the last change; a burst of taps makes one check. */
export function scheduleCheck(delay = BASKET_CHECK_DEBOUNCE_MS): void {
  if (typeof window === 'undefined') return;
  checks.later(delay, check);
}

/** The newest answer the basket has (kept on screen while the next check runs or after it failed). */
export function lastCheckResponse(state: BasketCheckState): BasketCheckResponse | null {
  if (state.status === 'ready') return state.response;
  if (state.status === 'checking' || state.status === 'error') return state.last;
  return null;
}

/** Checks the basket now (the shopper's «try again»); a check waiting for its delay is dropped. */
export function runCheck(): Promise<void> {
  return checks.run(check);
}

/**
 * Asks the order service about the basket and lays the answer on it. An answer to a basket that
 * changed meanwhile (here or in another tab) or to a superseded check is dropped (the change
 * scheduled its own check). A failed check is logged and the checked event is still emitted (spec §8).
 */
async function check(signal: AbortSignal): Promise<void> {
  // A subscription whose first delivery has passed moves to the earliest one (subscription.ts).
  const current = $basket.get();
  const items = withCurrentStarts(current.items, () => kyivToday(new Date()));
  if (items !== current.items) $basket.set({ ...current, items });
  const sent = $basket.get();
  const previous = lastCheckResponse($basketCheck.get());
  if (sent.items.length === 0 && sent.certificates.length === 0) {
    $basketCheck.set({ status: 'idle' });
    saveProblems({ notAvailable: [], notEnough: [] });
    announce(BASKET_CHECKED_EVENT);
    return;
  }
  if (!navigator.onLine) {
    // Offline (issue 27): not even the check's code is asked for (a module that failed to load is
    // not asked for again in this page); the change stays in storage and is checked once back online.
    $basketCheck.set({ status: 'error', last: previous });
    checkWhenOnline();
    announce(BASKET_CHECKED_EVENT);
    return;
  }
  $basketCheck.set({ status: 'checking', last: previous });
  try {
    const [{ checkBasket }, { browserApi }] = await Promise.all([
      import('../api/order.ts'),
      import('../api/browserClient.ts'),
    ]);
    // Spec §7: the phone and the delivery list, for the remembered city (the service's home city without one).
    const cityId = rememberedDeliveryCity();
    const request = basketCheckRequest(sent.items, sent.certificates, {
      phone: checkPhone,
      withDeliveryList: true,
      cityId,
    });
    const response = await checkBasket(browserApi(pageLocale()), request);
    // The heading names the city the methods are for (read once per city, after a check answered).
    loadDeliveryCityNames(cityId ?? DEFAULT_DELIVERY_CITY);
    if (signal.aborted || $basket.get() !== sent) return;
    const checked = checkedBasket(sent, response, Date.now());
    $basket.set(checked.basket);
    $basketCheck.set({ status: 'ready', response, refused: checked.refusedCertificates });
    saveProblems({ notAvailable: checked.notAvailable, notEnough: checked.notEnough });
    announce(BASKET_CHANGE_EVENT);
    if (checked.recheck) scheduleCheck(0);
  } catch (error) {
    log.warn('[basket] check failed:', error instanceof Error ? error.message : error);
    if (!signal.aborted) {
      report(error, { failure: 'basket check' });
      $basketCheck.set({ status: 'error', last: previous });
      checkWhenOnline();
    }
  }
  announce(BASKET_CHECKED_EVENT);
}

let waitingForNetwork = false;
/**
 * Offline (issue 27): a change made without a network stays in storage and its check fails; the
 * check runs again as soon as the browser is back online.
 */
function checkWhenOnline(): void {
  if (navigator.onLine || waitingForNetwork) return;
  waitingForNetwork = true;
  addEventListener(
    'online',
    () => {
      waitingForNetwork = false;
      // After the usual pause: the browser says "online" when the link is up, a moment before
      // requests (the offline worker's among them) go through again.
      scheduleCheck();
    },
    { once: true },
  );
}

// --- sign-in and sign-out (src/stores/sessionEffects.ts decides when; src/domain/session says what)

function recordOwner(customer: string | null): void {
  try {
    if (customer === null) localStorage.removeItem(BASKET_OWNER_KEY);
    else localStorage.setItem(BASKET_OWNER_KEY, customer);
  } catch {
    // Storage refused: this page still switches; the next one starts anonymous.
  }
}

/** The customer whose basket the browser uses (null: anonymous), as recorded. */
export function recordedBasketOwner(): string | null {
  try {
    return localStorage.getItem(BASKET_OWNER_KEY);
  } catch {
    return null;
  }
}

/**
 * Sign-in (storefront spec §4): the anonymous basket is merged into the customer's, the anonymous
 * copy is removed, the page shows the customer's basket, and a check follows at once.
 */
export function adoptAnonymousBasket(customer: string): void {
  const merged = mergeAnonymousBasket(kept.read(customer), kept.read(null));
  kept.write(customer, merged);
  kept.remove(null);
  recordOwner(customer);
  kept.useOwner(customer);
  announce(BASKET_CHANGE_EVENT);
  scheduleCheck(0);
}

/**
 * Sign-out (spec §4 "On logout the basket and order are cleared"): the customer's basket (its
 * subscription lines too) and what the page kept of the order under way go from this browser; the
 * anonymous (empty) basket shows. With `keep` (the session ended without a sign-out) the
 * customer's basket stays for their next sign-in, subscriptions included: an anonymous shopper
 * cannot order them (spec §6), so they wait under the customer's key.
 */
export function leaveCustomerBasket(customer: string, keep: boolean): void {
  if (!keep) {
    kept.remove(customer);
    saveProblems({ notAvailable: [], notEnough: [] });
  }
  recordOwner(null);
  kept.useOwner(null);
  $basketCheck.set({ status: 'idle' });
  announce(BASKET_CHANGE_EVENT);
  scheduleCheck(0);
}
